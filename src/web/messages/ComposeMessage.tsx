import {
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Form, SaveButton, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  composeFormSchema,
  hasUnsentDraft,
  type ComposeForm,
  type Message,
  type MessageAttachment,
  type Recipient,
} from '../../domain/messages/secure-messages';
import { MESSAGE_TEXT } from '../../domain/i18n/en/message';
import { LazyRichNoteInput } from '../shared/LazyRichNoteInput';
import { TOAST_MS } from '../../domain/shared/constants';
import type { PortalDataProvider } from '../providers/dataProvider';
import { SubmitButton } from '../shared/SubmitButton';
import { useAction } from '../shared/useAction';
import { AttachmentsInput } from '../shared/messages/AttachmentsInput';
import { RecipientSearch } from './RecipientSearch';
import { outgoingBody } from '../shared/messages/ReplyForm';
import { causeOf } from '../shared/messages/useInboxNotify';
import { zodValidate } from '../providers/zodValidate';
import { DraftLeaveGuard } from '../shared/messages/DraftLeaveGuard';

const validate = zodValidate(composeFormSchema);
const EMPTY: ComposeForm = { patientId: '', subject: '', body: '', attachments: [] };
type Values = { patientId: string; subject?: string; body: string; attachments?: MessageAttachment[] };

/** Reset: empties every field and the chosen patient. */
const ResetButton = ({ onReset }: { onReset: () => void }) => {
  const translate = useTranslate();
  const { reset } = useFormContext();
  return (
    <Button
      onClick={() => {
        reset(EMPTY);
        onReset();
      }}
    >
      {translate('ra.action.reset')}
    </Button>
  );
};

/** Asks before the form is left (another screen, a reload, closing) while it holds an unsent draft. */
const DraftGuard = ({ presetPatientId, released }: { presetPatientId?: string | null; released: { current: boolean } }) => {
  const values = useWatch() as Partial<ComposeForm>;
  return <DraftLeaveGuard active={hasUnsentDraft(values, presetPatientId)} released={released} />;
};

/**
 * The review-recipient modal (spec 3 §2, §5): who will receive the message; Send Message only once the switch
 * confirming the recipient is ticked.
 */
const ReviewRecipientDialog = ({
  recipient,
  sending,
  onCancel,
  onSend,
}: {
  recipient: Recipient | null;
  sending: boolean;
  onCancel: () => void;
  onSend: () => void;
}) => {
  const translate = useTranslate();
  const [confirmed, setConfirmed] = useState(false);
  return (
    // Closes by Cancel or Escape, not by a click outside it: the second click of a double-clicked Send lands there.
    <Dialog
      open={!!recipient}
      onClose={(_, reason) => {
        if (!sending && reason !== 'backdropClick') onCancel();
      }}
      aria-labelledby="review-recipient-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="review-recipient-title">{MESSAGE_TEXT.reviewRecipient}</DialogTitle>
      <DialogContent>
        {recipient && (
          <Typography sx={{ mb: 2 }}>
            {translate('message.ui.compose.patientLine', {
              name: `${recipient.firstName} ${recipient.lastName}`,
              email: recipient.email ?? '',
              dob: recipient.dob ?? '',
              state: recipient.state ?? '',
            })}
          </Typography>
        )}
        <FormControlLabel
          control={<Switch checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
          label={MESSAGE_TEXT.confirmRecipient}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={sending}>
          {translate('ra.action.cancel')}
        </Button>
        <SubmitButton disabled={!confirmed} pending={sending} onClick={onSend}>
          {translate('message.ui.compose.sendMessage')}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
};

/**
 * New Message (spec 3 §2, §5): patient search, subject, rich-text body, attachments, Send and Reset; Send checks the
 * form ('Please select a patient from list', 'Message cannot be empty'), then the review-recipient modal sends it
 * ('Message Sent!' or 'Failed to send message. cause: ...'). `patientId` (from ?action=compose&pid=) preselects a patient.
 */
export const ComposeMessage = ({ patientId, onSent }: { patientId?: string | null; onSent?: (m: Message) => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [picked, setPicked] = useState<Recipient | null>(null);
  const [pending, setPending] = useState<Values | null>(null);
  const [formKey, setFormKey] = useState(0);
  // Set once a message is sent: the screen that follows opens without asking; a new form guards again.
  const sent = useRef(false);
  useEffect(() => {
    sent.current = false;
  }, [formKey]);
  const preset = useQuery({
    queryKey: ['messages', 'recipient', patientId],
    queryFn: () => dataProvider.messageRecipient(patientId!),
    enabled: !!patientId,
    retry: false,
  });
  const recipient = picked ?? (preset.data && !picked ? preset.data : null);
  const send = useAction(
    (dp, v: Values, key?: string) =>
      dp.sendSecureMessage(
        {
          patientId: v.patientId,
          subject: v.subject?.trim() || undefined,
          ...outgoingBody(v.body, v.attachments),
        },
        key!,
      ),
    {
      // idempotent: always a key
      idempotent: true,
      success: 'message.messageSent',
      failure: (e) => ({ key: 'message.sendFailed', args: { cause: causeOf(e) } }),
      autoHideDuration: TOAST_MS.inbox,
      onSuccess: (m) => {
        sent.current = true;
        setPending(null);
        setPicked(null);
        setFormKey((k) => k + 1);
        onSent?.(m);
      },
      onError: () => setPending(null),
    },
  );
  const defaults = { ...EMPTY, patientId: patientId ?? '' };
  return (
    <Card variant="outlined" component="section" aria-labelledby="compose-title">
      <CardContent>
        <Typography id="compose-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {translate('message.ui.compose.title')}
        </Typography>
        <Form
          key={formKey}
          defaultValues={defaults}
          validate={validate}
          noValidate
          onSubmit={(v: Record<string, unknown>) => setPending(v as unknown as Values)}
        >
          <DraftGuard presetPatientId={patientId} released={sent} />
          <Stack spacing={2}>
            <RecipientSearch selected={recipient} onSelected={setPicked} />
            <TextInput source="subject" label={translate('message.ui.compose.subject')} helperText={false} />
            <LazyRichNoteInput source="body" label={translate('message.ui.compose.body')} />
            <AttachmentsInput />
            <Stack direction="row" spacing={1}>
              <SaveButton label={translate('message.ui.compose.send')} alwaysEnable icon={<></>} />
              <ResetButton onReset={() => setPicked(null)} />
            </Stack>
          </Stack>
        </Form>
        <ReviewRecipientDialog
          key={pending ? 'open' : 'closed'}
          recipient={pending ? recipient : null}
          sending={send.isPending}
          onCancel={() => setPending(null)}
          onSend={() => pending && send.mutate(pending)}
        />
      </CardContent>
    </Card>
  );
};
