import type { AccessContext } from '../auth/access-context';
import { kitLabOrders } from './repository-lab-order';
import { kitLabels } from './repository-label';
import { kitLists } from './repository-lists';
import { kitManifests } from './repository-manifests';
import { kitPass } from './repository-pass';
import { kitTransitions } from './repository-transitions';

/**
 * The kits' repository for one request's Actor (`req.data.kits`): every SQL statement of kits and lab orders, with the
 * patient scope (404 outside it, masked rows and clinical fields by access level in lists), the licence gate of the
 * kit's patient, history and audit applied here, never by the caller. Split by part: lists and detail
 * (repository-lists.ts, presented by repository-rows.ts), lab order requests (repository-lab-order.ts), the Manage Lab
 * Order steps (repository-transitions.ts), manifests, labels and PASS.
 */
export const kitsRepository = (ctx: AccessContext) => ({
  ...kitLists(ctx),
  ...kitLabOrders(ctx),
  ...kitTransitions(ctx),
  ...kitManifests(ctx),
  ...kitLabels(ctx),
  ...kitPass(ctx),
});
export type KitsRepository = ReturnType<typeof kitsRepository>;
