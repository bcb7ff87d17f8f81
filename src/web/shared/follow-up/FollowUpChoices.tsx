import { ListItemText, MenuItem, MenuList } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { followUpLink, followUpState, type FollowUpKey, type FollowUpPatient } from '../../../domain/follow-up/follow-up';
import { FOLLOW_UP_OPTIONS } from '../../../domain/patients/patient-profile';
import { useRuntimeConfig } from '../../providers/useRuntimeConfig';
import { useClinicianProfile } from '../clinicianQueries';
import { openInNewTab } from '../../providers/newTab';

const T = 'patients.appointment';

/**
 * The follow-up choices Vegas, Denver and Reminder (spec 2 §2.3, §9; spec 3 §2, §5, §7, §9), one component for the
 * booking detail's Schedule Follow-up Appointment and the patient profile's Follow up Appointment dropdown: a choice
 * opens the city's configured calendar link in a new tab with {name, email, phone, notes, patientId}, or says which
 * rule refuses it (src/domain/follow-up/follow-up.ts). `state`: the booking's or patient's state (the Reminder's city; NV when none).
 */
export const FollowUpChoices = ({
  patient,
  state,
  bookingId,
  onDone,
  autoFocus,
}: {
  patient: FollowUpPatient;
  state: string | null | undefined;
  bookingId?: string;
  onDone: () => void;
  autoFocus?: boolean;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const config = useRuntimeConfig();
  const clinician = useClinicianProfile();
  const pick = (key: FollowUpKey) => {
    onDone();
    if (key === 'reminder' && (clinician.isError || clinician.isPending)) return notify(`${T}.clinicianProfileError`, { type: 'error' });
    const c = clinician.data;
    const result = followUpLink(key, {
      patient,
      state,
      bookingId,
      links: config.data?.followUpCalendarUrls,
      // The Reminder names the clinician's work e-mail (tbdEmail), never the sign-in e-mail (spec 3 §5).
      clinician: c ? { firstName: c.firstName, lastName: c.lastName, tbdEmail: c.tbdEmail } : null,
    });
    if ('error' in result) {
      return notify(result.error === 'notConfigured' ? `${T}.reminderError` : `${T}.${result.error}`, {
        type: result.error === 'notConfigured' ? 'error' : 'warning',
      });
    }
    if (!openInNewTab(result.url)) notify(`${T}.reminderError`, { type: 'error' });
    return undefined;
  };
  return (
    <MenuList autoFocusItem={autoFocus} aria-label={translate('followUp.title')}>
      {FOLLOW_UP_OPTIONS.map((o) => (
        <MenuItem key={o.key} onClick={() => pick(o.key)} disabled={config.isPending}>
          <ListItemText primary={translate(`${T}.${o.key}`)} slotProps={{ primary: { title: followUpState(o.key, state) } }} />
        </MenuItem>
      ))}
    </MenuList>
  );
};
