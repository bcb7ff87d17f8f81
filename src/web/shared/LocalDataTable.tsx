import { ListContextProvider, DataTable, useList, type DataTableProps, type RaRecord } from 'react-admin';
import { EmptyList } from './listStates';

/** One page holds every row, however many are added later (a booking's products grow as they are added). */
const ALL = Number.MAX_SAFE_INTEGER;

type LocalDataTableProps<R extends RaRecord> = Omit<DataTableProps<R>, 'data' | 'empty' | 'resource'> & {
  /** The rows, already loaded (a detail's lines, a dialog's answer): every one is shown, in this order. */
  data: readonly R[];
  /** The list's name: its DataTable state (hidden columns) and selection are kept under it. */
  resource: string;
  /** i18n key of the empty text, shown where the rows would be (the lists' EmptyList). */
  emptyText: string;
};

/**
 * Rows the page already holds as a react-admin DataTable, over a local list context (useList): one page of all of
 * them, no row click or bulk action unless given. The lists read from the server use ListBase or List instead.
 */
export function LocalDataTable<R extends RaRecord>({ data, resource, emptyText, children, ...table }: LocalDataTableProps<R>) {
  const list = useList<R>({ data: data as R[], resource, perPage: ALL });
  return (
    <ListContextProvider value={list}>
      <DataTable<R> resource={resource} bulkActionButtons={false} rowClick={false} {...table} empty={<EmptyList text={emptyText} />}>
        {children}
      </DataTable>
    </ListContextProvider>
  );
}
