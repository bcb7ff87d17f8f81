import { lazy } from 'react';
import { useRecordContext } from 'react-admin';
import type { LabViewer } from '../../domain/lab/lab-actions';
import { DialogActionButton } from '../shared/lab/DialogActionButton';
import { KitDetailsButton } from '../shared/lab/KitDetailsButton';
import type { LabRecord } from '../shared/lab/labRow';
import { RowActions } from '../shared/lab/RowActions';
import { resultRowRules } from './LabResultRowActions';

const SendLabResultsDialog = lazy(() => import('./SendLabResultsDialog'));
const PatientNotesDialog = lazy(() => import('./PatientNotesDialog'));
const InternalNotesDialog = lazy(() => import('./InternalNotesDialog'));
const AppointmentDialog = lazy(() => import('../shared/lab/AppointmentDialog'));

/** Older Lab Results actions (spec 1 §2): internal note, patient note, appointment request, release. */
export const OlderResultRowActions = ({ viewer }: { viewer: LabViewer | null }) => {
  const record = useRecordContext<LabRecord>();
  if (!record) return null;
  const { a, mine, reason, statusReason, patientReason, editable } = resultRowRules(record, viewer);
  return (
    <RowActions>
      <KitDetailsButton record={record} />
      <DialogActionButton
        label="lab.internalNotes"
        enabled={mine}
        reason={reason}
        dialog={(close) => <InternalNotesDialog record={record} editable={editable} onClose={close} />}
      />
      <DialogActionButton
        label={editable ? 'lab.notesToPatient' : 'lab.viewNotesForPatient'}
        enabled={mine || (a.notesReadOnly && !record.masked)}
        reason={reason}
        dialog={(close) => <PatientNotesDialog record={record} editable={editable} onClose={close} />}
      />
      <DialogActionButton
        label="lab.appointmentRequest"
        enabled={a.appointmentRequest && !!record.testResultId && !!record.user}
        reason={patientReason}
        dialog={(close) => <AppointmentDialog record={record} onClose={close} />}
      />
      <DialogActionButton
        label="lab.release"
        color="success"
        variant="contained"
        enabled={a.sendResults}
        reason={statusReason}
        dialog={(close) => <SendLabResultsDialog record={record} editable={editable} onClose={close} />}
      />
    </RowActions>
  );
};
