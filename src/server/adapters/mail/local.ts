import { recordMail, type Mailer } from './types';

/** Local mail: nothing leaves the machine; the outbox table is the mailbox (read it at GET /outbox/{bookingId}). */
export function localMailer(): Mailer {
  return {
    provider: 'local',
    send: (db, mail) => recordMail(db, mail, 'local', mail.text, null),
  };
}
