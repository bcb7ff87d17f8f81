import { z } from 'zod';
import { CARE_LOCATIONS, LAB_NAMES, SHIPPING_PROVIDERS, type CareLocationCode } from './constants';
import { kitIdSchema, labPatientSchema } from './lab-api';
import { groupResults, type ResultLine } from './result-classification';
import { passFieldsSchema } from './pass';
import { changedByText, type RecordChange } from './live';
import { inPatientScope, type PatientScope } from './scope';
import { KIT_STATUSES, type KitStatus } from './statuses';

/**
 * Kits and lab orders (spec 1 §2 Manage Lab Order / Shipping Manifest / Kit detail, §3, §4 lab kit flow,
 * §5 lab action modals, §7 kits and lab orders): the kit state machine, the licence scope of kit actions,
 * the validation texts and the request/response shapes shared by the server and the portal.
 */

// ---------------------------------------------------------------------------------------------------------------
// Texts (spec 1 §5 "Lab action modals", §8)
// ---------------------------------------------------------------------------------------------------------------

export const KIT_TEXTS = {
  commentForCancellation: 'Please provide a comment for cancellation',
  commentForApproval: 'Please provide a comment for approval',
  comment: 'Please provide a comment',
  selectToCancel: 'Please select atleast one order to cancel',
  selectToApprove: 'Please select atleast one order to approve',
  /** Not worded in the spec: the manifest modal's empty selection. */
  selectForManifest: 'Please select atleast one order for the shipping manifest',
  noneToConfirm: 'No orders to confirm shipment',
  /** The spec only says a manifest needs a non-empty tracking number; these two texts are ours. */
  trackingNumberRequired: 'Please provide a tracking number',
  trackingNumberInvalid: 'Tracking number is not valid',
  providerRequired: 'Please select a shipping provider (FEDEX or UPS)',
  kitIdInvalid: 'Kit ID is not valid',
  manifestComment: 'Shipping Manifest Created',
  noLabel: 'No label found for this kit. Contact tech',
  pendingPatientRegistration: 'PENDING PATIENT REGISTRATION',
  selectCareLocation: 'Select a care location to proceed',
  sexAtBirthMissing: 'Sex At Birth is not present for this patient. Please update it by clicking on the Update Patient Profile button.',
  selectTests: 'Please select at least one test or panel',
  success: {
    cancel: 'Lab Orders Cancelled Successfully',
    approve: 'Lab Orders Approved Successfully',
    manifest: 'Shipping manifest created. Please print it and attach it to the package.',
    confirmShipment: 'Shipping Confirmed Successfully',
  },
  failure: {
    cancel: 'Failed to cancel Lab Orders',
    approve: 'Failed to approve Lab Orders',
    manifest: 'Failed to create Shipping Manifest',
    confirmShipment: 'Failed to confirm Shipping Manifest',
  },
} as const;

// ---------------------------------------------------------------------------------------------------------------
// State machine (spec 1 §4 "Lab kit flow")
// ---------------------------------------------------------------------------------------------------------------

export const KIT_ACTIONS = ['cancel', 'approve', 'manifest', 'confirmShipment'] as const;
export type KitAction = (typeof KIT_ACTIONS)[number];

/**
 * COLLECTED -> approve -> APPROVED_PENDING_SHIPMENT_MANIFEST -> manifest -> SHIPMENT_MANIFEST_CREATED -> confirm -> SHIPPED;
 * COLLECTED -> cancel -> CANCELLED. No step can be skipped. SAMPLE_PENDING_SHIPMENT_MANIFEST_CONFIRMATION is the
 * spec's other name for a created manifest: it is accepted as a source of confirm, never produced.
 */
export const KIT_TRANSITIONS: Record<KitAction, { from: readonly KitStatus[]; to: KitStatus; history: string }> = {
  cancel: { from: ['SAMPLE_COLLECTED_PENDING_REVIEW'], to: 'CANCELLED', history: 'CANCEL_LAB_ORDER' },
  approve: { from: ['SAMPLE_COLLECTED_PENDING_REVIEW'], to: 'SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST', history: 'APPROVE_LAB_ORDER' },
  manifest: { from: ['SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST'], to: 'SAMPLE_SHIPMENT_MANIFEST_CREATED', history: 'CREATE_SHIPPING_MANIFEST' },
  confirmShipment: {
    from: ['SAMPLE_SHIPMENT_MANIFEST_CREATED', 'SAMPLE_PENDING_SHIPMENT_MANIFEST_CONFIRMATION'], to: 'SHIPPED', history: 'CONFIRM_SHIPMENT',
  },
};

/** The status an action leads to from `current`, or null when the action is not allowed there. */
export function nextKitStatus(action: KitAction, current: string): KitStatus | null {
  const t = KIT_TRANSITIONS[action];
  return (t.from as readonly string[]).includes(current) ? t.to : null;
}

/** The actions offered for a kit in `status`. */
export const kitActionsFor = (status: string): KitAction[] => KIT_ACTIONS.filter((a) => nextKitStatus(a, status) !== null);

/** The three step cards of Manage Lab Order, each listing the kits of one status. */
export const MANAGE_LAB_ORDER_STEPS = [
  { key: 'COLLECTED', title: 'Collected Samples', status: 'SAMPLE_COLLECTED_PENDING_REVIEW', actions: ['approve', 'cancel'] },
  { key: 'APPROVED', title: 'Approved Samples', status: 'SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST', actions: ['manifest'] },
  { key: 'CONFIRM', title: 'Confirm Shipment', status: 'SAMPLE_SHIPMENT_MANIFEST_CREATED', actions: ['confirmShipment'] },
] as const satisfies readonly { key: string; title: string; status: KitStatus; actions: readonly KitAction[] }[];

/** Confirmed (SHIPPED) and cancelled kits are cleared from the Manage Lab Order view. */
export const isInManageLabOrder = (status: string) => MANAGE_LAB_ORDER_STEPS.some((s) => s.status === status);

// ---------------------------------------------------------------------------------------------------------------
// Scope: which kits a viewer may act on (spec 1 §6)
// ---------------------------------------------------------------------------------------------------------------

/**
 * Whether a kit is in the viewer's scope (the one rule of src/domain/scope.ts): a kit without a patient carries no
 * patient data, so anyone with order access may ship it; a licence-bound clinician needs a valid licence in the
 * patient's state.
 */
export const kitInScope = (kit: { patientState: string | null | undefined; patientId: string | null }, scope: Pick<PatientScope, 'licenceBound' | 'states' | 'breakGlass'>) =>
  inPatientScope(scope, kit.patientState, kit.patientId !== null, kit.patientId);

export interface LockedKitFacts { kitId: string; status: string; careLocation: string; patientState: string | null; patientId: string | null }

export type KitProblem =
  | { kitId: string; problem: 'NOT_FOUND' }
  | { kitId: string; problem: 'WRONG_STATUS'; status: string }
  | { kitId: string; problem: 'OTHER_CARE_LOCATION'; careLocation: string };

/**
 * All-or-nothing check of a bulk action: every named kit must exist, be in the viewer's scope, be in the
 * action's source status and (when a care location is chosen) in that care location. Kits out of scope are
 * reported exactly like unknown ones, so the answer does not reveal them.
 */
export function planKitTransition(action: KitAction, kitIds: readonly string[], found: ReadonlyMap<string, LockedKitFacts>,
  scope: Pick<PatientScope, 'licenceBound' | 'states' | 'breakGlass'>, careLocation?: string | null): KitProblem[] {
  const problems: KitProblem[] = [];
  for (const kitId of kitIds) {
    const kit = found.get(kitId);
    if (!kit || !kitInScope(kit, scope)) problems.push({ kitId, problem: 'NOT_FOUND' });
    else if (!nextKitStatus(action, kit.status)) problems.push({ kitId, problem: 'WRONG_STATUS', status: kit.status });
    else if (careLocation && kit.careLocation !== careLocation) problems.push({ kitId, problem: 'OTHER_CARE_LOCATION', careLocation: kit.careLocation });
  }
  return problems;
}

/**
 * The 409 reason naming the offending kits (at most 20, then a count); a kit in another status says who changed it
 * last and how (`changes`, by kit id: someone shipped or cancelled it meanwhile).
 */
export function describeKitProblems(action: KitAction, problems: readonly KitProblem[], changes: ReadonlyMap<string, RecordChange> = new Map()): string {
  const needs = KIT_TRANSITIONS[action].from.join(' or ');
  const parts = problems.slice(0, 20).map((p) => {
    if (p.problem === 'NOT_FOUND') return `${p.kitId} not found`;
    const change = changes.get(p.kitId);
    if (p.problem === 'WRONG_STATUS') return `${p.kitId} is ${p.status}${change?.by ? ` (${changedByText(change)})` : ''}`;
    return `${p.kitId} is in ${p.careLocation}`;
  });
  const more = problems.length > 20 ? `; and ${problems.length - 20} more` : '';
  return `nothing was changed: ${action} needs ${needs}: ${parts.join('; ')}${more}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Care locations, labs, compendium
// ---------------------------------------------------------------------------------------------------------------

/** A care location given as its code, its label or its short name (the booking passes the name), as a code. */
export function careLocationCode(value: string | null | undefined): CareLocationCode | null {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return null;
  const hit = CARE_LOCATIONS.find((c) => c.code.toLowerCase() === v || c.label.toLowerCase() === v || c.short.toLowerCase() === v);
  return hit?.code ?? null;
}
export const careLocationLabel = (code: string | null | undefined) => CARE_LOCATIONS.find((c) => c.code === code)?.label ?? code ?? null;

export const careLocationSchema = z.string().max(100).transform((v, ctx) => {
  const code = careLocationCode(v);
  if (!code) {
    ctx.addIssue({ code: 'custom', message: `unknown care location; one of ${CARE_LOCATIONS.map((c) => c.code).join(', ')}` });
    return z.NEVER;
  }
  return code;
});

export const compendiumSpecSchema = z.object({ testName: z.string(), testCode: z.string(), editable: z.boolean() });
/** Test compendium entry (spec 1 §3). */
export const compendiumEntrySchema = z.object({
  testOrPanelName: z.string(),
  panel: z.boolean(),
  testCode: z.string(),
  editable: z.boolean(),
  specifications: z.array(compendiumSpecSchema),
});
export type CompendiumEntry = z.infer<typeof compendiumEntrySchema>;

export const compendiumQuerySchema = z.strictObject({
  labName: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(LAB_NAMES)).default('LIFESCAN'),
  location: careLocationSchema.optional(),
});

const testCodeSchema = z.string().trim().regex(/^[A-Za-z0-9._-]{1,40}$/, 'testCode is not valid');

/** One selected test or panel of a lab order request (the wizard sends compendium entries back). */
export const panelTestSpecificationSchema = z.strictObject({
  testOrPanelName: z.string().trim().min(1).max(200),
  panel: z.boolean(),
  testCode: testCodeSchema,
  editable: z.boolean().optional(),
  specifications: z.array(z.strictObject({
    testName: z.string().trim().min(1).max(200), testCode: testCodeSchema, editable: z.boolean().optional(),
  })).max(60).optional(),
});
export type PanelTestSpecification = z.infer<typeof panelTestSpecificationSchema>;

/**
 * Checks a selection against the compendium: every code must be in it (with the same panel flag); a panel keeps
 * its non-editable sub-tests and may only drop editable ones. Returns the canonical entries (compendium names), or errors.
 */
export function checkPanelSelection(selected: readonly PanelTestSpecification[], compendium: readonly CompendiumEntry[]):
  { ok: true; entries: CompendiumEntry[] } | { ok: false; errors: string[] } {
  const byCode = new Map(compendium.map((e) => [e.testCode, e]));
  const errors: string[] = [];
  const entries: CompendiumEntry[] = [];
  const seen = new Set<string>();
  for (const s of selected) {
    const entry = byCode.get(s.testCode);
    if (!entry) { errors.push(`${s.testCode} is not in the test compendium of this lab and location`); continue; }
    if (entry.panel !== s.panel) { errors.push(`${s.testCode} is ${entry.panel ? 'a panel' : 'an individual test'}`); continue; }
    if (seen.has(s.testCode)) { errors.push(`${s.testCode} is selected twice`); continue; }
    seen.add(s.testCode);
    if (!entry.panel) { entries.push({ ...entry, specifications: [] }); continue; }
    if (!s.specifications) { entries.push(entry); continue; }
    const chosen = new Set(s.specifications.map((x) => x.testCode));
    const unknown = [...chosen].filter((c) => !entry.specifications.some((x) => x.testCode === c));
    if (unknown.length) errors.push(`${unknown.join(', ')} not part of panel ${entry.testCode}`);
    const missing = entry.specifications.filter((x) => !x.editable && !chosen.has(x.testCode)).map((x) => x.testCode);
    if (missing.length) errors.push(`panel ${entry.testCode} cannot drop its fixed tests ${missing.join(', ')}`);
    const specs = entry.specifications.filter((x) => chosen.has(x.testCode));
    if (specs.length === 0) errors.push(`panel ${entry.testCode} needs at least one test`);
    entries.push({ ...entry, specifications: specs });
  }
  return errors.length ? { ok: false, errors } : { ok: true, entries };
}

/** The panel name shown for a lab order: its panels and tests, in order. */
export const panelNameOf = (entries: readonly Pick<CompendiumEntry, 'testOrPanelName'>[]) =>
  entries.map((e) => e.testOrPanelName).join(', ').slice(0, 500);

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

export const MAX_KITS_PER_ACTION = 500;

/** kitIds as the portal sends them: one comma-joined string (an array is accepted too). Deduplicated, each a valid kit id. */
export const kitIdListSchema = (emptyMessage: string) => z.union([z.string().max(25_000), z.array(z.string().max(100)).max(MAX_KITS_PER_ACTION)], { error: emptyMessage })
  .transform((value, ctx) => {
    const ids = [...new Set((Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean))];
    if (ids.length === 0) ctx.addIssue({ code: 'custom', message: emptyMessage });
    if (ids.length > MAX_KITS_PER_ACTION) ctx.addIssue({ code: 'custom', message: `at most ${MAX_KITS_PER_ACTION} kits at a time` });
    for (const id of ids) {
      if (!kitIdSchema.safeParse(id).success) ctx.addIssue({ code: 'custom', message: `${KIT_TEXTS.kitIdInvalid}: ${id.slice(0, 40)}` });
    }
    return ids;
  });

const commentSchema = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(2000);

export const cancelLabOrdersSchema = z.strictObject({
  kitIds: kitIdListSchema(KIT_TEXTS.selectToCancel),
  comment: commentSchema(KIT_TEXTS.commentForCancellation),
  careLocation: careLocationSchema.optional(),
});
export const approveLabOrderSamplesSchema = z.strictObject({
  kitIds: kitIdListSchema(KIT_TEXTS.selectToApprove),
  comment: commentSchema(KIT_TEXTS.commentForApproval),
  careLocation: careLocationSchema.optional(),
});

/** A carrier tracking number: letters and digits (spaces and dashes are dropped), 8 to 40 characters. */
export const trackingNumberSchema = z.string({ error: KIT_TEXTS.trackingNumberRequired }).trim().min(1, { error: KIT_TEXTS.trackingNumberRequired })
  .max(60, { error: KIT_TEXTS.trackingNumberInvalid })
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{8,40}$/, { error: KIT_TEXTS.trackingNumberInvalid }));

export const updateLabOrderWithShippingManifestSchema = z.strictObject({
  kitIds: kitIdListSchema(KIT_TEXTS.selectForManifest),
  shipManifestId: trackingNumberSchema,
  provider: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(SHIPPING_PROVIDERS, { error: KIT_TEXTS.providerRequired })),
  comment: commentSchema(KIT_TEXTS.comment).default(KIT_TEXTS.manifestComment),
  careLocation: careLocationSchema.optional(),
});
export const confirmLabOrderShippingManifestSchema = z.strictObject({
  kitIds: kitIdListSchema(KIT_TEXTS.noneToConfirm),
  comment: commentSchema(KIT_TEXTS.comment),
  careLocation: careLocationSchema.optional(),
});

export const kitActionResultSchema = z.object({
  kitIds: z.array(z.string()),
  status: z.string(),
  count: z.number().int(),
  manifestId: z.string().optional(),
  message: z.string(),
});

/** A sample collection time must not lie in the future (field test finding 19); this much clock skew is tolerated. */
export const COLLECTION_CLOCK_SKEW_MS = 5 * 60_000;
export const COLLECTION_IN_FUTURE_TEXT = 'The sample collection cannot be in the future';
/** Whether a collection time (epoch seconds) lies in the future: the wizard's check and the server's (labOrderRequestSchema). */
export const collectionInFuture = (epochSec: number, nowMs: number) => epochSec * 1000 > nowMs + COLLECTION_CLOCK_SKEW_MS;

const EARLIEST_EPOCH = Date.UTC(2015, 0, 1) / 1000;
const epochSecSchema = z.number().int().min(EARLIEST_EPOCH, 'must be a time after 2015 in epoch seconds')
  .refine((v) => v <= Date.now() / 1000 + 86_400, 'must not be more than a day in the future');

/** POST /secure/kit/labOrderRequest (spec 1 §7, spec 2 §3). clinicianId is accepted but the ordering clinician is the caller. */
export const labOrderRequestSchema = z.strictObject({
  reqEpochSec: epochSecSchema,
  collectionEpochSec: epochSecSchema.refine((v) => !collectionInFuture(v, Date.now()), COLLECTION_IN_FUTURE_TEXT),
  patientId: z.guid('patientId must be a patient id'),
  clinicianId: z.string().max(100).nullable().optional(),
  labName: z.enum(LAB_NAMES),
  refId: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'refId is not valid').optional(),
  refIdType: z.enum(['BOOKING_ID']).optional(),
  careLocation: careLocationSchema,
  panelTestSpecifications: z.array(panelTestSpecificationSchema, { error: KIT_TEXTS.selectTests }).min(1, KIT_TEXTS.selectTests).max(50),
}).refine((b) => (b.refId === undefined) === (b.refIdType === undefined), { message: 'refId and refIdType go together', path: ['refId'] });
export type LabOrderRequest = z.infer<typeof labOrderRequestSchema>;

export const labOrderCreatedSchema = z.object({ kitId: z.string(), status: z.string(), requisitionId: z.string(), panelName: z.string() });

/** Paging of the kit, manifest and order lists. */
export const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
};

export const kitStatusParamSchema = z.strictObject({ status: z.enum(KIT_STATUSES) });
export const kitListQuerySchema = z.strictObject({
  careLocation: z.union([z.literal('ALL'), careLocationSchema]).optional(),
  q: z.string().trim().max(100).optional(),
  ...pageFields,
  sort: z.enum(['created', 'kitId']).default('created'),
  order: z.enum(['ASC', 'DESC', 'asc', 'desc']).default('DESC').transform((v) => v.toUpperCase() as 'ASC' | 'DESC'),
});
export type KitListQuery = z.infer<typeof kitListQuerySchema>;
export const patientKitsQuerySchema = z.strictObject({ ...pageFields });

// ---------------------------------------------------------------------------------------------------------------
// Responses. Masked rows carry XXXXXX in every field except kitId and createDateTime (spec 1 §6): the fields are all
// strings (or null) so that a masked row fits the same schema.
// ---------------------------------------------------------------------------------------------------------------

const clinicianNameSchema = z.object({ firstName: z.string(), lastName: z.string() });

/** Kit / lab order row (spec 1 §3), plus the kit fields of spec 3 §3 (clinicianId, clinician, registrationDateTime, productName). */
export const kitRowSchema = z.object({
  kitId: z.string(),
  reqId: z.string().nullable(),
  bookingId: z.string().nullable(),
  patientId: z.string().nullable(),
  name: z.string().nullable(),
  dob: z.string().nullable(),
  email: z.string().nullable(),
  clinicianId: z.string().nullable(),
  clinician: clinicianNameSchema.nullable(),
  clinicianName: z.string().nullable(),
  kitStatus: z.string(),
  registrationState: z.string().nullable(),
  labName: z.string(),
  created: z.string(),
  createDateTime: z.string(),
  registrationDateTime: z.string(),
  sampleTakenDate: z.string().nullable(),
  receivedDate: z.string().nullable(),
  summaryStatus: z.string().nullable(),
  testResultStatus: z.string().nullable(),
  careLocation: z.string().nullable(),
  careLocationCode: z.string().nullable(),
  panelName: z.string().nullable(),
  productName: z.string(),
  shipManifestNum: z.string().nullable(),
  /** The shipping manifest holding the kit and its provider (FEDEX or UPS), once one is created (field test finding 5). */
  manifestId: z.string().nullable().optional(),
  shipProvider: z.string().nullable().optional(),
  sampleLabelPdfS3Url: z.string().nullable(),
  masked: z.boolean(),
});
export type KitRow = z.infer<typeof kitRowSchema>;
export const kitListSchema = z.object({ items: z.array(kitRowSchema), total: z.number().int() });

/** Kit detail (spec 1 §3), with the kit-header fields of the Kit detail page. */
export const kitDetailSchema = z.object({
  kitId: z.string(),
  labName: z.string(),
  requisitionId: z.string().nullable(),
  clinician: clinicianNameSchema.nullable(),
  productName: z.string(),
  panelName: z.string().nullable(),
  /** The ordered panels and tests (lab orders placed in the portal); null for other kits and on masked rows. */
  panelTestSpecifications: z.array(compendiumEntrySchema).nullable(),
  symptoms: z.string().nullable(),
  medication: z.string().nullable(),
  allergies: z.string().nullable(),
  registrationDateTime: z.string(),
  testTakenDate: z.string().nullable(),
  /** The patient, with its PASS membership and consent (spec 3 §3 passMember, spec 2 §3 shareWIthPass). */
  patient: labPatientSchema.extend(passFieldsSchema).nullable(),
  sampleLabelPdfS3Url: z.string().nullable(),
  externalNote: z.string().nullable(),
  status: z.string(),
  bookingId: z.string().nullable(),
  careLocation: z.string().nullable(),
  careLocationCode: z.string().nullable(),
  shipManifestNum: z.string().nullable(),
  testResultStatus: z.string().nullable(),
  masked: z.boolean(),
});
export type KitDetail = z.infer<typeof kitDetailSchema>;

export const labelUrlSchema = z.object({ url: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// Derived values
// ---------------------------------------------------------------------------------------------------------------

/** A kit's summary status from its result lines: POSITIVE if any is, else INCONCLUSIVE/OTHER if any, else NEGATIVE; null without results. */
export function kitSummaryStatus(lines: readonly ResultLine[]): 'POSITIVE' | 'NEGATIVE' | 'INCONCLUSIVE' | 'OTHER' | null {
  const g = groupResults(lines);
  if (g.POSITIVE.length) return 'POSITIVE';
  if (g.INCONCLUSIVE.length) return 'INCONCLUSIVE';
  if (g.OTHER.length) return 'OTHER';
  if (g.NEGATIVE.length) return 'NEGATIVE';
  return null;
}

/** How long a presigned label URL lives, and how long the server reuses it (spec 1 §7: under 29 minutes). */
export const LABEL_URL_TTL_SECONDS = 30 * 60;
export const LABEL_URL_CACHE_MS = 28 * 60 * 1000;
