import { careLocationLabel } from '../../domain/kits/kits';
import type { ManifestsQuery } from '../../domain/kits/kit-reports';
import { assertProductOrderAccess } from '../auth/access';
import type { DataAccess } from '../data/access';
import { renderManifest } from './pdf';

/** GET /secure/kit/manifests?from=&to=&careLocation=: manifests created in the date range, newest first. */
export function listManifests(data: DataAccess, q: ManifestsQuery) {
  assertProductOrderAccess(data.actor);
  return data.kits.manifests(q);
}

/** GET /secure/kit/manifests/{id}/pdf: the printable manifest (kits by kit and requisition id; no patient names). */
export async function manifestPdf(data: DataAccess, id: string): Promise<{ id: string; pdf: Buffer }> {
  assertProductOrderAccess(data.actor);
  const { manifest: m, kits } = await data.kits.manifest(id);
  const pdf = await renderManifest({
    id: m.id,
    trackingNumber: m.trackingNumber,
    provider: m.provider,
    careLocation: careLocationLabel(m.careLocation) ?? m.careLocation,
    createdAt: m.createdAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    createdBy: m.createdByName,
    comment: m.comment,
    kits: kits.map((k) => ({ ...k, collected: k.collected ? k.collected.toISOString().slice(0, 10) : null })),
  });
  await data.kits.auditPrint(m.id);
  return { id: m.id, pdf };
}
