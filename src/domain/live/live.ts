import { z } from 'zod';
import { CLINICAL_DATA_ROLES, PRODUCT_ORDER_ROLES, type RouteAccess } from '../shared/route-access';
import { hasAnyRole, type Role } from '../shared/roles';
import { mayOpenMessage, type MessageAudience, type MessageViewer } from '../messages/message-audience';
import { inPatientScope, type PatientScope } from '../shared/scope';

/**
 * Live updates: what GET /secure/events sends when another user changes a record, and who may receive it.
 * An event names the record and the change only (never patient data): its resource, id, action and the changer's
 * display name, and whether the change is the receiving user's own (`mine`: the portal announces only other users'
 * changes). The server sends it only to users who may read that record (the roles of its reads, then the
 * licence scope of src/domain/shared/scope.ts); the portal invalidates the react-admin queries of the resources it lists.
 */
export const LIVE_EVENTS_PATH = '/secure/events';
/** The SSE event name of a record change (a heartbeat is an SSE comment). */
export const LIVE_CHANGE_EVENT = 'change';

export const liveEventSchema = z.object({
  resource: z.string(),
  id: z.string(),
  action: z.string(),
  by: z.string(),
  mine: z.boolean(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * How the server finds a record's patient to authorise an event: through its kit, its booking, or (a secure message)
 * the message's patient and addressees.
 */
export type LiveLocator = 'lab' | 'kit' | 'booking' | 'message' | 'patient';

export interface LiveRecordType {
  /** The event's resource: the react-admin resource whose records this is. */
  resource: string;
  /** Who reads records of this type (the roles of its read routes). */
  roles: RouteAccess['roles'];
  locate: LiveLocator;
}

/** record_history entity types that are announced live; every other change stays silent. */
export const LIVE_RECORD_TYPES: Record<string, LiveRecordType> = {
  lab_request: { resource: 'lab-requests', roles: CLINICAL_DATA_ROLES, locate: 'lab' },
  test_result: { resource: 'lab-results', roles: CLINICAL_DATA_ROLES, locate: 'lab' },
  kit: { resource: 'kits', roles: PRODUCT_ORDER_ROLES, locate: 'kit' },
  booking: { resource: 'bookings', roles: 'members', locate: 'booking' },
  message: { resource: 'messages', roles: 'members', locate: 'message' },
  patient: { resource: 'patients', roles: 'members', locate: 'patient' },
};

/** The react-admin resources whose queries show records of an event's resource (lists, pages, the patient profile). */
export const LIVE_INVALIDATES: Record<string, readonly string[]> = {
  'lab-requests': ['lab-requests', 'lab-results', 'kits', 'patient-kits', 'lab-order-kits'],
  'lab-results': ['lab-results', 'lab-requests', 'kits', 'patient-kits'],
  kits: ['kits', 'lab-order-kits', 'patient-kits', 'shipping-manifests', 'lab-requests', 'lab-results'],
  bookings: ['bookings', 'patient-bookings', 'payment'],
  // 'messages' also holds the new-message count (its query key starts with 'messages').
  messages: ['messages', 'sent-messages', 'other-clinician-messages', 'patient-messages'],
  patients: ['patients'],
};

/** Where a record's patient is (null when the record no longer exists); a message also names its addressees. */
export interface LiveRecordPlace {
  patientState: string | null;
  hasPatient: boolean;
  message?: MessageAudience;
}

/** Who receives events: the user's roles and licence scope, and for messages who the user is as a message reader. */
export interface LiveReceiver {
  roles: readonly Role[];
  scope: Pick<PatientScope, 'licenceBound' | 'states'>;
  messages?: MessageViewer;
}

/**
 * Whether a user may receive an event about a record: a role that reads records of its type, then the record inside
 * the user's licence scope (a licence-bound clinician never hears of a patient outside its valid states); a message
 * only when the user may open it (its addressee, sender, or a reader of every message).
 */
export function mayReceive(user: LiveReceiver, type: LiveRecordType, place: LiveRecordPlace | null): boolean {
  if (!place) return false;
  if (type.locate === 'message' && !(place.message && user.messages && mayOpenMessage(user.messages, place.message))) return false;
  const roleOk = type.roles === 'signedIn' || (type.roles === 'members' ? hasAnyRole(user.roles) : type.roles.some((r) => user.roles.includes(r)));
  // A stream outlives the break-glass sessions it started with, so events never count one: a patient opened by
  // break-glass is refreshed on each request of its screens, never pushed.
  return roleOk && inPatientScope({ ...user.scope, breakGlass: [] }, place.patientState, place.hasPatient, null);
}

/** A record's latest change: who made it (display name) and which action. */
export interface RecordChange {
  by: string;
  action: string;
}

/** "changed by <name> (<action>)": who changed a record, and how. */
export const changedByText = (change: RecordChange) => `changed by ${change.by} (${change.action})`;

/**
 * The reason of a refused action on a record someone else changed meanwhile (a 409): who changed it, and how. The one
 * text of every such 409 (lab requests and results, bookings, kits); the portal shows it as the server sends it.
 */
export const changedByReason = (reason: string, change: RecordChange | null) =>
  change && change.by ? `${reason}; ${changedByText(change)}` : reason;

/** Whether a refusal's reason names who changed the record (a 409 the portal shows as is, then refetches). */
export const namesChange = (reason: string | null | undefined) => !!reason && /\bchanged by .+ \([^()]+\)/.test(reason);
