import { Alert, Box, Button, Card, CardContent, Chip, Divider, Stack, Tooltip, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import {
  attachmentDisplayName,
  formatMessageTime,
  readOnlyTooltip,
  recipientsLine,
  type Message,
  type MessageAttachment,
  type MessageDetail,
} from '../../../domain/messages/secure-messages';
import { MESSAGE_TEXT } from '../../../domain/i18n/en/message';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { saveBlob } from '../../providers/saveBlob';
import { StatusChip } from './MessageTable';
import { ReplyForm } from './ReplyForm';
import { SendPrescriptionButton } from '../prescriptions/SendPrescriptionButton';
import { UpdateStatusDialog } from './UpdateStatusDialog';
import { useReadOnly } from '../useReadOnly';
import { ReadOnlyButton } from '../ReadOnlyButton';
import { causeOf, useInboxNotify } from './useInboxNotify';
import { safeRichText } from '../richText';

const profilePath = (patientId: string) => `/PatientProfile?patientId=${encodeURIComponent(patientId)}&idType=sub`;

/** The attachments of a message: named after the first underscore; the whole chip (name or icon) downloads the file. */
export const AttachmentList = ({ items }: { items: MessageAttachment[] }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useInboxNotify();
  if (!items.length) return null;
  const download = async (a: MessageAttachment) => {
    try {
      saveBlob(await dataProvider.downloadMessageAttachment(a.url), attachmentDisplayName(a.name));
    } catch (e) {
      notify('message.loadFailed', 'error', { msg: causeOf(e) });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} aria-label={translate('message.ui.detail.attachments')}>
      {items.map((a) => (
        <Chip
          key={a.url}
          variant="outlined"
          label={attachmentDisplayName(a.name)}
          onClick={() => download(a)}
          onDelete={() => download(a)}
          deleteIcon={
            <Tooltip title={translate('message.ui.detail.download', { name: attachmentDisplayName(a.name) })}>
              <DownloadIcon aria-label={translate('message.ui.detail.download', { name: attachmentDisplayName(a.name) })} />
            </Tooltip>
          }
        />
      ))}
    </Stack>
  );
};

/** One message of a thread: sender, recipients, time, sanitised body (the rich-text rules again on render), attachments. */
const ThreadItem = ({ m }: { m: Message }) => {
  const translate = useTranslate();
  return (
    <Box component="article" aria-label={`${m.from} ${formatMessageTime(m.createdDateTime)}`} sx={{ py: 1 }}>
      <Typography variant="subtitle2">{m.from}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('message.ui.detail.to')}: {recipientsLine(m) || translate('message.allRecipients')} · {formatMessageTime(m.createdDateTime)}
      </Typography>
      <Box sx={{ my: 1 }} dangerouslySetInnerHTML={{ __html: safeRichText(m.content ?? '') }} />
      <AttachmentList items={m.attachmentUrls} />
    </Box>
  );
};

/**
 * Message detail (spec 3 §2): subject with a To or CC badge, sender, recipients (50 characters), 'ddd MMM D, YYYY LT'
 * time, the sanitised thread, attachments, Reply, Send Prescription, View Profile, Update Status (replied messages), the
 * status badge with the latest comment and its author, and the 'Read only' badge with its tooltip.
 */
export const MessageView = ({ message }: { message: MessageDetail }) => {
  const translate = useTranslate();
  const [replying, setReplying] = useState(false);
  const [updating, setUpdating] = useState(false);
  const readOnly = useReadOnly();
  const replied = !!message.repliedBy;
  // A list seeds react-admin's one-record cache with its row (no thread or history yet) until the detail arrives.
  const thread = message.thread ?? [];
  const annotations = message.annotations ?? [];
  return (
    <Card variant="outlined" component="section" aria-label={message.subject}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {message.subject}
          </Typography>
          <Chip
            size="small"
            color={message.ccOnly ? 'default' : 'primary'}
            label={translate(message.ccOnly ? 'message.ui.detail.cc' : 'message.ui.detail.to')}
          />
          <StatusChip status={message.latestStatus} />
          {!message.canReply && message.readOnlyReason && (
            <Tooltip title={readOnlyTooltip(message.readOnlyReason)}>
              <Chip size="small" color="warning" variant="outlined" label={MESSAGE_TEXT.readOnly} tabIndex={0} />
            </Tooltip>
          )}
        </Stack>
        {message.latestComment && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {translate('message.ui.detail.latestComment', { comment: message.latestComment, author: message.latestCommentBy ?? '' })}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" size="small" disabled={!message.canReply} onClick={() => setReplying(true)}>
            {translate('message.ui.detail.reply')}
          </Button>
          <SendPrescriptionButton
            patientId={message.patientId}
            messageId={message.id}
            patientName={message.fromActorType === 'P' ? message.from : message.to}
          />
          <Button variant="outlined" size="small" href={profilePath(message.patientId)} target="_blank" rel="opener">
            {translate('message.ui.detail.viewProfile')}
          </Button>
          <ReadOnlyButton readOnly={readOnly} variant="outlined" size="small" disabled={!replied} onClick={() => setUpdating(true)}>
            {translate('message.ui.detail.updateStatus')}
          </ReadOnlyButton>
        </Stack>
        <Divider />
        {thread.map((m) => (
          <ThreadItem key={m.id} m={m} />
        ))}
        {!thread.length && <ThreadItem m={message} />}
        {replying && <ReplyForm message={message} onClose={() => setReplying(false)} />}
        {annotations.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2">{translate('message.ui.detail.history')}</Typography>
            {annotations.map((a) => (
              <Typography key={a.id} variant="body2" color="text.secondary">
                {formatMessageTime(a.createdDateTime)} · {translate(`message.ui.status.${a.status}`)} · {a.comment} · {a.authorName}
              </Typography>
            ))}
          </Box>
        )}
        <UpdateStatusDialog open={updating} msgIds={[message.id]} onClose={() => setUpdating(false)} />
      </CardContent>
    </Card>
  );
};

export const MessageLoadError = ({ error }: { error: unknown }) => {
  const translate = useTranslate();
  return <Alert severity="error">{translate('message.loadFailed', { msg: causeOf(error) })}</Alert>;
};
