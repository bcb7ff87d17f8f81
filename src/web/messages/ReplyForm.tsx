import { Box, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { Form, SaveButton, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { composeFormSchema, toBase64Utf8, htmlText, type Message, type MessageAttachment } from '../../domain/secure-messages';
import { LazyRichNoteInput } from '../shared/LazyRichNoteInput';
import type { PortalDataProvider } from '../providers/dataProvider';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { AttachmentsInput } from './AttachmentsInput';
import { causeOf, useInboxNotify } from './useInboxNotify';
import { zodValidate } from '../providers/zodValidate';
import { DraftLeaveGuard } from './DraftLeaveGuard';

const validate = zodValidate(composeFormSchema.pick({ body: true, attachments: true }));

/** The body as the API takes it: the HTML base64-encoded, and its plain text. */
export const outgoingBody = (body: string, attachments: MessageAttachment[] = []) => ({
  base64Message: toBase64Utf8(body), rawMessage: htmlText(body), attachmentUrls: attachments.map((a) => a.url),
});

/** Asks before the thread is left while a typed reply or an attachment is unsent. */
const ReplyDraftGuard = ({ released }: { released: { current: boolean } }) => {
  const values = useWatch() as { body?: string; attachments?: MessageAttachment[] };
  return <DraftLeaveGuard active={htmlText(values.body ?? '').length > 0 || (values.attachments?.length ?? 0) > 0} released={released} />;
};

/** Reply in the thread (only with the reply right): rich-text body and attachments; 'Message Sent!' or the failure. */
export const ReplyForm = ({ message, onClose }: { message: Message; onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useInboxNotify();
  const refresh = useRefresh();
  const withKey = useIdempotencyKey();
  const sent = useRef(false);
  const mutation = useMutation({
    mutationFn: (v: { body: string; attachments?: MessageAttachment[] }) =>
      withKey((key) => dataProvider.replyToMessage(message.id, outgoingBody(v.body, v.attachments), key)),
    onSuccess: () => {
      sent.current = true;
      notify('message.messageSent', 'success');
      refresh();
      onClose();
    },
    onError: (e) => notify('message.sendFailed', 'error', { cause: causeOf(e) }),
  });
  return (
    <Box sx={{ mt: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>{translate('message.ui.detail.replyTitle', { name: message.from })}</Typography>
      <Form validate={validate} defaultValues={{ body: '', attachments: [] }} noValidate
        onSubmit={(v: Record<string, unknown>) => mutation.mutate(v as { body: string; attachments?: MessageAttachment[] })}>
        <ReplyDraftGuard released={sent} />
        <Stack spacing={1}>
          <LazyRichNoteInput source="body" label={translate('message.ui.compose.body')} />
          <AttachmentsInput patientId={message.patientId} />
          <Stack direction="row" spacing={1}>
            <SaveButton label={translate('message.ui.detail.sendReply')} alwaysEnable disabled={mutation.isPending} icon={<></>} />
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          </Stack>
        </Stack>
      </Form>
    </Box>
  );
};
