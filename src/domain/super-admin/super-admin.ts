import { z } from 'zod';
import { isValidEmail, isValidOrderFormPhone, normaliseEmail, stripOrderFormPhone, normaliseName, normaliseZip } from '../shared/contact';
import { isValidZip } from '../patients/patients';
import { LABCORP_WARNINGS, ORDER_FORM_WARNINGS } from '../i18n/en/super-admin';

/**
 * Super-admin panel (spec 3 §2, §3, §5, §6, §8, §9): the order forms' payload and their checks in the spec's order,
 * the order form's phone check, the first-6-letters product match, the catalogue's fixed names and the Labcorp upload
 * rules. One implementation, shared by the API and the portal.
 */

/** Sub-views chosen by `page` (spec 3 §2 route table). */
export const SUPER_ADMIN_PAGES = ['CreateOrder', 'CreatePrepOrder', 'UploadLabcorpResults'] as const;
export type SuperAdminPage = (typeof SUPER_ADMIN_PAGES)[number];
export const superAdminPageOf = (raw: string | null | undefined): SuperAdminPage | null =>
  (SUPER_ADMIN_PAGES as readonly string[]).includes(raw ?? '') ? (raw as SuperAdminPage) : null;

export const SEX_AT_BIRTH = ['male', 'female', 'intersex'] as const;
export type SexAtBirth = (typeof SEX_AT_BIRTH)[number];
export type ProductKind = 'KIT' | 'PREP';

/** The fixed partner code every PrEP order carries (spec 3 §3 partnerId). */
export const PREP_PARTNER_ID = 'PREP_PROGRAM';

/** A product of the storefront with one variant per sex at birth; ids are opaque commerce identifiers. */
export const productVariantSchema = z.object({ id: z.string(), name: z.string(), sexAtBirth: z.enum(SEX_AT_BIRTH).nullable() });
export const commerceProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['KIT', 'PREP']),
  variants: z.array(productVariantSchema),
});
export const shippingMethodSchema = z.object({ id: z.string(), name: z.string(), price: z.number() });
export type CommerceProduct = z.infer<typeof commerceProductSchema>;
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

/** Reorder (spec 3 §6): the PrEP form when the product name contains 'prep', else the kit form. */
export const isPrepProduct = (name: string) => name.toLowerCase().includes('prep');
export const reorderPage = (productName: string): SuperAdminPage => (isPrepProduct(productName) ? 'CreatePrepOrder' : 'CreateOrder');

/** The panel link for a sub-view, with the patient and kit name prefill. */
export function superAdminHref(page: SuperAdminPage, prefill: { patientId?: string; kitName?: string } = {}) {
  const q = new URLSearchParams({ page });
  if (prefill.patientId) q.set('patientId', prefill.patientId);
  if (prefill.kitName) q.set('kitName', prefill.kitName);
  return `/super-admin?${q.toString()}`;
}

const letters6 = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 6);
/**
 * Products preselected from kitName by fuzzy matching on the first 6 letters (spec 3 §5): the first product whose name
 * starts (ignoring case, spaces and punctuation) with the same 6 letters as the kit name, or whose 6 letters start the
 * kit name's; null when none does or the kit name is empty.
 */
export function matchProduct<P extends { name: string }>(kitName: string | null | undefined, products: readonly P[]): P | null {
  const key = letters6(kitName ?? '');
  if (!key) return null;
  return (
    products.find((p) => letters6(p.name) === key) ??
    products.find((p) => {
      const k = letters6(p.name);
      return k.length > 0 && (k.startsWith(key) || key.startsWith(k));
    }) ??
    null
  );
}

/** What the forms hold (strings as typed; the invoice amount as typed too). */
export interface OrderFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street_address: string;
  street_address2: string;
  locality: string;
  region: string;
  postal_code: string;
  variantId: string;
  shippingMethodId: string;
  amountPaid: string | number | null;
}

const s = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The first failing check of the spec's order, or null. */
export function firstOrderWarning(v: Partial<OrderFormValues>): string | null {
  if (!s(v.firstName)) return ORDER_FORM_WARNINGS.firstName;
  if (!s(v.lastName)) return ORDER_FORM_WARNINGS.lastName;
  if (!isValidEmail(s(v.email))) return ORDER_FORM_WARNINGS.email;
  if (!isValidOrderFormPhone(s(v.phone))) return ORDER_FORM_WARNINGS.phone;
  if (!s(v.street_address)) return ORDER_FORM_WARNINGS.street;
  if (!s(v.locality)) return ORDER_FORM_WARNINGS.city;
  if (!s(v.region)) return ORDER_FORM_WARNINGS.region;
  if (!s(v.postal_code)) return ORDER_FORM_WARNINGS.postalCode;
  if (!isValidZip(s(v.postal_code))) return ORDER_FORM_WARNINGS.zip;
  if (!s(v.variantId)) return ORDER_FORM_WARNINGS.product;
  if (!s(v.shippingMethodId)) return ORDER_FORM_WARNINGS.shipping;
  return null;
}

/** The largest invoice amount, in dollars. */
export const INVOICE_AMOUNT_MAX = 100_000;
export const INVOICE_AMOUNT_TEXT = {
  invalid: 'Invoice amount must be a number',
  negative: 'Invoice amount cannot be negative',
  tooLarge: `Invoice amount must be at most ${INVOICE_AMOUNT_MAX}`,
  cents: 'Invoice amount must have at most 2 decimal places',
} as const;

/**
 * What is wrong with an invoice amount as typed (or sent), or null: a number of dollars and cents from 0 to 100,000
 * (empty is allowed: see invoiceAmount). 0 is a valid amount (a free kit), so a negative one is "cannot be negative".
 */
export function invoiceAmountError(raw: string | number | null | undefined): string | null {
  const t = typeof raw === 'number' ? String(raw) : (raw ?? '').trim();
  if (t === '') return null;
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(t)) return INVOICE_AMOUNT_TEXT.invalid;
  const n = Number(t);
  if (n < 0) return INVOICE_AMOUNT_TEXT.negative;
  if (n > INVOICE_AMOUNT_MAX) return INVOICE_AMOUNT_TEXT.tooLarge;
  if (!/^\+?\d*(\.\d{0,2})?$/.test(t)) return INVOICE_AMOUNT_TEXT.cents;
  return null;
}

/** Invoice amount (spec 3 §5): numeric; empty is 0 on the kit form and null on the PrEP form. Invalid: undefined (invoiceAmountError says why). */
export function invoiceAmount(raw: string | number | null | undefined, kind: ProductKind): number | null | undefined {
  const t = typeof raw === 'number' ? String(raw) : (raw ?? '').trim();
  if (t === '') return kind === 'KIT' ? 0 : null;
  return invoiceAmountError(t) ? undefined : Number(t);
}

const MAX = 200;
const text = (max = MAX) => z.string().max(max).default('');
/**
 * The createSaleorOrder payload (spec 3 §3) as the server accepts it: trimmed, e-mail lower-cased, the phone stripped as the form does.
 * Missing texts read as empty, so the spec's checks (firstOrderWarning, run by the server after this) name the first one.
 */
export const saleorOrderSchema = z
  .object({
    firstName: text(),
    lastName: text(),
    email: text(254),
    phone: text(40),
    variantId: text(),
    shippingMethodId: text(),
    userAddress: z
      .object({
        street_address: text(),
        street_address2: z.string().max(MAX).nullish(),
        locality: text(),
        region: text(),
        postal_code: text(20),
      })
      .default({ street_address: '', locality: '', region: '', postal_code: '' }),
    amountPaid: z
      .number({ error: INVOICE_AMOUNT_TEXT.invalid })
      .min(0, INVOICE_AMOUNT_TEXT.negative)
      .max(INVOICE_AMOUNT_MAX, INVOICE_AMOUNT_TEXT.tooLarge)
      .nullable()
      .default(null),
    partnerId: z.string().max(MAX).nullish(),
    /** The patient the order is for (the panel's patientId prefill), when known. */
    patientId: z.guid().nullish(),
  })
  .transform((b) => ({
    ...b,
    firstName: normaliseName(b.firstName),
    lastName: normaliseName(b.lastName),
    email: normaliseEmail(b.email),
    phone: stripOrderFormPhone(b.phone),
    variantId: b.variantId.trim(),
    shippingMethodId: b.shippingMethodId.trim(),
    partnerId: b.partnerId?.trim() || null,
    patientId: b.patientId ?? null,
    userAddress: {
      street_address: b.userAddress.street_address.trim(),
      street_address2: b.userAddress.street_address2?.trim() ?? '',
      locality: b.userAddress.locality.trim(),
      region: b.userAddress.region.trim(),
      postal_code: normaliseZip(b.userAddress.postal_code),
    },
  }));
/** The spec's first failing check of a parsed payload, or null. */
export const orderPayloadWarning = (b: SaleorOrder) => firstOrderWarning({ ...b, ...b.userAddress });
export type SaleorOrderInput = z.input<typeof saleorOrderSchema>;
export type SaleorOrder = z.output<typeof saleorOrderSchema>;

export const saleorOrderResultSchema = z.object({ orderId: z.string(), number: z.string().nullable(), status: z.string(), productName: z.string() });
export type SaleorOrderResult = z.infer<typeof saleorOrderResultSchema>;

/** A patient's order as the Labcorp upload lists it (orders by e-mail; the form keeps vendor LABCORP). */
export const emailOrderSchema = z.object({
  id: z.string(),
  kitId: z.string().nullable(),
  productName: z.string().nullable(),
  fulfillmentStatus: z.string(),
  vendor: z.string(),
  createdAt: z.string(),
});
export type EmailOrder = z.infer<typeof emailOrderSchema>;

/** Spec 3 §9 Labcorp result types, with their labels. */
export const LABCORP_RESULT_TYPES = [
  { value: 'NEGATIVE', label: 'All Negative' },
  { value: 'POSITIVE', label: '1+ positive, not HIV' },
  { value: 'INCONCLUSIVE', label: '1+ inconclusive, not HIV' },
  { value: 'HIV', label: 'HIV+' },
] as const;
export const LABCORP_RESULT_VALUES = ['NEGATIVE', 'POSITIVE', 'INCONCLUSIVE', 'HIV'] as const;
export type LabcorpResultType = (typeof LABCORP_RESULT_VALUES)[number];
export const LABCORP_VENDOR = 'LABCORP';

/** The upload form's first failing check (spec 3 §5), or null. */
export function firstLabcorpWarning(v: { orderId?: string | null; file?: unknown; resultType?: string | null }): string | null {
  if (!v.orderId) return LABCORP_WARNINGS.order;
  if (!v.file) return LABCORP_WARNINGS.file;
  if (!v.resultType) return LABCORP_WARNINGS.resultType;
  return null;
}

/** Result PDFs: at most 10 MB, a plain name ending in .pdf. */
export const MAX_LABCORP_PDF_BYTES = 10 * 1024 * 1024;
export const LABCORP_FILE_NAME = /^[\w\- .()]{1,120}\.pdf$/i;
export const labcorpParamsSchema = z.strictObject({
  orderId: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'orderId is not valid'),
  resultType: z.enum(LABCORP_RESULT_VALUES, 'Please select a result type'),
});
export const labcorpBodySchema = z.strictObject({
  fileName: z.string().regex(LABCORP_FILE_NAME, 'the file must be a PDF with a plain name'),
  /** The file content, base64 (a data: URL prefix is accepted). */
  fileContent: z
    .string()
    .min(1, LABCORP_WARNINGS.file)
    .max(Math.ceil(MAX_LABCORP_PDF_BYTES / 3) * 4 + 64 * 1024),
});
export const labcorpResultSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  resultType: z.enum(LABCORP_RESULT_VALUES),
  fileName: z.string(),
  size: z.number().int(),
});
/** Why a chosen Labcorp file would be refused, checked before it is sent (the server checks the same again). */
export const LABCORP_FILE_TEXT = {
  type: 'Please choose a PDF file (.pdf)',
  empty: 'The file is empty',
  tooLarge: `The file is larger than ${MAX_LABCORP_PDF_BYTES / (1024 * 1024)} MB`,
  notPdf: 'The file content is not a PDF',
} as const;
/** The first rule a chosen file breaks (type by its name, emptiness, size), or null. */
export function labcorpFileProblem(file: { name: string; size: number }): string | null {
  if (!LABCORP_FILE_NAME.test(file.name)) return LABCORP_FILE_TEXT.type;
  if (file.size === 0) return LABCORP_FILE_TEXT.empty;
  if (file.size > MAX_LABCORP_PDF_BYTES) return LABCORP_FILE_TEXT.tooLarge;
  return null;
}
/**
 * The upload form (spec 3 §8): the order, the file and the result type, each warned about in that order, then the
 * chosen file's own rules (labcorpFileProblem), all before anything is sent; one message for the form.
 */
export const labcorpUploadFormSchema = z
  .object({ orderId: z.string().nullish(), file: z.unknown(), resultType: z.string().nullish() })
  .superRefine((v, ctx) => {
    const problem = firstLabcorpWarning(v) ?? labcorpFileProblem(v.file as { name: string; size: number });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
/** A PDF starts with '%PDF-' ('JVBERi0' in base64). */
export const isPdfContent = (base64: string) => base64.startsWith('JVBERi0');

/** The base64 part of what the form read (a data: URL or plain base64). */
export const base64Of = (content: string) => content.replace(/^data:[^,]*,/, '');
