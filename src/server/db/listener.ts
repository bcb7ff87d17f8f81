import pg, { type Pool } from 'pg';
import { sharedCall, within } from './async-calls';

export interface PgListenerOptions {
  /** Names the connection in the error a lost connection reports. */
  name: string;
  channels: readonly string[];
  onNotification(channel: string, payload: string | undefined): void;
  /** LISTEN is in place (again): whatever was missed while not listening must be treated as changed. */
  onReady?(): void;
  /** The connection is lost (it is retried every second until close). */
  onLost?(err: Error): void;
  /** A round trip not answered within this many ms counts as a lost connection (default 2000). */
  roundTripTimeoutMs?: number;
}

export interface PgListener {
  /** Whether notifications arrive now. */
  readonly active: boolean;
  start(): Promise<void>;
  /**
   * A round trip on the listening connection: PostgreSQL sends pending notifications before it answers, so every
   * notification committed before the call has been delivered when it resolves. A connection that does not answer
   * within `roundTripTimeoutMs` is treated as lost (so `active` is false when it resolves): a hung connection
   * without an error must not hold every cached read.
   */
  roundTrip(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One dedicated PostgreSQL connection that LISTENs on `channels` (the pool's connections cannot: a pooled client
 * changes hands). A lost connection is reported and retried every second; `onReady` says when it listens again.
 */
export function createPgListener(pool: Pool, opts: PgListenerOptions): PgListener {
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const timeoutMs = opts.roundTripTimeoutMs ?? 2000;

  const lost = (err: Error) => {
    listening = false;
    const old = client;
    client = null;
    old?.end().catch(() => undefined);
    opts.onLost?.(err);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, 1000);
      retry.unref();
    }
  };

  async function connect() {
    if (closed || client) return;
    const mine = new pg.Client(pool.options);
    client = mine;
    mine.on('notification', (msg) => opts.onNotification(msg.channel, msg.payload));
    mine.on('error', (err) => lost(err));
    mine.on('end', () => {
      if (client === mine) lost(new Error(`${opts.name} notification connection ended`));
    });
    try {
      await mine.connect();
      await mine.query(opts.channels.map((c) => `LISTEN ${c}`).join('; '));
      if (client === mine && !closed) {
        listening = true;
        opts.onReady?.();
      }
    } catch (err) {
      if (client === mine) lost(err as Error);
    }
  }

  async function queryRoundTrip() {
    const mine = client;
    if (!listening || !mine) return;
    // A lost connection is handled by 'error'/'end'.
    const answered = mine.query('SELECT 1').then(
      () => undefined,
      () => undefined,
    );
    await within(answered, timeoutMs, () => {
      if (client === mine) lost(new Error(`${opts.name} notification connection did not answer within ${timeoutMs} ms`));
    });
  }

  /**
   * One query at a time on the connection (pg queues a second one, a use it deprecates). A caller that arrives while
   * a round trip is on its way waits for the next one, which starts after it: the one under way may have been
   * answered before a notification committed just before the call. Callers meanwhile share that next round trip.
   */
  const roundTrip = sharedCall(queryRoundTrip);

  return {
    get active() {
      return listening;
    },
    start: connect,
    roundTrip,
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      const old = client;
      client = null;
      await old?.end().catch(() => undefined);
    },
  };
}
