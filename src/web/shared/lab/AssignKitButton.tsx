import type { LabKind } from '../../providers/labMethods';
import { ActionButton } from './ActionButton';
import { causeOf, useLabAction } from './useLabAction';

export interface AssignKitButtonProps {
  kind: LabKind;
  kitId: string;
  enabled: boolean;
  reason?: string | null;
}

const AssignToMe = ({ kind, kitId }: Pick<AssignKitButtonProps, 'kind' | 'kitId'>) => {
  const assign = useLabAction((dp, id: string) => dp.labAssign(kind, id), {
    success: 'lab.assignedToYou',
    failure: (error) => ({ key: 'lab.assignFailed', args: { cause: causeOf(error) } }),
  });
  return <ActionButton label="lab.assignToMe" enabled reason={null} pending={assign.isPending} onClick={() => assign.mutate(kitId)} />;
};

/**
 * Assign To Me (spec 1 §4): "Assigned to you!" or "Failed to assign kit. Cause: ...". Only an enabled button holds the
 * action's mutation: a disabled one cannot be pressed, and a page of 200 rows should not subscribe 200 of them.
 */
export const AssignKitButton = ({ kind, kitId, enabled, reason }: AssignKitButtonProps) =>
  enabled ? (
    <AssignToMe kind={kind} kitId={kitId} />
  ) : (
    <ActionButton label="lab.assignToMe" enabled={false} reason={reason} onClick={() => undefined} />
  );
