import { Typography } from '@mui/material';
import { lazy } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { eligibility, isM19Kit, labRequestActions, notesEditable, type LabViewer } from '../../domain/lab/lab-actions';
import { AssignKitButton } from '../shared/lab/AssignKitButton';
import { DialogActionButton } from '../shared/lab/DialogActionButton';
import { KitDetailsButton } from '../shared/lab/KitDetailsButton';
import { rowFacts, type LabRecord } from '../shared/lab/labRow';
import { ReassignButton } from '../shared/lab/ReassignButton';
import { RowActions } from '../shared/lab/RowActions';
import { ApproveButton } from './ApproveButton';

const RejectNotesDialog = lazy(() => import('./RejectNotesDialog'));
const CreateTestReportDialog = lazy(() => import('./CreateTestReportDialog'));
const TubeSerialDialog = lazy(() => import('./TubeSerialDialog'));
const PatientDetailsDialog = lazy(() => import('./PatientDetailsDialog'));

const FINAL = ['REPORT_READY', 'REJECTED_BY_CLINICIAN', 'COMPLETE'];
const NOBODY: LabViewer = { sub: '', validStates: [], clinicalWrite: false, licenceExempt: false };

/**
 * Lab request row actions (spec 1 §4), from the shared rules (labRequestActions): Assign / Reassign To Me,
 * Approve and Reject (REGISTERED), "No action needed", the reject notes of a rejected request, Create Test
 * Report and the tube serial number (M19 kits) while the request is open. `patientDetails` adds the
 * Patient Details modal (Case details).
 */
export const LabRequestRowActions = ({ viewer, patientDetails }: { viewer: LabViewer | null; patientDetails?: boolean }) => {
  const translate = useTranslate();
  const record = useRecordContext<LabRecord>();
  if (!record) return null;
  const facts = rowFacts(record);
  const m19 = isM19Kit(record.productName, record.kitId);
  const e = eligibility(facts, viewer ?? NOBODY);
  const a = labRequestActions(facts, viewer ?? NOBODY, { m19Kit: m19 });
  const reason = a.disabledReason ?? (a.assignToMe ? 'lab.assignFirst' : null);
  const status = record.status;
  const open = !FINAL.includes(status);
  // Mine, but the kit's test result is already released: no new report.
  const createReason = reason ?? (record.resultStatus && !notesEditable(record.resultStatus) ? 'lab.resultAlreadyReleased' : null);
  return (
    <RowActions>
      <KitDetailsButton record={record} />
      {e.unassigned && <AssignKitButton kind="request" kitId={record.kitId} enabled={a.assignToMe} reason={a.disabledReason} />}
      {e.assignedToOther && <ReassignButton kind="request" kitId={record.kitId} enabled={a.reassignToMe} reason={a.disabledReason} />}
      {(status === 'REGISTERED' || record.masked) && (
        <>
          <ApproveButton kitId={record.kitId} enabled={a.approve} reason={reason} />
          <DialogActionButton
            label="lab.reject"
            color="error"
            enabled={a.reject}
            reason={reason}
            dialog={(close) => <RejectNotesDialog record={record} onClose={close} />}
          />
        </>
      )}
      {a.noActionNeeded && !record.masked && (
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center', px: 1 }}>
          {translate('lab.noActionNeeded')}
        </Typography>
      )}
      {status === 'REJECTED_BY_CLINICIAN' && (
        <DialogActionButton
          label="lab.viewRejectNotes"
          enabled={a.viewRejectNotes}
          dialog={(close) => <RejectNotesDialog record={record} readOnly onClose={close} />}
        />
      )}
      {open && (
        <DialogActionButton
          label="lab.createTestReport"
          enabled={a.createTestResult}
          reason={createReason}
          dialog={(close) => <CreateTestReportDialog record={record} onClose={close} />}
        />
      )}
      {open && m19 && (
        <DialogActionButton
          label="lab.registerTube"
          enabled={a.registerTube}
          reason={reason}
          dialog={(close) => <TubeSerialDialog kitId={record.kitId} onClose={close} />}
        />
      )}
      {patientDetails && (
        <DialogActionButton
          label="lab.patientDetails"
          enabled={!record.masked}
          dialog={(close) => <PatientDetailsDialog record={record} onClose={close} />}
        />
      )}
    </RowActions>
  );
};
