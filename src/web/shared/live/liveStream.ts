import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { ADDRESSEE_TYPE_CLINICIAN, ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../../domain/shared/headers';
import { LIVE_CHANGE_EVENT, LIVE_EVENTS_PATH, liveEventSchema, type LiveEvent } from '../../../domain/live/live';

export interface LiveStreamOptions {
  /** The current id token (asked again for every (re)connection, so a refreshed token is used). */
  getToken: () => Promise<string>;
  /** A record someone changed, that this user may read. */
  onChange: (event: LiveEvent) => void;
  /** The stream is open again after it was lost: changes may have been missed meanwhile. */
  onReconnect: () => void;
  /** Aborting it closes the stream for good (sign-out, the layout unmounting). */
  signal: AbortSignal;
  /** Origin the path resolves against; the page's own by default. */
  baseUrl?: string;
  /** Wait before reconnecting after a loss (ms). */
  retryMs?: number;
}

/** The server refused the user (signed out, revoked, no portal role): reconnecting would not help. */
class Refused extends Error {}

/**
 * GET /secure/events through fetch (not EventSource: the token goes in the Authorization header, never in the URL),
 * with the spec's headers, reconnecting after a network loss or a stream the server ended (token expiry, a licence
 * change). Resolves when `signal` aborts; rejects once the server refuses the user (401/403).
 */
export function openLiveStream(opts: LiveStreamOptions): Promise<void> {
  let opened = 0;
  const retryMs = opts.retryMs ?? 2000;
  return fetchEventSource(new URL(LIVE_EVENTS_PATH, opts.baseUrl ?? globalThis.location?.origin).toString(), {
    signal: opts.signal,
    openWhenHidden: true, // a hidden tab stays current (its queries refetch on focus anyway)
    fetch: async (input, init) => {
      const token = await opts.getToken().catch((err: unknown) => {
        throw new Refused(`no session: ${String(err)}`);
      });
      const headers = {
        ...(init?.headers as Record<string, string>),
        authorization: `Bearer ${token}`,
        [ADDRESSEE_TYPE_HEADER]: ADDRESSEE_TYPE_CLINICIAN,
        [API_KEY_HEADER]: deriveApiKey(LIVE_EVENTS_PATH, undefined),
      };
      return fetch(input, { ...init, headers });
    },
    async onopen(res) {
      if (res.ok && res.headers.get('content-type')?.startsWith(EventStreamContentType)) {
        if (opened++ > 0) opts.onReconnect();
        return;
      }
      if (res.status === 401 || res.status === 403) throw new Refused(`live updates refused (${res.status})`);
      throw new Error(`live updates unavailable (${res.status})`);
    },
    onmessage(msg) {
      if (msg.event !== LIVE_CHANGE_EVENT) return;
      try {
        const event = liveEventSchema.safeParse(JSON.parse(msg.data));
        if (event.success) opts.onChange(event.data);
      } catch {
        /* not JSON: ignored */
      }
    },
    onclose() {
      throw new Error('live updates stream ended'); // reconnect (onerror)
    },
    onerror(err) {
      if (err instanceof Refused) throw err;
      return retryMs;
    },
  });
}
