import { describe, expect, it } from 'vitest';
import { knowTables, tablesNamedIn } from './read-tables';

describe('tablesNamedIn', () => {
  it('finds every known table named as a whole word, quoted or not, in any case, once each', () => {
    knowTables(['kits', 'lab_kits', 'patients', 'test_results']);
    expect(tablesNamedIn('SELECT k.kit_id FROM "kits" k JOIN Patients p ON p.id = k.patient_id WHERE EXISTS (SELECT 1 FROM kits)').sort()).toEqual([
      'kits',
      'patients',
    ]);
    expect(tablesNamedIn('SELECT * FROM lab_kits')).toEqual(['lab_kits']);
    expect(tablesNamedIn('SELECT kit_id, patient_id FROM test_results_archive')).toEqual([]);
    expect(tablesNamedIn('SELECT * FROM public.test_results t')).toEqual(['test_results']);
  });

  it('answers the same for the same text after a table list changes (the list is matched afresh)', () => {
    knowTables(['kits']);
    expect(tablesNamedIn('SELECT * FROM kits, orders')).toEqual(['kits']);
    knowTables(['kits', 'orders']);
    expect(tablesNamedIn('SELECT * FROM kits, orders').sort()).toEqual(['kits', 'orders']);
  });
});
