import { Dialog, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LabRecord } from '../shared/lab/labRow';
import { ReadOnlyNotesBody } from '../shared/lab/ReadOnlyNotes';
import { TextEntryDialog } from '../shared/lab/TextEntryDialog';
import { useLabAction } from '../shared/lab/useLabAction';

/** Internal Notes of a result: POST notes (internal) then "Note Submitted!"; read-only once not editable. */
export const InternalNotesDialog = ({ record, editable, onClose }: { record: LabRecord; editable: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const save = useLabAction((dp, notes: string) => dp.saveResultNotes(record.kitId, 'internal', notes), {
    success: 'lab.noteSubmitted',
    onSuccess: onClose,
  });
  if (!editable) {
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="internal-notes-title">
        <DialogTitle id="internal-notes-title">
          {translate('lab.internalNotesTitle')} – {record.kitId}
        </DialogTitle>
        <ReadOnlyNotesBody notes={record.internalNotes} onClose={onClose} />
      </Dialog>
    );
  }
  return (
    <TextEntryDialog
      title="lab.internalNotesTitle"
      subtitle={record.kitId}
      label="lab.internalNote"
      submitLabel="lab.submit"
      initialText={record.internalNotes ?? ''}
      pending={save.isPending}
      onSubmit={(text) => save.mutate(text)}
      onClose={onClose}
    />
  );
};

export default InternalNotesDialog;
