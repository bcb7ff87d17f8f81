import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const patientIn = async (state: string) =>
  (
    await api.pool.query(
      `SELECT id, first_name AS "firstName", last_name AS "lastName", dob::text AS dob FROM patients WHERE state = $1 ORDER BY id LIMIT 1`,
      [state],
    )
  ).rows[0];

describe('GET /secure/patient/detailsBySubId/:id (patient profile header)', () => {
  it('answers the summary to every role, and audits the read', async () => {
    const p = await patientIn('NV');
    for (const who of [DEMO.clinician, DEMO.staff, DEMO.ops, DEMO.auditor, DEMO.superAdmin]) {
      const res = await api.call('GET', `/secure/patient/detailsBySubId/${p.id}`, { as: who });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: p.id,
        firstName: p.firstName,
        lastName: p.lastName,
        name: `${p.firstName} ${p.lastName}`,
        dob: p.dob,
        state: 'NV',
        masked: false,
      });
    }
    const audit = await api.pool.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'patient' AND entity_ids = ARRAY[$1::text]
      AND patient_ids = ARRAY[$1::uuid] AND action = 'READ'`,
      [p.id],
    );
    expect(audit.rows[0].n).toBe(5);
  });
  it('a patient outside the clinician valid licence states (TX expired, PA none) is 404 like an unknown one; auditors and super admins read it', async () => {
    for (const state of ['TX', 'PA']) {
      const p = await patientIn(state);
      for (const who of [DEMO.clinician, DEMO.noLicence]) {
        const res = await api.call('GET', `/secure/patient/detailsBySubId/${p.id}`, { as: who });
        expect(res.status, `${state} ${who}`).toBe(404);
        expect(res.body).toEqual({ msg: 'Not found', reason: 'no such patient' });
      }
      for (const who of [DEMO.auditor, DEMO.superAdmin, DEMO.staff]) {
        expect((await api.call('GET', `/secure/patient/detailsBySubId/${p.id}`, { as: who })).body).toMatchObject({
          lastName: p.lastName,
          masked: false,
        });
      }
    }
  });
  it('404 for an unknown patient, 400 for a malformed id, 403 without a portal role', async () => {
    expect((await api.call('GET', '/secure/patient/detailsBySubId/00000000-0000-4000-8000-000000000000', { as: DEMO.clinician })).status).toBe(404);
    expect((await api.call('GET', '/secure/patient/detailsBySubId/not-a-uuid', { as: DEMO.clinician })).status).toBe(400);
    const p = await patientIn('NV');
    expect((await api.call('GET', `/secure/patient/detailsBySubId/${p.id}`, { as: DEMO.pending })).status).toBe(403);
  });
});

const search = (type: string, term: string, as: string = DEMO.clinician) => api.call('POST', '/secure/patient/search', { as, body: { type, term } });
const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];

describe('POST /secure/patient/search (the compact bar)', () => {
  it('finds by each of the five types; the phone by its last 10 digits, the name over first, last and preferred names, any case', async () => {
    const p = await one(`SELECT p.id::text AS id, p.email, p.dob::text AS dob, p.phone, p.first_name AS "firstName", p.last_name AS "lastName",
        k.kit_id AS "kitId" FROM patients p JOIN kits k ON k.patient_id = p.id WHERE p.state = 'NV' AND p.preferred_name IS NOT NULL ORDER BY p.id LIMIT 1`);
    const ids = async (type: string, term: string) => {
      const res = await search(type, term);
      expect(res.status, `${type} ${term}`).toBe(200);
      return res.body.map((r: { id: string }) => r.id);
    };
    expect(await ids('patient_email', p.email.toUpperCase())).toContain(p.id);
    expect(await ids('patient_dob', p.dob)).toContain(p.id);
    expect(await ids('patient_phone', `+1 (${p.phone.slice(0, 3)}) ${p.phone.slice(3, 6)}-${p.phone.slice(6)}`)).toContain(p.id);
    expect(await ids('patient_kit_id', p.kitId.toLowerCase())).toEqual([p.id]);
    expect(await ids('patient_name', `${p.lastName.toLowerCase()} ${p.firstName.toUpperCase()}`)).toContain(p.id);
    const preferred = (await one('SELECT preferred_name AS n FROM patients WHERE id = $1', [p.id])).n as string;
    expect(await ids('patient_name', `${preferred} ${p.lastName}`)).toContain(p.id);
    const [row] = (await search('patient_kit_id', p.kitId)).body;
    expect(row).toEqual({
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      name: `${p.firstName} ${p.lastName}`,
      email: p.email,
      dob: p.dob,
      phoneNumber: p.phone,
      state: 'NV',
      location: expect.stringContaining('NV'),
      masked: false,
    });
  });

  it('bad input is 400 and reads nothing: no type, an unknown type, a one-character term, a malformed DOB, extra fields', async () => {
    const { rows } = await api.audited(async () => {
      for (const body of [
        { term: 'smith' },
        { type: 'patient_ssn', term: 'smith' },
        { type: 'patient_name', term: 'a' },
        { type: 'patient_dob', term: '1990-13-45' },
        { type: 'patient_name', term: 'smith', extra: 1 },
      ]) {
        const res = await api.call('POST', '/secure/patient/search', { as: DEMO.staff, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ msg: expect.any(String), reason: expect.any(String) });
      }
    });
    expect(rows.filter((r) => r.action === 'SEARCH')).toHaveLength(0);
  });

  it('licence scope: a masked field never finds a patient outside the clinician states; the kit id finds it masked; super admins see it in clear', async () => {
    const tx = await one(`SELECT p.id::text AS id, p.email, p.last_name AS "lastName", p.dob::text AS dob, p.phone, k.kit_id AS "kitId"
      FROM patients p JOIN kits k ON k.patient_id = p.id WHERE p.state = 'TX' ORDER BY p.id LIMIT 1`);
    for (const [type, term] of [
      ['patient_email', tx.email],
      ['patient_dob', tx.dob],
      ['patient_phone', tx.phone],
      ['patient_name', tx.lastName],
    ]) {
      const res = await search(type, term);
      expect(res.status).toBe(200);
      expect(
        res.body.filter((r: { state: string }) => r.state === 'TX'),
        type,
      ).toEqual([]);
      expect(JSON.stringify(res.body)).not.toContain(tx.id);
    }
    const { res, rows } = await api.audited(() => search('patient_kit_id', tx.kitId));
    expect(res.body).toEqual([
      {
        id: 'XXXXXX',
        firstName: 'XXXXXX',
        lastName: 'XXXXXX',
        name: 'XXXXXX',
        email: 'XXXXXX',
        dob: 'XXXXXX',
        phoneNumber: 'XXXXXX',
        state: 'XXXXXX',
        location: 'XXXXXX',
        masked: true,
      },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].patient_ids).toEqual([]);
    const admin = await search('patient_kit_id', tx.kitId, DEMO.superAdmin);
    expect(admin.body[0]).toMatchObject({ id: tx.id, state: 'TX', masked: false });
    expect((await search('patient_name', tx.lastName, DEMO.superAdmin)).body.map((r: { id: string }) => r.id)).toContain(tx.id);
  });

  it('one audit row per search carrying every returned patient id', async () => {
    const { res, rows } = await api.audited(() => search('patient_name', 'smith', DEMO.staff));
    expect(res.body.length).toBeGreaterThan(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'SEARCH', entity_type: 'patient', outcome: 'SUCCESS' });
    expect([...rows[0].patient_ids].sort()).toEqual(res.body.map((r: { id: string }) => r.id).sort());
    expect(JSON.stringify(rows[0]).toLowerCase()).not.toContain('smith');
  });
});

describe('GET /secure/patient (the search page)', () => {
  it('merges several criteria and de-duplicates by id, pages and sorts on the server', async () => {
    const p = await one(`SELECT id::text AS id, email, last_name AS "lastName" FROM patients WHERE state = 'CO' ORDER BY id LIMIT 1`);
    const q = new URLSearchParams({ email: p.email, name: p.lastName, perPage: '500', sort: 'email', order: 'DESC' });
    const res = await api.call('GET', `/secure/patient?${q}`, { as: DEMO.staff });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((r: { id: string }) => r.id);
    expect(ids.filter((id: string) => id === p.id)).toHaveLength(1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(res.body.total).toBe(ids.length);
    const emails = res.body.items.map((r: { email: string }) => r.email.toLowerCase());
    expect(emails).toEqual([...emails].sort().reverse());
    const paged = await api.call('GET', `/secure/patient?${new URLSearchParams({ name: p.lastName, perPage: '2', page: '2' })}`, { as: DEMO.staff });
    expect(paged.body.items).toHaveLength(2);
    expect(paged.body.total).toBeGreaterThan(3);
  });
  it('needs at least one criterion; refuses an unknown sort (a masked field is never a sort key by name) and a page size over 500', async () => {
    const none = await api.call('GET', '/secure/patient', { as: DEMO.staff });
    expect(none.status).toBe(400);
    expect(none.body.reason).toBe('Please enter at least one search criteria.');
    expect((await api.call('GET', '/secure/patient?name=smith&sort=allergies', { as: DEMO.staff })).status).toBe(400);
    expect((await api.call('GET', '/secure/patient?name=smith&perPage=501', { as: DEMO.staff })).status).toBe(400);
  });
  it('a criterion that cannot be searched is refused in words naming the field and its form (page and export)', async () => {
    for (const path of ['/secure/patient', '/secure/patient/export']) {
      const dob = await api.call('GET', `${path}?dob=${encodeURIComponent('05/01/1990')}`, { as: DEMO.staff });
      expect(dob.status).toBe(400);
      expect(dob.body).toMatchObject({ msg: 'Invalid request', reason: 'DOB must be a date written YYYY-MM-DD', field: 'dob' });
      const kit = await api.call('GET', `${path}?name=smith&kitId=${encodeURIComponent('KT 1')}`, { as: DEMO.staff });
      expect(kit.body).toMatchObject({ reason: 'Kit Id must be 2 to 40 letters, digits and dashes', field: 'kitId' });
    }
  });
  it('a clinician sorting by e-mail over a result with a masked row gets the masked row last', async () => {
    const tx = await one(`SELECT k.kit_id AS "kitId" FROM patients p JOIN kits k ON k.patient_id = p.id WHERE p.state = 'TX' ORDER BY p.id LIMIT 1`);
    for (const order of ['ASC', 'DESC']) {
      const res = await api.call('GET', `/secure/patient?${new URLSearchParams({ kitId: tx.kitId, name: 'smith', sort: 'email', order })}`, {
        as: DEMO.clinician,
      });
      expect(res.status).toBe(200);
      const masked = res.body.items.map((r: { masked: boolean }) => r.masked);
      expect(masked[masked.length - 1]).toBe(true);
      expect(masked.filter(Boolean)).toHaveLength(1);
    }
  });
  it('column filters narrow the searched rows (all must match, contains, any case; the phone by digits), in the page and the export', async () => {
    const p = await one(`SELECT id::text AS id, email, phone, dob::text AS dob, first_name AS "firstName", last_name AS "lastName", city, state
      FROM patients WHERE state = 'NV' AND city IS NOT NULL AND phone IS NOT NULL ORDER BY id LIMIT 1`);
    const list = async (q: Record<string, string>, as: string = DEMO.staff) => {
      const res = await api.call('GET', `/secure/patient?${new URLSearchParams({ perPage: '500', ...q })}`, { as });
      expect(res.status, JSON.stringify(q)).toBe(200);
      return res.body as { items: { id: string; location: string; email: string; masked: boolean }[]; total: number };
    };
    const all = await list({ name: p.lastName });
    const byLocation = await list({ name: p.lastName, locationContains: `${p.city.slice(1).toUpperCase()}, ${p.state.toLowerCase()}` });
    expect(byLocation.items.map((r) => r.id)).toContain(p.id);
    expect(byLocation.items.every((r) => r.location.toLowerCase().includes(`${p.city.slice(1).toLowerCase()}, nv`))).toBe(true);
    expect(byLocation.total).toBe(byLocation.items.length);
    expect(byLocation.total).toBeLessThanOrEqual(all.total);
    const both = await list({
      name: p.lastName,
      emailContains: p.email.slice(1, -2).toUpperCase(),
      dobContains: p.dob.slice(0, 7),
      phoneContains: `(${p.phone.replace(/\D/g, '').slice(-7, -4)}) ${p.phone.replace(/\D/g, '').slice(-4)}`,
      nameContains: p.firstName.slice(0, 3).toLowerCase(),
    });
    expect(both.items.map((r) => r.id)).toContain(p.id);
    expect((await list({ name: p.lastName, emailContains: 'no-such-address-anywhere' })).total).toBe(0);
    const exported = await api.call('GET', `/secure/patient/export?${new URLSearchParams({ name: p.lastName, emailContains: p.email })}`, {
      as: DEMO.staff,
    });
    const lines = String(exported.body).trim().split('\n');
    expect(lines).toHaveLength((await list({ name: p.lastName, emailContains: p.email })).total + 1);
    expect((await api.call('GET', `/secure/patient?name=smith&nameContains=${'x'.repeat(121)}`, { as: DEMO.staff })).status).toBe(400);
  });
  it('licence scope: a column filter never matches a masked row, even on its own value; super admins filter it in clear', async () => {
    const tx = await one(`SELECT p.id::text AS id, p.email, p.city, k.kit_id AS "kitId" FROM patients p JOIN kits k ON k.patient_id = p.id
      WHERE p.state = 'TX' AND p.email IS NOT NULL ORDER BY p.id LIMIT 1`);
    const rows = async (q: Record<string, string>, as: string) => {
      const res = await api.call('GET', `/secure/patient?${new URLSearchParams({ kitId: tx.kitId, ...q })}`, { as });
      expect(res.status).toBe(200);
      return res.body.items.map((r: { id: string; masked: boolean }) => (r.masked ? 'masked' : r.id));
    };
    expect(await rows({}, DEMO.clinician)).toEqual(['masked']);
    for (const q of [{ emailContains: tx.email as string }, { locationContains: 'tx' }] as Record<string, string>[]) {
      expect(await rows(q, DEMO.clinician), JSON.stringify(q)).toEqual([]);
      expect(await rows(q, DEMO.superAdmin), JSON.stringify(q)).toEqual([tx.id]);
    }
    expect(await rows({ emailContains: 'xxxxxx' }, DEMO.clinician)).toEqual([]);
  });
});

describe('GET /secure/patient/export', () => {
  it('every matching row as CSV, audited; no criterion is 400', async () => {
    const { res, rows } = await api.audited(() => api.call('GET', '/secure/patient/export?name=smith', { as: DEMO.staff }));
    expect(res.status).toBe(200);
    const text = typeof res.body === 'string' ? res.body : String(res.body);
    const lines = text.trim().split('\n');
    expect(lines[0]).toContain('Name');
    const total = (await api.call('GET', '/secure/patient?name=smith&perPage=1', { as: DEMO.staff })).body.total;
    expect(lines).toHaveLength(total + 1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.flatMap((r) => r.patient_ids)).toHaveLength(total);
    expect((await api.call('GET', '/secure/patient/export', { as: DEMO.staff })).status).toBe(400);
  });
});

describe('indexes of the search (EXPLAIN)', () => {
  it('name words use the first, last and preferred name prefix indexes, the phone its last-10 index, the kit id the kit key', async () => {
    const client = await api.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const plan = async (where: string) =>
        (await client.query(`EXPLAIN SELECT id FROM patients p WHERE ${where}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
      const name = await plan(`lower(p.first_name) LIKE 'smit%' OR lower(p.last_name) LIKE 'smit%' OR lower(p.preferred_name) LIKE 'smit%'`);
      for (const index of ['patients_first_name_prefix_idx', 'patients_last_name_prefix_idx', 'patients_preferred_name_prefix_idx'])
        expect(name).toContain(index);
      expect(await plan(`right(regexp_replace(coalesce(p.phone, ''), '\\D', '', 'g'), 10) LIKE '702555%'`)).toContain('patients_phone_last10_idx');
      expect(await plan(`lower(p.email) LIKE 'james%'`)).toContain('patients_email_prefix_idx');
      expect(await plan(`p.id IN (SELECT k.patient_id FROM kits k WHERE k.kit_id = 'KT0000001')`)).toContain('kits_pkey');
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });
});
