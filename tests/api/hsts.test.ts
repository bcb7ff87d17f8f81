import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { apiHeaders, DEMO, startApi, testConfig, tokenFor, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const HSTS = 'max-age=31536000; includeSubDomains';

/** The answers of an app built while NODE_ENV is `nodeEnv`: a public route, the config, a secure route (200 and 401), a 404. */
async function headersWith(nodeEnv: string | undefined) {
  const saved = process.env.NODE_ENV;
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  const app = await buildApp({ config: testConfig(api.databaseUrl, `hsts-${nodeEnv}`), pool: api.pool, logger: false });
  try {
    await app.ready();
    const token = await tokenFor(DEMO.clinician);
    const answers = [
      await app.inject({ method: 'GET', url: '/health' }),
      await app.inject({ method: 'GET', url: '/config.json' }),
      await app.inject({ method: 'GET', url: '/secure/license', headers: apiHeaders('/secure/license', undefined, token) }),
      await app.inject({ method: 'GET', url: '/secure/license' }),
      await app.inject({ method: 'GET', url: '/nope' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 404]);
    return answers.map((a) => a.headers['strict-transport-security']);
  } finally {
    await app.close();
    if (saved === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = saved;
  }
}

describe('Strict-Transport-Security', () => {
  it('is on every answer when NODE_ENV=production', async () => {
    expect(await headersWith('production')).toEqual(Array(5).fill(HSTS));
  });
  it('is not sent by the local stack outside production (plain HTTP on loopback)', async () => {
    expect(await headersWith('test')).toEqual(Array(5).fill(undefined));
  });
});
