import { useState } from 'react';
import { Confirm } from 'react-admin';
import { ActionButton } from '../lab-shared/ActionButton';
import { causeOf, useLabAction } from '../lab-shared/useLabAction';

/**
 * Cancels a scheduled auto release and sends the result to manual clinician review, after a
 * confirmation (spec 1 §4): "Test result auto release cancelled." or "... override failed. cause: ...".
 */
export const OverrideAutoReleaseButton = ({ kitId, enabled, reason }: { kitId: string; enabled: boolean; reason?: string | null }) => {
  const [open, setOpen] = useState(false);
  const override = useLabAction((dp, id: string) => dp.overrideAutoRelease(id), {
    success: 'lab.overrideSuccess',
    failure: (error) => ({ key: 'lab.overrideFailed', args: { cause: causeOf(error) } }),
    onSuccess: () => setOpen(false),
    onError: () => setOpen(false),
  });
  return (
    <>
      <ActionButton
        label="lab.cancelAutoRelease"
        color="warning"
        enabled={enabled}
        reason={reason}
        pending={override.isPending}
        onClick={() => setOpen(true)}
      />
      <Confirm
        isOpen={open}
        title="lab.overrideTitle"
        content="lab.overrideContent"
        titleTranslateOptions={{ kitId }}
        contentTranslateOptions={{ kitId }}
        confirm="lab.cancelAutoRelease"
        cancel="lab.keepAutoRelease"
        loading={override.isPending}
        onConfirm={() => override.mutate(kitId)}
        onClose={() => !override.isPending && setOpen(false)}
      />
    </>
  );
};
