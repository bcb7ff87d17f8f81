import { KIT_TRANSITIONS, type KitAction } from '../kits/kit-flow';
import {
  approveLabOrderSamplesSchema,
  cancelLabOrdersSchema,
  confirmLabOrderShippingManifestSchema,
  updateLabOrderWithShippingManifestSchema,
} from '../kits/kit-requests';

/**
 * Manage Lab Order rules the portal applies before calling the server (spec 1 §4, §5), on the same schemas the
 * server validates with, so that both give the same texts.
 */

const SCHEMAS = {
  cancel: cancelLabOrdersSchema,
  approve: approveLabOrderSamplesSchema,
  manifest: updateLabOrderWithShippingManifestSchema,
  confirmShipment: confirmLabOrderShippingManifestSchema,
} as const;

/** What the Manage Lab Order dialogs collect. kitIds are sent comma-joined (spec 1 §7). */
export interface KitActionInput {
  kitIds: readonly string[];
  comment?: string;
  careLocation?: string;
  /** The manifest's tracking number (sent as shipManifestId) and provider. */
  trackingNumber?: string;
  provider?: string;
}

export type KitActionBody = Record<string, unknown> & { kitIds: string; comment?: string };

/** The request body of an action, or the first validation text (selection first, then the comment, then the manifest). */
export function kitActionBody(action: KitAction, input: KitActionInput): { ok: true; body: KitActionBody } | { ok: false; message: string } {
  const body: KitActionBody = { kitIds: input.kitIds.join(','), comment: input.comment ?? '' };
  if (input.careLocation) body.careLocation = input.careLocation;
  if (action === 'manifest') {
    body.shipManifestId = input.trackingNumber ?? '';
    body.provider = input.provider ?? '';
  }
  const parsed = SCHEMAS[action].safeParse(body);
  if (parsed.success) return { ok: true, body };
  const order = ['kitIds', 'comment', 'shipManifestId', 'provider'];
  const issues = [...parsed.error.issues].sort((a, b) => order.indexOf(String(a.path[0])) - order.indexOf(String(b.path[0])));
  return { ok: false, message: issues[0].message };
}

const MANIFEST_CREATED: readonly string[] = KIT_TRANSITIONS.confirmShipment.from;

/** The manifest is read-only once all its kits are already in manifest-created status (spec 1 §4). */
export const manifestReadOnly = (kitStatuses: readonly string[]) => kitStatuses.length > 0 && kitStatuses.every((s) => MANIFEST_CREATED.includes(s));

/** The selection text of an action (e.g. "Please select atleast one order to approve"), or null when kits are selected. */
export function kitSelectionProblem(action: KitAction, kitIds: readonly string[]): string | null {
  const parsed = SCHEMAS[action].shape.kitIds.safeParse(kitIds.join(','));
  return parsed.success ? null : parsed.error.issues[0].message;
}
