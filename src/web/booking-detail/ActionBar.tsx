import { Stack } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-detail/booking-access';
import { actionRefusal, BOOKING_ACTIONS, BOOKING_WRITES } from '../../domain/booking-detail/booking-actions';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';
import { openInNewTab } from '../providers/newTab';
import { composeMessagePath, patientProfilePath } from '../shared/links';
import type { DialogKind, OpenDialog } from './dialogState';
import { GuardedButton } from './parts';

const B = 'bookingDetail.ui.buttons';
const appointmentNotes = BOOKING_ACTIONS.find((a) => a.key === 'appointmentNotes')!;

/** The action bar: patient info, booking note, sign-up link, completion, identity documents, profile and messaging. */
export const ActionBar = ({ booking: b, onDialog }: { booking: BookingDetail; onDialog: OpenDialog }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const open = (kind: DialogKind) => () => onDialog({ kind });
  const newTab = (path: string) => () => {
    if (!openInNewTab(path)) notify('bookingDetail.ui.popupBlocked', { type: 'error' });
  };
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }} role="toolbar" aria-label={translate('bookingDetail.ui.actionBar')}>
      <GuardedButton label={`${B}.updatePatientInfo`} refusal={actionRefusal(b, BOOKING_WRITES.updatePatientInfo)} onClick={open('patientInfo')} />
      <GuardedButton label={`${B}.bookingNote`} refusal={actionRefusal(b, appointmentNotes)} onClick={open('bookingNote')} />
      <GuardedButton
        label={`${B}.sendSignUpLink`}
        onClick={open('sendSignUpLink')}
        refusal={actionRefusal(b, BOOKING_WRITES.sendLink) ?? (b.isOnboardTbd ? BOOKING_REFUSAL_TEXT.accountExists : null)}
      />
      <GuardedButton label={`${B}.completeBooking`} refusal={actionRefusal(b, BOOKING_WRITES.completeBooking)} onClick={open('completeBooking')} />
      <GuardedButton label={`${B}.identityDocuments`} onClick={open('identityDocuments')} />
      <GuardedButton label={`${B}.verifyIdentity`} onClick={open('verifyIdentity')} />
      <GuardedButton label={`${B}.patientProfile`} onClick={newTab(patientProfilePath(b.patientId))} />
      <GuardedButton label={`${B}.message`} onClick={newTab(composeMessagePath(b.patientId))} />
    </Stack>
  );
};
