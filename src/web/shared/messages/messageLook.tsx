import { Chip, Typography, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MESSAGE_STATUS_COLOR, type MessageStatus } from '../../../domain/messages/secure-messages';

/** Status chip in the spec's colours (needs review red, in progress amber, done green). */
export const StatusChip = ({ status }: { status: MessageStatus | null | undefined }) => {
  const translate = useTranslate();
  if (!status || !(status in MESSAGE_STATUS_COLOR)) return null;
  return <Chip size="small" color={MESSAGE_STATUS_COLOR[status]} label={translate(`message.ui.status.${status}`)} />;
};

/**
 * The grey of an unread message (spec 3 §2: unread rows are bold and grey), as a background image laid over whatever
 * colour the element has: a table cell kept in view while its table scrolls sideways, or a card, has an opaque
 * background of its own that would hide a grey behind it.
 */
export const unreadGrey = (t: Theme) => {
  const grey = (t.vars ?? t).palette.action.hover;
  return `linear-gradient(${grey}, ${grey})`;
};

export const NoMessages = () => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary">
      {translate('message.noMessages')}
    </Typography>
  );
};
