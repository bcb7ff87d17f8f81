import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_CHANGE_EVENT, LIVE_EVENTS_PATH, type LiveEvent } from '../../domain/live/live';
import { read } from '../../domain/shared/route-access';
import { ApiError } from '../errors';
import type { LiveHub } from './hub';

/** A comment line every so often keeps proxies and the portal's network-loss detection from timing out. */
export const HEARTBEAT_MS = 15_000;
/** A stream never outlives its token, nor this long (the portal reconnects and is authorised again). */
export const MAX_STREAM_MS = 15 * 60_000;
/** How long the portal waits before reconnecting after a lost stream (SSE `retry`). */
const RETRY_MS = 2000;

const frame = (event: LiveEvent) => `event: ${LIVE_CHANGE_EVENT}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * GET /secure/events: a server-sent event stream of changes to records the user may read. Authorised at
 * the boundary like every route (bearer token in the Authorization header, never in the URL); audited once when it
 * opens (one row, not one per event); not compressed (a compressor would hold events back).
 */
export const liveRoutes: FastifyPluginAsync<{ hub: LiveHub }> = async (plugin, { hub }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    LIVE_EVENTS_PATH,
    {
      config: read('members'),
      compress: false,
      schema: {
        tags: ['live updates'],
        querystring: z.strictObject({}),
        // 200 is text/event-stream (`change` events { resource, id, action, by, mine }), like the CSV exports not a JSON schema.
      },
    },
    async (req, reply) => {
      if (!hub.active) throw new ApiError(503, 'Service unavailable', 'live updates are not available now');
      await req.data.live.opened();

      const stream = new PassThrough();
      const expiresInMs = typeof req.claims?.exp === 'number' ? req.claims.exp * 1000 - Date.now() : MAX_STREAM_MS;
      const timers = [
        setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS),
        setTimeout(() => end(), Math.max(0, Math.min(MAX_STREAM_MS, expiresInMs))),
      ];
      const unsubscribe = hub.subscribe({
        ...req.data.live.audience(),
        send: (event) => stream.write(frame(event)),
        close: () => end(),
      });
      let ended = false;
      function end() {
        if (ended) return;
        ended = true;
        timers.forEach((t) => clearTimeout(t));
        unsubscribe();
        stream.end();
      }
      reply.raw.on('close', end);
      stream.on('close', end);

      stream.write(`retry: ${RETRY_MS}\n: open\n\n`);
      return reply.header('content-type', 'text/event-stream; charset=utf-8').header('x-accel-buffering', 'no').send(stream);
    },
  );
};
