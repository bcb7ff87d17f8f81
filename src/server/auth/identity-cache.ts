import { LRUCache } from 'lru-cache';
import type { Pool } from 'pg';
import { createPgListener } from '../db/listener';
import { loadIdentity, type Identity } from './actor';

/** The channel the database notifies (migration 0017) when a user's revocation, profile or licences change. */
export const IDENTITY_CHANNEL = 'portal_identity';

export interface IdentityCacheOptions {
  /** How long a loaded identity is used without asking the database again (ms); default 30 s. */
  ttlMs?: number;
  /** Most identities kept (least recently used dropped first); default 10,000. */
  max?: number;
  /** Reports a lost notification connection (the cache is off until it is back). */
  onError?: (err: Error) => void;
}

export interface IdentityCache {
  /** The user's revocation time and profile: from the cache while it is listening, else from the database. */
  load(sub: string, withProfile: boolean): Promise<Identity>;
  /** Drops what this instance holds for the user. */
  invalidate(sub: string): void;
  /**
   * Resolves once every notification committed before the call has been applied here: a round trip on the listening
   * connection, whose server sends pending notifications before it answers. Called after each write on this instance,
   * so the writer's own next request never meets an identity its write changed.
   */
  settle(): Promise<void>;
  /** Starts listening (the cache is used only while it listens). */
  start(): Promise<void>;
  close(): Promise<void>;
  /** Whether cached identities are used now (listening). */
  readonly active: boolean;
}

/**
 * A short per-instance cache of what the Actor is built from (the revocation time, the clinician profile and its
 * licences), keyed by the token's subject. Every instance LISTENs on IDENTITY_CHANNEL; triggers on
 * session_revocations, clinicians and licences NOTIFY it on commit, so a sign-out, an INACTIVE status or a licence
 * change on any instance drops the entry on every instance. The cache is only an optimisation and is safe to lose:
 * while the notification connection is down it is cleared and bypassed (every request reads the database), and a
 * load that overlaps a notification is not kept. The Actor itself (roles from the token, licence states of today)
 * is still built for every request.
 */
export function createIdentityCache(pool: Pool, opts: IdentityCacheOptions = {}): IdentityCache {
  const cache = new LRUCache<string, Identity>({ max: opts.max ?? 10_000, ttl: opts.ttlMs ?? 30_000, ttlAutopurge: false });
  /** Bumped by every notification and connection loss: a load that started before it is not cached. */
  let epoch = 0;
  const keyOf = (sub: string, withProfile: boolean) => `${withProfile ? 'p' : 'n'}:${sub}`;

  const drop = (sub: string) => {
    epoch += 1;
    cache.delete(keyOf(sub, true));
    cache.delete(keyOf(sub, false));
  };
  const forgetAll = () => {
    epoch += 1;
    cache.clear();
  };
  const listener = createPgListener(pool, {
    name: 'identity',
    channels: [IDENTITY_CHANNEL],
    onNotification: (channel, payload) => {
      if (channel === IDENTITY_CHANNEL && payload) drop(payload);
    },
    onReady: forgetAll,
    onLost: (err) => {
      forgetAll();
      opts.onError?.(err);
    },
  });

  return {
    get active() {
      return listener.active;
    },
    async load(sub, withProfile) {
      if (!listener.active) return loadIdentity(pool, sub, withProfile);
      const key = keyOf(sub, withProfile);
      const hit = cache.get(key);
      if (hit) return hit;
      const started = epoch;
      const identity = await loadIdentity(pool, sub, withProfile);
      if (listener.active && epoch === started) cache.set(key, identity);
      return identity;
    },
    invalidate: drop,
    settle: () => listener.roundTrip(),
    start: () => listener.start(),
    async close() {
      await listener.close();
      cache.clear();
    },
  };
}
