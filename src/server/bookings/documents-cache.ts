import { LRUCache } from 'lru-cache';
import type { IdentityDocumentKey } from '../../domain/booking-detail/booking-identity';
import type { ChannelSubscription } from '../live/hub';

/**
 * Notified (payload: the booking id) by a transaction that changes a booking's identity documents, on commit (the
 * repository's document writes, repository-actions.ts).
 */
export const DOCUMENTS_CHANNEL = 'portal_documents';
/** GET /{id}/documents answers are cached 10 minutes per booking (spec 2 §9); a change drops the entry on every instance. */
export const DOCUMENTS_CACHE_MS = 10 * 60 * 1000;

export type DocumentLinks = Partial<Record<IdentityDocumentKey, string>>;

export interface DocumentsCache {
  /** The links cached for the booking, while notifications arrive (never while they do not). */
  get(bookingId: string): DocumentLinks | undefined;
  /** Where a read starts: its answer is kept only if no change arrived since (`set` with this mark). */
  mark(): number;
  set(bookingId: string, links: DocumentLinks, mark: number): void;
  readonly subscription: ChannelSubscription;
}

/**
 * The presigned document links of a booking, per instance: at most `max` bookings (least recently used first out),
 * each for DOCUMENTS_CACHE_MS. A change committed on any instance (or by any process that notifies) drops the entry
 * on every instance through DOCUMENTS_CHANNEL; while the notification connection is down nothing is cached.
 */
export function createDocumentsCache(opts: { max?: number; ttlMs?: number } = {}): DocumentsCache {
  const cache = new LRUCache<string, DocumentLinks>({ max: opts.max ?? 1000, ttl: opts.ttlMs ?? DOCUMENTS_CACHE_MS, ttlAutopurge: false });
  let listening = false;
  /** Bumped by every change and connection event: a read that started before one is not kept. */
  let epoch = 0;
  const forget = () => {
    epoch += 1;
    cache.clear();
  };
  return {
    get: (bookingId) => (listening ? cache.get(bookingId) : undefined),
    mark: () => epoch,
    set(bookingId, links, mark) {
      if (listening && mark === epoch) cache.set(bookingId, links);
    },
    subscription: {
      channel: DOCUMENTS_CHANNEL,
      onNotification(payload) {
        epoch += 1;
        if (payload) cache.delete(payload);
      },
      onListening(now) {
        listening = now;
        forget();
      },
    },
  };
}
