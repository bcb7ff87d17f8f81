import { readsClinicalData } from '../../domain/shared/roles';
import { forbidden } from '../errors';
import type { Actor } from './actor';

/**
 * Rules a handler applies beyond its route declaration (the boundary in secure-plugin.ts applies the declaration).
 * Clinical data (spec 1 §6): clinicians and super admins; auditors read it unmasked.
 */
export function assertClinicalAccess(actor: Actor): void {
  if (!readsClinicalData(actor.permissions)) throw forbidden('no clinical data access');
}

/** Product and order data: staff, clinicians and super admins (auditors read unmasked). */
export function assertProductOrderAccess(actor: Actor): void {
  if (!actor.permissions.productOrderAccess && !actor.permissions.unmasked) throw forbidden('no product or order data access');
}
