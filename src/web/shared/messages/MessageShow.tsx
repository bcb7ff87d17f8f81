import { CircularProgress } from '@mui/material';
import { ShowBase, useTranslate } from 'react-admin';
import { isMessageDetail } from '../../../domain/shared/detail-records';
import type { MessageDetail } from '../../../domain/messages/secure-messages';
import { useDetailShowContext } from '../detailRecord';
import { MessageLoadError, MessageView } from './MessageView';

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
