import type { Pool } from 'pg';
import { KIT_TEXTS, type KitListQuery } from '../../domain/kits';
import type { Auditor } from '../audit/auditor';
import { assertProductOrderAccess } from '../auth/access';
import type { Actor } from '../auth/actor';
import { inScope } from '../auth/scope';
import { notFound } from '../errors';
import type { KitListFilter } from './list-query';
import { kitDetail, kitPage, patientStateOf } from './repository';
import { kitPatientOf, toKitDetail, toKitRow } from './rows';

/** One page of kits, masked per row and audited (a masked row discloses no patient, so its entry carries no patient id). */
export async function listKits(pool: Pool, actor: Actor, audit: Auditor, filter: KitListFilter, q: Pick<KitListQuery, 'page' | 'perPage' | 'sort' | 'order'>) {
  assertProductOrderAccess(actor);
  const { rows, total } = await kitPage(pool, actor, filter, q);
  await audit.many(pool, 'READ', 'kit', rows.map((r) => ({ entityId: r.kitId, patientId: inScope(actor, kitPatientOf(r)) ? r.patientId : null })));
  return { items: rows.map((r) => toKitRow(r, actor)), total };
}

/** The kits of one patient: that patient's record, so outside the scope (or unknown) it reads as unknown (404). */
export async function listPatientKits(pool: Pool, actor: Actor, audit: Auditor, patientId: string, q: Pick<KitListQuery, 'page' | 'perPage'>) {
  assertProductOrderAccess(actor);
  const patient = await patientStateOf(pool, patientId);
  if (!patient || !inScope(actor, { patientState: patient.state, patientId })) throw notFound('no such patient');
  return listKits(pool, actor, audit, { patientId }, { ...q, sort: 'created', order: 'DESC' });
}

/** Kit detail; 404 "Kit ID is not valid" for an unknown kit or one outside the actor's scope. */
export async function getKit(pool: Pool, actor: Actor, audit: Auditor, kitId: string) {
  assertProductOrderAccess(actor);
  const row = await kitDetail(pool, kitId);
  if (!row || !inScope(actor, kitPatientOf(row))) throw notFound(KIT_TEXTS.kitIdInvalid);
  await audit.one(pool, { action: 'READ', entityType: 'kit', entityId: kitId, patientId: row.patientId, outcome: 'SUCCESS' });
  return toKitDetail(row, actor);
}
