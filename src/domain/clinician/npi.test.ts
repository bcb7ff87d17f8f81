import { describe, expect, it } from 'vitest';
import { editDistance, findNpi, nameWords, type Physician } from './npi';

const PHYSICIANS: Physician[] = [
  { name: 'Jane Doe', npi: '1568493021' },
  { name: 'Olivia Martinez', npi: '1285940316' },
  { name: 'Daniel Okafor', npi: '1396051427' },
];

describe('NPI name matching (spec 2 §5)', () => {
  it('normalises names', () => expect(nameWords("Dr. Mary-Ann O'Neil")).toEqual(['dr', 'maryann', 'oneil']));
  it('edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
  it('finds exact and near names', () => {
    expect(findNpi('Jane Doe', PHYSICIANS)).toEqual({ name: 'Jane Doe', npi: '1568493021' });
    expect(findNpi('DR. OLIVIA MARTINES', PHYSICIANS)).toMatchObject({ name: 'Olivia Martinez' });
    expect(findNpi('Daniel Okafor MD', PHYSICIANS)).toMatchObject({ npi: '1396051427' });
  });
  it('needs two matching words within 30 %', () => {
    expect(findNpi('Jane', PHYSICIANS)).toBe('NPI not found');
    expect(findNpi('Jone Dae', PHYSICIANS)).toBe('NPI not found'); // 1 edit in 3 letters = 33 %
    expect(findNpi('Janet Doe', PHYSICIANS)).toMatchObject({ name: 'Jane Doe' }); // 1 edit in 5 letters = 20 %
    expect(findNpi('Nobody Known', PHYSICIANS)).toBe('NPI not found');
  });
});
