import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, env, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const jane = () => env().cognito.subs[DEMO.clinician];
/**
 * M19 kits in Jane's valid licence states whose lab request still takes a tube, each used by one test only. The seed has
 * few of them assigned to Jane, so the fixture assigns M19 requests to her (as the owner role, outside the API).
 */
const used = new Set<string>();
async function openM19Kits(n: number): Promise<string[]> {
  const { rows } = await api.pool.query(
    `SELECT lr.kit_id FROM lab_requests lr JOIN kits k ON k.kit_id = lr.kit_id
      WHERE lr.status IN ('REGISTERED','APPROVED') AND k.product_name LIKE '%M19%' AND k.patient_id IS NOT NULL
        AND lr.patient_state IN ('NV','CO','CA','NY') AND k.tube_id IS NULL AND NOT (lr.kit_id = ANY($1)) ORDER BY lr.kit_id LIMIT $2`,
    [[...used], n],
  );
  if (rows.length < n) throw new Error(`need ${n} open M19 kits, found ${rows.length}`);
  const kits = rows.map((r) => r.kit_id as string);
  kits.forEach((k) => used.add(k));
  await api.ownerPool().query(`UPDATE lab_requests SET clinician_id = $1 WHERE kit_id = ANY($2)`, [jane(), kits]);
  return kits;
}
const register = (kitId: string, serialNumber: string) =>
  api.call('POST', '/secure/kit/covid', { as: DEMO.clinician, body: { kitId, serialNumber } });
const holders = async (serial: string) =>
  (await api.pool.query(`SELECT kit_id FROM kits WHERE tube_id = $1`, [serial])).rows.map((r) => r.kit_id as string);

describe('a tube serial number belongs to one kit', () => {
  it('a serial already on another kit is a 409 in the spec error format; nothing changes', async () => {
    const [a, b] = await openM19Kits(2);
    expect((await register(a, 'TUBE-UNIQ-0001')).status).toBe(200);
    const second = await register(b, 'TUBE-UNIQ-0001');
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ msg: 'Conflict', reason: 'tube serial number TUBE-UNIQ-0001 is already registered to another kit' });
    expect(await holders('TUBE-UNIQ-0001')).toEqual([a]);
    expect((await api.pool.query(`SELECT tube_id FROM kits WHERE kit_id = $1`, [b])).rows[0].tube_id).toBeNull();
    // Registering the same serial on its own kit again changes nothing and is no conflict.
    expect((await register(a, 'TUBE-UNIQ-0001')).status).toBe(200);
  });

  it('concurrent registrations of one serial on different kits: exactly one wins, the others get 409', async () => {
    const kits = await openM19Kits(4);
    for (let round = 0; round < 3; round += 1) {
      const serial = `TUBE-RACE-${round}`;
      const results = await Promise.all(kits.map((k) => register(k, serial)));
      const statuses = results.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        JSON.stringify(statuses),
      ).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(kits.length - 1);
      for (const r of results.filter((x) => x.status === 409)) {
        expect(r.body).toEqual({ msg: 'Conflict', reason: `tube serial number ${serial} is already registered to another kit` });
      }
      const winner = kits[statuses.indexOf(200)];
      expect(await holders(serial)).toEqual([winner]);
      expect(
        (
          await api.pool.query(
            `SELECT count(*)::int AS n FROM record_history WHERE entity_id = $1 AND action = 'REGISTER_TUBE' AND comment = 'Covid tube registered'`,
            [winner],
          )
        ).rows[0].n,
      ).toBeGreaterThanOrEqual(1);
      // Free the kits for the next round (the winner keeps a different serial).
      await api.ownerPool().query(`UPDATE kits SET tube_id = NULL WHERE kit_id = ANY($1)`, [kits]);
    }
  });

  it('the database refuses a second kit with the same serial even outside the API', async () => {
    const [a, b] = await openM19Kits(2);
    await api.ownerPool().query(`UPDATE kits SET tube_id = 'TUBE-DB-0001' WHERE kit_id = $1`, [a]);
    await expect(api.ownerPool().query(`UPDATE kits SET tube_id = 'TUBE-DB-0001' WHERE kit_id = $1`, [b])).rejects.toThrow(/kits_tube_id_unique/);
    await api.ownerPool().query(`UPDATE kits SET tube_id = NULL WHERE kit_id = $1`, [a]);
  });
});
