import { useEffect, useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { namesChange, type LiveEvent } from '../../../domain/live/live';
import { serverReason, statusOf } from '../../providers/errorReason';

/**
 * Record changes as <LiveUpdates> receives them, for the screens that announce another user's change to the
 * record they show. A DOM EventTarget: LiveUpdates dispatches, detail pages listen while mounted.
 */
export const liveChanges = new EventTarget();
const CHANGE = 'change';

export function publishChange(event: LiveEvent) {
  liveChanges.dispatchEvent(new CustomEvent<LiveEvent>(CHANGE, { detail: event }));
}

/** A record on screen: its react-admin resource and id (the live event's resource and id). */
export interface ShownRecord {
  resource: string;
  id: string;
}

/** One action is often several events (a reply marks its thread too): one toast per record and second. */
const QUIET_MS = 1000;

/**
 * While mounted, a change another user made to one of `records` shows "Updated by <name> just now" (the page's
 * queries refetch through LiveUpdates' invalidation); the user's own changes (any tab) are not announced, nor the
 * actions in `except` (a colleague reading a message changes nothing the reader needs to hear of).
 */
export function useAnnounceChanges(records: readonly ShownRecord[], options: { except?: readonly string[] } = {}) {
  const notify = useNotify();
  const key = JSON.stringify([records.filter((r) => r.id), options.except ?? []]);
  const last = useRef(0);
  useEffect(() => {
    const [shown, except] = JSON.parse(key) as [ShownRecord[], string[]];
    if (!shown.length) return undefined;
    const onChange = (ev: Event) => {
      const e = (ev as CustomEvent<LiveEvent>).detail;
      if (e.mine || except.includes(e.action) || !shown.some((r) => r.resource === e.resource && r.id === e.id)) return;
      if (Date.now() - last.current < QUIET_MS) return;
      last.current = Date.now();
      notify('live.updatedBy', { type: 'info', messageArgs: { name: e.by || '?' } });
    };
    liveChanges.addEventListener(CHANGE, onChange);
    return () => liveChanges.removeEventListener(CHANGE, onChange);
  }, [key, notify]);
}

/** The server's reason of a 409 that names who changed the record meanwhile (src/domain/live/live.ts), else null. */
export function changedByRefusal(error: unknown): string | null {
  const reason = statusOf(error) === 409 ? serverReason(error) : null;
  return namesChange(reason) ? reason : null;
}

/**
 * The failure toast of an action: for a refusal naming who changed the record meanwhile, the screen's failure text
 * followed by the server's reason (once: texts that already carry the reason stay as they are); otherwise null.
 */
export function useChangedByText() {
  const translate = useTranslate();
  return (error: unknown, failureKey: string, failureArgs?: Record<string, unknown>): string | null => {
    const reason = changedByRefusal(error);
    if (!reason) return null;
    const failure = translate(failureKey, { _: failureKey, ...failureArgs });
    return failure.includes(reason) ? failure : translate('live.refused', { failure: failure.replace(/\.$/, ''), reason });
  };
}
