import type { KitListQuery } from '../../domain/kits/kits';
import { assertProductOrderAccess } from '../auth/access';
import type { DataAccess } from '../data/access';
import type { KitListFilter } from './repository-lists';

/** One page of kits, masked per row and audited. */
export function listKits(data: DataAccess, filter: KitListFilter, q: Pick<KitListQuery, 'page' | 'perPage' | 'sort' | 'order'>) {
  assertProductOrderAccess(data.actor);
  return data.kits.list(filter, q);
}

/** The kits of one patient: that patient's record, so outside the scope (or unknown) it reads as unknown (404). */
export function listPatientKits(data: DataAccess, patientId: string, q: Pick<KitListQuery, 'page' | 'perPage'>) {
  assertProductOrderAccess(data.actor);
  return data.kits.patientKits(patientId, q);
}

/** Kit detail; 404 "Kit ID is not valid" for an unknown kit or one outside the actor's scope. */
export function getKit(data: DataAccess, kitId: string) {
  assertProductOrderAccess(data.actor);
  return data.kits.detail(kitId);
}
