import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labListQuerySchema } from '../../src/domain/lab/lab-api';
import { buildActor } from '../../src/server/auth/actor';
import { labListSql } from '../../src/server/lab/repository-lists';
import { DEMO, env, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

type ReadRow = Record<string, unknown> & { kitId: string; seen: boolean; pId: string | null };

/** The patient's values a lab row reads, by column alias and patients column. */
const PATIENT_VALUES = {
  pPreferredName: 'preferred_name',
  pPhone: 'phone',
  pDob: 'dob',
  pAllergies: 'allergies',
  pStreet2: 'street2',
  pErxId: 'photon_erx_patient_id',
} as const;

describe('a lab row outside the reader scope is read without its values (minimum necessary)', () => {
  it('the database sends its kit id, creation, patient id and state and which patient values are set; the API masks exactly the rows it marks', async () => {
    const actor = await buildActor(api.pool, {
      sub: env().cognito.subs[DEMO.clinician],
      given_name: 'Jane',
      family_name: 'Doe',
      'cognito:groups': ['clinicians'],
    });
    const sql = labListSql('result', labListQuerySchema.parse({ perPage: 200 }), actor);
    const { rows } = await api.pool.query<ReadRow>(sql.pageWithTotal, sql.params);
    const outside = rows.filter((r) => !r.seen);
    expect(outside.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.seen)).toBe(true);
    for (const r of outside) {
      expect(r.createdAt, r.kitId).toBeInstanceOf(Date);
      for (const key of ['status', 'results', 'productName', 'tubeId', 'labDate', 'clinicianFirstName', 'internalNotes']) {
        expect(r[key], `${r.kitId} ${key}`).toBeNull();
      }
      // Patient values: an empty text for one that is set, NULL for one that is not; never the value.
      if (r.pId) {
        const patient = (await api.pool.query('SELECT * FROM patients WHERE id = $1', [r.pId])).rows[0];
        for (const [alias, column] of Object.entries(PATIENT_VALUES))
          expect(r[alias], `${r.kitId} ${alias}`).toBe(patient[column] === null ? null : '');
        expect(r.pEmail).toBe('');
      }
    }
    for (const r of rows.filter((x) => x.seen)) expect(r.status, r.kitId).not.toBeNull();

    const res = await api.call('GET', '/secure/testResult?queryType=ALL&page=1&perPage=200', { as: DEMO.clinician });
    const masked = new Map(res.body.items.map((i: { kitId: string; masked: boolean }) => [i.kitId, i.masked]));
    expect(rows.map((r) => masked.get(r.kitId))).toEqual(rows.map((r) => !r.seen));
  });

  it('a masked row still tells no more and no less than before: which of its patient values are set', async () => {
    const res = await api.call('GET', '/secure/testResult?queryType=ALL&page=1&perPage=200', { as: DEMO.clinician });
    const row = res.body.items.find((i: { masked: boolean; user: unknown }) => i.masked && i.user);
    expect(row).toBeDefined();
    const { rows } = await api.pool.query('SELECT p.* FROM kits k JOIN patients p ON p.id = k.patient_id WHERE k.kit_id = $1', [row.kitId]);
    const p = rows[0];
    const shown = (v: unknown) => (v === null ? null : 'XXXXXX');
    expect(row.user).toMatchObject({
      userId: 'XXXXXX',
      email: 'XXXXXX',
      preferredName: shown(p.preferred_name),
      phoneNumber: shown(p.phone),
      dob: shown(p.dob),
      allergies: shown(p.allergies),
      photonHealthErxPatientId: shown(p.photon_erx_patient_id),
      address: { street_address: shown(p.street), street_address2: shown(p.street2), region: shown(p.state), postal_code: shown(p.zip) },
    });
  });
});
