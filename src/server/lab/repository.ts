import type { AccessContext } from '../auth/access-context';
import { labLists } from './repository-lists';
import { labRequests } from './repository-requests';
import { labResults } from './repository-results';

/**
 * The lab's repository for one request's Actor (`req.data.lab`): every SQL statement of lab requests and lab results,
 * with the patient scope (404 outside it, masked rows in lists), the licence and assignment gates of the record's
 * patient, history and audit applied here, never by the caller. Split by part: lists and reads
 * (repository-lists.ts), the lab request writes and the record lock (repository-requests.ts, repository-lock.ts), the
 * test result writes and result files (repository-results.ts).
 */
export const labRepository = (ctx: AccessContext) => ({ ...labLists(ctx), ...labRequests(ctx), ...labResults(ctx) });
export type LabRepository = ReturnType<typeof labRepository>;
