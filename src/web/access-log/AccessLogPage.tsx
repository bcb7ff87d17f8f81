import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import {
  DataTable,
  DateTimeInput,
  FilterForm,
  ListBase,
  Pagination,
  SelectInput,
  TextInput,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import { ACCESS_LOG_OUTCOMES, ACCESS_LOG_PAGE_SIZE, describeAccess, type AccessLogRow } from '../../domain/access-log/access-log';
import { TABLE_BODY_MAX_HEIGHT_PX } from '../../domain/shared/constants';
import { PageHeading } from '../layout/PageHeading';
import { reasonOf } from '../providers/errorReason';
import { saveBlob } from '../providers/saveBlob';
import { useAction } from '../shared/useAction';
import { ChainStatusCard } from './ChainStatusCard';

const T = 'accessLog';

/** Filters over the log (server-side): user, patient, record, action, outcome and a time window. */
const FILTERS = [
  <TextInput key="actorSub" source="actorSub" label={`${T}.filters.actorSub`} alwaysOn resettable size="small" />,
  <TextInput key="patientId" source="patientId" label={`${T}.filters.patientId`} alwaysOn resettable size="small" />,
  <TextInput key="entityId" source="entityId" label={`${T}.filters.entityId`} resettable size="small" />,
  <TextInput key="action" source="action" label={`${T}.filters.action`} resettable size="small" />,
  <SelectInput
    key="outcome"
    source="outcome"
    label={`${T}.filters.outcome`}
    size="small"
    choices={ACCESS_LOG_OUTCOMES.map((o) => ({ id: o, name: o }))}
  />,
  <SelectInput
    key="breakGlass"
    source="breakGlass"
    label={`${T}.filters.breakGlass`}
    size="small"
    choices={[
      { id: 'true', name: `${T}.filters.breakGlassOnly` },
      { id: 'false', name: `${T}.filters.breakGlassNone` },
    ]}
  />,
  <DateTimeInput
    key="from"
    source="from"
    label={`${T}.filters.from`}
    size="small"
    parse={(v: string) => (v ? new Date(v).toISOString() : undefined)}
  />,
  <DateTimeInput key="to" source="to" label={`${T}.filters.to`} size="small" parse={(v: string) => (v ? new Date(v).toISOString() : undefined)} />,
];

/**
 * The PHI access log (/access-log; auditors and super admins): who read or changed which patient's data,
 * when, from where and through which API route, newest first, paged, filtered and exported on the server; the hash
 * chain's status; and, filtered by a patient, that patient's accounting of disclosures as a PDF.
 */
export const AccessLogPage = () => {
  const notify = useNotify();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading path="/access-log" />
      <ChainStatusCard />
      <ListBase
        resource="access-log"
        perPage={ACCESS_LOG_PAGE_SIZE}
        sort={{ field: 'at', order: 'DESC' }}
        queryOptions={{
          onError: (error: unknown) => notify('ra.notification.http_error', { type: 'error', messageArgs: { message: reasonOf(error) } }),
        }}
      >
        <AccessLogList />
      </ListBase>
    </Box>
  );
};

const AccessLogList = () => {
  const translate = useTranslate();
  const { filterValues, sort } = useListContext();
  const patientId = typeof filterValues.patientId === 'string' ? filterValues.patientId.trim() : '';
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate(`${T}.title`)}
          </Typography>
          {patientId ? (
            <DisclosuresButton patientId={patientId} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {translate(`${T}.disclosuresHint`)}
            </Typography>
          )}
          <ExportButton filter={filterValues} sort={sort} />
        </Stack>
        <FilterForm filters={FILTERS} />
        <DataTable<AccessLogRow>
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography sx={{ p: 2 }}>{translate(`${T}.empty`)}</Typography>}
          sx={{ '& .RaDataTable-tableWrapper': { maxHeight: TABLE_BODY_MAX_HEIGHT_PX, overflow: 'auto' } }}
        >
          <DataTable.Col<AccessLogRow> source="at" label={`${T}.columns.at`} render={(r) => r.at.replace('T', ' ').replace('Z', '')} />
          <DataTable.Col<AccessLogRow>
            label={`${T}.columns.user`}
            disableSort
            render={(r) => (
              <Box>
                <Typography variant="body2">{r.actorName ?? r.actorSub}</Typography>
                {r.actorName && (
                  <Typography variant="caption" color="text.secondary">
                    {r.actorSub}
                  </Typography>
                )}
              </Box>
            )}
          />
          <DataTable.Col<AccessLogRow> label={`${T}.columns.what`} disableSort render={(r) => describeAccess(r)} />
          <DataTable.Col<AccessLogRow> label={`${T}.columns.records`} disableSort render={(r) => listOf(r.entityIds)} />
          <DataTable.Col<AccessLogRow> label={`${T}.columns.patients`} disableSort render={(r) => listOf(r.patientIds)} />
          <DataTable.Col source="outcome" label={`${T}.columns.outcome`} disableSort />
          <DataTable.Col source="clientIp" label={`${T}.columns.from`} disableSort />
          <DataTable.Col<AccessLogRow>
            label={`${T}.columns.breakGlass`}
            disableSort
            render={(r) => (r.breakGlass ? <Chip size="small" color="warning" label={translate(`${T}.columns.breakGlass`)} /> : null)}
          />
        </DataTable>
        <Pagination rowsPerPageOptions={[25, 50, 100, 200]} />
      </CardContent>
    </Card>
  );
};

/** A row's ids: the first three, then how many more (a list read names every row it returned). */
function listOf(ids: string[]): string {
  if (ids.length <= 3) return ids.join(', ');
  return `${ids.slice(0, 3).join(', ')} +${ids.length - 3}`;
}

/** A download's failure text with the server's reason in its `message` placeholder. */
const failureText = (key: string) => (error: Error) => ({ key, args: { message: reasonOf(error) } });

const ExportButton = ({ filter, sort }: { filter: Record<string, unknown>; sort: { field: string; order: string } }) => {
  const translate = useTranslate();
  const { mutate, isPending } = useAction((dp) => dp.exportList('access-log', { filter, sort }), {
    failure: failureText(`${T}.exportFailed`),
    onSuccess: (blob) => saveBlob(blob, `phi-access-log-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => mutate()} disabled={isPending}>
      {translate(`${T}.export`)}
    </Button>
  );
};

const DisclosuresButton = ({ patientId }: { patientId: string }) => {
  const translate = useTranslate();
  const { mutate, isPending } = useAction((dp) => dp.getDisclosuresPdf(patientId), {
    failure: failureText(`${T}.pdfFailed`),
    onSuccess: (blob) => saveBlob(blob, `disclosures-${patientId}.pdf`),
  });
  return (
    <Button size="small" startIcon={<PictureAsPdfIcon />} onClick={() => mutate()} disabled={isPending}>
      {translate(`${T}.disclosures`)}
    </Button>
  );
};

export default AccessLogPage;
