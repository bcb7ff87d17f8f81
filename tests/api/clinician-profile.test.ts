import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_CREATE_REFUSAL } from '../../src/domain/clinician/clinician-profile';
import { ROUTE_REFUSAL } from '../../src/domain/shared/route-access';
import { forge } from './forge';
import { DEMO, env, startApi, type TestApi } from './helpers';

/** The clinician's own profile writes (spec 3 §5, §7): attacks first, then the rule as it should work. */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const sub = (who: string) => env().cognito.subs[who];
const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const history = (entityId: string) =>
  api.pool.query(`SELECT action, comment, actor_sub FROM record_history WHERE entity_id = $1 ORDER BY id`, [entityId]).then((r) => r.rows);

const PROFILE = {
  firstName: 'Priya',
  middleName: 'K',
  lastName: 'Patel',
  dob: '1985-04-12',
  funFact: 'Climbs',
  personalEmail: 'priya@home.test',
  address1: '1 Main St',
  address2: 'Suite 2',
  city: 'Denver',
  state: 'CO',
  zip: '80202',
  hobbies: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
};

describe('POST /secure/clinician/profile/create (sign-up)', () => {
  it("refuses a body naming another user's id or e-mail, and creates nothing", async () => {
    const token = await forge({ sub: randomUUID(), groups: [] });
    const other = await api.call('POST', '/secure/clinician/profile/create', { token, body: { id: sub(DEMO.clinician) } });
    expect(other.status).toBe(403);
    const mail = await api.call('POST', '/secure/clinician/profile/create', { token, body: { email: 'clinician@demo.test' } });
    expect(mail.status).toBe(403);
    expect((await one(`SELECT count(*)::int AS n FROM clinicians WHERE email = 'eve@x.test'`)).n).toBe(0);
  });

  it("creates the caller's profile with the id and e-mail of the token, once", async () => {
    const res = await api.call('POST', '/secure/clinician/profile/create', {
      as: DEMO.pending,
      body: { id: sub(DEMO.pending), email: 'PENDING@demo.test', firstName: 'Pat', lastName: 'Quinn', mobile: '(702) 555-0101' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: sub(DEMO.pending),
      email: 'pending@demo.test',
      firstName: 'Pat',
      mobile: '+17025550101',
      hasNoLicense: true,
      hasCalendar: false,
    });
    expect(await history(sub(DEMO.pending))).toEqual([expect.objectContaining({ action: 'PROFILE_CREATED', actor_sub: sub(DEMO.pending) })]);
    expect((await api.call('POST', '/secure/clinician/profile/create', { as: DEMO.pending, body: {} })).status).toBe(409);
    // still pending: the profile gives no access until a super admin adds a group
    expect((await api.call('GET', '/secure/account/status', { as: DEMO.pending })).body.pending).toBe(true);
  });

  it('staff, operation support, auditors and super admins are not clinicians signing up: 403, and no profile is created', async () => {
    for (const who of [DEMO.staff, DEMO.ops, DEMO.auditor, DEMO.superAdmin]) {
      const before = (await one(`SELECT count(*)::int AS n FROM clinicians WHERE id = $1`, [sub(who)])).n;
      const res = await api.call('POST', '/secure/clinician/profile/create', { as: who, body: {} });
      expect(res.status, who).toBe(403);
      // The auditor is refused by the boundary already (a read-only role never writes).
      const reason = who === DEMO.auditor ? ROUTE_REFUSAL.readOnly : PROFILE_CREATE_REFUSAL;
      expect(res.body, who).toEqual({ msg: 'Forbidden', reason });
      expect((await one(`SELECT count(*)::int AS n FROM clinicians WHERE id = $1`, [sub(who)])).n, who).toBe(before);
    }
    // A fresh account in a non-clinician group (alone or beside the clinicians) is refused as well.
    for (const groups of [['staff'], ['operation_support'], ['auditor_read_only'], ['super_admin'], ['clinicians', 'staff']]) {
      const id = randomUUID();
      const res = await api.call('POST', '/secure/clinician/profile/create', { token: await forge({ sub: id, groups }), body: {} });
      expect(res.status, groups.join()).toBe(403);
      expect((await one(`SELECT count(*)::int AS n FROM clinicians WHERE id = $1`, [id])).n, groups.join()).toBe(0);
    }
  });

  it('a clinician who already has a profile cannot create a second one (409)', async () => {
    const res = await api.call('POST', '/secure/clinician/profile/create', { as: DEMO.clinician, body: {} });
    expect(res.status).toBe(409);
    expect((await one(`SELECT first_name FROM clinicians WHERE id = $1`, [sub(DEMO.clinician)])).first_name).toBe('Jane');
  });

  it('refuses a phone that is not 10 digits or 11 with a leading 1', async () => {
    const token = await forge({ sub: randomUUID(), groups: [] });
    expect((await api.call('POST', '/secure/clinician/profile/create', { token, body: { mobile: '21234567890' } })).status).toBe(400);
    expect((await api.call('POST', '/secure/clinician/profile/create', { token, body: { mobile: '12345' } })).status).toBe(400);
  });
});

describe('PATCH /secure/clinician/profile/update', () => {
  it("refuses another clinician's id in the body", async () => {
    const res = await api.call('PATCH', '/secure/clinician/profile/update', { as: DEMO.noCalendar, body: { ...PROFILE, id: sub(DEMO.clinician) } });
    expect(res.status).toBe(403);
    expect((await one(`SELECT first_name FROM clinicians WHERE id = $1`, [sub(DEMO.clinician)])).first_name).toBe('Jane');
  });

  it.each(['firstName', 'lastName', 'dob', 'personalEmail', 'address1', 'address2', 'city', 'state', 'zip'])('requires %s', async (field) => {
    const res = await api.call('PATCH', '/secure/clinician/profile/update', { as: DEMO.noCalendar, body: { ...PROFILE, [field]: '' } });
    expect(res.status).toBe(400);
  });

  it('checks the e-mail, the date, the state list and the zip', async () => {
    for (const bad of [{ personalEmail: 'nope' }, { dob: '12/04/1985' }, { state: 'ZZ' }, { zip: '8020' }]) {
      expect((await api.call('PATCH', '/secure/clinician/profile/update', { as: DEMO.noCalendar, body: { ...PROFILE, ...bad } })).status).toBe(400);
    }
    const future = await api.call('PATCH', '/secure/clinician/profile/update', { as: DEMO.noCalendar, body: { ...PROFILE, dob: '2090-01-01' } });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ reason: 'Date of birth cannot be in the future', field: 'dob' });
    const mobile = await api.call('PATCH', '/secure/clinician/profile/update', {
      as: DEMO.noCalendar,
      body: { ...PROFILE, mobile: 'call me maybe' },
    });
    expect(mobile.status).toBe(400);
    expect(mobile.body).toMatchObject({ reason: 'Phone must be 10 digits, or 11 with a leading 1', field: 'mobile' });
  });

  it('updates the own profile with history and audit, then answers No changes to update', async () => {
    const { res, rows } = await api.audited(() => api.call('PATCH', '/secure/clinician/profile/update', { as: DEMO.noCalendar, body: PROFILE }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: sub(DEMO.noCalendar),
      middleName: 'K',
      dob: '1985-04-12',
      city: 'Denver',
      zip: '80202',
      personalEmail: 'priya@home.test',
    });
    expect(rows).toEqual([expect.objectContaining({ action: 'UPDATE', entity_type: 'clinician', outcome: 'SUCCESS' })]);
    expect(JSON.stringify(rows)).not.toContain('Denver');
    const h = await history(sub(DEMO.noCalendar));
    expect(h.at(-1)).toMatchObject({ action: 'PROFILE_UPDATED' });
    expect(h.at(-1).comment).toContain('middleName');
    expect(h.at(-1).comment).not.toContain('Climbs');
    const again = await api.call('PATCH', '/secure/clinician/profile/update', { as: DEMO.noCalendar, body: PROFILE });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('No changes to update');
    expect((await api.call('GET', '/secure/clinician/profile', { as: DEMO.noCalendar })).body).toMatchObject({
      funFact: 'Climbs',
      address2: 'Suite 2',
    });
  });
});

describe('PATCH /secure/clinician/updateCalendar', () => {
  it('refuses anything but an https URL', async () => {
    for (const calendarLink of ['http://cal.example.com/x', 'javascript:alert(1)', 'cal.example.com/x', '', 'https://localhost']) {
      expect(
        (await api.call('PATCH', '/secure/clinician/updateCalendar', { as: DEMO.noCalendar, body: { calendarLink } })).status,
        calendarLink,
      ).toBe(400);
    }
  });
  it('refuses whitespace and control characters inside the link, and a link over 2,048 characters, saying why; nothing stored', async () => {
    const stored = async () => (await one(`SELECT calendar_link FROM clinicians WHERE id = $1`, [sub(DEMO.noCalendar)])).calendar_link;
    const before = await stored();
    for (const calendarLink of [
      'https://evil.example/\n<script>',
      'https://exa mple.com',
      'https://cal.example.com/a\tb',
      'https://cal.example.com/\u0000',
    ]) {
      const res = await api.call('PATCH', '/secure/clinician/updateCalendar', { as: DEMO.noCalendar, body: { calendarLink } });
      expect(res.status, calendarLink).toBe(400);
      expect(res.body, calendarLink).toMatchObject({ msg: 'Invalid request', field: 'calendarLink' });
    }
    const long = await api.call('PATCH', '/secure/clinician/updateCalendar', {
      as: DEMO.noCalendar,
      body: { calendarLink: `https://cal.example.com/${'a'.repeat(2049 - 24)}` },
    });
    expect(long.body).toEqual({ msg: 'Invalid request', reason: 'The calendar link must be at most 2048 characters', field: 'calendarLink' });
    const bad = await api.call('PATCH', '/secure/clinician/updateCalendar', { as: DEMO.noCalendar, body: { calendarLink: 'https://exa mple.com' } });
    expect(bad.body.reason).toBe('Please enter a valid https link');
    expect(await stored()).toBe(before);
  });
  it('sets the link; the next request of the same session sees hasCalendar', async () => {
    const res = await api.call('PATCH', '/secure/clinician/updateCalendar', {
      as: DEMO.noCalendar,
      body: { calendarLink: 'https://cal.example.com/priya' },
    });
    expect(res.status).toBe(200);
    expect((await api.call('GET', '/secure/clinician/profile', { as: DEMO.noCalendar })).body).toMatchObject({
      hasCalendar: true,
      calendarLink: 'https://cal.example.com/priya',
    });
    expect((await api.call('GET', '/secure/calendar/link', { as: DEMO.noCalendar })).body).toEqual({ calendarLink: 'https://cal.example.com/priya' });
    expect((await history(sub(DEMO.noCalendar))).at(-1)).toMatchObject({ action: 'CALENDAR_ADDED' });
  });
  it('is refused to a read-only auditor', async () => {
    expect(
      (await api.call('PATCH', '/secure/clinician/updateCalendar', { as: DEMO.auditor, body: { calendarLink: 'https://cal.example.com/a' } })).status,
    ).toBe(403);
  });
});

describe('licence writes: own licences only', () => {
  const janeLicence = (state: string) => one(`SELECT id::text FROM licences WHERE clinician_id = $1 AND state = $2`, [sub(DEMO.clinician), state]);

  it("another clinician's licence can be neither updated nor deleted (404, unchanged)", async () => {
    const nv = await janeLicence('NV');
    const upd = await api.call('PATCH', '/secure/clinician/updateLicence', {
      as: DEMO.noCalendar,
      body: { id: nv.id, state: 'NV', licenseId: 'STOLEN', expirationDate: '2031-01-01', isGoodStanding: true, ackPermissionToPractice: true },
    });
    expect(upd.status).toBe(404);
    expect((await api.call('DELETE', `/secure/clinician/deleteLicence?id=${nv.id}`, { as: DEMO.noCalendar })).status).toBe(404);
    expect((await api.call('DELETE', '/secure/clinician/deleteLicence', { as: DEMO.noCalendar, body: { id: nv.id } })).status).toBe(404);
    expect((await one(`SELECT license_id FROM licences WHERE id = $1`, [nv.id])).license_id).toBe('NV-RN-010231');
  });

  it('a clinician id in the body is refused', async () => {
    const res = await api.call('PATCH', '/secure/clinician/addLicence', {
      as: DEMO.noCalendar,
      body: {
        state: 'AZ',
        licenseId: 'AZ-9',
        expirationDate: '2031-01-01',
        isGoodStanding: true,
        ackPermissionToPractice: true,
        clinicianId: sub(DEMO.clinician),
      },
    });
    expect(res.status).toBe(400);
  });

  it.each(['state', 'licenseId', 'expirationDate', 'isGoodStanding', 'ackPermissionToPractice'])('requires %s', async (field) => {
    const body: Record<string, unknown> = {
      state: 'AZ',
      licenseId: 'AZ-9',
      expirationDate: '2031-01-01',
      isGoodStanding: true,
      ackPermissionToPractice: true,
    };
    delete body[field];
    expect((await api.call('PATCH', '/secure/clinician/addLicence', { as: DEMO.noCalendar, body })).status).toBe(400);
  });

  it("accepts the booleans as true/false or strings, under the spec's or the alternate names", async () => {
    const a = await api.call('PATCH', '/secure/clinician/addLicence', {
      as: DEMO.noCalendar,
      body: { state: 'AZ', licenseId: 'AZ-1', expirationDate: '2031-01-01', isGoodStanding: 'true', ackPermissionToPractice: 'true' },
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      state: 'AZ',
      isGoodStanding: true,
      ackPermissionToPractice: true,
      goodStanding: true,
      valid: true,
      verified: false,
    });
    const b = await api.call('PATCH', '/secure/clinician/addLicence', {
      as: DEMO.noCalendar,
      body: { state: 'UT', licenseId: 'UT-1', expirationDate: '2031-01-01', goodStanding: 'false', isAckPermissionToPractice: true },
    });
    expect(b.body).toMatchObject({ goodStanding: false, acknowledgement: true, valid: false });
    expect(
      (
        await api.call('PATCH', '/secure/clinician/addLicence', {
          as: DEMO.noCalendar,
          body: { state: 'WA', licenseId: 'WA-1', expirationDate: '2031-01-01', isGoodStanding: 'yes', ackPermissionToPractice: true },
        })
      ).status,
    ).toBe(400);
    // the alternate names on update, then the unchanged licence is refused with the spec's text
    const upd = await api.call('PATCH', '/secure/clinician/updateLicence', {
      as: DEMO.noCalendar,
      body: { id: b.body.id, state: 'UT', licenseId: 'UT-1', expirationDate: '2031-01-01', goodStanding: true, isAckPermissionToPractice: 'true' },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ valid: true });
    const same = await api.call('PATCH', '/secure/clinician/updateLicence', {
      as: DEMO.noCalendar,
      body: { id: b.body.id, state: 'UT', licenseId: 'UT-1', expirationDate: '2031-01-01', isGoodStanding: true, ackPermissionToPractice: true },
    });
    expect(same.status).toBe(400);
    expect(same.body.msg).toBe('No change in license details to update');
    // delete, with history of every step
    expect((await api.call('DELETE', `/secure/clinician/deleteLicence?id=${b.body.id}`, { as: DEMO.noCalendar })).body).toEqual({
      id: b.body.id,
      deleted: true,
    });
    expect((await api.call('GET', '/secure/license/allStates', { as: DEMO.noCalendar })).body).not.toContain('UT');
    expect((await history(b.body.id)).map((h) => h.action)).toEqual(['LICENCE_ADDED', 'LICENCE_UPDATED', 'LICENCE_DELETED']);
  });

  it('renewing the expired TX licence unmasks TX patients once a super admin verified it, on the next request of the same session', async () => {
    const kit = await one(`SELECT kit_id FROM test_results WHERE patient_state = 'TX' ORDER BY kit_id LIMIT 1`);
    const read = async () => (await api.call('GET', `/secure/testResult?q=${kit.kit_id}`, { as: DEMO.clinician })).body.items[0];
    expect(await read()).toMatchObject({ kitId: kit.kit_id, masked: true });
    const tx = await janeLicence('TX');
    const res = await api.call('PATCH', '/secure/clinician/updateLicence', {
      as: DEMO.clinician,
      body: { id: tx.id, state: 'TX', licenseId: 'TX-RN-055120', expirationDate: '2031-06-30', isGoodStanding: true, ackPermissionToPractice: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
    // the changed licence awaits verification: TX stays masked
    expect((await read()).masked).toBe(true);
    expect((await api.call('GET', '/secure/clinician/profile', { as: DEMO.clinician })).body).toMatchObject({
      hasExpiredOrInValidLicense: false,
      inValidLicenseStates: [],
      pendingLicenseStates: ['TX'],
    });
    expect((await api.call('PATCH', '/secure/clinician/verifyLicence', { as: DEMO.superAdmin, body: { id: tx.id } })).status).toBe(200);
    expect((await read()).masked).toBeFalsy();
    expect((await api.call('GET', '/secure/clinician/profile', { as: DEMO.clinician })).body).toMatchObject({
      hasExpiredOrInValidLicense: false,
      inValidLicenseStates: [],
      pendingLicenseStates: [],
    });
    // and deleting it masks them again
    expect((await api.call('DELETE', '/secure/clinician/deleteLicence', { as: DEMO.clinician, body: { id: tx.id } })).status).toBe(200);
    expect((await read()).masked).toBe(true);
  });
});

describe('profiles of others and verification (super admin)', () => {
  it('a clinician reads only its own profile by id or e-mail; a super admin reads any', async () => {
    expect((await api.call('GET', `/secure/clinician/profile/${sub(DEMO.clinician)}`, { as: DEMO.noLicence })).status).toBe(404);
    expect((await api.call('GET', '/secure/clinician/email/clinician@demo.test', { as: DEMO.noLicence })).status).toBe(404);
    expect((await api.call('GET', '/secure/clinician/email/clinician.nolicense@demo.test', { as: DEMO.noLicence })).body.id).toBe(
      sub(DEMO.noLicence),
    );
    const byAdmin = await api.call('GET', '/secure/clinician/email/clinician@demo.test', { as: DEMO.superAdmin });
    expect(byAdmin.body).toMatchObject({ id: sub(DEMO.clinician), firstName: 'Jane' });
    expect(byAdmin.body.licences.length).toBeGreaterThan(0);
  });

  it('only a super admin lists every licence and marks one verified', async () => {
    expect((await api.call('GET', '/secure/clinician/licences/all', { as: DEMO.clinician })).status).toBe(403);
    // a licence Jane adds is unverified (the seeded ones are verified)
    const nv = (
      await api.call('POST', '/secure/license', {
        as: DEMO.clinician,
        body: { state: 'WA', licenseId: 'WA-RN-1', expirationDate: '2031-01-01', goodStanding: true, acknowledgement: true },
      })
    ).body;
    expect((await api.call('PATCH', '/secure/clinician/verifyLicence', { as: DEMO.clinician, body: { id: nv.id } })).status).toBe(403);
    const all = await api.call('GET', '/secure/clinician/licences/all', { as: DEMO.superAdmin });
    expect(all.body.find((l: { id: string }) => l.id === nv.id)).toMatchObject({ clinicianName: 'Jane Doe', verified: false });
    expect((await api.call('PATCH', '/secure/clinician/verifyLicence', { as: DEMO.superAdmin, body: { id: nv.id } })).body).toMatchObject({
      verified: true,
    });
    expect((await api.call('GET', '/secure/license', { as: DEMO.clinician })).body.find((l: { id: string }) => l.id === nv.id).verified).toBe(true);
  });
});
