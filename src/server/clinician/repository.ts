import { changedProfileFields, type ClinicianProfileUpdate, type LicenceBody } from '../../domain/clinician/clinician-profile';
import { PROFILE_TEXT } from '../../domain/i18n/en/profile';
import { LICENCE_RULE_TEXT, todayUtc, verifyRefusal, type AllLicencesQuery } from '../../domain/clinician/licenses';
import { revokeSessions } from '../auth/actor';
import type { AccessContext } from '../auth/access-context';
import { writeHistory } from '../audit/history';
import { ApiError, conflict, forbidden, notFound } from '../errors';
import * as licences from './repository-licences';
import * as profiles from './repository-profile';
import { templatesOf } from './repository-templates';

const NO_PROFILE = 'no clinician profile for this user';

/**
 * Clinician accounts as the request's Actor reaches them: its own profile, licences, calendar link and templates (a
 * body never names another clinician's: another's licence or template reads as missing, 404), a profile by id or
 * e-mail (one's own, or any for a super admin), and the super admin's licence verification and sign-up records.
 * Every write records its history row (changed field names only) and the request's audit row.
 */
export const cliniciansRepository = (ctx: AccessContext) => {
  const { db, tx, actor, audit } = ctx;
  const inTx = () => {
    if (!tx) throw new Error('a clinician account change is written inside a transaction (data.transaction)');
    return tx;
  };
  const ownId = () => {
    if (!actor.clinician) throw notFound(NO_PROFILE);
    return actor.clinician.id;
  };
  const audited = (action: string, entityType: string, entityId?: string) => audit.one(inTx(), { action, entityType, entityId, outcome: 'SUCCESS' });
  /** One of the Actor's own licences, locked; another clinician's answers as if it did not exist. */
  const lockOwnLicence = async (id: string) => {
    const row = await licences.lockLicence(inTx(), id, ownId());
    if (!row) throw notFound('no such licence of yours');
    return row;
  };

  return {
    /** The user's name from the token, for the PHI access log. */
    recordPortalUser: () => profiles.recordPortalUser(db, actor),

    /** Ends every session of the Actor (tokens issued until now); when. */
    async signOut(): Promise<Date> {
      const revokedAt = await revokeSessions(db, actor.sub);
      await audit.one(db, { action: 'SIGN_OUT', entityType: 'session', entityId: actor.sub, outcome: 'SUCCESS' });
      return revokedAt;
    },

    /** The Actor's own whole profile (404 without one). */
    async ownProfile() {
      const profile = await profiles.loadProfile(db, { id: ownId() });
      if (!profile) throw notFound(NO_PROFILE);
      return profile;
    },

    /** The Actor's profile as this request just created or changed it (the write's audit row already names it). */
    writtenProfile: async () => (await profiles.loadProfile(db, { id: actor.clinician?.id ?? actor.sub }))!,

    /** The Actor's licences as its Actor carries them (verified or not), each with whether it is valid today. */
    ownLicences() {
      const today = todayUtc();
      return (actor.clinician?.licences ?? []).map((l) => profiles.presentLicence(l, today));
    },

    /** The Actor's calendar link (404 without a profile). */
    calendarLink() {
      if (!actor.clinician) throw notFound(NO_PROFILE);
      return { calendarLink: actor.clinician.calendarLink };
    },

    /** A profile by id or e-mail: one's own, or any for a super admin; others' are 404 (their existence is not told). */
    async profile(by: { id: string } | { email: string }) {
      const found = await profiles.loadProfile(db, by);
      if (!found || (found.id !== actor.sub && !actor.roles.includes('super_admin'))) throw notFound('no such clinician profile');
      await audit.one(db, { action: 'READ', entityType: 'clinician', entityId: found.id, outcome: 'SUCCESS' });
      return found;
    },

    /** The Actor's new profile (its id and e-mail from the token); 409 when it has one. */
    async createProfile(p: { email: string; firstName: string; lastName: string; mobile: string | null }) {
      if (!(await profiles.insertProfile(inTx(), { id: actor.sub, ...p }))) throw conflict('a profile already exists for this user');
      await writeHistory(inTx(), actor, { entityType: 'clinician', entityId: actor.sub, action: 'PROFILE_CREATED' });
      await audited('CREATE', 'clinician', actor.sub);
    },

    /** Changes the personal information the body carries; 400 when nothing changes. */
    async updateDetails(body: ClinicianProfileUpdate) {
      const id = ownId();
      const before = await profiles.profileDetails(inTx(), id, true);
      if (!before) throw notFound(NO_PROFILE);
      const { fields } = profiles.detailAssignments(body);
      const changed = changedProfileFields(before, body).filter((f) => fields.includes(f));
      if (!changed.length) throw new ApiError(400, PROFILE_TEXT.noChanges, PROFILE_TEXT.noChanges);
      await profiles.updateDetails(inTx(), id, body);
      await writeHistory(inTx(), actor, {
        entityType: 'clinician',
        entityId: id,
        action: 'PROFILE_UPDATED',
        comment: `changed: ${changed.join(', ')}`,
      });
      await audited('UPDATE', 'clinician', id);
    },

    /** Sets the Actor's calendar link (added or updated in the history). */
    async setCalendarLink(calendarLink: string) {
      const id = ownId();
      const had = await profiles.setCalendarLink(inTx(), id, calendarLink);
      await writeHistory(inTx(), actor, { entityType: 'clinician', entityId: id, action: had ? 'CALENDAR_UPDATED' : 'CALENDAR_ADDED' });
      await audited('UPDATE', 'clinician', id);
    },

    /** A new licence of the Actor (unverified: it opens no patients until a super admin verifies it); 409 for a second one of a state. */
    async addLicence(input: Omit<LicenceBody, 'id'>) {
      const row = await licences.insertLicence(inTx(), ownId(), input);
      if (!row) throw conflict(LICENCE_RULE_TEXT.duplicateState);
      await writeHistory(inTx(), actor, { entityType: 'licence', entityId: row.id, action: 'LICENCE_ADDED', comment: `state ${input.state}` });
      await audited('CREATE', 'licence', row.id);
      return profiles.presentLicence(row);
    },

    /** Changes one of the Actor's licences: 400 without a change, 409 for another licence's state; unverified again. */
    async updateLicence(id: string, input: Omit<LicenceBody, 'id'>) {
      const before = await lockOwnLicence(id);
      const changed = (['state', 'licenseId', 'expirationDate', 'goodStanding', 'acknowledgement'] as const).filter((f) => before[f] !== input[f]);
      if (!changed.length) throw new ApiError(400, PROFILE_TEXT.licenceNoChange, PROFILE_TEXT.licenceNoChange);
      if (await licences.hasOtherInState(inTx(), ownId(), input.state, id)) throw conflict(LICENCE_RULE_TEXT.duplicateState);
      const row = await licences.updateLicence(inTx(), id, ownId(), input);
      await writeHistory(inTx(), actor, {
        entityType: 'licence',
        entityId: id,
        action: 'LICENCE_UPDATED',
        comment: `changed: ${changed.join(', ')}`,
      });
      await audited('UPDATE', 'licence', id);
      return profiles.presentLicence(row);
    },

    async deleteLicence(id: string) {
      const before = await lockOwnLicence(id);
      await licences.deleteLicence(inTx(), id, ownId());
      await writeHistory(inTx(), actor, { entityType: 'licence', entityId: id, action: 'LICENCE_DELETED', comment: `state ${before.state}` });
      await audited('DELETE', 'licence', id);
    },

    /** Every clinician's licences (the routes admit super admins only), the read audited. */
    async allLicences(q: AllLicencesQuery) {
      const page = await licences.allLicences(db, q);
      await audit.one(db, { action: 'READ', entityType: 'licence', outcome: 'SUCCESS' });
      const rows = page.rows.map((r) => ({ ...profiles.presentLicence(r), clinicianId: r.clinicianId, clinicianName: r.clinicianName }));
      return { rows, total: page.total };
    },

    /**
     * Verifies a licence (the routes admit super admins only); an expired one cannot be (409). Locked, so that the
     * clinician's edit (which unverifies) and this verification apply one after the other.
     */
    async verifyLicence(id: string) {
      const found = await licences.lockLicence(inTx(), id, null);
      if (!found) throw notFound('no such licence');
      const refusal = verifyRefusal(found, todayUtc());
      if (refusal) throw conflict(refusal);
      const row = await licences.markVerified(inTx(), id, actor.sub);
      await writeHistory(inTx(), actor, { entityType: 'licence', entityId: id, action: 'LICENCE_VERIFIED' });
      await audited('UPDATE', 'licence', id);
      return profiles.presentLicence(row);
    },

    /** The Actor's templates (a clinician profile's: 403 without one). */
    templates: templatesOf(ctx),

    /** The profile names of pending sign-ups (the routes admit super admins only). */
    signUpProfiles: (subs: string[]) => profiles.profileNames(db, subs),
    /** Audits the read of the pending sign-ups' list. */
    auditSignUpsRead: () => audit.one(db, { action: 'READ', entityType: 'account', outcome: 'SUCCESS' }),

    /** Serialises the group changes of one account until the transaction ends (a double submit waits for the first). */
    lockSignUp: async (id: string) => {
      await inTx().query(`SELECT pg_advisory_xact_lock(hashtext('pending-sign-up:' || $1))`, [id]);
    },

    /** An account added to a group: history, audit, and its current tokens ended (its next sign-in carries the group). */
    async groupAdded(id: string, group: string) {
      await writeHistory(inTx(), actor, { entityType: 'account', entityId: id, action: 'GROUP_ADDED', comment: `group ${group}` });
      await audited('UPDATE', 'account', id);
      await revokeSessions(inTx(), id);
    },

    /** The Actor's own clinician profile id for a write of its own (404 without one); a body naming another is 403. */
    assertOwnProfile(bodyId: string | undefined) {
      const id = ownId();
      if (bodyId !== undefined && bodyId !== id) throw forbidden('a clinician may update only their own profile');
      return id;
    },
  };
};
export type CliniciansRepository = ReturnType<typeof cliniciansRepository>;
