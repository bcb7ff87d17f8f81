import { Alert } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { List, Pagination, useNotify, useTranslate } from 'react-admin';
import { Navigate, useLocation } from 'react-router';
import { readsClinicalData } from '../../../domain/shared/roles';
import { usePortalPermissions } from '../../providers/permissions';
import { clampedPaging } from './clampPaging';
import { LAB_TABLE_PAGE_SIZES } from '../../../domain/shared/constants';
import { LabViewerContext } from './labColumns';
import { ListError } from '../listStates';
import { LabDataTable } from './LabDataTable';
import { LabListToolbar } from './LabListToolbar';
import { causeOf } from './useLabAction';
import { useLabViewer } from './useLabViewer';

export interface LabListProps {
  resource: 'lab-results' | 'lab-requests';
  /** i18n key of the page title (app bar). */
  title: string;
  emptyText: string;
  /** i18n key of the refresh failure toast (takes %{reason}). */
  refreshError: string;
  /** A list narrowed to one kit (Older Lab Results, Case details): fixed filter, no toolbar, own paging state. */
  fixedFilter?: Record<string, unknown>;
  toolbar?: ReactElement | false;
  /** The columns: the same elements on every render (module constants), so that the rows are not rendered again. */
  children: ReactNode;
}

const pagination = <Pagination rowsPerPageOptions={[...LAB_TABLE_PAGE_SIZES]} />;

/**
 * A lab table: react-admin <List> over the dataProvider (server-side paging, sorting, filters), page size
 * 50 (50/100/200), newest first, with the refresh failure toast of the spec and an inline error.
 */
export const LabList = ({ resource, title, emptyText, refreshError, fixedFilter, toolbar, children }: LabListProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const location = useLocation();
  const { permissions } = usePortalPermissions();
  const viewer = useLabViewer();
  const narrowed = !!fixedFilter;
  // Staff and operation support may open the route (spec 1 §6) but read no clinical data: say so.
  if (!permissions) return null;
  if (!readsClinicalData(permissions))
    return (
      <Alert severity="info" sx={{ m: 2 }}>
        {translate('lab.noClinicalAccess')}
      </Alert>
    );
  // Paging typed into the URL is clamped before the server is asked.
  const clamped = narrowed ? null : clampedPaging(new URLSearchParams(location.search));
  if (clamped) return <Navigate replace to={{ pathname: location.pathname, search: `?${clamped}` }} />;
  return (
    <List
      resource={resource}
      title={translate(title)}
      perPage={LAB_TABLE_PAGE_SIZES[0]}
      pagination={pagination}
      sort={{ field: 'createDateTime', order: 'DESC' }}
      filter={fixedFilter}
      filterDefaultValues={narrowed ? undefined : { queryType: 'ALL', myStates: false }}
      actions={toolbar === false || narrowed ? false : (toolbar ?? <LabListToolbar />)}
      disableSyncWithLocation={narrowed}
      storeKey={narrowed ? false : undefined}
      empty={false}
      queryOptions={{
        onError: (error: Error) => notify(refreshError, { type: 'error', messageArgs: { reason: causeOf(error) } }),
      }}
      // The list's content when the refresh failed: the same text as the toast.
      error={<ListError text={refreshError} />}
      sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflow: 'hidden' } }}
    >
      <LabViewerContext.Provider value={viewer}>
        <LabDataTable emptyText={emptyText} shortcuts={resource === 'lab-requests' ? 'request' : 'result'}>
          {children}
        </LabDataTable>
      </LabViewerContext.Provider>
    </List>
  );
};
