import type { Identifier } from 'react-admin';

/**
 * Resource -> API endpoints, for the dataProvider (and the portal route a resource belongs to, for canAccess).
 * Later issues add their resources here. `list` answers `{ items, total }` (server-side paging) unless
 * `listShape` is 'array' (small per-user lists such as licences).
 */
export interface ResourceEndpoints {
  /** Portal route whose guard also guards the resource (canAccessRoute). */
  route: string;
  /** The list path; a function when a filter is a path segment (it returns the path and the remaining filter). */
  list?: string | ((filter: Record<string, unknown>) => [path: string, filter: Record<string, unknown>]);
  listShape?: 'page' | 'array';
  /** POST: the list and its export send the filter and paging as a JSON body (searches whose criteria are a body). */
  listMethod?: 'GET' | 'POST';
  one?: (id: Identifier) => string;
  create?: string;
  update?: (id: Identifier) => string;
  updateMethod?: 'PUT' | 'PATCH';
  delete?: (id: Identifier) => string;
  /** Field that is the record's id when the API has no `id` (lab rows are keyed by kitId). */
  idField?: string;
  /** GET of a CSV file of every row matching the list's query (server-side export). */
  export?: string;
}

export const RESOURCES: Record<string, ResourceEndpoints> = {
  /**
   * Bookings (spec 2 §2.1, §7): Find Appointments' search, POST findBookings with the criteria, queryType and paging
   * in the body (served in the server's order); the export is the same search as CSV.
   */
  bookings: {
    route: '/bookings',
    list: '/secure/booking/v1/findBookings',
    listMethod: 'POST',
    export: '/secure/booking/v1/findBookings/export',
    /** The booking detail screen's booking (/BookingDetails?bookingId=): GET get/{id}, 404 for an unknown id. */
    one: (id) => `/secure/booking/v1/get/${encodeURIComponent(String(id))}`,
  },
  /** The clinician's own licences (spec 3 §7): update sends the licence with its id, delete the id as a query. */
  licenses: {
    route: '/license',
    list: '/secure/license',
    listShape: 'array',
    create: '/secure/license',
    update: () => '/secure/clinician/updateLicence',
    updateMethod: 'PATCH',
    delete: (id) => `/secure/clinician/deleteLicence?id=${encodeURIComponent(String(id))}`,
  },
  'lab-requests': { route: '/request', list: '/secure/labRequest', idField: 'kitId', export: '/secure/labRequest/export' },
  'lab-results': {
    route: '/result',
    list: '/secure/testResult',
    one: (kitId) => `/secure/testResult/${encodeURIComponent(String(kitId))}`,
    idField: 'kitId',
    export: '/secure/testResult/export',
  },
  /** Shipping manifests (/shipping-manifest): created from a date to a date at a care location, newest first. */
  'shipping-manifests': { route: '/shipping-manifest', list: '/secure/kit/manifests' },
  /** A booking's transcriptions (spec 2 §2.3, §7): list by referenceId, one by file id, create starts a recording. */
  transcriptions: {
    route: '/BookingDetails',
    list: '/secure/transcribe',
    one: (fileId) => `/secure/transcribe/${encodeURIComponent(String(fileId))}`,
    create: '/secure/transcribe',
  },
  /**
   * Secure messages (spec 3 §7): the inbox (one = by inbox id, which marks it read), the user's sent messages, those
   * of other clinicians (super admin, auditor) and a patient's (filter patientId). Read through ListBase / ShowBase.
   */
  messages: { route: '/inbox', list: '/secure/message', one: (id) => `/secure/message/inbox/${encodeURIComponent(String(id))}`, export: '/secure/message/export' },
  'sent-messages': { route: '/inbox', list: '/secure/message/sent', one: (id) => `/secure/message/${encodeURIComponent(String(id))}`, export: '/secure/message/sent/export' },
  'other-clinician-messages': {
    route: '/inbox', list: '/secure/message/sent/otherClinicians', one: (id) => `/secure/message/${encodeURIComponent(String(id))}`,
    export: '/secure/message/sent/otherClinicians/export',
  },
  'patient-messages': { route: '/PatientProfile', list: '/secure/message/patient', one: (id) => `/secure/message/${encodeURIComponent(String(id))}`, export: '/secure/message/patient/export' },
  /** Patients (spec 3 §2, §7): the search page's list (criteria merged), the profile's patient and its update, export. */
  patients: {
    route: '/SearchPatient',
    list: '/secure/patient',
    one: (id) => `/secure/patient/detailsBySubId/${encodeURIComponent(String(id))}`,
    update: (id) => `/secure/patient/${encodeURIComponent(String(id))}`,
    updateMethod: 'PUT',
    export: '/secure/patient/export',
  },
  /** Every clinician's licences, for the super admin (read-only list; verify is a clinicianMethods call). */
  'all-licences': { route: '/license', list: '/secure/clinician/licences/all', listShape: 'array' },
  /** Pending sign-ups (issue 17; super admin): confirmed accounts in no group; adding one to a group is a superAdminMethods call. */
  'pending-sign-ups': { route: '/super-admin', list: '/secure/admin/pendingSignUps', listShape: 'array' },
  /** The clinician's own templates (spec 3 §7): GET, POST and PUT /secure/clinician/template (update sends the id). */
  templates: {
    route: '/profile',
    list: '/secure/clinician/template',
    listShape: 'array',
    create: '/secure/clinician/template',
    update: () => '/secure/clinician/template',
    updateMethod: 'PUT',
  },
  /** The patient profile's lists, each filtered by patientId, paged on the server and exported whole as CSV. */
  'patient-bookings': { route: '/PatientProfile', list: '/secure/patient/bookings', export: '/secure/patient/bookings/export' },
  'patient-kits': { route: '/PatientProfile', list: '/secure/patient/kits', idField: 'kitId', export: '/secure/patient/kits/export' },
  'patient-orders': { route: '/PatientProfile', list: '/secure/patient/orders', export: '/secure/patient/orders/export' },
  'patient-events': { route: '/PatientProfile', list: '/secure/patient/events', export: '/secure/patient/events/export' },
  /** The PHI access log (issue 22; auditors and super admins): the audit table, paged, filtered and exported. */
  'access-log': { route: '/access-log', list: '/secure/auditLog', export: '/secure/auditLog/export' },
  /** Kits (spec 1 §7): the kit page's kit (GET /secure/kit/{kitId}; 404 "Kit ID is not valid"). */
  kits: { route: '/KitDetails', one: (kitId) => `/secure/kit/${encodeURIComponent(String(kitId))}`, idField: 'kitId' },
  /** Manage Lab Order's kits of one status (filter `status`, a path segment) at a care location, paged on the server. */
  'lab-order-kits': {
    route: '/manage-lab-order',
    list: ({ status, ...filter }) => [`/secure/kit/status/${encodeURIComponent(String(status))}`, filter],
    idField: 'kitId',
  },
  /** The order report (/report/orders): filter status, paged on the server, the CSV of every matching order. */
  orders: { route: '/report/orders', list: '/secure/report/orders', idField: 'orderId', export: '/secure/report/orders/export' },
  /** Break-glass sessions to review (issue 22; super admins): newest first; update marks one reviewed with a note. */
  'break-glass': {
    route: '/break-glass',
    list: '/secure/breakGlass',
    one: (id) => `/secure/breakGlass/${encodeURIComponent(String(id))}`,
    update: (id) => `/secure/breakGlass/${encodeURIComponent(String(id))}/review`,
  },
};

/** Route of a resource: its declared one, else /<resource> (guarded like any role-guarded route). */
export const routeOfResource = (resource: string, resources: Record<string, ResourceEndpoints> = RESOURCES) =>
  resources[resource]?.route ?? `/${resource}`;
