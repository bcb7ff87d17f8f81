import type { Pool, PoolClient } from 'pg';
import { prepared } from '../../db/prepared';

export const MAIL_KINDS = ['SIGN_UP_LINK', 'PAY_LINK', 'PATIENT_SUMMARY', 'TRANSCRIPTION_READY', 'SECURE_MESSAGE', 'SIGN_UP_CODE'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface OutgoingMail {
  bookingId: string | null;
  kind: MailKind;
  to: string;
  subject: string;
  /** Plain text. */
  text: string;
}

/** Sends e-mail and records it in mail_outbox (GET /secure/booking/v1/outbox/{id}). */
export interface Mailer {
  readonly provider: 'local' | 'ses';
  /** Pass the transaction's client so the outbox row commits (or rolls back) with the change that sent the mail. */
  send(db: Pool | PoolClient, mail: OutgoingMail): Promise<{ id: string; sentAt: string }>;
}

/** One outbox row: the body only where the outbox is the delivery (local); otherwise the provider's message id. */
export async function recordMail(db: Pool | PoolClient, mail: OutgoingMail, provider: string, body: string | null, providerMessageId: string | null) {
  const { rows } = await db.query<{ id: string; sentAt: Date }>(
    prepared(
      `INSERT INTO mail_outbox (booking_id, kind, to_address, subject, body, provider, provider_message_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, sent_at AS "sentAt"`,
      [mail.bookingId, mail.kind, mail.to, mail.subject, body, provider, providerMessageId],
    ),
  );
  return { id: rows[0].id, sentAt: rows[0].sentAt.toISOString() };
}
