import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/server/db/client';
import { cloneTemplateDatabase } from './helpers';

/** The server's connections (src/server/db/client.ts): no parallel query, also after a RESET. */
let pool: ReturnType<typeof createPool>;
beforeAll(async () => {
  pool = createPool((await cloneTemplateDatabase()).databaseUrl, 2);
});
afterAll(async () => {
  await pool.end();
});

describe('database connections', () => {
  it('run without parallel workers, a setting that RESET ALL keeps', async () => {
    const client = await pool.connect();
    try {
      const shown = async () => (await client.query<{ v: string }>('SELECT current_setting($1) AS v', ['max_parallel_workers_per_gather'])).rows[0].v;
      expect(await shown()).toBe('0');
      await client.query('SET max_parallel_workers_per_gather = 2');
      await client.query('RESET ALL');
      expect(await shown()).toBe('0');
    } finally {
      client.release();
    }
  });
});
