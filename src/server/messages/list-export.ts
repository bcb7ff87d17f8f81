import { csvLine } from '../../domain/csv';
import { MESSAGE_PAGE_SIZES, type MessageListQuery, type MessageRow } from '../../domain/secure-messages';
import type { Actor } from '../auth/actor';
import type { ListKind } from './repository';
import { everyRow } from '../http/csv-export';
import * as service from './service';

type Audit = Parameters<typeof service.listMessages>[2];
const BATCH = MESSAGE_PAGE_SIZES[MESSAGE_PAGE_SIZES.length - 1];

/**
 * The full export of a message list (spec 3 §9; inbox, sent, other clinicians', a patient's): every row matching the
 * list's toggles as CSV in the list's sort, the table's columns, read in batches through the list's own service call
 * (licence scope, masked rows as XXXXXX, audit), never the whole list in memory.
 */
export async function* messageListCsv(deps: service.MessageDeps, actor: Actor, audit: Audit, kind: ListKind,
  q: Omit<MessageListQuery, 'page' | 'perPage'>) {
  yield csvLine(['Sender', 'To', 'Subject', 'Date/Time', 'Status', 'Dob', 'State', 'Recipients']);
  const rows = everyRow(BATCH, (page) => service.listMessages(deps, actor, audit, kind, { ...q, page, perPage: BATCH }));
  for await (const m of rows as AsyncGenerator<MessageRow>) {
    yield csvLine([m.from, m.to, m.subject, m.createdDateTime, m.latestStatus, m.patientDob, m.state, m.toNames]);
  }
}
