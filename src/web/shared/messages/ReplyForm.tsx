import { Box, Button, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import { Form, useRefresh, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { TOAST_MS } from '../../../domain/shared/constants';
import { composeFormSchema, toBase64Utf8, htmlText, type Message, type MessageAttachment } from '../../../domain/messages/secure-messages';
import { LazyRichNoteInput } from '../LazyRichNoteInput';
import { SubmitButton } from '../SubmitButton';
import { useAction } from '../useAction';
import { AttachmentsInput } from './AttachmentsInput';
import { causeOf } from './useInboxNotify';
import { zodValidate } from '../../providers/zodValidate';
import { DraftLeaveGuard } from './DraftLeaveGuard';

const validate = zodValidate(composeFormSchema.pick({ body: true, attachments: true }));

/** The body as the API takes it: the HTML base64-encoded, and its plain text. */
export const outgoingBody = (body: string, attachments: MessageAttachment[] = []) => ({
  base64Message: toBase64Utf8(body),
  rawMessage: htmlText(body),
  attachmentUrls: attachments.map((a) => a.url),
});

/** Asks before the thread is left while a typed reply or an attachment is unsent. */
const ReplyDraftGuard = ({ released }: { released: { current: boolean } }) => {
  const values = useWatch() as { body?: string; attachments?: MessageAttachment[] };
  return <DraftLeaveGuard active={htmlText(values.body ?? '').length > 0 || (values.attachments?.length ?? 0) > 0} released={released} />;
};

/** Reply in the thread (only with the reply right): rich-text body and attachments; 'Message Sent!' or the failure. */
export const ReplyForm = ({ message, onClose }: { message: Message; onClose: () => void }) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const sent = useRef(false);
  const mutation = useAction(
    (dp, v: { body: string; attachments?: MessageAttachment[] }, key?: string) =>
      dp.replyToMessage(message.id, outgoingBody(v.body, v.attachments), key!),
    {
      // idempotent: always a key
      idempotent: true,
      success: 'message.messageSent',
      failure: (e) => ({ key: 'message.sendFailed', args: { cause: causeOf(e) } }),
      autoHideDuration: TOAST_MS.inbox,
      onSuccess: () => {
        sent.current = true;
        refresh();
        onClose();
      },
    },
  );
  return (
    <Box sx={{ mt: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate('message.ui.detail.replyTitle', { name: message.from })}
      </Typography>
      <Form
        validate={validate}
        defaultValues={{ body: '', attachments: [] }}
        noValidate
        onSubmit={(v: Record<string, unknown>) => mutation.mutate(v as { body: string; attachments?: MessageAttachment[] })}
      >
        <ReplyDraftGuard released={sent} />
        <Stack spacing={1}>
          <LazyRichNoteInput source="body" label={translate('message.ui.compose.body')} />
          <AttachmentsInput patientId={message.patientId} />
          <Stack direction="row" spacing={1}>
            <SubmitButton type="submit" pending={mutation.isPending}>
              {translate('message.ui.detail.sendReply')}
            </SubmitButton>
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          </Stack>
        </Stack>
      </Form>
    </Box>
  );
};
