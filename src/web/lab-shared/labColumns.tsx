import { Box } from '@mui/material';
import { FunctionField } from 'react-admin';
import type { ReactElement, ReactNode } from 'react';
import { ageYearsMonths } from '../../domain/csv';
import { MASK } from '../../domain/masking';
import { clinicianNameOf, formatDateTime, type LabRecord } from './labRow';
import { PatientNameField } from './PatientNameField';
import { UnassignedLabel } from './UnassignedLabel';

/**
 * The columns of the lab tables (spec 1 §2), in the spec's order, as Datagrid children. Only the
 * columns the server sorts on are sortable (createDateTime, kitId, status, patientName, patientState, productName).
 */
type Render = (record: LabRecord) => ReactNode;

const column = (key: string, label: string, render: Render, sortBy?: string): ReactElement => (
  <FunctionField<LabRecord> key={key} label={label} render={render} sortBy={sortBy} sortable={!!sortBy} />
);

const dobWithAge = (r: LabRecord) => {
  const dob = r.user?.dob;
  if (!dob) return '';
  const age = ageYearsMonths(dob);
  return age ? `${dob} (${age})` : dob;
};

const results = (r: LabRecord) =>
  r.masked ? (
    MASK
  ) : (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}>
      {r.results.map((line, i) => (
        <li key={i}>{`${line.testName}: ${line.result ?? ''}${line.units ? ` ${line.units}` : ''}`}</li>
      ))}
    </Box>
  );

const dateCell = (value: string | null | undefined) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</Box>;

const clinician = (r: LabRecord) => clinicianNameOf(r) ?? <UnassignedLabel />;

const patientName = () => <PatientNameField />;

interface ColumnSet {
  status: ReactElement;
  /** 'result': Lab Date and Results; 'request': Request Date, no results. */
  kind: 'result' | 'request';
}

export function labColumns({ status, kind }: ColumnSet): ReactElement[] {
  return [
    column('patientName', 'lab.colPatientName', patientName, 'patientName'),
    column('preferredName', 'lab.colPreferredName', (r) => r.user?.preferredName ?? ''),
    column('email', 'lab.colPatientEmail', (r) => r.user?.email ?? ''),
    column('kitId', 'lab.colKitId', (r) => r.kitId, 'kitId'),
    <FunctionField<LabRecord> key="status" label={kind === 'result' ? 'lab.colResultsStatus' : 'lab.colStatus'} sortBy="status" render={() => status} />,
    column('clinician', 'lab.colClinician', clinician),
    kind === 'result'
      ? column('labDate', 'lab.colLabDate', (r) => dateCell(r.labDate ?? r.createDateTime), 'createDateTime')
      : column('createDateTime', 'lab.colRequestDate', (r) => dateCell(r.createDateTime), 'createDateTime'),
    ...(kind === 'result' ? [column('results', 'lab.colResults', results)] : []),
    column('sexAtBirth', 'lab.colSexAtBirth', (r) => r.user?.genderAtBirth ?? ''),
    column('dob', 'lab.colDob', dobWithAge),
    column('phone', 'lab.colPhone', (r) => r.user?.phoneNumber ?? ''),
    column('allergies', 'lab.colAllergies', (r) => r.user?.allergies ?? ''),
    column('medications', 'lab.colMedications', (r) => r.medications ?? ''),
    column('symptoms', 'lab.colSymptoms', (r) => r.symptoms ?? ''),
    column('patientState', 'lab.colPatientState', (r) => r.patientState ?? '', 'patientState'),
    column('productName', 'lab.colProductName', (r) => r.productName, 'productName'),
  ];
}
