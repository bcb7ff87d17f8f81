import { csvLine } from '../../domain/shared/csv';
import { MESSAGE_PAGE_SIZES, type MessageListQuery } from '../../domain/messages/secure-messages';
import { everyRow } from '../http/csv-export';
import type { MessageRepository } from './repository';
import type { ListKind } from './repository-sql';

const BATCH = MESSAGE_PAGE_SIZES[MESSAGE_PAGE_SIZES.length - 1];

/**
 * The full export of a message list (spec 3 §9; inbox, sent, other clinicians', a patient's): every row matching the
 * list's toggles as CSV in the list's sort, the table's columns, read in batches through the list's own repository
 * call (licence scope, masked rows as XXXXXX, audit), never the whole list in memory.
 */
export async function* messageListCsv(messages: MessageRepository, kind: ListKind, q: Omit<MessageListQuery, 'page' | 'perPage'>) {
  yield csvLine(['Sender', 'To', 'Subject', 'Date/Time', 'Status', 'Dob', 'State', 'Recipients']);
  for await (const m of everyRow(BATCH, (page) => messages.list(kind, { ...q, page, perPage: BATCH }))) {
    yield csvLine([m.from, m.to, m.subject, m.createdDateTime, m.latestStatus, m.patientDob, m.state, m.toNames]);
  }
}
