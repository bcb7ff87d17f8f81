import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { kitRuleKey } from '../../domain/kits/kit-texts';
import type { KitActionBody } from '../../domain/lab/lab-orders';
import type { KitAction } from '../../domain/kits/kits';
import { msgReasonOf } from '../providers/errorReason';
import type { KitActionResult } from '../providers/kitMethods';
import { useAction } from '../shared/useAction';
import { changedByRefusal } from '../shared/live/recordChanges';

/** A rules text (KIT_TEXTS, as the shared schemas give it) through the catalogue; other texts as they are. */
export function useRuleText() {
  const translate = useTranslate();
  return (text: string) => {
    const key = kitRuleKey(text);
    return key ? translate(key) : text;
  };
}

/**
 * One Manage Lab Order step action on the one action hook (pessimistic, one call at a time): the spec's success toast,
 * or its failure text with the server's msg and reason; the steps' kits, the kit pages and the manifests (a manifest
 * step creates one) are read again after a success.
 */
export function useKitAction(action: KitAction, onSuccess: (result: KitActionResult) => void) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  return useAction<KitActionBody, KitActionResult>((dp, body) => dp.runKitAction(action, body), {
    success: `kit.rules.success.${action}`,
    invalidate: ['lab-order-kits', 'kits', 'shipping-manifests'],
    onSuccess,
    failure: (error) => {
      const { msg, reason } = msgReasonOf(error);
      return { key: 'kit.actionFailed', args: { failure: translate(`kit.rules.failure.${action}`), reason: `${msg}, ${reason}` } };
    },
    // Overtaken by another change (the 409 names who moved which kit): show the kits as they now are.
    onError: (error) => {
      if (changedByRefusal(error))
        void Promise.all(['lab-order-kits', 'kits'].map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })));
    },
  });
}
