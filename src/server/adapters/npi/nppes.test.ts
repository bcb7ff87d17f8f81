import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localNpiLookup } from './local';
import { nppesNpiLookup } from './nppes';

// A response recorded in the shape NPPES API v2.1 answers (https://npiregistry.cms.hhs.gov/api-page), replayed here.
const recorded = readFileSync(new URL('./nppes.recorded.json', import.meta.url), 'utf8');

function replay(status = 200, body = recorded) {
  const requests: URL[] = [];
  const fetchImpl = (async (input: URL | string) => {
    requests.push(new URL(String(input)));
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { requests, fetchImpl };
}

describe('NPI lookup through the NPPES registry (recorded response)', () => {
  it('asks for individual providers by name prefixes and picks the match by the domain rule', async () => {
    const { requests, fetchImpl } = replay();
    const found = await nppesNpiLookup('https://npiregistry.example/api/', fetchImpl).find('Dr. Olivia Martines');
    expect(found).toEqual({ name: 'OLIVIA MARTINEZ', npi: '1285940316' });
    const q = requests[0].searchParams;
    expect(requests[0].origin + requests[0].pathname).toBe('https://npiregistry.example/api/');
    expect(Object.fromEntries(q)).toEqual({ version: '2.1', enumeration_type: 'NPI-1', first_name: 'ol*', last_name: 'ma*', limit: '50' });
  });

  it('answers null when no candidate is close enough, and numbers come back as strings', async () => {
    const { fetchImpl } = replay();
    expect(await nppesNpiLookup(undefined, fetchImpl).find('Olaf Mayer')).toBeNull();
    expect(await nppesNpiLookup(undefined, fetchImpl).find('Olga Marks')).toEqual({ name: 'OLGA MARKS', npi: '1730184956' });
  });

  it('does not call the registry for a single word', async () => {
    const { requests, fetchImpl } = replay();
    expect(await nppesNpiLookup(undefined, fetchImpl).find('Martinez')).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('a registry error is a 502, never a silent "not found"', async () => {
    await expect(nppesNpiLookup(undefined, replay(500, '{}').fetchImpl).find('Olivia Martinez')).rejects.toMatchObject({ status: 502 });
    const refused = JSON.stringify({ Errors: [{ description: 'Field first_name requires at least two characters' }] });
    await expect(nppesNpiLookup(undefined, replay(200, refused).fetchImpl).find('Olivia Martinez')).rejects.toMatchObject({ status: 502 });
  });

  it('the local lookup answers from the demo physicians offline', async () => {
    expect(await localNpiLookup().find('Jane Doe')).toEqual({ name: 'Jane Doe', npi: '1568493021' });
    expect(await localNpiLookup().find('Nobody Known')).toBeNull();
  });
});
