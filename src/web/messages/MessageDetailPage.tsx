import { Alert, CircularProgress, Stack } from '@mui/material';
import { ShowBase, useTranslate } from 'react-admin';
import { isMessageDetail } from '../../domain/detail-records';
import { useDetailShowContext } from '../shared/detailRecord';
import { useLocation, useParams } from 'react-router';
import type { MessageDetail } from '../../domain/secure-messages';
import { PageHeading } from '../layout/PageHeading';
import { MessageLoadError, MessageView } from './MessageView';
import { useAnnounceChanges } from '../shared/live/recordChanges';

const Content = () => {
  const translate = useTranslate();
  const { data: record, isPending, error } = useDetailShowContext<MessageDetail>(isMessageDetail);
  if (isPending) return <CircularProgress size={24} aria-label={translate('message.ui.detail.loading')} />;
  if (error || !record) return <MessageLoadError error={error} />;
  return <MessageView message={record} />;
};

/** A message by its inbox id (opening it marks it read): its ShowBase over the one dataProvider. */
export const MessageShow = ({ id, resource = 'messages' }: { id: string; resource?: string }) => (
  // A failed read shows the spec's failure text here (react-admin's default would redirect to the resource's list).
  <ShowBase resource={resource} id={id} queryOptions={{ retry: false, onError: () => undefined }}>
    <Content />
  </ShowBase>
);

/** /inbox/{messageID} and /MessageDetails?messageId={id} (spec 3 §2); no id: 'Invalid URL'. */
export const MessageDetailPage = () => {
  const translate = useTranslate();
  const { messageId: fromPath } = useParams();
  const fromQuery = new URLSearchParams(useLocation().search).get('messageId');
  const id = (fromPath ?? fromQuery ?? '').trim();
  // Answered or annotated by another user meanwhile: "Updated by <name> just now" (the thread refetches).
  useAnnounceChanges([{ resource: 'messages', id }], { except: ['READ'] });
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 3 } }}>
      <PageHeading path="/MessageDetails" />
      {id ? <MessageShow id={id} /> : <Alert severity="error">{translate('message.invalidUrl')}</Alert>}
    </Stack>
  );
};

export default MessageDetailPage;
