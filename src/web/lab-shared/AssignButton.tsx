import type { LabKind } from '../providers/labMethods';
import { ActionButton } from './ActionButton';
import { causeOf, useLabAction } from './useLabAction';

export interface AssignButtonProps {
  kind: LabKind;
  kitId: string;
  enabled: boolean;
  reason?: string | null;
}

/** Assign To Me (spec 1 §4): "Assigned to you!" or "Failed to assign kit. Cause: ...". */
export const AssignButton = ({ kind, kitId, enabled, reason }: AssignButtonProps) => {
  const assign = useLabAction((dp, id: string) => dp.labAssign(kind, id), {
    success: 'lab.assignedToYou',
    failure: (error) => ({ key: 'lab.assignFailed', args: { cause: causeOf(error) } }),
  });
  return (
    <ActionButton label="lab.assignToMe" enabled={enabled} reason={reason} pending={assign.isPending} onClick={() => assign.mutate(kitId)} />
  );
};
