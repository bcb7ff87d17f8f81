import { ActionButton } from '../lab-shared/ActionButton';
import { useLabAction } from '../lab-shared/useLabAction';

/** Approve a REGISTERED lab request ("Approved!"), pessimistic. */
export const ApproveButton = ({ kitId, enabled, reason }: { kitId: string; enabled: boolean; reason?: string | null }) => {
  const approve = useLabAction((dp, id: string) => dp.labApprove(id), { success: 'lab.approved' });
  return (
    <ActionButton
      label="lab.approve"
      color="success"
      variant="contained"
      enabled={enabled}
      reason={reason}
      pending={approve.isPending}
      onClick={() => approve.mutate(kitId)}
    />
  );
};
