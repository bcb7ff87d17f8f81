import { IDENTITY_DOCUMENT_KEYS } from '../../domain/booking-detail/booking-identity';
import { isProductPaid, productTotals } from '../../domain/booking-detail/booking-money';
import { type BookingProduct, type OrderSummary } from '../../domain/booking-detail/booking-detail';
import { lineDueCents } from '../../domain/bookings/booking-rules';
import type { ClinicianSummary } from '../../domain/bookings/booking-summary';
import { todayZone } from '../../domain/bookings/booking-time';
import type { DataAccess } from '../data/access';
import { forbidden } from '../errors';
import { PRESIGNED_URL_TTL_SECONDS } from '../files/routes';
import type { AppStorage } from '../adapters/object-storage';
import type { DocumentLinks, DocumentsCache } from './documents-cache';

/** Order summary (spec 2 §3) from the booking's products, in dollars. */
export function orderSummary(bookingId: string, products: readonly BookingProduct[]): OrderSummary {
  const totals = productTotals(products);
  const paid = products.filter(isProductPaid);
  const unpaid = products.filter((p) => !isProductPaid(p));
  const due = unpaid.some((p) => lineDueCents(p) > 0);
  const anyPaid = paid.length > 0 || totals.netTotalPaid > 0;
  const paymentStatus = products.length === 0 || (!due && !anyPaid) ? 'NOT_REQUIRED' : !due ? 'PAID' : anyPaid ? 'PARTIALLY_PAID' : 'UNPAID';
  const line = (p: BookingProduct) => ({ name: p.name, qty: p.qty, unitPrice: p.unitPrice });
  return {
    plannedProducts: products.map((p) => ({ ...line(p), paymentStatus: p.paymentStatus, variantId: p.variantId, slug: p.slug })),
    unpaidProducts: unpaid.map((p) => ({ slug: p.slug, ...line(p) })),
    ...totals,
    paymentStatus,
    isRequirePayment: due,
    orders: paid.length ? [{ number: `ORD-${bookingId}`, products: paid.map(line) }] : [],
    childOrders: paid.length
      ? [
          {
            number: `ORD-${bookingId}-1`,
            grossTotalPaid: totals.grossTotalPaid,
            netTotalPaid: totals.netTotalPaid,
            netTotalPaidProductOnly: totals.netTotalPaid,
            donated: 0,
            paymentStatus: 'PAID',
          },
        ]
      : [],
  };
}

/** The booking detail screen (spec 2 §7) at the reader's access level; `calcomBaseUrl` for its scheduling links. */
export const bookingDetail = (data: DataAccess, id: string, calcomBaseUrl: string) => data.bookings.detail(id, calcomBaseUrl);

export const onboardStatus = async (data: DataAccess, id: string) => ({ isOnboardTbd: (await data.bookings.open(id)).hasAccount });

/** Product and order data (spec 2 §6): staff, clinicians, super admins; auditors read. Refused before the booking is read. */
async function orderProducts(data: DataAccess, id: string) {
  if (!data.actor.permissions.productOrderAccess && !data.actor.permissions.unmasked) throw forbidden('Product and order data access is required');
  return data.bookings.orderProducts(id);
}

export const bookingOrderSummary = async (data: DataAccess, id: string) => orderSummary(id, await orderProducts(data, id));

/** The store's pay page: what is still due. */
export async function orderPaySummary(data: DataAccess, id: string) {
  const { unpaidProducts, netTotalUnpaid, taxUnPaid, grossTotalUnpaid } = orderSummary(id, await orderProducts(data, id));
  return { unpaidProducts, netTotalUnpaid, taxUnPaid, grossTotalUnpaid };
}

export const bookingServices = (data: DataAccess, stateCode: string | undefined) => data.bookings.catalogue(stateCode ?? null);
export const outbox = (data: DataAccess, id: string) => data.bookings.outbox(id);

/**
 * The presigned links of a booking's identity documents (spec 2 §9), cached per booking on this instance while no
 * change arrives; each link carries the booking's patient, so its fetch is audited with it.
 */
export async function identityDocuments(data: DataAccess, id: string, deps: { storage: AppStorage; documents: DocumentsCache }) {
  const row = await data.bookings.open(id, 'READ_DOCUMENTS');
  const hit = deps.documents.get(row.id);
  if (hit) return hit;
  const mark = deps.documents.mark();
  const urls: DocumentLinks = {};
  for (const k of IDENTITY_DOCUMENT_KEYS) {
    const key = row.documentKeys[k];
    if (key) urls[k] = await deps.storage.presignedGetUrl(key, PRESIGNED_URL_TTL_SECONDS, undefined, row.patientId);
  }
  deps.documents.set(row.id, urls, mark);
  return urls;
}

/** GET /summaryForClinician: the caller's own bookings of today and the coming days, with counts by status. */
export const clinicianSummary = (data: DataAccess): Promise<ClinicianSummary> =>
  data.bookings.clinicianSummary(todayZone(data.actor.clinician?.timezone));
