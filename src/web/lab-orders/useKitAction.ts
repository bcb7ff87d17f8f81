import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { TOAST_MS } from '../../domain/constants';
import { kitRuleKey } from '../../domain/kit-texts';
import type { KitActionBody } from '../../domain/lab-orders';
import type { KitAction } from '../../domain/kits';
import type { PortalDataProvider } from '../providers/dataProvider';
import { msgReasonOf } from '../providers/errorReason';
import type { KitActionResult } from '../providers/kitMethods';
import { useSingleFlight } from '../providers/useSingleFlight';
import { changedByRefusal } from '../live/recordChanges';

/** A rules text (KIT_TEXTS, as the shared schemas give it) through the catalogue; other texts as they are. */
export function useRuleText() {
  const translate = useTranslate();
  return (text: string) => {
    const key = kitRuleKey(text);
    return key ? translate(key) : text;
  };
}

/**
 * One Manage Lab Order step action (pessimistic): the spec's success toast, or its failure text with the server's
 * msg and reason; the kit lists are invalidated after a success.
 */
export function useKitAction(action: KitAction, onSuccess: (result: KitActionResult) => void) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  return useSingleFlight(useMutation<KitActionResult, Error, KitActionBody>({
    mutationFn: (body) => dataProvider.runKitAction(action, body),
    onSuccess: async (result) => {
      notify(`kit.rules.success.${action}`, { type: 'success', autoHideDuration: TOAST_MS.default });
      // The steps' kits, the kit pages and the manifests (a manifest step creates one) are read again.
      await Promise.all(['lab-order-kits', 'kits', 'shipping-manifests'].map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })));
      onSuccess(result);
    },
    onError: (error) => {
      const { msg, reason } = msgReasonOf(error);
      // Overtaken by another change (the 409 names who moved which kit): show the kits as they now are.
      if (changedByRefusal(error)) void Promise.all(['lab-order-kits', 'kits'].map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })));
      notify('kit.actionFailed', {
        type: 'error',
        autoHideDuration: TOAST_MS.default,
        messageArgs: { failure: translate(`kit.rules.failure.${action}`), reason: `${msg}, ${reason}` },
      });
    },
  }));
}
