import { Link, List, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BookingDetail } from '../../domain/booking-detail/booking-detail';
import { kitDetailsPath } from '../shared/links';
import { Field, FieldGrid, Section } from './parts';

const F = 'bookingDetail.ui.fields';
/** The telemedicine care type shows the meeting URL, password, mode and durations (spec 2 §9). */
export const TELEMED_CARE_TYPE = 'TELEMED_CONSULT';

/** Care Session Details: meeting URL, password, mode and planned/actual minutes for TELEMED_CONSULT. */
export const CareSessionSection = ({ booking: b }: { booking: BookingDetail }) => {
  const translate = useTranslate();
  const telemed = b.careType?.name === TELEMED_CARE_TYPE;
  return (
    <Section title="bookingDetail.sections.careSession" testId="careSession">
      {telemed ? (
        <FieldGrid>
          <Field label={`${F}.meetingUrl`}>
            {b.onlineMeetingUrl && (
              <Link href={b.onlineMeetingUrl} target="_blank" rel="noopener noreferrer">
                {b.onlineMeetingUrl}
              </Link>
            )}
          </Field>
          <Field label={`${F}.meetingPwd`}>{b.onlineMeetingPwd}</Field>
          <Field label={`${F}.consultMode`}>{b.consultMediumType}</Field>
          <Field label={`${F}.plannedMins`}>{b.plannedMins}</Field>
          <Field label={`${F}.actualMins`}>{b.actualMins}</Field>
        </FieldGrid>
      ) : (
        <Typography variant="body2">{`${translate(`${F}.careType`)}: ${b.careType?.displayName ?? ''}`}</Typography>
      )}
    </Section>
  );
};

/** Kit/Lab Orders: each kit opens its page in a new window. */
export const KitOrdersSection = ({ kitIds }: { kitIds: readonly string[] }) => {
  const translate = useTranslate();
  return (
    <Section title="bookingDetail.sections.kits" testId="kits">
      {kitIds.length === 0 ? (
        <Typography variant="body2">{translate('bookingDetail.ui.noKits')}</Typography>
      ) : (
        <List dense>
          {kitIds.map((k) => (
            <ListItem key={k} disableGutters>
              <Link href={kitDetailsPath(k)} target="_blank" rel="opener">
                {k}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
};
