import { lazy } from 'react';
import type { LabKind } from '../../providers/labMethods';
import { DialogActionButton } from './DialogActionButton';

const ReassignDialog = lazy(() => import('./ReassignDialog'));

/** Reassign To Me: opens the "Re-assign Kit to Me" dialog. */
export const ReassignButton = ({ kind, kitId, enabled, reason }: { kind: LabKind; kitId: string; enabled: boolean; reason?: string | null }) => (
  <DialogActionButton
    label="lab.reassignToMe"
    enabled={enabled}
    reason={reason}
    dialog={(close) => <ReassignDialog kind={kind} kitId={kitId} onClose={close} />}
  />
);
