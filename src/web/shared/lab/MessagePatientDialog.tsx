import { useNotify } from 'react-admin';
import type { LabRecord } from './labRow';
import { useTemplateValues } from './useTemplateValues';
import { TemplatePicker } from '../templates/TemplatePicker';
import { useTemplateChoices } from '../templates/useTemplateChoices';
import { TextEntryDialog } from './TextEntryDialog';
import { useLabAction } from './useLabAction';
import { useIdempotencyKey } from '../../providers/idempotencyKey';

/**
 * Message Patient: empty text is not sent; "Sending Message..." while it goes, then "Message Sent!".
 * A template (the clinician's own, or a result template of the content service) can fill the message.
 */
export const MessagePatientDialog = ({ record, onClose }: { record: LabRecord; onClose: () => void }) => {
  const notify = useNotify();
  const { values } = useTemplateValues(record);
  const templates = useTemplateChoices({ mine: true, results: true });
  const withKey = useIdempotencyKey(); // a double click sends one message
  const send = useLabAction((dp, message: string) => withKey((key) => dp.messagePatient(record.kitId, message, key)), {
    success: 'lab.messageSent',
    onSuccess: onClose,
  });
  return (
    <TextEntryDialog
      title="lab.messagePatientTitle"
      subtitle={record.kitId}
      label="lab.message"
      pending={send.isPending}
      tools={(setText) => (
        <TemplatePicker choices={templates.choices} loading={templates.isPending} values={values} onApply={setText} disabled={send.isPending} />
      )}
      onSubmit={(text) => {
        notify('lab.sendingMessage', { type: 'info' });
        send.mutate(text);
      }}
      onClose={onClose}
    />
  );
};

export default MessagePatientDialog;
