import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, startJobQueue } from '../../src/server/jobs/queue';
import { startApi, type TestApi } from './helpers';

/**
 * The PostgreSQL job queue (pg-boss) as the runtime role uses it: a job outlives the process that sent it (a
 * restart), and a job sent inside a transaction exists only if the transaction commits. The app under test is
 * closed first so that only this file's queues work the jobs.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  await api.app.close();
});
afterAll(async () => {
  await api.pool.end();
});

const QUEUE = QUEUES.transcription.name;
const quiet = { onError: () => undefined, pollingIntervalSeconds: 0.5 };

/** Starts a worker on the queue and resolves with the first job's data it is handed (or null after `ms`). */
async function firstJob(ms = 10_000) {
  const queue = await startJobQueue(api.pool, quiet);
  const got = await new Promise<object | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    void queue.work<object>(QUEUE, async (job) => {
      clearTimeout(timer);
      resolve(job.data);
    });
  });
  await queue.stop(2_000);
  return got;
}

describe('job queue', () => {
  it('a job sent before a restart is run by the next process', async () => {
    const before = await startJobQueue(api.pool, quiet);
    await before.send(QUEUE, { transcriptionId: 'sent-before-restart' });
    await before.stop(2_000);
    expect(await firstJob()).toEqual({ transcriptionId: 'sent-before-restart' });
  });

  it('a job sent inside a transaction that rolls back never runs; one that commits does', async () => {
    const sender = await startJobQueue(api.pool, quiet);
    const client = await api.pool.connect();
    try {
      await client.query('BEGIN');
      await sender.send(QUEUE, { transcriptionId: 'rolled-back' }, { db: client });
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      await sender.send(QUEUE, { transcriptionId: 'committed' }, { db: client });
      await client.query('COMMIT');
    } finally {
      client.release();
      await sender.stop(2_000);
    }
    expect(await firstJob()).toEqual({ transcriptionId: 'committed' });
    expect(await firstJob(2_000)).toBeNull();
  });
});
