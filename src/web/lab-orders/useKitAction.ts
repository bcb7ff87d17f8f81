import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { TOAST_MS } from '../../domain/constants';
import { kitRuleKey } from '../../domain/kit-texts';
import type { KitActionBody } from '../../domain/lab-orders';
import type { KitAction } from '../../domain/kits';
import { msgReasonOf, runKitAction, useKitsApi, type KitActionResult } from '../kits/kitsApi';
import { useSingleFlight } from '../providers/useSingleFlight';

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
 * msg and reason; every kit list is refetched after a success.
 */
export function useKitAction(action: KitAction, onSuccess: (result: KitActionResult) => void) {
  const api = useKitsApi();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  return useSingleFlight(useMutation<KitActionResult, Error, KitActionBody>({
    mutationFn: (body) => runKitAction(api, action, body),
    onSuccess: async (result) => {
      notify(`kit.rules.success.${action}`, { type: 'success', autoHideDuration: TOAST_MS.default });
      await queryClient.invalidateQueries({ queryKey: ['kits'] });
      onSuccess(result);
    },
    onError: (error) => {
      const { msg, reason } = msgReasonOf(error);
      notify('kit.actionFailed', {
        type: 'error',
        autoHideDuration: TOAST_MS.default,
        messageArgs: { failure: translate(`kit.rules.failure.${action}`), reason: `${msg}, ${reason}` },
      });
    },
  }));
}
