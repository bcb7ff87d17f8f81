import { requestContext } from '@fastify/request-context';
import pg from 'pg';

/**
 * The tables a request's queries named, noted while the request runs (the response cache keeps an answer with the
 * tables it read, http/response-cache.ts). A query's tables are the known table names that occur in its text as
 * whole words: more than it reads at times (a column or alias of the same name), never fewer, since every table a
 * statement reads is named in it, but for the audit tables, which no cached answer reads (they announce no change):
 * the one view, audit_rows, and the one function a statement calls that reads a table, audit_seal, read only those.
 */
export interface ReadTables {
  /** The table names noted so far. */
  tables: Set<string>;
}

declare module '@fastify/request-context' {
  interface RequestContextData {
    readTables?: ReadTables;
  }
}

let matcher: RegExp | null = null;
const byText = new Map<string, string[]>();
/** Distinct statement texts remembered (they are parameterised, so few); past this each text is matched afresh. */
const MAX_TEXTS = 10_000;

/** The tables of the database (public schema), known from start-up on; until then no query is noted. */
export function knowTables(names: readonly string[]): void {
  const words = [...names].sort((a, b) => b.length - a.length).map((n) => n.replace(/[^a-z0-9_]/gi, ''));
  matcher = words.length ? new RegExp(`\\b(?:${words.join('|')})\\b`, 'g') : null;
  byText.clear();
}

/** The known tables named in a statement's text. */
export function tablesNamedIn(text: string): string[] {
  let found = byText.get(text);
  if (!found) {
    found = matcher ? [...new Set(text.toLowerCase().match(matcher) ?? [])] : [];
    if (byText.size < MAX_TEXTS) byText.set(text, found);
  }
  return found;
}

/** Starts noting the tables of the current request's queries (from here to its end); answers what will be noted. */
export function noteReadTables(): ReadTables | null {
  if (!matcher) return null;
  const notes: ReadTables = { tables: new Set() };
  requestContext.set('readTables', notes);
  return notes;
}

function note(config: unknown) {
  const notes = requestContext.get('readTables');
  if (!notes) return;
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  if (typeof text === 'string') for (const t of tablesNamedIn(text)) notes.tables.add(t);
}

const INSTALLED = Symbol.for('portal.readTables.installed');
type Query = (this: unknown, ...args: unknown[]) => unknown;

/**
 * Notes every query made by this process's pg pools and clients, whoever made them: a query sent through a pool
 * is noted where it is asked (the pool hands it to a client later, in another request's context maybe, where it is
 * noted again: one table too many for that request, never one too few for this one).
 */
export function installReadTableNotes(): void {
  const marked = pg.Client.prototype as unknown as Record<symbol, boolean>;
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  for (const proto of [pg.Client.prototype, pg.Pool.prototype] as unknown as Array<{ query: Query }>) {
    const query = proto.query;
    proto.query = function noted(this: unknown, ...args: unknown[]) {
      note(args[0]);
      return query.apply(this, args);
    };
  }
}
