import type { z } from 'zod';
import { todayZone } from '../../domain/bookings/booking-time';
import { cardAvailable, DASHBOARD_CARDS, showsAttention, type DashboardCardKey, type DashboardQuery } from '../../domain/dashboard/dashboard';
import { maskRecord } from '../../domain/shared/masking';
import type { AccessContext } from '../auth/access-context';
import type { Actor } from '../auth/actor';
import { inScope, scopeOf } from '../auth/scope';
import { forbidden } from '../errors';
import { cardPageOf, PARAM_COLUMNS, summaryOf } from './repository-sql';
import type { dashboardRowSchema, CardDbRow } from './rows';

/**
 * Bound values shared by every card query: $1 states (null = any), $2 care location (null = any), $3 actor, $4 time zone.
 * The patient state is masked outside a licence-bound clinician's scope, so its state filter matches only states in it.
 */
function dashboardParams(q: DashboardQuery, actor: Actor) {
  const scope = scopeOf(actor);
  const chosen = scope.licenceBound ? q.states.filter((s) => scope.states.includes(s)) : q.states;
  const states = q.stateMode === 'MY' ? actor.licenceStates.validStates : q.states.length ? chosen : null;
  return [states, q.careLocation === 'ALL' ? null : q.careLocation, actor.sub, todayZone(actor.clinician?.timezone)];
}

/**
 * An order always concerns a person, so it is out of scope without a patient state; kit and result rows without a
 * patient carry no patient data (src/domain/shared/scope.ts).
 */
const cardRowInScope = (actor: Actor, r: CardDbRow) =>
  inScope(actor, { patientState: r.patientState ?? null, hasPatient: r.rowType === 'order' || r.patientId != null, patientId: r.patientId });

/** The row as it leaves: no patient id or query parameter, timestamps as ISO text, masked outside the scope. */
type DashboardRow = z.output<typeof dashboardRowSchema>;
function presentCardRows(rows: CardDbRow[], actor: Actor): DashboardRow[] {
  return rows.map((r) => {
    const row: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) {
      if (k !== 'patientId' && !(PARAM_COLUMNS as readonly string[]).includes(k)) row[k] = v instanceof Date ? v.toISOString() : v;
    }
    // The route's response schema (the same union) picks each row's shape and drops any other key when it is sent:
    // parsing each row here too cost the summary a second pass over its rows.
    return (cardRowInScope(actor, r) ? { ...row, masked: false } : maskRecord(row)) as DashboardRow;
  });
}

/**
 * The home dashboard of the request's Actor (spec 1 §2): the cards its permissions show, their states limited to its
 * scope, rows outside the scope masked, and every row returned audited (a masked row discloses no patient, so it
 * carries no patient id).
 */
export const dashboardRepository = ({ db, actor, audit }: AccessContext) => {
  const audited = (rows: CardDbRow[]) =>
    audit.many(
      db,
      'READ',
      'dashboard_row',
      rows.map((r) => ({
        entityId: String(r.kitId ?? r.orderId ?? r.bookingId ?? r.messageId ?? ''),
        patientId: cardRowInScope(actor, r) ? (r.patientId ?? null) : null,
      })),
    );

  return {
    /** All nine cards: counts and first rows in one SQL round trip (unavailable cards: no count, no rows). */
    async summary(q: DashboardQuery) {
      const available = DASHBOARD_CARDS.filter((c) => cardAvailable(c, actor.permissions));
      const result = await summaryOf(db, available, [...dashboardParams(q, actor), q.perPage]);
      const allRows: CardDbRow[] = [];
      const cards = DASHBOARD_CARDS.map((card) => {
        const ok = available.includes(card);
        const count = ok ? (result[`${card.key}_count`] as number) : null;
        const rows = ok ? (result[`${card.key}_rows`] as CardDbRow[]) : [];
        allRows.push(...rows);
        return { key: card.key, title: card.title, available: ok, count, attention: showsAttention(card, count), rows: presentCardRows(rows, actor) };
      });
      await audited(allRows);
      return { cards };
    },

    /** One card's table, a page at a time; a card the Actor's permissions do not show is 403. */
    async card(key: DashboardCardKey, q: DashboardQuery) {
      const card = DASHBOARD_CARDS.find((c) => c.key === key)!;
      if (!cardAvailable(card, actor.permissions)) throw forbidden('this card needs clinical or product data access');
      const { rows, total } = await cardPageOf(db, card, [...dashboardParams(q, actor), q.perPage, (q.page - 1) * q.perPage]);
      await audited(rows);
      return { items: presentCardRows(rows, actor), total };
    },
  };
};
export type DashboardRepository = ReturnType<typeof dashboardRepository>;
