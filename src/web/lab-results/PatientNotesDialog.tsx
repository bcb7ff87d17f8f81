import { Dialog, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LabRecord } from '../shared/lab/labRow';
import { ReadOnlyNotesBody } from '../shared/lab/ReadOnlyNotes';
import { ReleaseNotesForm } from './ReleaseNotesForm';

/**
 * Notes to Patient: the release notes of a result (draft, then release: "Note(s) Released!");
 * read-only ("View Notes for Patient") once released, complete or rejected.
 */
export const PatientNotesDialog = ({ record, editable, onClose }: { record: LabRecord; editable: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="patient-notes-title">
      <DialogTitle id="patient-notes-title">
        {translate(editable ? 'lab.notesToPatientTitle' : 'lab.viewNotesForPatient')} – {record.kitId}
      </DialogTitle>
      {editable ? (
        <ReleaseNotesForm record={record} releasedMessage="lab.notesReleased" onDone={onClose} onCancel={onClose} />
      ) : (
        <ReadOnlyNotesBody notes={record.externalNotes} onClose={onClose} />
      )}
    </Dialog>
  );
};

export default PatientNotesDialog;
