import pg, { type Pool } from 'pg';
import { LIVE_RECORD_TYPES, mayReceive, type LiveEvent } from '../../domain/live';
import type { Role } from '../../domain/roles';
import type { PatientScope } from '../../domain/scope';
import { IDENTITY_CHANNEL } from '../auth/identity-cache';
import { placeOf } from './locate';

/** The channel migration 0023's trigger notifies on every committed record_history row. */
export const RECORDS_CHANNEL = 'portal_records';
/** Most open event streams per user: a further one closes that user's oldest. */
export const MAX_STREAMS_PER_USER = 5;

/** One open event stream: its user, as the stream's request authorised it, and how to reach it. */
export interface LiveSubscriber {
  sub: string;
  roles: readonly Role[];
  scope: Pick<PatientScope, 'licenceBound' | 'states'>;
  send(event: LiveEvent): void;
  /** Ends the stream (the portal reconnects and is authorised again). */
  close(): void;
}

export interface LiveHub {
  /** Adds a stream; answers its removal. */
  subscribe(s: LiveSubscriber): () => void;
  /** Whether notifications arrive now (a stream opened while not listening would miss changes). */
  readonly active: boolean;
  start(): Promise<void>;
  close(): Promise<void>;
}

interface Notice { type: string; id: string; action: string; by: string }

function parseNotice(payload: string | undefined): Notice | null {
  try {
    const n = JSON.parse(payload ?? '') as Partial<Notice>;
    return typeof n.type === 'string' && typeof n.id === 'string' && typeof n.action === 'string'
      ? { type: n.type, id: n.id, action: n.action, by: typeof n.by === 'string' ? n.by : '' } : null;
  } catch {
    return null;
  }
}

/**
 * One LISTEN connection per API instance, fanned out to its event streams. A record change (any instance, any
 * transaction that committed) is located once (its patient's state) and sent to each stream whose user may read
 * the record. A change to a user's identity (sign-out, status, licences) ends that user's streams, so the portal
 * reconnects with a fresh authorisation (or is refused). A lost connection ends every stream (changes may have been
 * missed; the portal reconnects and refetches) and is retried every second.
 */
export function createLiveHub(pool: Pool, opts: { onError?: (err: Error) => void } = {}): LiveHub {
  const streams = new Map<string, LiveSubscriber[]>();
  let listener: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const all = () => [...streams.values()].flat();
  const endUser = (sub: string) => (streams.get(sub) ?? []).slice().forEach((s) => s.close());

  async function deliver(notice: Notice) {
    const type = LIVE_RECORD_TYPES[notice.type];
    if (!type || streams.size === 0) return;
    const place = await placeOf(pool, type.locate, notice.id);
    const event: LiveEvent = { resource: type.resource, id: notice.id, action: notice.action, by: notice.by };
    for (const s of all()) if (mayReceive(s, type, place)) s.send(event);
  }

  const lost = (err: Error) => {
    listening = false;
    opts.onError?.(err);
    const client = listener;
    listener = null;
    client?.end().catch(() => undefined);
    all().forEach((s) => s.close());
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, 1000);
      retry.unref();
    }
  };

  async function connect() {
    if (closed || listener) return;
    const client = new pg.Client(pool.options);
    listener = client;
    client.on('notification', (msg) => {
      if (msg.channel === IDENTITY_CHANNEL && msg.payload) endUser(msg.payload);
      if (msg.channel !== RECORDS_CHANNEL) return;
      const notice = parseNotice(msg.payload);
      if (notice) deliver(notice).catch((err: Error) => opts.onError?.(err));
    });
    client.on('error', (err) => lost(err));
    client.on('end', () => {
      if (listener === client) lost(new Error('live notification connection ended'));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${RECORDS_CHANNEL}; LISTEN ${IDENTITY_CHANNEL}`);
      if (listener === client && !closed) listening = true;
    } catch (err) {
      if (listener === client) lost(err as Error);
    }
  }

  return {
    get active() {
      return listening;
    },
    subscribe(s) {
      const mine = streams.get(s.sub) ?? [];
      mine.push(s);
      streams.set(s.sub, mine);
      while (mine.length > MAX_STREAMS_PER_USER) mine.shift()?.close();
      return () => {
        const list = streams.get(s.sub);
        if (!list) return;
        const i = list.indexOf(s);
        if (i >= 0) list.splice(i, 1);
        if (list.length === 0) streams.delete(s.sub);
      };
    },
    start: connect,
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      all().forEach((s) => s.close());
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
