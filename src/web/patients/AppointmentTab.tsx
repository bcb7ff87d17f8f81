import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Box, Button, Popover, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, ListBase, useTranslate } from 'react-admin';
import { displayDate, displayTime, type AppointmentWhen, type ProfileBooking } from '../../domain/patients/patient-profile';
import { PATIENT_PAGE_SIZE } from '../../domain/patients/patient-search';
import { type PatientDetail } from '../../domain/patients/patients';
import { statusLabel } from '../../domain/shared/statuses';
import { openInNewTab } from '../providers/newTab';
import { FollowUpChoices } from '../shared/follow-up/FollowUpChoices';
import { TABLE_BODY_SX } from '../shared/tableBody';
import { ProfileListFooter } from './ProfileListFooter';

const T = 'patients.appointment';

/** A booking opens /BookingDetails?bookingId={id} in a new tab (spec 3 §2). */
const openBooking = (b: ProfileBooking) => {
  openInNewTab(`/BookingDetails?bookingId=${encodeURIComponent(b.id)}`);
  return false as const;
};

const Bookings = ({ patientId, when }: { patientId: string; when: AppointmentWhen }) => {
  const translate = useTranslate();
  const filter = { patientId, when };
  return (
    <ListBase
      resource="patient-bookings"
      filter={filter}
      perPage={PATIENT_PAGE_SIZE}
      disableSyncWithLocation
      sort={{ field: 'appntStart', order: when === 'upcoming' ? 'ASC' : 'DESC' }}
    >
      <DataTable<ProfileBooking>
        sx={TABLE_BODY_SX}
        bulkActionButtons={false}
        rowClick={(_, __, record) => openBooking(record as ProfileBooking)}
        empty={<Typography sx={{ p: 2 }}>{translate(when === 'upcoming' ? `${T}.noUpcoming` : `${T}.noPast`)}</Typography>}
      >
        <DataTable.Col<ProfileBooking> label={`${T}.columns.date`} disableSort render={(b) => displayDate(b.appntStart, b.timezone)} />
        <DataTable.Col<ProfileBooking> label={`${T}.columns.time`} disableSort render={(b) => displayTime(b.appntStart, b.timezone)} />
        <DataTable.Col<ProfileBooking> label={`${T}.columns.products`} disableSort render={(b) => b.products.map((p) => p.name).join(', ')} />
        <DataTable.Col<ProfileBooking> label={`${T}.columns.clinician`} disableSort render={(b) => b.primaryClinicianName ?? ''} />
        <DataTable.Col<ProfileBooking> source="status" label={`${T}.columns.status`} disableSort render={(b) => statusLabel(b.status)} />
      </DataTable>
      <ProfileListFooter filter={filter} fileName="appointments" />
    </ListBase>
  );
};

/** The Follow up Appointment dropdown (spec 3 §2): the shared follow-up choices (src/web/follow-up), for the patient's state. */
const FollowUp = ({ patient }: { patient: PatientDetail }) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={patient.masked}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
      >
        {translate(`${T}.followUp`)}
      </Button>
      <Popover anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        {anchor && <FollowUpChoices autoFocus patient={patient} state={patient.state} onDone={() => setAnchor(null)} />}
      </Popover>
    </>
  );
};

/** Appointment tab: Upcoming Appointment and Past Appointments (end after now or not), and the follow-up dropdown. */
export const AppointmentTab = ({ patient }: { patient: PatientDetail }) => {
  const translate = useTranslate();
  const [when, setWhen] = useState<AppointmentWhen>('upcoming');
  return (
    <Stack spacing={1}>
      <Stack direction="row" alignItems="center">
        <Tabs value={when} onChange={(_, v: AppointmentWhen) => setWhen(v)} sx={{ flex: 1 }}>
          <Tab value="upcoming" label={translate(`${T}.upcoming`)} />
          <Tab value="past" label={translate(`${T}.past`)} />
        </Tabs>
        <FollowUp patient={patient} />
      </Stack>
      <Box role="tabpanel">
        <Bookings key={when} patientId={patient.id} when={when} />
      </Box>
    </Stack>
  );
};
