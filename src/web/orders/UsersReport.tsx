import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion, AccordionDetails, AccordionSummary, Alert, CircularProgress, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider';
import { reasonOf } from '../providers/errorReason';

const T = 'kit.usersReport';
const COUNTS = ['assignedLabRequests', 'openLabRequests', 'assignedTestResults', 'resultsNeedingReview'] as const;
const PER_PAGE = 50;

/** The users report table, fetched page by page once the section is opened. */
const UsersReportTable = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [page, setPage] = useState(1);
  const report = useQuery({
    queryKey: ['users-report', page],
    queryFn: ({ signal }) => dataProvider.usersReport(page, PER_PAGE, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (report.isPending) return <CircularProgress size={24} />;
  if (report.isError) return <Alert severity="error">{translate(`${T}.failed`, { reason: reasonOf(report.error) })}</Alert>;
  if (!report.data.items.length) return <Typography>{translate(`${T}.none`)}</Typography>;
  return (
    <>
      <Table size="small" aria-label={translate(`${T}.title`)}>
        <TableHead>
          <TableRow>
            {['clinician', 'email', 'status', ...COUNTS].map((c) => <TableCell key={c}>{translate(`${T}.${c}`)}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.data.items.map((u) => (
            <TableRow key={u.clinicianId}>
              <TableCell>{`${u.firstName} ${u.lastName}`}</TableCell>
              <TableCell>{u.email}</TableCell>
              <TableCell>{u.status}</TableCell>
              {COUNTS.map((c) => <TableCell key={c}>{u[c]}</TableCell>)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination component="div" count={report.data.total} page={page - 1} rowsPerPage={PER_PAGE} rowsPerPageOptions={[PER_PAGE]}
        onPageChange={(_, p) => setPage(p + 1)} />
    </>
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
        <Typography variant="h6" component="h2">{translate(`${T}.title`)}</Typography>
      </AccordionSummary>
      <AccordionDetails>{opened && <UsersReportTable />}</AccordionDetails>
    </Accordion>
  );
};
