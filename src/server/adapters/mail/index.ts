import type { ServerConfig } from '../../config';
import { localMailer } from './local';
import { sesMailer } from './ses';
import type { Mailer } from './types';

export type { Mailer, MailKind, OutgoingMail } from './types';

/** The configured mailer: SES when MAIL_PROVIDER=ses, else the local outbox. */
export function createMailer(config: Pick<ServerConfig, 'mail'>): Mailer {
  const mail = config.mail;
  if (mail?.provider === 'ses') return sesMailer({ region: mail.region, from: mail.from });
  return localMailer();
}
