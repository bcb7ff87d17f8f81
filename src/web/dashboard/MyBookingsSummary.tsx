import { Alert, Card, CardContent, CardHeader, Chip, Link, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, ListContextProvider, useDataProvider, useList, useTranslate } from 'react-admin';
import { SUMMARY_UPCOMING_DAYS, type BookingDashboardRow, type ClinicianSummary } from '../../domain/bookings/booking-summary';
import { CLINICIAN_SUMMARY_TEXT } from '../../domain/i18n/en/clinician-summary';
import { formatBookingTime } from '../../domain/bookings/booking-time';
import { CARE_LOCATIONS } from '../../domain/shared/constants';
import { MASK } from '../../domain/shared/masking';
import type { PortalDataProvider } from '../providers/dataProvider';
import { PORTAL_TAB_REL } from '../providers/newTab';

const T = 'clinicianSummary';
const COLUMNS = Object.keys(CLINICIAN_SUMMARY_TEXT.columns) as Array<keyof typeof CLINICIAN_SUMMARY_TEXT.columns>;

const cell = (r: BookingDashboardRow, column: (typeof COLUMNS)[number], yesNo: (v: boolean) => string, zone: string) => {
  const v = r[column];
  if (v === MASK || r.masked) return MASK;
  if (column === 'appntStart') return typeof v === 'string' ? formatBookingTime(v, zone) : '';
  if (column === 'selfcheckinComplete') return yesNo(v === true);
  if (column === 'products') return r.products.map((p) => p.name).join(', ');
  if (column === 'careLocation') return CARE_LOCATIONS.find((c) => c.code === v)?.short ?? String(v ?? '');
  return String(v ?? '');
};

type SummaryRecord = BookingDashboardRow & { id: string };

/** One list of bookings (today's or the next days') on react-admin's DataTable, the booking opening in a new tab. */
const BookingList = ({ title, list, zone }: { title: string; list: ClinicianSummary['today']; zone: string }) => {
  const translate = useTranslate();
  const yesNo = (v: boolean) => translate(v ? 'ui.yes' : 'ui.no');
  // masked rows all hold XXXXXX as their booking id: they are keyed by position
  const data: SummaryRecord[] = list.rows.map((r, i) => ({ ...r, id: r.masked ? `masked-${i}` : r.bookingId }));
  const listContext = useList<SummaryRecord>({ data, resource: 'bookings', perPage: Math.max(data.length, 1) });
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}: {list.total}
        </Typography>
        {Object.entries(list.statusCounts).map(([status, n]) => (
          <Chip key={status} size="small" label={`${status}: ${n}`} />
        ))}
      </Stack>
      {list.rows.length === 0 ? (
        <Typography variant="body2">{translate(`${T}.none`)}</Typography>
      ) : (
        <ListContextProvider value={listContext}>
          <DataTable<SummaryRecord>
            resource="bookings"
            storeKey="dashboard.myBookings"
            bulkActionButtons={false}
            rowClick={false}
            size="small"
            aria-label={title}
          >
            {COLUMNS.map((c) => (
              <DataTable.Col<SummaryRecord>
                key={c}
                source={c}
                label={`${T}.columns.${c}`}
                disableSort
                render={(r) =>
                  c === 'name' && !r.masked ? (
                    <Link href={`/BookingDetails?bookingId=${encodeURIComponent(r.bookingId)}`} target="_blank" rel={PORTAL_TAB_REL}>
                      {r.name}
                    </Link>
                  ) : (
                    cell(r, c, yesNo, zone)
                  )
                }
              />
            ))}
          </DataTable>
        </ListContextProvider>
      )}
      {list.rows.length < list.total && (
        <Typography variant="caption">{translate(`${T}.more`, { shown: list.rows.length, total: list.total })}</Typography>
      )}
    </Stack>
  );
};

/**
 * The clinician's own appointments on the home dashboard (GET /summaryForClinician): today's and the next
 * days' bookings assigned to them, counted by status, each row with its self check-in state and products.
 */
export const MyBookingsSummary = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const summary = useQuery({ queryKey: ['bookings', 'summaryForClinician'], queryFn: () => dataProvider.clinicianBookingSummary(), retry: false });
  return (
    <Card variant="outlined">
      <CardHeader title={translate(`${T}.title`)} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {summary.isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : summary.isError ? (
          <Alert severity="error">{translate(`${T}.failed`)}</Alert>
        ) : (
          <Stack spacing={2}>
            <BookingList title={translate(`${T}.today`)} list={summary.data.today} zone={summary.data.timeZone} />
            <BookingList
              title={translate(`${T}.upcoming`, { days: SUMMARY_UPCOMING_DAYS })}
              list={summary.data.upcoming}
              zone={summary.data.timeZone}
            />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
