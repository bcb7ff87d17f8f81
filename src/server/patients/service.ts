import type { Pool } from 'pg';
import { csvLine } from '../../domain/csv';
import { maskRecord } from '../../domain/masking';
import {
  ageOf, columnFiltersOf, criteriaOf, normaliseSearch, patientClinicalSchema, patientOperationalSchema, SEARCH_BAR_LIMIT, searchCriteriaProblem,
  type AppointmentWhen, type KitGroup, type PatientSearchType, type PatientDetail, type PatientListQuery, type PatientSearchResult, type PatientUpdate, type SearchBody,
} from '../../domain/patients';
import type { AppStorage } from '../adapters/object-storage';
import { writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { accessOf, assertInScope, present } from '../auth/scope';
import { withTx } from '../db/tx';
import { everyRow } from '../http/csv-export';
import { badRequest, invalidField, notFound } from '../errors';
import * as repo from './repository';
import type { Auditor } from '../audit/auditor';

/** The request's audit as the service takes it: one row per request, every returned patient id in it. */
export type PatientAudit = Auditor;
export interface PatientDeps { pool: Pool; storage: AppStorage }

const NO_PATIENT = 'no such patient';

/** A search row as it leaves: masked (XXXXXX, no action) outside the actor's scope. */
function searchResult(actor: Actor, r: repo.SearchRow): PatientSearchResult {
  const row = {
    id: r.id, firstName: r.firstName, lastName: r.lastName, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email, dob: r.dob,
    phoneNumber: r.phoneNumber, state: r.state, location: [r.city, r.state].filter(Boolean).join(', ') || null,
  };
  return accessOf(actor, { patientState: r.state, patientId: r.id }) === 'masked' ? maskRecord(row) : { ...row, masked: false };
}
/** Audit entries of the rows returned: a masked row discloses no patient, so it names none. */
const audited = (items: PatientSearchResult[], rows: repo.SearchRow[]) =>
  rows.flatMap((r, i) => (items[i].masked ? [] : [{ entityId: r.id, patientId: r.id }]));

/** POST /secure/patient/search: the compact bar's search, one type, at most SEARCH_BAR_LIMIT rows by name. */
export async function searchBar({ pool }: PatientDeps, actor: Actor, audit: PatientAudit, body: SearchBody) {
  const term = normaliseSearch(body.type, body.term);
  if (term === null) throw badRequest('term is not valid for this search type');
  const { rows } = await repo.searchPatients(pool, actor, [{ type: body.type, term }], { page: 1, perPage: SEARCH_BAR_LIMIT, sort: 'name', order: 'ASC' }, false);
  const items = rows.map((r) => searchResult(actor, r));
  await audit.many(pool, 'SEARCH', 'patient', audited(items, rows));
  return items;
}

/**
 * The search's criteria: at least one, each in a form that can be searched (else refused naming its field and the
 * form it needs, the page's own check).
 */
function searchableCriteria(q: Omit<PatientListQuery, 'page' | 'perPage'>) {
  const criteria = criteriaOf(q);
  if (criteria.length === 0) throw badRequest('Please enter at least one search criteria.');
  const problem = searchCriteriaProblem(q);
  if (problem) throw invalidField(problem.field, problem.reason);
  return criteria as { type: PatientSearchType; term: string }[];
}

/** GET /secure/patient: the search page, several criteria merged and de-duplicated by id, paged and sorted on the server. */
export async function searchPage({ pool }: PatientDeps, actor: Actor, audit: PatientAudit, q: PatientListQuery) {
  const { rows, total } = await repo.searchPatients(pool, actor, searchableCriteria(q), q, true, columnFiltersOf(q));
  const items = rows.map((r) => searchResult(actor, r));
  await audit.many(pool, 'SEARCH', 'patient', audited(items, rows));
  return { items, total };
}

export const PATIENT_CSV_HEADER = ['Name', 'Email', 'DOB', 'Phone', 'Location'];
const EXPORT_BATCH = 1000;

/** The search page's export: every matching row as CSV lines, 1000 rows a query, masked and audited like the page. */
export async function* searchExport({ pool }: PatientDeps, actor: Actor, audit: PatientAudit, q: Omit<PatientListQuery, 'page' | 'perPage'>) {
  const criteria = searchableCriteria(q);
  yield csvLine(PATIENT_CSV_HEADER);
  const pages = everyRow(EXPORT_BATCH, async (page) => {
    const { rows } = await repo.searchPatients(pool, actor, criteria, { ...q, page, perPage: EXPORT_BATCH }, false, columnFiltersOf(q));
    const items = rows.map((r) => searchResult(actor, r));
    await audit.many(pool, 'EXPORT', 'patient', audited(items, rows));
    return { items };
  });
  for await (const i of pages) yield csvLine([i.name, i.email, i.dob, i.phoneNumber, i.location]);
}

/** The profile's patient, by its allowlist: clinical fields only for clinical access; outside the scope: 404. */
function detailOf(actor: Actor, row: repo.PatientRow | undefined): PatientDetail {
  if (!row) throw notFound(NO_PATIENT);
  assertInScope(actor, { patientState: row.state, patientId: row.id }, NO_PATIENT);
  const full = {
    ...row, userId: row.id, subUUID: row.id, name: `${row.firstName} ${row.lastName}`.trim(), age: ageOf(row.dob),
    hasProfilePic: !!row.profilePicKey, masked: false,
    address: { street_address: row.street, street_address2: row.street2, locality: row.city, region: row.state, postal_code: row.zip },
  };
  return present(accessOf(actor, { patientState: row.state, patientId: row.id }), full, { clinical: patientClinicalSchema, operational: patientOperationalSchema }) as PatientDetail;
}

export async function patientDetail({ pool }: PatientDeps, actor: Actor, audit: PatientAudit, id: string) {
  const detail = detailOf(actor, await repo.patientById(pool, id));
  await audit.one(pool, { action: 'READ', entityType: 'patient', entityId: id, patientId: id, outcome: 'SUCCESS' });
  return detail;
}

export async function patientDetailByEmail({ pool }: PatientDeps, actor: Actor, audit: PatientAudit, email: string) {
  const detail = detailOf(actor, await repo.patientByEmail(pool, email));
  await audit.one(pool, { action: 'READ', entityType: 'patient', entityId: detail.id, patientId: detail.id, outcome: 'SUCCESS' });
  return detail;
}

export const PATIENT_DETAILS_UPDATED = 'UPDATE_PATIENT_DETAILS';

/**
 * Update of the patient's account details (the basic-details card): in one transaction the row (locked), its history
 * row with the changed field names (no values) and the patient's event; answers the patient as the profile reads it.
 */
export async function updatePatientDetails({ pool }: PatientDeps, actor: Actor, audit: PatientAudit, id: string, body: PatientUpdate) {
  return withTx(pool, async (client) => {
    const before = await repo.patientById(client, id, true);
    detailOf(actor, before);
    const b = before as repo.PatientRow;
    const was: Record<string, unknown> = {
      firstName: b.firstName, lastName: b.lastName, preferredName: b.preferredName, phoneNumber: b.phoneNumber, dob: b.dob,
      genderAtBirth: b.genderAtBirth, currentGenderIdentity: b.currentGenderIdentity, pronoun: b.pronoun, race: b.race,
      ethnicity: b.ethnicity, sexualOrientationPreference: b.sexualOrientationPreference, street_address: b.street,
      street_address2: b.street2, locality: b.city, region: b.state, postal_code: b.zip,
    };
    const now: Record<string, unknown> = { ...body, ...body.address };
    const changed = Object.keys(was).filter((k) => (was[k] ?? null) !== (now[k] ?? null));
    if (changed.length) {
      await repo.updatePatient(client, id, body);
      await writeHistory(client, actor, { entityType: 'patient', entityId: id, action: PATIENT_DETAILS_UPDATED, comment: `changed: ${changed.join(', ')}` });
      await repo.addEvent(client, id, { entityType: 'PATIENT', entityId: id, eventType: 'PATIENT_DETAILS_UPDATED', actorType: actor.permissions.clinician ? 'CLINICIAN' : 'STAFF' });
    }
    const after = detailOf(actor, await repo.patientById(client, id));
    await audit.one(client, { action: changed.length ? 'UPDATE' : 'READ', entityType: 'patient', entityId: id, patientId: id, outcome: 'SUCCESS' });
    return after;
  });
}

/** GET /secure/user/patientProfilePic/{id}: the picture from object storage; none (or outside the scope) is 404. */
export async function profilePic({ pool, storage }: PatientDeps, actor: Actor, audit: PatientAudit, id: string) {
  const row = await repo.patientById(pool, id);
  detailOf(actor, row);
  const obj = row?.profilePicKey ? await storage.get(row.profilePicKey) : null;
  if (!obj) throw notFound('no profile picture');
  await audit.one(pool, { action: 'READ', entityType: 'patient_picture', entityId: id, patientId: id, outcome: 'SUCCESS' });
  return obj;
}

/** The profile's lists are of one patient: unknown or outside the scope is 404 before anything is read. */
async function assertPatient(pool: Pool, actor: Actor, patientId: string) {
  const p = await repo.patientStateOf(pool, patientId);
  if (!p) throw notFound(NO_PATIENT);
  assertInScope(actor, { patientState: p.state, patientId }, NO_PATIENT);
}
const rowsOf = (patientId: string, rows: { id: string }[]) => rows.map((r) => ({ entityId: r.id, patientId }));
type Paging = { page: number; perPage: number };

export async function patientBookings(deps: PatientDeps, actor: Actor, audit: PatientAudit,
  q: Paging & { patientId: string; when?: AppointmentWhen; order?: 'ASC' | 'DESC' }) {
  await assertPatient(deps.pool, actor, q.patientId);
  const { rows, total } = await repo.bookingsOf(deps.pool, q.patientId, q.when, q, q.order);
  await audit.many(deps.pool, 'READ', 'booking', rowsOf(q.patientId, rows));
  return { items: rows, total };
}

export async function patientKits(deps: PatientDeps, actor: Actor, audit: PatientAudit,
  q: Paging & { patientId: string; group: KitGroup; order: 'ASC' | 'DESC' }) {
  await assertPatient(deps.pool, actor, q.patientId);
  const { rows, total } = await repo.kitsOf(deps.pool, q.patientId, q.group, q, q.order);
  await audit.many(deps.pool, 'READ', 'kit', rowsOf(q.patientId, rows));
  return { items: rows, total };
}

/** A kit's test result, for the Kit Detail tab's result panel (clinical roles only; the route declares them). */
export async function kitResult({ pool }: PatientDeps, actor: Actor, audit: PatientAudit, kitId: string) {
  const k = await repo.kitResultOf(pool, kitId);
  if (!k) throw notFound('no such kit');
  assertInScope(actor, { patientState: k.patientState, hasPatient: !!k.patientId, patientId: k.patientId }, 'no such kit');
  await audit.one(pool, { action: 'READ', entityType: 'test_result', entityId: kitId, patientId: k.patientId, outcome: 'SUCCESS' });
  return {
    kitId: k.kitId, productName: k.productName, createDateTime: k.createDateTime?.toISOString() ?? null,
    results: (k.results ?? []).map((r) => ({ testName: String(r.testName), result: String(r.result) })),
  };
}

export async function patientOrders(deps: PatientDeps, actor: Actor, audit: PatientAudit,
  q: Paging & { patientId: string; vendor?: 'LABCORP'; order: 'ASC' | 'DESC' }) {
  await assertPatient(deps.pool, actor, q.patientId);
  const { rows, total } = await repo.ordersOf(deps.pool, q.patientId, q.vendor, q, q.order);
  await audit.many(deps.pool, 'READ', 'order', rowsOf(q.patientId, rows));
  return { items: rows, total };
}

export async function patientEvents(deps: PatientDeps, actor: Actor, audit: PatientAudit, q: Paging & { patientId: string; order: 'ASC' | 'DESC' }) {
  await assertPatient(deps.pool, actor, q.patientId);
  const { rows, total } = await repo.eventsOf(deps.pool, q.patientId, q, q.order);
  await audit.many(deps.pool, 'READ', 'patient_event', rowsOf(q.patientId, rows));
  return { items: rows, total };
}
