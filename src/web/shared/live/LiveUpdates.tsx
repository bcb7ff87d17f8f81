import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_INVALIDATES } from '../../../domain/live/live';
import { getIdToken } from '../../providers/sessionCache';
import { openLiveStream } from './liveStream';
import { publishChange } from './recordChanges';

const BATCH_MS = 100;
const EVERY_LIVE_RESOURCE = [...new Set(Object.values(LIVE_INVALIDATES).flat())];

/**
 * Live updates on every signed-in page: while mounted (the layout), one event stream; a change another
 * user made to a record this user may read invalidates the react-admin queries of its resources (every react-admin
 * query key starts with the resource: [resource, 'getList' | 'getOne' | ..., params]), so the list or page on screen
 * refetches at once; the page showing the record says who changed it. After a lost connection every live resource is refetched (changes may have been missed).
 */
export function LiveUpdates({ getToken = getIdToken }: { getToken?: () => Promise<string> }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const ctrl = new AbortController();
    // A bulk change (fifty kits shipped) is fifty events: their resources are invalidated once, 100 ms after the first.
    const pending = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const invalidate = (resources: readonly string[]) => {
      resources.forEach((r) => pending.add(r));
      timer ??= setTimeout(() => {
        timer = null;
        for (const resource of pending) void queryClient.invalidateQueries({ queryKey: [resource] });
        pending.clear();
      }, BATCH_MS);
    };
    openLiveStream({
      getToken,
      signal: ctrl.signal,
      onChange: (e) => {
        invalidate(LIVE_INVALIDATES[e.resource] ?? [e.resource]);
        publishChange(e); // detail pages announce other users' changes to their record (recordChanges.ts)
      },
      onReconnect: () => invalidate(EVERY_LIVE_RESOURCE),
    }).catch(() => undefined); // refused (signed out): the session checks take the user to the sign-in page
    return () => {
      ctrl.abort();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, getToken]);
  return null;
}
