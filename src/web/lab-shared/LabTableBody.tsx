import { Children, isValidElement, memo, useMemo, type ReactElement, type ReactNode } from 'react';
import { RecordContextProvider, type RaRecord } from 'react-admin';
import type { LabCellProps } from './labColumns';
import type { LabRecord } from './labRow';

type OpenRow = (id: RaRecord['id'], resource: string, record: RaRecord) => unknown;

interface LabTableBodyProps {
  data?: LabRecord[];
  resource?: string;
  rowClick?: OpenRow | string | false;
  /** The LabCell column elements (labColumns.tsx): each cell is its column's `render(record)`. */
  children?: ReactNode;
}

interface LabRowProps {
  record: LabRecord;
  columns: LabCellProps[];
  onOpen?: (record: LabRecord) => void;
  even: boolean;
}

/**
 * One row: a <tr> of plain <td>s (class `column-<source>`), styled by LabDatagrid's class rules. Memoised on the record
 * and the columns, so a page re-render (a filter typed, the viewer arriving) does not render its rows again.
 */
const LabRow = memo(({ record, columns, onOpen, even }: LabRowProps) => {
  // The row's links and actions stop their clicks (PatientNameField, RowActions), as with react-admin's DatagridRow.
  const open = onOpen && !record.masked ? () => onOpen(record) : undefined;
  return (
    <RecordContextProvider value={record}>
      <tr className={`RaDatagrid-row ${even ? 'RaDatagrid-rowEven' : 'RaDatagrid-rowOdd'}${open ? ' RaDatagrid-clickableRow' : ''}`} onClick={open}>
        {columns.map((c) => (
          <td key={c.source} className={`MuiTableCell-root MuiTableCell-body MuiTableCell-sizeSmall RaDatagrid-rowCell column-${c.source}`}>
            {c.render(record)}
          </td>
        ))}
      </tr>
    </RecordContextProvider>
  );
});
LabRow.displayName = 'LabRow';

/**
 * The body of the lab tables, given to react-admin's Datagrid (its `body` prop; the Datagrid keeps the header, sorting,
 * loading and empty states). DatagridBody renders each cell through DatagridCell, an MUI TableCell and a
 * RecordContext of its own: about six components per cell, 3,600 cells on a page of 200 rows. Here a cell is a <td>
 * and a row has one record context, which is what let a 200-row page render within its budget.
 */
export const LabTableBody = ({ data = [], resource = '', rowClick, children }: LabTableBodyProps) => {
  // The same columns and handler from render to render (the columns are module constants), so the rows stay memoised.
  const columns = useMemo(() => Children.toArray(children).filter((c): c is ReactElement<LabCellProps> => isValidElement(c)).map((c) => c.props), [children]);
  const onOpen = useMemo(() => (typeof rowClick === 'function' ? (record: LabRecord) => rowClick(record.id, resource, record) : undefined),
    [rowClick, resource]);
  return (
    <tbody className="MuiTableBody-root datagrid-body RaDatagrid-tbody">
      {data.map((record, i) => <LabRow key={record.id} record={record} columns={columns} onOpen={onOpen} even={i % 2 === 0} />)}
    </tbody>
  );
};
