import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import { DataTable } from 'react-admin';
import type { LabViewer } from '../../../domain/lab/lab-actions';
import { ageYearsMonths } from '../../../domain/shared/csv';
import { MASK } from '../../../domain/shared/masking';
import { clinicianNameOf, formatDateTime, type LabRecord } from './labRow';
import { PatientNameField } from './PatientNameField';
import { UnassignedLabel } from './UnassignedLabel';

/**
 * The columns of the lab tables (spec 1 §2), in the spec's order, as DataTable columns. Only the columns the server
 * sorts on are sortable (createDateTime, kitId, status, patientName, patientState, productName): a sortable column's
 * source is the field it sorts on.
 */
type Render = (record: LabRecord) => ReactNode;

/** What LabTableBody reads of a column: its name (the cells' class `column-<source>`, styled in LabDataTable) and its cell. */
export interface LabColumnProps {
  source: string;
  render: Render;
}

/**
 * A lab table column: DataTable's header renders its label and sort button; LabTableBody renders each of its cells as a
 * <td> holding `render(record)` (a page of 200 rows has 3,600 cells); the columns' own styles are class rules of the
 * grid (LabDataTable), not an sx per cell.
 */
const column = (source: string, label: string, render: Render, sortable = false): ReactElement => (
  <DataTable.Col<LabRecord> key={source} source={source} label={label} render={render} disableSort={!sortable} />
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
 * columns: the columns stay the same elements from render to render, so the rows (memoised by LabTableBody) do not
 * all render again when the viewer becomes known or the page re-renders; only the actions cells do.
 */
export const LabViewerContext = createContext<LabViewer | null>(null);

type RenderActions = (viewer: LabViewer | null) => ReactNode;
const ActionsCell = ({ render }: { render: RenderActions }) => <>{render(useContext(LabViewerContext))}</>;

/** The column of the row actions (the last one, kept in view by LabDataTable), given the viewer of LabViewerContext. */
export const actionsColumn = (render: RenderActions): ReactElement => column('actions', 'lab.actions', () => <ActionsCell render={render} />);

export function labColumns({ status, kind }: ColumnSet): ReactElement[] {
  return [
    column('patientName', 'lab.colPatientName', patientName, true),
    column('preferredName', 'lab.colPreferredName', (r) => r.user?.preferredName ?? ''),
    column('email', 'lab.colPatientEmail', (r) => r.user?.email ?? ''),
    column('kitId', 'lab.colKitId', (r) => r.kitId, true),
    column('status', kind === 'result' ? 'lab.colResultsStatus' : 'lab.colStatus', () => status, true),
    column('clinician', 'lab.colClinician', clinician),
    // Lab Date sorts on the record's creation, as Request Date does.
    kind === 'result'
      ? column('createDateTime', 'lab.colLabDate', (r) => formatDateTime(r.labDate ?? r.createDateTime), true)
      : column('createDateTime', 'lab.colRequestDate', (r) => formatDateTime(r.createDateTime), true),
    ...(kind === 'result' ? [column('results', 'lab.colResults', results)] : []),
    column('sexAtBirth', 'lab.colSexAtBirth', (r) => r.user?.genderAtBirth ?? ''),
    column('dob', 'lab.colDob', dobWithAge),
    column('phone', 'lab.colPhone', (r) => r.user?.phoneNumber ?? ''),
    column('allergies', 'lab.colAllergies', (r) => r.user?.allergies ?? ''),
    column('medications', 'lab.colMedications', (r) => r.medications ?? ''),
    column('symptoms', 'lab.colSymptoms', (r) => r.symptoms ?? ''),
    column('patientState', 'lab.colPatientState', (r) => r.patientState ?? '', true),
    column('productName', 'lab.colProductName', (r) => r.productName, true),
  ];
}
