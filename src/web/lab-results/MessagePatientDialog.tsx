import { useNotify } from 'react-admin';
import type { LabRecord } from '../lab-shared/labRow';
import { TextEntryDialog } from '../lab-shared/TextEntryDialog';
import { useLabAction } from '../lab-shared/useLabAction';

/** Message Patient: empty text is not sent; "Sending Message..." while it goes, then "Message Sent!". */
export const MessagePatientDialog = ({ record, onClose }: { record: LabRecord; onClose: () => void }) => {
  const notify = useNotify();
  const send = useLabAction((dp, message: string) => dp.messagePatient(record.kitId, message), {
    success: 'lab.messageSent',
    onSuccess: onClose,
  });
  return (
    <TextEntryDialog
      title="lab.messagePatientTitle"
      subtitle={record.kitId}
      label="lab.message"
      pending={send.isPending}
      onSubmit={(text) => {
        notify('lab.sendingMessage', { type: 'info' });
        send.mutate(text);
      }}
      onClose={onClose}
    />
  );
};

export default MessagePatientDialog;
