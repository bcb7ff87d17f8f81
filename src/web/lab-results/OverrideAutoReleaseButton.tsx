import { useState } from 'react';
import { Confirm } from 'react-admin';
import { ActionButton } from '../shared/lab/ActionButton';
import { causeOf, useLabAction } from '../shared/lab/useLabAction';

interface OverrideProps {
  kitId: string;
  enabled: boolean;
  reason?: string | null;
}

/**
 * Cancels a scheduled auto release and sends the result to manual clinician review, after a
 * confirmation (spec 1 §4): "Test result auto release cancelled." or "... override failed. cause: ...". Only an enabled
 * button holds the mutation and the confirmation (a page of 200 rows).
 */
export const OverrideAutoReleaseButton = ({ kitId, enabled, reason }: OverrideProps) =>
  enabled ? (
    <OverrideAutoRelease kitId={kitId} />
  ) : (
    <ActionButton label="lab.cancelAutoRelease" color="warning" enabled={false} reason={reason} onClick={() => undefined} />
  );

const OverrideAutoRelease = ({ kitId }: Pick<OverrideProps, 'kitId'>) => {
  const [open, setOpen] = useState(false);
  const override = useLabAction((dp, id: string) => dp.overrideAutoRelease(id), {
    success: 'lab.overrideSuccess',
    failure: (error) => ({ key: 'lab.overrideFailed', args: { cause: causeOf(error) } }),
    onSuccess: () => setOpen(false),
    onError: () => setOpen(false),
  });
  return (
    <>
      <ActionButton label="lab.cancelAutoRelease" color="warning" enabled pending={override.isPending} onClick={() => setOpen(true)} />
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
