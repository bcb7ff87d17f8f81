import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import type { LabViewer } from '../../domain/lab-actions';
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

export interface LabCellProps {
  render: Render;
  /** The column's name: its cells have the class `column-<source>` (LabTableBody; styled in LabDatagrid). */
  source: string;
  /** i18n key of the header (read by the Datagrid header). */
  label: string;
  sortBy?: string;
  sortable?: boolean;
}

/**
 * A lab table column, never rendered itself: the Datagrid's header reads its props (label, sortBy), and LabTableBody
 * renders each of its cells as a <td> holding `render(record)` (a page of 200 rows has 3,600 cells); the
 * columns' own styles are class rules of the grid (LabDatagrid), not an sx per cell.
 */
export const LabCell = (_props: LabCellProps) => null;

const column = (key: string, label: string, render: Render, sortBy?: string): ReactElement => (
  <LabCell key={key} source={key} label={label} render={render} sortBy={sortBy} sortable={!!sortBy} />
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
    <ul>
      {r.results.map((line, i) => (
        <li key={i}>{`${line.testName}: ${line.result ?? ''}${line.units ? ` ${line.units}` : ''}`}</li>
      ))}
    </ul>
  );


const clinician = (r: LabRecord) => clinicianNameOf(r) ?? <UnassignedLabel />;

const patientName = () => <PatientNameField />;

interface ColumnSet {
  status: ReactElement;
  /** 'result': Lab Date and Results; 'request': Request Date, no results. */
  kind: 'result' | 'request';
}

/**
 * The viewer the row actions' rules need (useLabViewer), provided by LabList. A context rather than a prop of the
 * columns: the columns stay the same elements from render to render, so the rows (memoised by the Datagrid) do not
 * all render again when the viewer becomes known or the page re-renders; only the actions cells do.
 */
export const LabViewerContext = createContext<LabViewer | null>(null);

type RenderActions = (viewer: LabViewer | null) => ReactNode;
const ActionsCell = ({ render }: { render: RenderActions }) => <>{render(useContext(LabViewerContext))}</>;

/** The column of the row actions (the last one, kept in view by LabDatagrid), given the viewer of LabViewerContext. */
export const actionsColumn = (render: RenderActions): ReactElement => (
  <LabCell key="actions" source="actions" label="lab.actions" sortable={false} render={() => <ActionsCell render={render} />} />
);

export function labColumns({ status, kind }: ColumnSet): ReactElement[] {
  return [
    column('patientName', 'lab.colPatientName', patientName, 'patientName'),
    column('preferredName', 'lab.colPreferredName', (r) => r.user?.preferredName ?? ''),
    column('email', 'lab.colPatientEmail', (r) => r.user?.email ?? ''),
    column('kitId', 'lab.colKitId', (r) => r.kitId, 'kitId'),
    <LabCell key="status" source="status" label={kind === 'result' ? 'lab.colResultsStatus' : 'lab.colStatus'} sortBy="status" render={() => status} />,
    column('clinician', 'lab.colClinician', clinician),
    kind === 'result'
      ? column('labDate', 'lab.colLabDate', (r) => formatDateTime(r.labDate ?? r.createDateTime), 'createDateTime')
      : column('createDateTime', 'lab.colRequestDate', (r) => formatDateTime(r.createDateTime), 'createDateTime'),
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
