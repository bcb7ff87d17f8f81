import type { DashboardCard } from '../../domain/dashboard/dashboard';
import type { DashboardColumn } from '../../domain/dashboard/dashboard-texts';
import { CARE_LOCATIONS } from '../../domain/shared/constants';
import { MASK } from '../../domain/shared/masking';
import type { DashboardRow } from '../providers/dashboardMethods';

export type RowType = 'kit' | 'order' | 'booking' | 'message';
/** The row shape of a card's table. Read from the card, not the row: a masked row's rowType is XXXXXX too. */
export const rowTypeOf = (card: DashboardCard): RowType =>
  card.source === 'orders' ? 'order' : card.source === 'bookings' ? 'booking' : card.source === 'messages' ? 'message' : 'kit';

const KIT = ['kitId', 'name', 'dob', 'email'] as const;

/** The columns of a card's table, by data source (kit, order, booking and message rows of spec 1 §3, spec 2 §3). */
export const CARD_COLUMNS: Record<DashboardCard['source'], readonly DashboardColumn[]> = {
  results: [...KIT, 'clinicianName', 'testResultStatus', 'kitStatus', 'panelName', 'careLocation', 'patientState', 'createDateTime'],
  kits: [...KIT, 'kitStatus', 'panelName', 'careLocation', 'patientState', 'createDateTime'],
  orders: ['orderId', 'kitId', 'orderStatus', 'orderCreateDate', 'email', 'vendor', 'careLocation', 'patientState'],
  bookings: ['name', 'appntStart', 'bookingStatus', 'careStateRegion', 'email', 'dob', 'selfcheckinComplete', 'products', 'careLocation'],
  messages: ['subject', 'name', 'messageType', 'patientState', 'createDateTime'],
};

/**
 * Where a row opens (in a new tab) and in which column the link sits: booking rows to /BookingDetails, kit and
 * order rows with a kit to /KitDetails. Masked rows have no link.
 */
export function rowLink(card: DashboardCard, row: DashboardRow): { column: DashboardColumn; href: string } | null {
  if (row.masked) return null;
  const type = rowTypeOf(card);
  const id = (v: unknown) => (typeof v === 'string' && v !== '' && v !== MASK ? encodeURIComponent(v) : null);
  if (type === 'booking') {
    const bookingId = id(row.bookingId);
    return bookingId ? { column: 'name', href: `/BookingDetails?bookingId=${bookingId}` } : null;
  }
  if (type === 'kit' || type === 'order') {
    const kitId = id(row.kitId);
    return kitId ? { column: 'kitId', href: `/KitDetails?kitId=${kitId}` } : null;
  }
  return null;
}

/**
 * A masked kit or order row keeps its kit id: a licence-bound clinician may open it by break-glass (the server finds
 * the patient). Masked booking rows hold XXXXXX in every id, so they offer nothing.
 */
export function maskedRowKit(card: DashboardCard, row: DashboardRow): string | null {
  const type = rowTypeOf(card);
  if (!row.masked || (type !== 'kit' && type !== 'order')) return null;
  return typeof row.kitId === 'string' && row.kitId !== '' && row.kitId !== MASK ? row.kitId : null;
}

const DATE_COLUMNS: ReadonlySet<DashboardColumn> = new Set(['createDateTime', 'orderCreateDate', 'appntStart']);
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const productName = (p: unknown) =>
  p && typeof p === 'object' ? String((p as Record<string, unknown>).name ?? (p as Record<string, unknown>).title ?? '') : String(p ?? '');

/** A cell's text: dates in the browser's time zone, care locations by name, yes/no, product names; XXXXXX as is. */
export function cellText(column: DashboardColumn, value: unknown, yesNo: (v: boolean) => string): string {
  if (value === null || value === undefined || value === '') return '';
  if (value === MASK) return MASK;
  if (DATE_COLUMNS.has(column)) {
    const date = new Date(String(value));
    return Number.isNaN(date.getTime()) ? String(value) : dateFormat.format(date);
  }
  if (column === 'careLocation') return CARE_LOCATIONS.find((c) => c.code === value)?.short ?? String(value);
  if (typeof value === 'boolean') return yesNo(value);
  if (Array.isArray(value)) return value.map(productName).filter(Boolean).join(', ');
  return String(value);
}
