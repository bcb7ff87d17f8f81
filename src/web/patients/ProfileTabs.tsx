import { Alert, Box, Typography } from '@mui/material';
import { DataTable, ListBase, useTranslate } from 'react-admin';
import { displayDate, displayTime, type PatientEvent } from '../../domain/patients/patient-profile';
import { PATIENT_PAGE_SIZE } from '../../domain/patients/patient-search';
import { type PatientDetail } from '../../domain/patients/patients';
import { statusLabel } from '../../domain/shared/statuses';
import { LabelledValue } from '../shared/LabelledValue';
import { usePortalPermissions } from '../providers/permissions';
import { TABLE_BODY_SX } from '../shared/tableBody';
import { ProfileListFooter } from './ProfileListFooter';

/** History tab: the patient's events, newest first (spec 3 §3 Event, §7). */
export const HistoryTab = ({ patient }: { patient: PatientDetail }) => {
  const translate = useTranslate();
  const H = 'patients.history';
  return (
    <ListBase
      resource="patient-events"
      filter={{ patientId: patient.id }}
      perPage={PATIENT_PAGE_SIZE}
      disableSyncWithLocation
      sort={{ field: 'created', order: 'DESC' }}
    >
      <DataTable<PatientEvent>
        sx={TABLE_BODY_SX}
        bulkActionButtons={false}
        rowClick={false}
        empty={<Typography sx={{ p: 2 }}>{translate(`${H}.none`)}</Typography>}
      >
        <DataTable.Col<PatientEvent>
          label={`${H}.columns.created`}
          disableSort
          render={(e) => `${displayDate(e.created)} ${displayTime(e.created)}`}
        />
        <DataTable.Col source="entityType" label={`${H}.columns.entityType`} disableSort />
        <DataTable.Col source="entityId" label={`${H}.columns.entityId`} disableSort />
        <DataTable.Col<PatientEvent> source="eventType" label={`${H}.columns.eventType`} disableSort render={(e) => statusLabel(e.eventType)} />
        <DataTable.Col source="actorType" label={`${H}.columns.actorType`} disableSort />
      </DataTable>
      <ProfileListFooter filter={{ patientId: patient.id }} fileName="history" />
    </ListBase>
  );
};

/** Health Status tab: allergies, symptoms, medication; clinical fields, which the server sends only with clinical access. */
export const HealthStatusTab = ({ patient }: { patient: PatientDetail }) => {
  const translate = useTranslate();
  const { permissions } = usePortalPermissions();
  if (!permissions || !(permissions.clinicalAccess || permissions.unmasked) || !('allergies' in patient)) {
    return <Alert severity="info">{translate('patients.health.noClinicalAccess')}</Alert>;
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
      <LabelledValue label={translate('patients.health.allergies')} value={patient.allergies} />
      <LabelledValue label={translate('patients.health.symptoms')} value={patient.symptoms} />
      <LabelledValue label={translate('patients.health.medication')} value={patient.medication} />
    </Box>
  );
};
