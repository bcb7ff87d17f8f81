import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, CircularProgress, IconButton, Link, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DataTable, ListBase, useDataProvider, useGetList, useRecordContext, useStore, useTranslate, type Identifier } from 'react-admin';
import { displayDate, isActiveKit, type KitGroup, type KitResult, type ProfileKit, type ProfileOrder } from '../../domain/patients/patient-profile';
import { PATIENT_ORDERS_VENDOR, PATIENT_PAGE_SIZE } from '../../domain/patients/patient-search';
import { type PatientDetail } from '../../domain/patients/patients';
import { statusLabel } from '../../domain/shared/statuses';
import { usePortalPermissions } from '../providers/permissions';
import type { PortalDataProvider } from '../providers/dataProvider';
import { OrderNewKitMenu, ReorderButton } from './KitTabActions';
import { LocalDataTable } from '../shared/LocalDataTable';
import { TABLE_BODY_SX } from '../shared/tableBody';
import { ProfileListFooter } from './ProfileListFooter';

const T = 'patients.kits';
type SubTab = 'orders' | Exclude<KitGroup, 'all'>;

/**
 * A kit opens /KitDetails?kitId={id} in a new tab (spec 3 §2). The page reads the kit itself, through its own access
 * check: a profile row holds too little of the kit detail to paint it, so no kit data is posted to the new tab.
 */
export function openKit(kit: ProfileKit) {
  window.open(`/KitDetails?kitId=${encodeURIComponent(kit.kitId)}`, '_blank');
}

/** A Kit tab list that cannot be read (spec 3 §8). */
const FetchError = () => {
  const translate = useTranslate();
  return <Alert severity="error">{translate(`${T}.fetchError`)}</Alert>;
};

/** A line of a kit's result, keyed by its place (a test may be named twice). */
type ResultLine = KitResult['results'][number] & { id: number };

/** The result panel of a kit, loaded when it is expanded. */
const KitResultPanel = () => {
  const translate = useTranslate();
  const kit = useRecordContext<ProfileKit>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const result = useQuery({
    queryKey: ['patients', 'kitResult', kit?.kitId],
    queryFn: ({ signal }) => dataProvider.kitTestResult(kit!.kitId, signal),
    enabled: !!kit,
    retry: false,
  });
  if (result.isPending) return <CircularProgress size={20} />;
  if (result.isError) return <Alert severity="error">{translate(`${T}.detailError`)}</Alert>;
  return (
    <LocalDataTable<ResultLine>
      resource="patient-kit-result-lines"
      data={result.data.results.map((r, i) => ({ ...r, id: i }))}
      aria-label={`${translate(`${T}.showResult`)} ${kit?.kitId}`}
      emptyText={`${T}.noResult`}
    >
      <DataTable.Col<ResultLine> source="testName" label={`${T}.columns.testName`} disableSort />
      <DataTable.Col<ResultLine> source="result" label={`${T}.columns.result`} disableSort />
    </LocalDataTable>
  );
};

const Kits = ({
  patientId,
  group,
  clinical,
  expandId,
  superAdmin,
}: {
  patientId: string;
  group: 'active' | 'previous';
  clinical: boolean;
  expandId?: string;
  superAdmin?: boolean;
}) => {
  const translate = useTranslate();
  // The profile's viewId (spec 3 §2): that kit's result panel starts expanded (react-admin's expanded-rows store).
  const [, setExpanded] = useStore<Identifier[]>('patient-kits.datagrid.expanded', []);
  useEffect(() => {
    if (expandId && clinical) setExpanded([expandId]);
  }, [expandId, clinical, setExpanded]);
  return (
    <ListBase
      resource="patient-kits"
      error={<FetchError />}
      filter={{ patientId, group }}
      perPage={PATIENT_PAGE_SIZE}
      disableSyncWithLocation
      sort={{ field: 'registrationDateTime', order: 'DESC' }}
    >
      <DataTable<ProfileKit>
        sx={TABLE_BODY_SX}
        bulkActionButtons={false}
        rowClick={false}
        expand={clinical ? <KitResultPanel /> : undefined}
        empty={<Typography sx={{ p: 2 }}>{translate(group === 'active' ? `${T}.noActive` : `${T}.noPrevious`)}</Typography>}
      >
        <DataTable.Col source="kitId" label={`${T}.columns.kitId`} disableSort />
        <DataTable.Col source="productName" label={`${T}.columns.product`} disableSort />
        <DataTable.Col<ProfileKit> source="kitStatus" label={`${T}.columns.status`} disableSort render={(k) => statusLabel(k.kitStatus)} />
        <DataTable.Col<ProfileKit>
          label={`${T}.columns.clinician`}
          disableSort
          render={(k) => (k.clinician ? `${k.clinician.firstName} ${k.clinician.lastName}` : '')}
        />
        <DataTable.Col<ProfileKit> label={`${T}.columns.registered`} disableSort render={(k) => displayDate(k.registrationDateTime)} />
        <DataTable.Col<ProfileKit>
          label=""
          disableSort
          render={(k) => (
            <Tooltip title={translate(`${T}.openKit`)}>
              <IconButton size="small" aria-label={`${translate(`${T}.openKit`)} ${k.kitId}`} onClick={() => openKit(k)}>
                <OpenInNewIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        />
        {superAdmin && (
          <DataTable.Col<ProfileKit> label="" disableSort render={(k) => <ReorderButton patientId={patientId} productName={k.productName} />} />
        )}
      </DataTable>
      <ProfileListFooter filter={{ patientId, group }} fileName={`kits-${group}`} />
    </ListBase>
  );
};

const track = (url: string | null, label: string) =>
  url ? (
    <Link href={url} target="_blank" rel="noopener noreferrer">
      {label}
    </Link>
  ) : (
    ''
  );

const Orders = ({ patientId }: { patientId: string }) => {
  const translate = useTranslate();
  return (
    <ListBase
      resource="patient-orders"
      error={<FetchError />}
      filter={{ patientId, vendor: PATIENT_ORDERS_VENDOR }}
      perPage={PATIENT_PAGE_SIZE}
      disableSyncWithLocation
      sort={{ field: 'createdAt', order: 'DESC' }}
    >
      <DataTable<ProfileOrder>
        sx={TABLE_BODY_SX}
        bulkActionButtons={false}
        rowClick={false}
        empty={<Typography sx={{ p: 2 }}>{translate(`${T}.noOrders`)}</Typography>}
      >
        <DataTable.Col source="id" label={`${T}.columns.orderId`} disableSort />
        <DataTable.Col source="kitId" label={`${T}.columns.kitId`} disableSort />
        <DataTable.Col<ProfileOrder> label={`${T}.columns.product`} disableSort render={(o) => o.line_item.name ?? ''} />
        <DataTable.Col<ProfileOrder> label={`${T}.columns.status`} disableSort render={(o) => statusLabel(o.fulfillmentStatus)} />
        <DataTable.Col source="vendor" label={`${T}.columns.vendor`} disableSort />
        <DataTable.Col<ProfileOrder>
          label={`${T}.columns.outbound`}
          disableSort
          render={(o) => track(o.outboundTrackingUrl, translate(`${T}.columns.track`))}
        />
        <DataTable.Col<ProfileOrder>
          label={`${T}.columns.inbound`}
          disableSort
          render={(o) => track(o.inboundTrackingUrl, translate(`${T}.columns.track`))}
        />
        <DataTable.Col<ProfileOrder> label={`${T}.columns.created`} disableSort render={(o) => displayDate(o.createdAt)} />
      </DataTable>
      <ProfileListFooter filter={{ patientId, vendor: PATIENT_ORDERS_VENDOR }} fileName="orders" />
    </ListBase>
  );
};

/**
 * Kit Detail tab (spec 3 §2, §4): All Orders (the patient's orders, newest first), Active Kits (not COMPLETE) and
 * Previous Kits (COMPLETE or REPORT_READY); a kit's result panel expands on demand (clinical access only), or from the
 * profile's `viewId` (that kit expanded).
 */
export const KitTab = ({ patient, viewId }: { patient: PatientDetail; viewId?: string }) => {
  const translate = useTranslate();
  const { permissions } = usePortalPermissions();
  const [chosen, setTab] = useState<SubTab | null>(null);
  // With a viewId the kit's own group opens (Active Kits unless it is COMPLETE), found among the patient's kits.
  const target = useGetList<ProfileKit>(
    'patient-kits',
    {
      filter: { patientId: patient.id, group: 'all' },
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'registrationDateTime', order: 'DESC' },
    },
    { enabled: !!viewId },
  );
  const viewed = viewId ? target.data?.find((k) => k.kitId === viewId) : undefined;
  const tab: SubTab = chosen ?? (!viewId ? 'orders' : viewed && !isActiveKit(viewed.kitStatus) ? 'previous' : 'active');
  const seesOrders = !!permissions && (permissions.productOrderAccess || permissions.unmasked);
  const current = !seesOrders && tab === 'orders' ? 'active' : tab;
  if (!permissions || (viewId && target.isPending)) return <CircularProgress size={20} />;
  return (
    <Stack spacing={1}>
      {permissions.superAdmin && (
        <Box>
          <OrderNewKitMenu patientId={patient.id} />
        </Box>
      )}
      <Tabs value={current} onChange={(_, v: SubTab) => setTab(v)}>
        {seesOrders && <Tab value="orders" label={translate(`${T}.allOrders`)} />}
        <Tab value="active" label={translate(`${T}.active`)} />
        <Tab value="previous" label={translate(`${T}.previous`)} />
      </Tabs>
      <Box role="tabpanel">
        {current === 'orders' ? (
          <Orders patientId={patient.id} />
        ) : (
          <Kits
            key={current}
            patientId={patient.id}
            group={current}
            clinical={permissions.clinicalAccess || permissions.unmasked}
            expandId={viewId}
            superAdmin={permissions.superAdmin}
          />
        )}
      </Box>
    </Stack>
  );
};
