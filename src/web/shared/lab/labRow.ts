import type { LabRowFacts } from '../../../domain/lab/lab-actions';
import { TOOLTIP_ASSIGNED_OR_INELIGIBLE, TOOLTIP_INELIGIBLE, TOOLTIP_READ_ONLY } from '../../../domain/lab/lab-actions';
import type { LabRow } from '../../../domain/lab/lab-api';
import { personName } from '../../../domain/lab/lab-templates';
import { MASK } from '../../../domain/shared/masking';

export { formatDateTime } from '../formatDateTime';

/** A lab row as react-admin holds it: the API row plus `id` (its kitId). */
export type LabRecord = LabRow & { id: string };

/** The facts the shared action rules (src/domain/lab/lab-actions) read from a row. */
export function rowFacts(row: LabRow): LabRowFacts {
  return {
    status: row.status,
    clinicianId: row.clinician?.userId ?? null,
    patientState: row.patientState,
    // A masked row's ids are XXXXXX: only a row in clear names its patient (for a running break-glass session).
    patientId: row.masked ? null : (row.user?.userId ?? null),
    masked: row.masked,
    requestStatus: row.requestStatus,
    resultStatus: row.resultStatus,
  };
}

/** "First Last" of the patient, or '' when the kit has none. */
export const patientNameOf = (row: LabRow) => (row.masked ? MASK : personName(row.user?.firstName, row.user?.lastName) || row.user?.name || '');

/** The assigned clinician's name, or null when unassigned. */
export function clinicianNameOf(row: LabRow): string | null {
  if (!row.clinician) return null;
  if (row.masked) return MASK;
  return personName(row.clinician.firstName, row.clinician.lastName) || row.clinician.userId;
}

/** i18n key of a disabled action's tooltip (the rules' texts are in the catalogue as lab.*). */
export function reasonKey(reason: string | null | undefined): string | null {
  if (reason === TOOLTIP_ASSIGNED_OR_INELIGIBLE) return 'lab.tooltipAssignedOrIneligible';
  if (reason === TOOLTIP_INELIGIBLE) return 'lab.tooltipIneligible';
  if (reason === TOOLTIP_READ_ONLY) return 'lab.readOnly';
  return reason ?? null;
}

/** autoApproved arrives as a boolean or the text 'true' (spec 1 §2). */
export const isAutoApproved = (value: unknown) => value === true || value === 'true';

/** Router state carried to /KitDetails (spec 1 §2: row actions carry the kit record along). */
export interface KitDetailsState {
  record: LabRow;
}

export const kitDetailsPath = (kitId: string) => `/KitDetails?kitId=${encodeURIComponent(kitId)}`;
