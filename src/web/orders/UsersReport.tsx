import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable, ListContextProvider, Pagination, useDataProvider, useList, useTranslate, type ListControllerResult } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider';
import type { UsersReport as Report } from '../providers/kitMethods';
import { EmptyList, ListError } from '../shared/listStates';

const T = 'kit.usersReport';
const COUNTS = ['assignedLabRequests', 'openLabRequests', 'assignedTestResults', 'resultsNeedingReview'] as const;
const PER_PAGE = 50;

type UserRow = Report['items'][number] & { id: string };
const NO_ROWS: UserRow[] = [];

/**
 * The users report's list context: the page the server answered (GET /secure/report/users pages on the server), its
 * total and the page asked for, as a react-admin list (the DataTable and the pager read it like any list's).
 */
function useUsersReportList(): ListControllerResult<UserRow> {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [page, setPage] = useState(1);
  const report = useQuery({
    queryKey: ['users-report', page],
    queryFn: ({ signal }) => dataProvider.usersReport(page, PER_PAGE, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = useMemo(() => report.data?.items.map((u) => ({ ...u, id: u.clinicianId })) ?? NO_ROWS, [report.data]);
  const list = useList<UserRow>({
    data,
    perPage: PER_PAGE,
    resource: 'users-report',
    isPending: report.isPending,
    isFetching: report.isFetching,
    error: report.error,
  });
  const total = report.data?.total;
  // A list's controller result types its states as a union; this one is a resolved page or not, like useList's.
  return {
    ...list,
    page,
    setPage,
    total,
    hasNextPage: total === undefined ? undefined : page * PER_PAGE < total,
    hasPreviousPage: page > 1,
  } as ListControllerResult<UserRow>;
}

/** The users report table, fetched page by page once the section is opened. */
const UsersReportTable = () => {
  const translate = useTranslate();
  const list = useUsersReportList();
  return (
    <ListContextProvider value={list}>
      {list.error ? (
        <ListError text={`${T}.failed`} />
      ) : (
        <DataTable<UserRow>
          resource="users-report"
          bulkActionButtons={false}
          rowClick={false}
          aria-label={translate(`${T}.title`)}
          empty={<EmptyList text={`${T}.none`} />}
        >
          <DataTable.Col<UserRow> label={`${T}.clinician`} disableSort render={(u) => `${u.firstName} ${u.lastName}`} />
          <DataTable.Col<UserRow> source="email" label={`${T}.email`} disableSort />
          <DataTable.Col<UserRow> source="status" label={`${T}.status`} disableSort />
          {COUNTS.map((c) => (
            <DataTable.Col<UserRow> key={c} source={c} label={`${T}.${c}`} disableSort />
          ))}
        </DataTable>
      )}
      <Pagination rowsPerPageOptions={[PER_PAGE]} />
    </ListContextProvider>
  );
};

/**
 * Users report (GET /secure/report/users, spec 1 §7): each clinician with the lab requests and test results assigned
 * to it, beside the Order Report for the roles with product and order access. Fetched only when opened.
 */
export const UsersReport = () => {
  const translate = useTranslate();
  const [opened, setOpened] = useState(false);
  return (
    <Accordion expanded={opened} onChange={(_, open) => setOpened(open)} sx={{ mt: 2 }} slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="h6" component="h2">
          {translate(`${T}.title`)}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>{opened && <UsersReportTable />}</AccordionDetails>
    </Accordion>
  );
};
