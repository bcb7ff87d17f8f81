import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLocation, useParams } from 'react-router';
import { PageHeading } from '../layout/PageHeading';
import { MessageShow } from '../shared/messages/MessageShow';
import { useAnnounceChanges } from '../shared/live/recordChanges';

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
