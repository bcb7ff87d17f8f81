import type { Pool } from 'pg';
import { localMailer } from '../adapters/mail/local';
import type { CodeDelivery } from './cognito-client';

export const CODE_SUBJECT = 'Your verification code';

/** The local delivery of an emulator code: a row in the local mail outbox (kind SIGN_UP_CODE), as an e-mail would be. */
export async function recordCode(pool: Pool, d: CodeDelivery): Promise<void> {
  await localMailer().send(pool, {
    bookingId: null,
    kind: 'SIGN_UP_CODE',
    to: d.destination,
    subject: CODE_SUBJECT,
    text: `Your verification code is ${d.code}`,
  });
}

/** The newest code the emulator sent to an address, read back from the local outbox (null when none). */
export async function latestCode(pool: Pool, to: string): Promise<string | null> {
  const { rows } = await pool.query<{ body: string | null }>(
    `SELECT body FROM mail_outbox WHERE kind = 'SIGN_UP_CODE' AND lower(to_address) = lower($1) ORDER BY sent_at DESC, id DESC LIMIT 1`,
    [to],
  );
  return /(\d{4,8})\s*$/.exec(rows[0]?.body ?? '')?.[1] ?? null;
}
