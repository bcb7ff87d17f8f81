import type { QueryConfig } from 'pg';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../config';
import { createMailer } from './index';
import { sesMailer } from './ses';
import { recordedStatement } from '../../db/recorded-statement';

// Local mode: the local implementations are the defaults (production needs every vendor setting, see config.test.ts).
const env = { COGNITO_USER_POOL_ID: 'p', COGNITO_CLIENT_ID: 'c', DATABASE_URL: 'postgres://x', PORTAL_MODE: 'local' };

/** A pg stand-in that records the outbox insert. */
function fakeDb() {
  const calls: unknown[][] = [];
  return {
    calls,
    query: async (asked: string | QueryConfig, values?: unknown[]) => {
      calls.push(recordedStatement(asked, values).values);
      return { rows: [{ id: 'm1', sentAt: new Date('2026-01-01T00:00:00Z') }] };
    },
  };
}
const mail = { bookingId: 'BK1', kind: 'PAY_LINK' as const, to: 'pat@example.com', subject: 'Pay', text: 'Pay here' };

describe('mail adapter', () => {
  it('is local by default in local mode and SES with MAIL_PROVIDER=ses (sender required)', () => {
    expect(createMailer(configFromEnv(env)).provider).toBe('local');
    expect(createMailer(configFromEnv({ ...env, MAIL_PROVIDER: 'ses', MAIL_FROM: 'care@example.com' })).provider).toBe('ses');
    expect(() => configFromEnv({ ...env, MAIL_PROVIDER: 'ses' })).toThrow(/MAIL_FROM/);
  });

  it('local: the outbox row keeps the body', async () => {
    const db = fakeDb();
    expect(await createMailer({}).send(db as never, mail)).toEqual({ id: 'm1', sentAt: '2026-01-01T00:00:00.000Z' });
    expect(db.calls[0]).toEqual(['BK1', 'PAY_LINK', 'pat@example.com', 'Pay', 'Pay here', 'local', null]);
  });

  it('SES: sends through the SDK from the configured sender; the outbox keeps only the message id', async () => {
    const sent: any[] = [];
    const client = {
      send: async (cmd: any) => {
        sent.push(cmd.input);
        return { MessageId: 'ses-42' };
      },
    };
    const db = fakeDb();
    await sesMailer({ region: 'us-east-1', from: 'care@example.com', client: client as never }).send(db as never, mail);
    expect(sent[0]).toMatchObject({
      FromEmailAddress: 'care@example.com',
      Destination: { ToAddresses: ['pat@example.com'] },
      Content: { Simple: { Subject: { Data: 'Pay' }, Body: { Text: { Data: 'Pay here' } } } },
    });
    expect(db.calls[0]).toEqual(['BK1', 'PAY_LINK', 'pat@example.com', 'Pay', null, 'ses', 'ses-42']);
  });
});
