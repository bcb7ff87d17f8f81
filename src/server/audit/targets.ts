import type { FastifyRequest } from 'fastify';

/**
 * What a refused request was after, for its audit row: a denied or not-found access to a record must be findable
 * by the record and by its patient (who tried to open this patient?), while the caller reads the same "not found".
 *
 * - The record asked for: by convention, a route names it by a path or query parameter called `id` or ending in `Id`
 *   (`:id`, `:kitId`, `?personId=`); a write on several records names them in a body field ending in `Ids` (`msgIds`,
 *   `kitIds`: a list, or the spec's comma-joined string), each id taken on its own. No other parameter is taken:
 *   e-mails, statuses, file names and the like are not record ids and some are PHI.
 * - The patients resolved: every patient whose scope the server checked while answering (src/server/auth/scope.ts
 *   tells the request's audit), whether or not the check let the record through.
 */

const ID_NAME = /^(id|[A-Za-z]+Id)$/;
/** A refused request names at most this many ids asked for and patients resolved (a list that checks each row's scope). */
export const MAX_TARGETS = 20;

const IDS_NAME = /^[a-z][A-Za-z]*Ids$/;

/** The ids of a body's id-list field: its strings, or the parts of its comma-joined string. */
function listed(value: unknown): string[] {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  return items.flatMap((v) => (typeof v === 'string' && v.trim() !== '' ? [v.trim()] : []));
}

/** The record ids a request asked for: its id parameters (path first, then query), then its body's id lists, as sent. */
export function askedIds(req: FastifyRequest): string[] {
  const ids: string[] = [];
  for (const values of [req.params, req.query]) {
    if (!values || typeof values !== 'object') continue;
    for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
      if (ids.length >= MAX_TARGETS) return ids;
      if (ID_NAME.test(name) && typeof value === 'string' && value !== '') ids.push(value);
    }
  }
  const body = req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return ids;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (!IDS_NAME.test(name)) continue;
    for (const id of listed(value)) {
      if (ids.length >= MAX_TARGETS) return ids;
      ids.push(id);
    }
  }
  return ids;
}
