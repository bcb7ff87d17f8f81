import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/bookings/bookings';
import { LICENCE_RULE_TEXT, todayUtc } from '../../src/domain/clinician/licenses';
import { DEMO, env, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

describe('clinician profile and licences', () => {
  it('Jane Doe: valid NV CO CA NY, expired TX, calendar link set', async () => {
    const res = await api.call('GET', '/secure/clinician/profile', { as: DEMO.clinician });
    expect(res.body).toMatchObject({
      id: env().cognito.subs[DEMO.clinician],
      firstName: 'Jane',
      lastName: 'Doe',
      status: 'ACTIVE',
      hasNoLicense: false,
      hasCalendar: true,
      hasExpiredOrInValidLicense: true,
      validLicenseStates: ['CA', 'CO', 'NV', 'NY'],
      inValidLicenseStates: ['TX'],
    });
    expect((await api.call('GET', '/secure/license/validAndInvalidStates', { as: DEMO.clinician })).body).toEqual({
      validStates: ['CA', 'CO', 'NV', 'NY'],
      pendingStates: [],
      inValidStates: ['TX'],
      allStates: ['CA', 'CO', 'NV', 'NY', 'TX'],
    });
    expect((await api.call('GET', '/secure/license/inValidStates', { as: DEMO.clinician })).body).toEqual(['TX']);
    const all = (await api.call('GET', '/secure/license/all', { as: DEMO.clinician })).body;
    expect(all).toHaveLength(5);
    expect((await api.call('GET', '/secure/license/valid', { as: DEMO.clinician })).body).toHaveLength(4);
    expect((await api.call('GET', '/secure/calendar/link', { as: DEMO.clinician })).body.calendarLink).toMatch(/^https:\/\//);
  });
  it('the flags of the other demo clinicians', async () => {
    expect((await api.call('GET', '/secure/clinician/profile', { as: DEMO.noLicence })).body).toMatchObject({
      hasNoLicense: true,
      validLicenseStates: [],
    });
    expect((await api.call('GET', '/secure/clinician/profile', { as: DEMO.noCalendar })).body).toMatchObject({
      hasCalendar: false,
      calendarLink: null,
    });
    expect((await api.call('GET', '/secure/clinician/profile', { as: DEMO.inactive })).body).toMatchObject({ status: 'INACTIVE' });
  });
  it('non-clinical roles get empty licence states, not an error', async () => {
    expect((await api.call('GET', '/secure/license/validAndInvalidStates', { as: DEMO.staff })).body).toEqual({
      validStates: [],
      pendingStates: [],
      inValidStates: [],
      allStates: [],
    });
  });
  it('a pending user sees its own status only', async () => {
    expect((await api.call('GET', '/secure/account/status', { as: DEMO.pending })).body).toEqual({
      sub: env().cognito.subs[DEMO.pending],
      groups: [],
      roles: [],
      pending: true,
    });
    expect((await api.call('GET', '/secure/clinician/profile', { as: DEMO.pending })).body).toEqual({
      msg: 'Forbidden',
      reason: 'user is not in any portal group',
    });
  });
  it('adding a licence turns the no-licence clinician into a licensed one once verified, audited without PHI', async () => {
    const body = { state: 'CO', licenseId: 'CO-NEW-1', expirationDate: addDays(todayUtc(), 3 * 365), goodStanding: true, acknowledgement: true };
    const res = await api.call('POST', '/secure/license', { as: DEMO.noLicence, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...body, valid: true, verified: false });
    // pending verification until a super admin verifies it
    expect((await api.call('GET', '/secure/clinician/profile', { as: DEMO.noLicence })).body).toMatchObject({
      hasNoLicense: false,
      validLicenseStates: [],
      pendingLicenseStates: ['CO'],
    });
    expect((await api.call('PATCH', '/secure/clinician/verifyLicence', { as: DEMO.superAdmin, body: { id: res.body.id } })).status).toBe(200);
    expect((await api.call('GET', '/secure/clinician/profile', { as: DEMO.noLicence })).body).toMatchObject({
      hasNoLicense: false,
      validLicenseStates: ['CO'],
      pendingLicenseStates: [],
    });
    const audit = await api.pool.query(
      `SELECT * FROM audit_log WHERE entity_type = 'licence' AND entity_ids = ARRAY[$1::text] AND action = 'CREATE'`,
      [res.body.id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_sub: env().cognito.subs[DEMO.noLicence], action: 'CREATE', outcome: 'SUCCESS' });
    expect(audit.rows[0].request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(audit.rows[0])).not.toContain('CO-NEW-1');
    // a second identical licence is a conflict, not a duplicate row
    const again = await api.call('POST', '/secure/license', { as: DEMO.noLicence, body });
    expect(again.status).toBe(409);
  });
  it('a second licence for a state, by adding or by editing, is refused; so is a free-text licence number', async () => {
    const expirationDate = addDays(todayUtc(), 365);
    const nv = await api.call('POST', '/secure/license', {
      as: DEMO.clinician,
      body: { state: 'NV', licenseId: 'NV-RN-999999', expirationDate, goodStanding: true, acknowledgement: true },
    });
    expect(nv.status).toBe(409);
    expect(nv.body).toMatchObject({ reason: LICENCE_RULE_TEXT.duplicateState });
    const text = await api.call('POST', '/secure/license', {
      as: DEMO.clinician,
      body: { state: 'WA', licenseId: '<script>alert(1)</script>', expirationDate, goodStanding: true, acknowledgement: true },
    });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ reason: LICENCE_RULE_TEXT.number, field: 'licenseId' });
    const wy = await api.call('POST', '/secure/license', {
      as: DEMO.clinician,
      body: { state: 'WY', licenseId: 'WY-FTB-0001', expirationDate, goodStanding: true, acknowledgement: true },
    });
    expect(wy.status).toBe(201);
    const toNv = await api.call('PATCH', '/secure/clinician/updateLicence', {
      as: DEMO.clinician,
      body: { id: wy.body.id, state: 'NV', licenseId: 'WY-FTB-0001', expirationDate, goodStanding: true, acknowledgement: true },
    });
    expect(toNv.status).toBe(409);
    expect(toNv.body).toMatchObject({ reason: LICENCE_RULE_TEXT.duplicateState });
    expect((await api.call('DELETE', '/secure/clinician/deleteLicence', { as: DEMO.clinician, body: { id: wy.body.id } })).status).toBe(200);
  });

  it('the author of a licence is the token subject, never the body', async () => {
    const body = {
      state: 'AZ',
      licenseId: 'AZ-1',
      expirationDate: '2030-01-01',
      goodStanding: true,
      acknowledgement: true,
      clinicianId: env().cognito.subs[DEMO.clinician],
    };
    expect((await api.call('POST', '/secure/license', { as: DEMO.noCalendar, body })).status).toBe(400);
  });
  it('the audit log is append-only (see audit-roles.test.ts for the roles and triggers)', async () => {
    await expect(api.pool.query(`UPDATE audit_log SET outcome = 'X'`)).rejects.toThrow(/permission denied/);
    await expect(api.pool.query(`DELETE FROM audit_log`)).rejects.toThrow(/permission denied/);
    await expect(api.ownerPool().query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
  });
});
