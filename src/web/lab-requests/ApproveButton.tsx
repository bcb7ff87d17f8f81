import { ActionButton } from '../shared/lab/ActionButton';
import { useLabAction } from '../shared/lab/useLabAction';

interface ApproveProps {
  kitId: string;
  enabled: boolean;
  reason?: string | null;
}

/** Approve a REGISTERED lab request ("Approved!"), pessimistic. Only an enabled button holds the mutation. */
export const ApproveButton = ({ kitId, enabled, reason }: ApproveProps) =>
  enabled ? (
    <Approve kitId={kitId} />
  ) : (
    <ActionButton label="lab.approve" color="success" variant="contained" enabled={false} reason={reason} onClick={() => undefined} />
  );

const Approve = ({ kitId }: Pick<ApproveProps, 'kitId'>) => {
  const approve = useLabAction((dp, id: string) => dp.labApprove(id), { success: 'lab.approved' });
  return (
    <ActionButton label="lab.approve" color="success" variant="contained" enabled pending={approve.isPending} onClick={() => approve.mutate(kitId)} />
  );
};
