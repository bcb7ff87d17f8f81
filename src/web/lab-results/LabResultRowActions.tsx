import { lazy } from 'react';
import { useRecordContext } from 'react-admin';
import { ASSIGNABLE_RESULT_STATUSES, eligibility, labResultActions, notesEditable, type LabViewer } from '../../domain/lab/lab-actions';
import { AssignKitButton } from '../shared/lab/AssignKitButton';
import { DialogActionButton } from '../shared/lab/DialogActionButton';
import { KitDetailsButton } from '../shared/lab/KitDetailsButton';
import { rowFacts, type LabRecord } from '../shared/lab/labRow';
import { ReassignButton } from '../shared/lab/ReassignButton';
import { RowActions } from '../shared/lab/RowActions';
import { OverrideAutoReleaseButton } from './OverrideAutoReleaseButton';

const SendLabResultsDialog = lazy(() => import('./SendLabResultsDialog'));
const PatientNotesDialog = lazy(() => import('./PatientNotesDialog'));
const InternalNotesDialog = lazy(() => import('./InternalNotesDialog'));
const AppointmentDialog = lazy(() => import('../shared/lab/AppointmentDialog'));
const MessagePatientDialog = lazy(() => import('../shared/lab/MessagePatientDialog'));

const RELEASED = ['RESULTS_RELEASED', 'COMPLETE'];

/** What the rules say for a row, with the viewer unknown (still loading) meaning "nothing allowed". */
export function resultRowRules(record: LabRecord, viewer: LabViewer | null) {
  const none: LabViewer = { sub: '', validStates: [], clinicalWrite: false, licenceExempt: false };
  const facts = rowFacts(record);
  const e = eligibility(facts, viewer ?? none);
  const a = labResultActions(facts, viewer ?? none);
  const mine = e.canAct && e.assignedToMe;
  // Not yet mine: free to take (assign first) or waiting for its review status; never a bare disabled button.
  const reason = a.disabledReason ?? (a.assignToMe ? 'lab.assignFirst' : e.unassigned ? 'lab.notYetAssignable' : null);
  // Mine, yet not offered: the status (or the missing patient) is why.
  const statusReason = reason ?? (a.notesReadOnly ? 'lab.readOnlyNotes' : 'lab.notInStatus');
  const patientReason = record.user ? statusReason : (reason ?? 'lab.noPatient');
  return { e, a, mine, reason, statusReason, patientReason, editable: mine && notesEditable(record.status, record.requestStatus ?? undefined) };
}

/**
 * Lab result row actions (spec 1 §4), from the shared rules (labResultActions): Assign / Reassign To Me,
 * the auto-release override, Send Results or View Notes for Patient, Internal Notes, Appointment Request,
 * Message Patient. Disabled actions carry the rules' tooltip; masked rows have every action disabled.
 */
export const LabResultRowActions = ({ viewer }: { viewer: LabViewer | null }) => {
  const record = useRecordContext<LabRecord>();
  if (!record) return null;
  const { e, a, mine, reason, patientReason, editable } = resultRowRules(record, viewer);
  const status = record.status;
  const released = RELEASED.includes(status);
  return (
    <RowActions>
      <KitDetailsButton record={record} />
      {e.unassigned && (ASSIGNABLE_RESULT_STATUSES.includes(status) || a.disabledReason) && (
        <AssignKitButton kind="result" kitId={record.kitId} enabled={a.assignToMe} reason={a.disabledReason} />
      )}
      {e.assignedToOther && <ReassignButton kind="result" kitId={record.kitId} enabled={a.reassignToMe} reason={a.disabledReason} />}
      {status === 'AUTO_RELEASE_SCHEDULED' && (
        <OverrideAutoReleaseButton kitId={record.kitId} enabled={a.overrideAutoRelease} reason={a.disabledReason} />
      )}
      {a.notesReadOnly ? (
        <DialogActionButton
          label="lab.viewNotesForPatient"
          enabled={!record.masked}
          dialog={(close) => <PatientNotesDialog record={record} editable={false} onClose={close} />}
        />
      ) : (
        status !== 'AUTO_RELEASE_SCHEDULED' &&
        status !== 'IN_PROGRESS' && (
          <DialogActionButton
            label="lab.sendResults"
            color="success"
            variant="contained"
            enabled={a.sendResults}
            reason={reason}
            dialog={(close) => <SendLabResultsDialog record={record} editable={editable} onClose={close} />}
          />
        )
      )}
      <DialogActionButton
        label="lab.internalNotes"
        enabled={mine}
        reason={reason}
        dialog={(close) => <InternalNotesDialog record={record} editable={editable} onClose={close} />}
      />
      {!released && status !== 'NEEDS_CONSULT' && (
        <DialogActionButton
          label="lab.appointmentRequest"
          enabled={a.appointmentRequest && !!record.testResultId && !!record.user}
          reason={patientReason}
          dialog={(close) => <AppointmentDialog record={record} onClose={close} />}
        />
      )}
      <DialogActionButton
        label="lab.messagePatient"
        enabled={a.messagePatient && !!record.user}
        reason={patientReason}
        dialog={(close) => <MessagePatientDialog record={record} onClose={close} />}
      />
    </RowActions>
  );
};
