import { KIT_TRANSITIONS, type KitAction } from '../../domain/kits/kits';
import { KIT_TEXTS } from '../../domain/i18n/en/kit';
import { assertProductOrderAccess } from '../auth/access';
import type { DataAccess } from '../data/access';
import { ApiError, badRequest, conflict } from '../errors';

export interface KitActionInput {
  kitIds: string[];
  comment: string;
  careLocation?: string;
  manifest?: { trackingNumber: string; provider: string };
}

/**
 * One bulk lab-order action (cancel, approve, manifest, confirm shipment), all or nothing: every named kit must exist,
 * be in the actor's scope, be in the action's source status and in the chosen care location; otherwise nothing changes
 * and the answer is 409 naming the offending kits. A concurrent second attempt waits for the lock, then sees the new
 * status: 409.
 */
export async function transitionKits(data: DataAccess, action: KitAction, input: KitActionInput) {
  assertProductOrderAccess(data.actor);
  const t = KIT_TRANSITIONS[action];
  if (action === 'manifest' && !input.manifest) throw badRequest(KIT_TEXTS.trackingNumberRequired);
  try {
    return await data.transaction(async (tx) => {
      const kits = await tx.kits.lockForTransition(action, input.kitIds, input.careLocation);
      let manifestId: string | undefined;
      if (action === 'manifest' && input.manifest) {
        const locations = [...new Set(kits.map((k) => k.careLocation))];
        if (locations.length > 1)
          throw conflict(`nothing was changed: a manifest holds the kits of one care location, these span ${locations.join(', ')}`);
        manifestId = await tx.kits.createManifest(input.kitIds, { ...input.manifest, careLocation: locations[0], comment: input.comment });
      }
      await tx.kits.moveKits(kits, t, input.comment, input.manifest?.trackingNumber ?? null);
      return { kitIds: input.kitIds, status: t.to, count: kits.length, ...(manifestId ? { manifestId } : {}), message: KIT_TEXTS.success[action] };
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) await data.kits.auditRefusedBatch(t.history, input.kitIds);
    throw err;
  }
}
