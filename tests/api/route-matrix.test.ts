import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CALENDAR_REFUSAL } from '../../src/domain/clinician/clinical-gate';
import { ROUTE_REFUSAL, routeRefusal } from '../../src/domain/shared/route-access';
import { rolesFromGroups } from '../../src/domain/shared/roles';
import type { DeclaredRoute } from '../../src/server/auth/secure-plugin';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-users';
import { forge } from './forge';
import { LIVE_EVENTS_PATH } from '../../src/domain/live/live';
import { apiHeaders, DEMO, startApi, tokenFor, type TestApi } from './helpers';

/**
 * The route x identity matrix, generated from the server's own route table: every declared route, called by every
 * demo identity and by three bad tokens, answers what its declaration predicts. A new route is covered the day it lands.
 */
let api: TestApi;
let routes: DeclaredRoute[];
const badTokens: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi();
  // HEAD mirrors GET; account routes (sign-out) end the caller's sessions, so they run last.
  routes = api.app.declaredRoutes
    .filter((r) => r.method !== 'HEAD')
    .sort((a, b) => Number(a.access.kind === 'account') - Number(b.access.kind === 'account'));
  const { privateKey } = await generateKeyPair('RS256');
  badTokens.expired = await forge({ exp: Math.floor(Date.now() / 1000) - 120 });
  badTokens.foreignKey = await forge({ key: privateKey });
  badTokens.noTokenUse = await forge({ tokenUse: null });
});
afterAll(async () => {
  await api.close();
});

/** Sample path parameters: the boundary decides before the schemas look at them. */
const sample = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => (name === 'kitId' ? 'KT0000001' : 'sample-1'));
const boundaryReasons = new Set<string>(Object.values(ROUTE_REFUSAL));

type Who = keyof typeof DEMO;
const identities = (Object.keys(DEMO) as Who[]).map((who) => {
  const account = DEMO_ACCOUNTS.find((a) => a.email === DEMO[who])!;
  return { who, roles: rolesFromGroups(account.groups), inactive: who === 'inactive', calendarLink: account.profile?.calendarLink ?? null };
});

async function call(route: DeclaredRoute, token?: string) {
  const body = ['GET', 'DELETE'].includes(route.method) ? undefined : {};
  if (route.url === LIVE_EVENTS_PATH) return openStream(route.url, token);
  return api.call(route.method as 'GET', sample(route.url), { token, body });
}

/** The event stream never ends: its status and headers, then the stream is dropped (a refusal's JSON body is read). */
async function openStream(url: string, token?: string) {
  const res = await api.app.inject({ method: 'GET', url, headers: apiHeaders(url, undefined, token), payloadAsStream: true });
  const stream = res.stream();
  if (String(res.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
    return { status: res.statusCode, body: null };
  }
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return { status: res.statusCode, body: JSON.parse(text) };
}

describe('route matrix: every declared route x every identity', () => {
  it('the route table is complete: every route declares kind and roles', () => {
    expect(routes.length).toBeGreaterThan(90);
    for (const r of routes) {
      expect(['read', 'write', 'account'], `${r.method} ${r.url}`).toContain(r.access.kind);
      expect(r.access.roles, `${r.method} ${r.url}`).toBeTruthy();
    }
  });

  it('without a token, or with an expired, foreign-key or token_use-less token: 401 on every route', async () => {
    for (const route of routes) {
      for (const token of [undefined, ...Object.values(badTokens)]) {
        const res = await call(route, token);
        expect(res.status, `${route.method} ${route.url}`).toBe(401);
      }
    }
  });

  for (const id of identities) {
    it(`as ${id.who}: refused exactly where the declaration says, let through everywhere else`, async () => {
      const token = await tokenFor(DEMO[id.who]);
      for (const route of routes) {
        const res = await call(route, token);
        const where = `${route.method} ${route.url} as ${id.who} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`;
        const refusal = routeRefusal(id, route.access);
        if (refusal) {
          expect(res.status, where).toBe(403);
          expect(res.body.reason, where).toBe(refusal);
        } else {
          expect(res.status, where).not.toBe(401);
          expect(res.status, where).toBeLessThan(500);
          if (res.status === 403) expect(boundaryReasons.has(res.body.reason), where).toBe(false);
        }
      }
    });
  }
});

describe('declarations the spec dictates (the matrix above checks the server keeps them)', () => {
  const find = (method: string, url: string) => {
    const r = routes.find((x) => x.method === method && x.url === url);
    if (!r) throw new Error(`no route ${method} ${url}`);
    return r.access;
  };
  const auditor = identities.find((i) => i.who === 'auditor')!;
  const ops = identities.find((i) => i.who === 'ops')!;
  const staff = identities.find((i) => i.who === 'staff')!;

  it('auditors search bookings (a POST that reads) but never write, whatever the method', () => {
    expect(routeRefusal(auditor, find('POST', '/secure/booking/v1/findBookings'))).toBeNull();
    expect(routeRefusal(auditor, find('GET', '/secure/kit/:kitId/label'))).toBeNull();
    expect(routeRefusal(auditor, find('PUT', '/secure/labRequest/approve'))).toBe(ROUTE_REFUSAL.readOnly);
    expect(routeRefusal(auditor, find('POST', '/secure/account/signOut'))).toBeNull();
  });
  it('staff never reach clinical routes; operation support never reaches products, payments or identity documents', () => {
    expect(routeRefusal(staff, find('GET', '/secure/testResult'))).toBe(ROUTE_REFUSAL.role);
    expect(routeRefusal(staff, find('POST', '/secure/chartNote'))).toBe(ROUTE_REFUSAL.role);
    expect(routeRefusal(ops, find('POST', '/secure/booking/v1/sendPayLink/:id'))).toBe(ROUTE_REFUSAL.role);
    expect(routeRefusal(ops, find('POST', '/secure/booking/v1/collectPayment/:id'))).toBe(ROUTE_REFUSAL.role);
    expect(routeRefusal(ops, find('GET', '/secure/booking/v1/:id/documents'))).toBe(ROUTE_REFUSAL.role);
  });
  it("clinical writes refuse a clinician without a calendar link with the booking refusal's reason (spec 3 §1)", () => {
    const noCalendar = identities.find((i) => i.who === 'noCalendar')!;
    const jane = identities.find((i) => i.who === 'clinician')!;
    expect(noCalendar.calendarLink).toBeNull();
    for (const [m, u] of [
      ['POST', '/secure/kit/labOrderRequest'],
      ['POST', '/secure/clinician/createPrescription'],
      ['POST', '/secure/message/addAnnotationToMsgs'],
      ['POST', '/secure/message/v2/toPatient'],
      ['POST', '/secure/message/reply/:id'],
      ['POST', '/secure/chartNote'],
      ['PUT', '/secure/chartNote/:id'],
      ['PUT', '/secure/labRequest/approve'],
      ['PUT', '/secure/labRequest/assign'],
      ['PUT', '/secure/testResult/:kitId/notes/release'],
      ['PATCH', '/secure/booking/v1/addClinicalNotes/:id'],
      ['POST', '/secure/booking/v1/completeClinical/:id'],
      ['POST', '/secure/booking/v1/sendPatientSummary/:id'],
      ['POST', '/secure/booking/v1/orderKit/:id'],
      ['POST', '/secure/transcribe'],
      ['PUT', '/secure/transcribe/audio/:id'],
    ]) {
      expect(find(m, u).clinicalWork, `${m} ${u}`).toBe(true);
      expect(routeRefusal(noCalendar, find(m, u)), `${m} ${u}`).toBe(NO_CALENDAR_REFUSAL);
      expect(routeRefusal(jane, find(m, u)), `${m} ${u}`).toBeNull();
    }
    // reading, and her own profile, licences and calendar link, stay open to her
    for (const [m, u] of [
      ['GET', '/secure/testResult'],
      ['PATCH', '/secure/clinician/updateCalendar'],
      ['PATCH', '/secure/clinician/addLicence'],
    ]) {
      expect(routeRefusal(noCalendar, find(m, u)), `${m} ${u}`).toBeNull();
    }
  });
  it('patient data routes are licence-bound', () => {
    for (const [m, u] of [
      ['GET', '/secure/testResult'],
      ['GET', '/secure/kit/:kitId'],
      ['GET', '/secure/booking/v1/get/:id'],
      ['GET', '/secure/chartNote/patient/:id'],
      ['GET', '/secure/patient/detailsBySubId/:id'],
    ]) {
      expect(find(m, u).licenceBound, `${m} ${u}`).toBe(true);
    }
  });
});
