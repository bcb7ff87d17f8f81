import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { needsResolutionBeforeSending } from '../../domain/lab/result-classification';
import type { LabRecord } from '../shared/lab/labRow';
import { ReadOnlyNotes } from '../shared/lab/ReadOnlyNotes';
import { ReleaseNotesForm } from './ReleaseNotesForm';
import { ResolutionStep } from './ResolutionStep';

/**
 * Send Results (spec 1 §4): when a result is neither positive nor negative, the rejected-results notice
 * comes first and needs "This has been resolved"; then the release notes. Read-only once released,
 * complete or rejected (`editable` false).
 */
export const SendLabResultsDialog = ({ record, editable, onClose }: { record: LabRecord; editable: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const [resolved, setResolved] = useState(() => !needsResolutionBeforeSending(record.results));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="send-results-title">
      <DialogTitle id="send-results-title">
        {translate('lab.sendResultsTitle')} – {record.kitId}
      </DialogTitle>
      {!editable ? (
        <>
          <DialogContent>
            <ReadOnlyNotes notes={record.externalNotes} label="lab.notesToPatient" />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} autoFocus>
              {translate('ra.action.close')}
            </Button>
          </DialogActions>
        </>
      ) : resolved ? (
        <ReleaseNotesForm record={record} releasedMessage="lab.resultReleaseSuccess" onDone={onClose} onCancel={onClose} />
      ) : (
        <ResolutionStep results={record.results} onContinue={() => setResolved(true)} onCancel={onClose} />
      )}
    </Dialog>
  );
};

export default SendLabResultsDialog;
