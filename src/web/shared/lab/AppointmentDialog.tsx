import { CircularProgress, Dialog, DialogContent } from '@mui/material';
import { useTranslate } from 'react-admin';
import { applyTemplate } from '../../../domain/lab/lab-templates';
import type { LabRecord } from './labRow';
import { TextEntryDialog } from './TextEntryDialog';
import { useLabAction } from './useLabAction';
import { useIdempotencyKey } from '../../providers/idempotencyKey';
import { useTemplateValues } from './useTemplateValues';
import { TemplatePicker } from '../templates/TemplatePicker';
import { useTemplateChoices } from '../templates/useTemplateChoices';

/**
 * Appointment Details: the default message asks the patient to book through the clinician's meeting link
 * ({meetingLink}) and is signed with the clinician's name plus "NP"; send gives "Appointment Requested!".
 * One of the clinician's own templates can replace it ({{patientName}}, {{clinicianName}}, {meetingLink} substituted).
 */
export const AppointmentDialog = ({ record, onClose }: { record: LabRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const { values, isPending } = useTemplateValues(record);
  const templates = useTemplateChoices({ mine: true });
  const withKey = useIdempotencyKey(); // a double click sends one request
  const request = useLabAction((dp, message: string) => withKey((key) => dp.requestAppointment(record.testResultId ?? '', message, key)), {
    success: 'lab.appointmentRequested',
    onSuccess: onClose,
  });
  if (isPending) {
    return (
      <Dialog open onClose={onClose}>
        <DialogContent>
          <CircularProgress />
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <TextEntryDialog
      title="lab.appointmentDetailsTitle"
      subtitle={record.kitId}
      label="lab.message"
      initialText={applyTemplate(translate('lab.defaultAppointmentMessage'), values)}
      pending={request.isPending}
      tools={(setText) => (
        <TemplatePicker choices={templates.choices} loading={templates.isPending} values={values} onApply={setText} disabled={request.isPending} />
      )}
      onSubmit={(text) => request.mutate(text)}
      onClose={onClose}
    />
  );
};

export default AppointmentDialog;
