import { ListItemText, Menu, MenuItem } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { CalendarEventRow } from '../providers/bookingMethods';
import { assignLabel, assignRefusal, rescheduleRefusal, statusRefusal, tagRefusal, type Refusal } from './calendarActions';
import { openBookingDetails } from './openInNewTab';
import { useRuntimeConfig } from '../providers/useRuntimeConfig';

export type BookingDialog = 'status' | 'tag' | 'send' | 'reschedule';

export interface BookingActionsMenuProps {
  anchor: HTMLElement | null;
  booking: CalendarEventRow | null;
  userId: string | null | undefined;
  onClose: () => void;
  onDialog: (dialog: BookingDialog, booking: CalendarEventRow) => void;
  onAssign: (booking: CalendarEventRow) => void;
}

/** The actions of a calendar booking; an action that cannot be taken is shown disabled with its reason. */
export const BookingActionsMenu = ({ anchor, booking, userId, onClose, onDialog, onAssign }: BookingActionsMenuProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const config = useRuntimeConfig({ enabled: !!booking });
  if (!booking) return null;
  const publicUrl = config.data?.bookingPublicUrl;
  const item = (label: string, refusal: Refusal | null, run: () => void, disabled = !!refusal) => (
    <MenuItem
      disabled={disabled}
      onClick={() => {
        onClose();
        run();
      }}
    >
      <ListItemText primary={translate(label)} secondary={refusal ? translate(refusal.key, refusal.args) : undefined} />
    </MenuItem>
  );
  const assign = assignLabel(booking, userId);
  const noUrl: Refusal | null = publicUrl ? null : { key: 'booking.noPublicBookingUrl' };
  return (
    <Menu
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      slotProps={{ list: { 'aria-label': translate('booking.actionsFor', { name: booking.name }) } }}
    >
      {item('booking.openDetails', null, () => {
        if (!openBookingDetails(booking.id)) notify('booking.openDetailsFailed', { type: 'error' });
      })}
      {item('booking.updateStatus', statusRefusal(booking), () => onDialog('status', booking))}
      {item('booking.tagOrLabel', tagRefusal(booking), () => onDialog('tag', booking))}
      {item('booking.reschedule', rescheduleRefusal(booking) ?? (config.isPending ? { key: 'ui.loading' } : noUrl), () =>
        onDialog('reschedule', booking),
      )}
      {item('booking.sendResults', null, () => onDialog('send', booking))}
      {item(assign, assignRefusal(booking), () => onAssign(booking), !!assignRefusal(booking) || assign === 'booking.assignedToYou')}
    </Menu>
  );
};
