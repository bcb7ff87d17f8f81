import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { recordMail, type Mailer } from './types';

/** Production mail through Amazon SES (v2 API); credentials from the usual AWS chain. The outbox keeps no body. */
export function sesMailer(opts: { region: string; from: string; client?: Pick<SESv2Client, 'send'> }): Mailer {
  const client = opts.client ?? new SESv2Client({ region: opts.region });
  return {
    provider: 'ses',
    async send(db, mail) {
      const out = await client.send(
        new SendEmailCommand({
          FromEmailAddress: opts.from,
          Destination: { ToAddresses: [mail.to] },
          Content: { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.text, Charset: 'UTF-8' } } } },
        }),
      );
      return recordMail(db, mail, 'ses', null, out.MessageId ?? null);
    },
  };
}
