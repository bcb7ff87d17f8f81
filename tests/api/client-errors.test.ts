import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERRORS_PATH } from '../../src/domain/client-errors/client-errors';
import { buildApp } from '../../src/server/app';
import { createPool } from '../../src/server/db/client';
import { apiHeaders, cloneTemplateDatabase, DEMO, testConfig, tokenFor } from './helpers';

/** A portal screen's uncaught error reaches the server's log with its route and no PHI; any signed-in user may report. */
const lines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let pool: ReturnType<typeof createPool>;

beforeAll(async () => {
  const { dbName, databaseUrl } = await cloneTemplateDatabase();
  pool = createPool(databaseUrl, 3);
  app = await buildApp({
    config: { ...testConfig(databaseUrl, dbName), logLevel: 'info' },
    pool,
    logStream: {
      write: (l) => {
        lines.push(l);
      },
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await pool.end();
});

async function report(body: unknown, as?: keyof typeof DEMO) {
  const payload = JSON.stringify(body);
  const token = as ? await tokenFor(DEMO[as]) : undefined;
  const res = await app.inject({ method: 'POST', url: CLIENT_ERRORS_PATH, headers: apiHeaders(CLIENT_ERRORS_PATH, payload, token), payload });
  return res;
}

const crash = {
  route: '/BookingDetails',
  name: 'TypeError',
  components: ['VisitSummaryDialog', 'BookingDetailPage'],
  message: "Cannot read properties of undefined (reading 'IDENTITY_PASSPORT') for laura.gonzalez@example.com 1970-01-26",
};

describe('POST /secure/client-errors', () => {
  it('logs the route, the error and the components, with the e-mail and numbers redacted', async () => {
    const res = await report(crash, 'clinician');
    expect(res.statusCode).toBe(204);
    const logged = lines.map((l) => JSON.parse(l) as { clientError?: Record<string, unknown>; msg: string }).find((l) => l.clientError);
    expect(logged?.msg).toBe('portal screen failed');
    expect(logged?.clientError).toEqual({
      route: '/BookingDetails',
      name: 'TypeError',
      components: ['VisitSummaryDialog', 'BookingDetailPage'],
      message: "Cannot read properties of undefined (reading 'IDENTITY_PASSPORT') for [email] [n]-[n]-[n]",
    });
    expect(lines.join('\n')).not.toContain('laura.gonzalez');
  });

  it('the read-only auditor and a user pending review may report; an anonymous caller may not', async () => {
    expect((await report(crash, 'auditor')).statusCode).toBe(204);
    expect((await report(crash, 'pending')).statusCode).toBe(204);
    expect((await report(crash)).statusCode).toBe(401);
  });

  it('a report carrying a query string, free text as a component or other fields is refused and not logged', async () => {
    const before = lines.length;
    for (const body of [
      { ...crash, route: '/BookingDetails?bookingId=BK000157&name=Laura' },
      { ...crash, components: ['Laura Gonzalez'] },
      { ...crash, patientName: 'Laura' },
    ])
      expect((await report(body, 'clinician')).statusCode).toBe(400);
    expect(lines.slice(before).some((l) => l.includes('clientError'))).toBe(false);
  });
});
