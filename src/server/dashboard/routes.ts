import { read } from '../../domain/route-access';
import type { Pool } from 'pg';
import { z } from 'zod';
import {
  cardAvailable, DASHBOARD_CARD_KEYS, DASHBOARD_CARDS, dashboardQuerySchema, showsAttention,
} from '../../domain/dashboard';
import { writeAuditMany } from '../audit/audit';
import { forbidden } from '../errors';
import { actorOf } from '../auth/secure-plugin';
import type { Actor } from '../auth/actor';
import { prepared, queryGenericPlan } from '../db/prepared';
import { cachedFor, CLOCK_LIST_CACHE_MS } from '../http/response-cache';
import { errorBody, type ZodApp } from '../http/validation';
import { cardCountSql, cardSql, dashboardParams, TYPED_PARAMS } from './card-sql';
import { cardRowInScope, dashboardRowSchema, presentCardRows, type CardDbRow } from './rows';

const err = { 400: errorBody, 401: errorBody, 403: errorBody };
const cardSchema = z.object({
  key: z.enum(DASHBOARD_CARD_KEYS), title: z.string(), available: z.boolean(), count: z.number().int().nullable(),
  attention: z.boolean(), rows: z.array(dashboardRowSchema),
});

/** Audits the rows returned; a masked row discloses no patient, so it carries no patient id. */
async function audit(pool: Pool, req: Parameters<typeof writeAuditMany>[1], rows: CardDbRow[], actor: Actor) {
  await writeAuditMany(pool, req, 'READ', 'dashboard_row', rows.map((r) => ({
    entityId: String(r.kitId ?? r.orderId ?? r.bookingId ?? r.messageId ?? ''),
    patientId: cardRowInScope(actor, r) ? (r.patientId ?? null) : null,
  })));
}

/**
 * The home dashboard (spec 1 §2): all nine counts and first rows in one SQL round trip, and each card's table. Both
 * answers may be reused by the response cache like the lists, for a second at most ("today" follows the clock).
 */
export function dashboardRoutes(app: ZodApp, { pool }: { pool: Pool }) {
  const reads = { ...read('members', { licenceBound: true }), ...cachedFor(CLOCK_LIST_CACHE_MS) };
  app.get('/secure/dashboard/summary', {
    config: reads,
    schema: { tags: ['dashboard'], querystring: dashboardQuerySchema, response: { 200: z.object({ cards: z.array(cardSchema) }), ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const q = req.query;
    const available = DASHBOARD_CARDS.filter((c) => cardAvailable(c, actor.permissions));
    const params = [...dashboardParams(q, actor), q.perPage];
    const selects = available.flatMap((card) => {
      const s = cardSql(card);
      return [
        `(${cardCountSql(card)}) AS "${card.key}_count"`,
        // A card whose (exact) counter is 0 has no rows: the one-time filter skips its scan (e.g. no-patient results in My States).
        `(SELECT COALESCE(json_agg(r), '[]'::json) FROM (SELECT ${s.columns} FROM ${s.from}${card.source === 'bookings' ? '' : ` AND (${cardCountSql(card)}) > 0`}
          ORDER BY ${s.order} LIMIT $5) r) AS "${card.key}_rows"`,
      ];
    });
    // A named statement with its generic plan: the eighteen sub-selects take longer to plan than to run, and a role sees
    // one set of cards.
    const result = selects.length ? (await queryGenericPlan(pool, prepared(`SELECT ${TYPED_PARAMS}, ${selects.join(',\n')}`, params))).rows[0] : {};
    const allRows: CardDbRow[] = [];
    const cards = DASHBOARD_CARDS.map((card) => {
      const ok = available.includes(card);
      const count = ok ? (result[`${card.key}_count`] as number) : null;
      const rows = ok ? (result[`${card.key}_rows`] as CardDbRow[]) : [];
      allRows.push(...rows);
      return { key: card.key, title: card.title, available: ok, count, attention: showsAttention(card, count), rows: presentCardRows(rows, actor) };
    });
    await audit(pool, req, allRows, actor);
    return { cards };
  });

  app.get('/secure/dashboard/card/:key', {
    config: reads,
    schema: {
      tags: ['dashboard'], params: z.strictObject({ key: z.enum(DASHBOARD_CARD_KEYS) }), querystring: dashboardQuerySchema,
      response: { 200: z.object({ items: z.array(dashboardRowSchema), total: z.number().int() }), ...err },
    },
  }, async (req) => {
    const actor = actorOf(req);
    const q = req.query;
    const card = DASHBOARD_CARDS.find((c) => c.key === req.params.key)!;
    if (!cardAvailable(card, actor.permissions)) throw forbidden('this card needs clinical or product data access');
    const s = cardSql(card);
    const params = [...dashboardParams(q, actor), q.perPage, (q.page - 1) * q.perPage];
    const [rows, count] = await Promise.all([
      pool.query<CardDbRow>(`SELECT ${s.columns}, ${TYPED_PARAMS} FROM ${s.from} ORDER BY ${s.order} LIMIT $5 OFFSET $6`, params),
      pool.query<{ n: number }>(`SELECT (${cardCountSql(card)}) AS n, ${TYPED_PARAMS}`, params.slice(0, 4)),
    ]);
    await audit(pool, req, rows.rows, actor);
    return { items: presentCardRows(rows.rows, actor), total: count.rows[0].n };
  });
}
