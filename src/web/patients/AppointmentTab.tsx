import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Box, Button, Menu, MenuItem, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, ListBase, Pagination, useNotify, useTranslate } from 'react-admin';
import { displayDate, displayTime, FOLLOW_UP_OPTIONS, reminderQuery, type AppointmentWhen, type PatientDetail, type ProfileBooking } from '../../domain/patients';
import { openInNewTab } from '../calendar/openInNewTab';
import { useRuntimeConfig } from '../calendar/useRuntimeConfig';
import { useClinicianProfile } from '../clinician/queries';

const T = 'patients.appointment';

/** A booking opens /BookingDetails?bookingId={id} in a new tab (spec 3 §2). */
const openBooking = (b: ProfileBooking) => {
  openInNewTab(`/BookingDetails?bookingId=${encodeURIComponent(b.id)}`);
  return false as const;
};

const Bookings = ({ patientId, when }: { patientId: string; when: AppointmentWhen }) => {
  const translate = useTranslate();
  return (
    <ListBase resource="patient-bookings" filter={{ patientId, when }} perPage={25} disableSyncWithLocation
      sort={{ field: 'appntStart', order: when === 'upcoming' ? 'ASC' : 'DESC' }}>
      <DataTable<ProfileBooking> bulkActionButtons={false} rowClick={(_, __, record) => openBooking(record as ProfileBooking)}
        empty={<Typography sx={{ p: 2 }}>{translate(when === 'upcoming' ? `${T}.noUpcoming` : `${T}.noPast`)}</Typography>}>
        <DataTable.Col<ProfileBooking> label={`${T}.columns.date`} disableSort render={(b) => displayDate(b.appntStart, b.timezone)} />
        <DataTable.Col<ProfileBooking> label={`${T}.columns.time`} disableSort render={(b) => displayTime(b.appntStart, b.timezone)} />
        <DataTable.Col<ProfileBooking> label={`${T}.columns.products`} disableSort render={(b) => b.products.map((p) => p.name).join(', ')} />
        <DataTable.Col<ProfileBooking> label={`${T}.columns.clinician`} disableSort render={(b) => b.primaryClinicianName ?? ''} />
        <DataTable.Col source="status" label={`${T}.columns.status`} disableSort />
      </DataTable>
      <Pagination rowsPerPageOptions={[25, 50, 100]} />
    </ListBase>
  );
};

/**
 * The Follow up Appointment dropdown (spec 3 §2, §5, §7, §9): Vegas (NV) and Denver (CO) open the public booking page
 * for that state with the patient's details; Reminder opens the clinician's calendar link with {name, email, phone,
 * notes, patientId}, refused with 'Patient details are missing' or 'Clinician details are missing'.
 */
const FollowUp = ({ patient }: { patient: PatientDetail }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Read when the menu first opens (then cached): the public booking URL and the clinician's reminder details.
  const config = useRuntimeConfig({ enabled: !!anchor });
  const clinician = useClinicianProfile({ enabled: !!anchor });
  const pick = (key: (typeof FOLLOW_UP_OPTIONS)[number]['key']) => {
    setAnchor(null);
    if (key === 'reminder') {
      if (clinician.isError || clinician.isPending) return notify(`${T}.clinicianProfileError`, { type: 'error' });
      const c = clinician.data;
      const rule = reminderQuery(patient, c ? { firstName: c.firstName, lastName: c.lastName, tbdEmail: c.email } : null);
      if ('error' in rule) return notify(`${T}.${rule.error}`, { type: 'warning' });
      if (!c?.calendarLink || !openInNewTab(`${c.calendarLink}?${new URLSearchParams(rule.query)}`)) notify(`${T}.reminderError`, { type: 'error' });
      return undefined;
    }
    if (!patient.email) return notify(`${T}.noEmail`, { type: 'warning' });
    const state = FOLLOW_UP_OPTIONS.find((o) => o.key === key)?.state;
    const base = config.data?.bookingPublicUrl;
    const query = new URLSearchParams({ state: state ?? '', name: patient.name, email: patient.email, phone: patient.phoneNumber ?? '', patientId: patient.id });
    if (!base || !openInNewTab(`${base}?${query}`)) notify(`${T}.reminderError`, { type: 'error' });
    return undefined;
  };
  return (
    <>
      <Button variant="outlined" endIcon={<ArrowDropDownIcon />} onClick={(e) => setAnchor(e.currentTarget)} disabled={patient.masked}
        aria-haspopup="menu" aria-expanded={!!anchor}>
        {translate(`${T}.followUp`)}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {FOLLOW_UP_OPTIONS.map((o) => <MenuItem key={o.key} onClick={() => pick(o.key)}>{translate(`${T}.${o.key}`)}</MenuItem>)}
      </Menu>
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
      <Box role="tabpanel"><Bookings key={when} patientId={patient.id} when={when} /></Box>
    </Stack>
  );
};
