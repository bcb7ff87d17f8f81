import { z } from 'zod';
import { CARE_LOCATIONS } from '../shared/constants';
import { DASHBOARD_TEXT } from '../i18n/en/dashboard';
import type { Permissions } from '../shared/roles';
import { US_STATES } from '../shared/states';

/** The nine Overview cards of the home dashboard, in the spec's order (spec 1 §2, §4). */
export const DASHBOARD_CARDS = [
  { key: 'unreadMessages', title: DASHBOARD_TEXT.cards.unreadMessages, source: 'messages', attention: false, link: 'inbox' },
  { key: 'todaysAppointments', title: DASHBOARD_TEXT.cards.todaysAppointments, source: 'bookings', attention: false, link: 'booking' },
  { key: 'rejectedSamples', title: DASHBOARD_TEXT.cards.rejectedSamples, source: 'kits', status: 'REJECTED', attention: false, link: 'kit' },
  {
    key: 'orderPendingShipment',
    title: DASHBOARD_TEXT.cards.orderPendingShipment,
    source: 'orders',
    status: 'PENDING_SHIPMENT',
    attention: true,
    link: 'kit',
  },
  { key: 'noPatientResults', title: DASHBOARD_TEXT.cards.noPatientResults, source: 'results', status: 'NO_PATIENT', attention: true, link: 'kit' },
  {
    key: 'inconclusiveResults',
    title: DASHBOARD_TEXT.cards.inconclusiveResults,
    source: 'results',
    status: 'INCONCLUSIVE',
    attention: false,
    link: 'kit',
  },
  {
    key: 'needingReview',
    title: DASHBOARD_TEXT.cards.needingReview,
    source: 'results',
    status: 'NEEDS_CLINICIAN_REVIEW',
    attention: false,
    link: 'kit',
  },
  {
    key: 'pendingConsultation',
    title: DASHBOARD_TEXT.cards.pendingConsultation,
    source: 'results',
    status: 'NEEDS_CONSULT',
    attention: true,
    link: 'kit',
  },
  {
    key: 'labOrderPendingResults',
    title: DASHBOARD_TEXT.cards.labOrderPendingResults,
    source: 'kits',
    status: 'PENDING_RESULTS',
    attention: true,
    link: 'kit',
  },
] as const;

export type DashboardCard = (typeof DASHBOARD_CARDS)[number];
export type DashboardCardKey = DashboardCard['key'];
export const DASHBOARD_CARD_KEYS = DASHBOARD_CARDS.map((c) => c.key) as [DashboardCardKey, ...DashboardCardKey[]];

/** Care-location filter: All, Online, Denver hub, Las Vegas hub. */
export const DASHBOARD_LOCATIONS = [
  { code: 'ALL', label: DASHBOARD_TEXT.locations.ALL },
  ...CARE_LOCATIONS.map((c) => ({ code: c.code, label: c.short })),
] as const;
export const DASHBOARD_DEBOUNCE_MS = 300;
export const DASHBOARD_PREVIEW_ROWS = 5;

/** Query of the summary and of one card's table. states: comma-separated codes, used with stateMode ALL (empty = every state). */
export const dashboardQuerySchema = z.strictObject({
  careLocation: z.enum(['ALL', ...CARE_LOCATIONS.map((c) => c.code)] as [string, ...string[]]).default('ALL'),
  stateMode: z.enum(['MY', 'ALL']).default('MY'),
  states: z
    .string()
    .max(200)
    .default('')
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((s) => !(US_STATES as readonly string[]).includes(s));
      if (bad.length) ctx.addIssue({ code: 'custom', message: `unknown states: ${bad.join(', ')}` });
      return [...new Set(list)];
    }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(DASHBOARD_PREVIEW_ROWS),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Which cards a role may open: clinical cards need clinical data (or the auditor's unmasked read), orders and kits product/order data. */
export function cardAvailable(card: DashboardCard, p: Pick<Permissions, 'clinicalAccess' | 'productOrderAccess' | 'unmasked'>): boolean {
  if (p.unmasked) return true;
  if (card.source === 'orders' || card.source === 'kits' || card.source === 'bookings') return p.productOrderAccess || p.clinicalAccess;
  return p.clinicalAccess;
}

/** The attention marker: on its four cards, when the count is above 0. */
export const showsAttention = (card: DashboardCard, count: number | null) => card.attention && (count ?? 0) > 0;
