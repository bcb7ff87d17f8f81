import { maskRecord } from '../../domain/shared/masking';
import { KIT_UI_TEXT } from '../../domain/i18n/en/kit';
import { consentChangeRefusal, passStatus, type PassConsentBody, type PassConsentResult } from '../../domain/kits/pass';
import { ageOf, patientClinicalSchema, patientOperationalSchema, type PatientDetail, type PatientUpdate } from '../../domain/patients/patients';
import { type PatientColumnFilterParam, type PatientSearchResult, type PatientSearchType } from '../../domain/patients/patient-search';
import type { AccessContext } from '../auth/access-context';
import type { AuditOutcome } from '../audit/hash';
import { writeHistory } from '../audit/history';
import { accessOf, assertInScope, present } from '../auth/scope';
import { conflict, notFound } from '../errors';
import { profileLists } from './repository-lists';
import * as sql from './repository-sql';

/** Recording an event on a patient's history from code without an Actor (the super-admin panel's own writes). */
export { addEvent } from './repository-sql';

const NO_PATIENT = 'no such patient';
export const PATIENT_DETAILS_UPDATED = 'UPDATE_PATIENT_DETAILS';
export const PASS_CONSENT = 'UPDATE_PASS_CONSENT';

export type SearchCriterion = { type: PatientSearchType; term: string };
export type SearchPage = { page: number; perPage: number; sort: 'name' | 'email' | 'dob' | 'phoneNumber' | 'state'; order: 'ASC' | 'DESC' };

/**
 * The patients of the request's Actor: search rows masked (XXXXXX, no action) outside its scope; a single patient
 * outside it reads as unknown (404, never 403) and is presented through its access level's allowlist (clinical fields
 * only with clinical access); every patient returned is audited, every change has its history row.
 */
export const patientsRepository = (ctx: AccessContext) => {
  const { db, tx, actor, audit } = ctx;
  /** Writes, locks and history rows run inside the caller's transaction (data.transaction). */
  const client = () => {
    if (!tx) throw new Error('patient writes run inside data.transaction');
    return tx;
  };

  /** A search row as it leaves: masked (XXXXXX, no action) outside the actor's scope. */
  function searchResult(r: sql.SearchRow): PatientSearchResult {
    const row = {
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      dob: r.dob,
      phoneNumber: r.phoneNumber,
      state: r.state,
      location: [r.city, r.state].filter(Boolean).join(', ') || null,
    };
    return accessOf(actor, { patientState: r.state, patientId: r.id }) === 'masked' ? maskRecord(row) : { ...row, masked: false };
  }

  /** The profile's patient, by its allowlist: clinical fields only for clinical access; outside the scope: 404. */
  function detailOf(row: sql.PatientRow | undefined): PatientDetail {
    if (!row) throw notFound(NO_PATIENT);
    assertInScope(actor, { patientState: row.state, patientId: row.id }, NO_PATIENT);
    const full = {
      ...row,
      userId: row.id,
      subUUID: row.id,
      name: `${row.firstName} ${row.lastName}`.trim(),
      age: ageOf(row.dob),
      hasProfilePic: !!row.profilePicKey,
      masked: false,
      address: { street_address: row.street, street_address2: row.street2, locality: row.city, region: row.state, postal_code: row.zip },
    };
    return present(accessOf(actor, { patientState: row.state, patientId: row.id }), full, {
      clinical: patientClinicalSchema,
      operational: patientOperationalSchema,
    }) as PatientDetail;
  }

  const readAudited = (entityType: string, id: string) =>
    audit.one(db, { action: 'READ', entityType, entityId: id, patientId: id, outcome: 'SUCCESS' });

  return {
    ...profileLists(ctx),

    /**
     * Patients matching any criterion and every column filter, paged and sorted, masked outside the scope; audited as
     * `action` (SEARCH or EXPORT) with the patients returned in clear (a masked row discloses no patient).
     */
    async search(
      criteria: SearchCriterion[],
      page: SearchPage,
      o: { action: 'SEARCH' | 'EXPORT'; withTotal: boolean; columnFilters?: { param: PatientColumnFilterParam; term: string }[] },
    ) {
      const { rows, total } = await sql.searchPatients(db, actor, criteria, page, o.withTotal, o.columnFilters ?? []);
      const items = rows.map(searchResult);
      await audit.many(
        db,
        o.action,
        'patient',
        rows.flatMap((r, i) => (items[i].masked ? [] : [{ entityId: r.id, patientId: r.id }])),
      );
      return { items, total };
    },

    async open(id: string) {
      const detail = detailOf(await sql.patientById(db, id));
      await readAudited('patient', id);
      return detail;
    },

    async openByEmail(email: string) {
      const detail = detailOf(await sql.patientByEmail(db, email));
      await readAudited('patient', detail.id);
      return detail;
    },

    /**
     * Update of the patient's account details (the basic-details card): the row locked, its history row with the
     * changed field names (no values) and the patient's event; answers the patient as the profile reads it.
     */
    async updateDetails(id: string, body: PatientUpdate) {
      const before = await sql.patientById(client(), id, true);
      detailOf(before);
      const b = before!;
      const was: Record<string, unknown> = {
        firstName: b.firstName,
        lastName: b.lastName,
        preferredName: b.preferredName,
        phoneNumber: b.phoneNumber,
        dob: b.dob,
        genderAtBirth: b.genderAtBirth,
        currentGenderIdentity: b.currentGenderIdentity,
        pronoun: b.pronoun,
        race: b.race,
        ethnicity: b.ethnicity,
        sexualOrientationPreference: b.sexualOrientationPreference,
        street_address: b.street,
        street_address2: b.street2,
        locality: b.city,
        region: b.state,
        postal_code: b.zip,
      };
      const now: Record<string, unknown> = { ...body, ...body.address };
      const changed = Object.keys(was).filter((k) => (was[k] ?? null) !== (now[k] ?? null));
      if (changed.length) {
        await sql.updatePatient(client(), id, body);
        await writeHistory(client(), actor, {
          entityType: 'patient',
          entityId: id,
          action: PATIENT_DETAILS_UPDATED,
          comment: `changed: ${changed.join(', ')}`,
        });
        await sql.addEvent(client(), id, {
          entityType: 'PATIENT',
          entityId: id,
          eventType: 'PATIENT_DETAILS_UPDATED',
          actorType: actor.permissions.clinician ? 'CLINICIAN' : 'STAFF',
        });
      }
      const after = detailOf(await sql.patientById(client(), id));
      await audit.one(db, { action: changed.length ? 'UPDATE' : 'READ', entityType: 'patient', entityId: id, patientId: id, outcome: 'SUCCESS' });
      return after;
    },

    /** The patient's picture, read by `load` from its stored key; none (or outside the scope) is 404. */
    async picture<T>(id: string, load: (key: string) => Promise<T | null>): Promise<T> {
      const row = await sql.patientById(db, id);
      detailOf(row);
      const obj = row?.profilePicKey ? await load(row.profilePicKey) : null;
      if (!obj) throw notFound('no profile picture');
      await readAudited('patient_picture', id);
      return obj;
    },

    /** Records an event on the patient's history, inside the caller's transaction. */
    async addEvent(patientId: string, e: { entityType: string; entityId: string; eventType: string; actorType: string }) {
      await sql.addEvent(client(), patientId, e);
    },

    /**
     * Change Consent Status (spec 1 §2 Patient Details), inside the caller's transaction: the patient row locked (so
     * concurrent changes apply one after the other); outside the scope 404; only PASS members (409); the change, its
     * history row (who, when, from, to) and the audit. Asking for the current value changes and records nothing.
     */
    async changePassConsent(patientId: string, body: PassConsentBody): Promise<PassConsentResult> {
      const p = await sql.lockPassConsent(client(), patientId);
      if (!p) throw notFound(NO_PATIENT);
      assertInScope(actor, { patientState: p.state, patientId }, NO_PATIENT);
      const refusal = consentChangeRefusal(p);
      if (refusal) throw conflict(KIT_UI_TEXT.pass.reasons[refusal]);
      if (p.shareWIthPass === body.shareWIthPass) {
        return { patientId, passMember: true, shareWIthPass: p.shareWIthPass, changedAt: (await sql.transactionTime(client())).toISOString() };
      }
      const changedAt = await sql.setShareWithPass(client(), patientId, body.shareWIthPass);
      await writeHistory(client(), actor, {
        entityType: 'patient',
        entityId: patientId,
        action: PASS_CONSENT,
        fromStatus: passStatus(p),
        toStatus: passStatus({ passMember: true, shareWIthPass: body.shareWIthPass }),
      });
      await audit.one(db, { action: PASS_CONSENT, entityType: 'patient', entityId: patientId, patientId, outcome: 'SUCCESS' });
      return { patientId, passMember: true, shareWIthPass: body.shareWIthPass, changedAt: changedAt.toISOString() };
    },

    /** A refused consent change (403 read-only, 409 not a member), audited with the patient asked for. */
    async passConsentRefused(patientId: string, outcome: AuditOutcome) {
      await audit.one(db, { action: PASS_CONSENT, entityType: 'patient', entityId: patientId, outcome });
    },
  };
};
export type PatientsRepository = ReturnType<typeof patientsRepository>;
