import { Box, Checkbox, Chip, Link, Stack, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { formatMessageTime, isSelectableForStatus, type Message } from '../../../domain/messages/secure-messages';
import { CardList } from '../CardList';
import { NoMessages, StatusChip, unreadGrey } from './messageLook';
import { UpdateStatusButton } from './UpdateStatusDialog';

type Row = Message & { masked?: boolean };

/** An unread message's card is bold and grey, as its table row is (spec 3 §2). */
const unreadSx = { fontWeight: 'bold', backgroundImage: unreadGrey };

/**
 * A message list on a phone: one card per message instead of a table row, with what picks it (the patient, the
 * subject, the date, unread, the status) and, in an inbound list, its selection box for the bulk Update Status above.
 * A click on the card, or Enter on its subject, opens the message; a masked one (outside the licence states) stays shut.
 */
export const MessageCards = ({ inbound, onOpen }: { inbound: boolean; onOpen: (m: Row) => void }) => {
  const translate = useTranslate();
  const { data, isPending, selectedIds, onToggleItem } = useListContext<Row>();
  if (isPending) return null;
  if (!data?.length) return <NoMessages />;
  return (
    <>
      {inbound && (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <UpdateStatusButton />
          {selectedIds.length > 0 && (
            <Typography variant="body2">{translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}</Typography>
          )}
        </Stack>
      )}
      <CardList
        data={data}
        onOpen={onOpen}
        canOpen={(m) => !m.masked}
        cardSx={(m) => (m.unread ? unreadSx : undefined)}
        contentSx={{ display: 'flex', gap: 1, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}
      >
        {(m) => (
          <>
            {inbound && (
              <Checkbox
                size="small"
                sx={{ p: 0.5, ml: -0.5 }}
                checked={selectedIds.includes(m.id)}
                disabled={!isSelectableForStatus(m)}
                onChange={() => onToggleItem(m.id)}
                slotProps={{ input: { 'aria-label': `${translate('ra.action.select_row')} ${m.subject}` } }}
              />
            )}
            <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              <Stack direction="row" justifyContent="space-between" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 'inherit' }}>
                  {inbound ? m.from : m.to}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatMessageTime(m.createdDateTime)}
                </Typography>
              </Stack>
              {m.masked ? (
                <Typography sx={{ fontWeight: 'inherit' }}>{m.subject}</Typography>
              ) : (
                <Link
                  component="button"
                  type="button"
                  color="inherit"
                  underline="hover"
                  onClick={() => onOpen(m)}
                  sx={{ fontWeight: 'inherit', textAlign: 'left', fontSize: 'body1.fontSize' }}
                >
                  {m.subject}
                </Link>
              )}
              <Stack direction="row" alignItems="center" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
                {m.unread && <Chip size="small" color="primary" label={translate('message.ui.unread')} />}
                {m.masked ? (
                  <Chip size="small" variant="outlined" label={translate('message.ui.masked')} />
                ) : (
                  inbound && <StatusChip status={m.latestStatus} />
                )}
                <Typography variant="caption" color="text.secondary">
                  {[m.state, m.patientDob].filter(Boolean).join(' · ')}
                </Typography>
              </Stack>
            </Box>
          </>
        )}
      </CardList>
    </>
  );
};
