import type { Pool } from 'pg';
import { LIVE_RECORD_TYPES, mayReceive, type LiveEvent, type LiveReceiver } from '../../domain/live/live';
import { IDENTITY_CHANNEL } from '../auth/identity-cache';
import { createPgListener } from '../db/listener';
import { placeOf } from './repository';

/** A channel another per-instance cache listens on through the hub's connection, with what to do on its notifications. */
export interface ChannelSubscription {
  channel: string;
  onNotification(payload: string | undefined): void;
  /** The connection listens (true) or was lost (false): whatever was missed meanwhile must count as changed. */
  onListening(listening: boolean): void;
}

/** The channel migration 0023's trigger notifies on every committed record_history row. */
export const RECORDS_CHANNEL = 'portal_records';
/** Most open event streams per user: a further one closes that user's oldest. */
export const MAX_STREAMS_PER_USER = 5;

/** One open event stream: its user, as the stream's request authorised it, and how to reach it. */
export interface LiveSubscriber extends LiveReceiver {
  sub: string;
  send(event: LiveEvent): void;
  /** Ends the stream (the portal reconnects and is authorised again). */
  close(): void;
}

export interface LiveHub {
  /** Adds a stream; answers its removal. */
  subscribe(s: LiveSubscriber): () => void;
  /** Whether notifications arrive now (a stream opened while not listening would miss changes). */
  readonly active: boolean;
  /** Open event streams on this instance (metrics). */
  readonly subscribers: number;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A notification of migration 0023/0031's trigger: the record, the change, the changer's name and user id. */
interface Notice {
  type: string;
  id: string;
  action: string;
  by: string;
  sub: string;
}

function parseNotice(payload: string | undefined): Notice | null {
  try {
    const n = JSON.parse(payload ?? '') as Partial<Notice>;
    return typeof n.type === 'string' && typeof n.id === 'string' && typeof n.action === 'string'
      ? { type: n.type, id: n.id, action: n.action, by: typeof n.by === 'string' ? n.by : '', sub: typeof n.sub === 'string' ? n.sub : '' }
      : null;
  } catch {
    return null;
  }
}

/**
 * One LISTEN connection per API instance, fanned out to its event streams (and to the `channels` of other per-instance
 * caches, so that they need no connection of their own). A record change (any instance, any
 * transaction that committed) is located once (its patient's state) and sent to each stream whose user may read
 * the record. A change to a user's identity (sign-out, status, licences) ends that user's streams, so the portal
 * reconnects with a fresh authorisation (or is refused). A lost connection ends every stream (changes may have been
 * missed; the portal reconnects and refetches) and is retried every second.
 */
export function createLiveHub(pool: Pool, opts: { onError?: (err: Error) => void; channels?: ChannelSubscription[] } = {}): LiveHub {
  const others = new Map((opts.channels ?? []).map((c) => [c.channel, c]));
  const streams = new Map<string, LiveSubscriber[]>();
  const all = () => [...streams.values()].flat();
  const endUser = (sub: string) => (streams.get(sub) ?? []).slice().forEach((s) => s.close());

  async function deliver(notice: Notice) {
    const type = LIVE_RECORD_TYPES[notice.type];
    if (!type || streams.size === 0) return;
    const place = await placeOf(pool, type.locate, notice.id);
    const event = { resource: type.resource, id: notice.id, action: notice.action, by: notice.by };
    // The changer's id stays here: each stream hears only whether the change is its own user's.
    for (const s of all()) if (mayReceive(s, type, place)) s.send({ ...event, mine: !!notice.sub && notice.sub === s.sub } satisfies LiveEvent);
  }

  const listener = createPgListener(pool, {
    name: 'live',
    channels: [RECORDS_CHANNEL, IDENTITY_CHANNEL, ...others.keys()],
    onNotification: (channel, payload) => {
      others.get(channel)?.onNotification(payload);
      if (channel === IDENTITY_CHANNEL && payload) endUser(payload);
      if (channel !== RECORDS_CHANNEL) return;
      const notice = parseNotice(payload);
      if (notice) deliver(notice).catch((err: Error) => opts.onError?.(err));
    },
    // Changes may have been missed: every stream ends, the portal reconnects and refetches.
    onLost: (err) => {
      opts.onError?.(err);
      all().forEach((s) => s.close());
      for (const c of others.values()) c.onListening(false);
    },
    onReady: () => {
      for (const c of others.values()) c.onListening(true);
    },
  });

  return {
    get active() {
      return listener.active;
    },
    get subscribers() {
      return all().length;
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
    start: () => listener.start(),
    async close() {
      all().forEach((s) => s.close());
      await listener.close();
    },
  };
}
