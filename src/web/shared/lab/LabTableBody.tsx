import { Children, isValidElement, memo, useMemo, type ReactElement, type ReactNode } from 'react';
import {
  DataTableClasses,
  RecordContextProvider,
  useDataTableCallbacksContext,
  useDataTableDataContext,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import type { LabColumnProps } from './labColumns';
import type { LabRecord } from './labRow';

interface LabRowProps {
  record: LabRecord;
  columns: LabColumnProps[];
  onOpen?: (record: LabRecord) => void;
  even: boolean;
}

/**
 * One row: a <tr> of plain <td>s (class `column-<source>`, as DataTable's own cells), styled by LabDataTable's class
 * rules. Memoised on the record and the columns, so a page re-render (a filter typed, the viewer arriving) does not
 * render its rows again.
 */
const LabRow = memo(({ record, columns, onOpen, even }: LabRowProps) => {
  // The row's links and actions stop their clicks (PatientNameField, RowActions), as with react-admin's DataTableRow.
  const open = onOpen && !record.masked ? () => onOpen(record) : undefined;
  const rowClass = `${DataTableClasses.row} ${even ? DataTableClasses.rowEven : DataTableClasses.rowOdd}${open ? ` ${DataTableClasses.clickableRow}` : ''}`;
  return (
    <RecordContextProvider value={record}>
      <tr className={rowClass} onClick={open}>
        {columns.map((c) => (
          <td key={c.source} className={`MuiTableCell-root MuiTableCell-body MuiTableCell-sizeSmall ${DataTableClasses.rowCell} column-${c.source}`}>
            {c.render(record)}
          </td>
        ))}
      </tr>
    </RecordContextProvider>
  );
});
LabRow.displayName = 'LabRow';

/**
 * The body of the lab tables, given to react-admin's DataTable (its `body` prop; the DataTable keeps the header, sorting,
 * loading and empty states, and hands the body its page of records and its row click). DataTableBody renders each cell
 * through DataTableCell, an MUI TableCell with a store subscription of its own: several components per cell, 3,600
 * cells on a page of 200 rows. Here a cell is a <td> and a row has one record context, which is what lets a 200-row
 * page render within its budget.
 */
export const LabTableBody = ({ children }: { children?: ReactNode }) => {
  const data = useDataTableDataContext() as LabRecord[] | undefined;
  const { rowClick } = useDataTableCallbacksContext();
  const resource = useResourceContext() ?? '';
  // The same columns and handler from render to render (the columns are module constants), so the rows stay memoised.
  const columns = useMemo(
    () =>
      Children.toArray(children)
        .filter((c): c is ReactElement<LabColumnProps> => isValidElement(c))
        .map((c) => c.props),
    [children],
  );
  const onOpen = useMemo(
    () =>
      typeof rowClick === 'function'
        ? (record: LabRecord) => {
            void rowClick(record.id, resource, record as RaRecord);
          }
        : undefined,
    [rowClick, resource],
  );
  return (
    <tbody className={`MuiTableBody-root datatable-body ${DataTableClasses.tbody}`}>
      {(data ?? []).map((record, i) => (
        <LabRow key={record.id} record={record} columns={columns} onOpen={onOpen} even={i % 2 === 0} />
      ))}
    </tbody>
  );
};
