import { Box, Stack, TextField } from '@mui/material';
import { DataTable, FilterForm, List, Pagination, useInput, useTranslate, type InputProps } from 'react-admin';
import type { OrderReportRow } from '../../domain/kits/kit-reports';
import { ORDER_STATUSES } from '../../domain/shared/statuses';
import { PageHeading } from '../layout/PageHeading';
import { ListError } from '../shared/listStates';
import { ExportCsvButton } from '../shared/lab/ExportCsvButton';
import { usePortalPermissions } from '../providers/permissions';
import { ORDER_COLUMNS, orderCell } from './orderCells';
import { UsersReport } from './UsersReport';

type OrderRecord = OrderReportRow & { id: string };

/** The status filter: a react-admin filter input shown as a native select ("All statuses" clears it). */
const StatusInput = ({ source }: InputProps) => {
  const translate = useTranslate();
  const { field } = useInput({ source });
  return (
    <TextField
      select
      label={translate('kit.orderStatus')}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.target.value || undefined)}
      sx={{ width: 260 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{translate('kit.allStatuses')}</option>
      {ORDER_STATUSES.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </TextField>
  );
};

const filters = [<StatusInput key="status" source="status" alwaysOn />];

const Toolbar = () => (
  <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2, width: '100%' }}>
    <FilterForm filters={filters} />
    <Box sx={{ flex: 1 }} />
    <ExportCsvButton label="ra.action.export" failure="kit.exportFailed" fileName="orders" />
  </Stack>
);

/**
 * Order Report (/report/orders, spec 1 §2): the `orders` resource with server-side paging, a status filter and the full
 * CSV export; below it, for product and order access, the users report.
 */
export const OrderReportPage = () => {
  const translate = useTranslate();
  const { permissions } = usePortalPermissions();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading path="/report/orders" />
      <List<OrderRecord>
        resource="orders"
        // the page's PageHeading puts its one title in the app bar
        title={false}
        actions={<Toolbar />}
        sort={{ field: 'createDateTime', order: 'DESC' }}
        perPage={50}
        pagination={<Pagination />}
        empty={false}
        error={<ListError text="kit.ordersFailed" />}
        queryOptions={{ retry: false }}
      >
        <DataTable<OrderRecord> bulkActionButtons={false} rowClick={false} empty={<Box sx={{ p: 2 }}>{translate('kit.noOrders')}</Box>}>
          {ORDER_COLUMNS.map((c) => (
            <DataTable.Col<OrderRecord>
              key={c}
              label={`kit.orderColumns.${c}`}
              disableSort
              sx={{ verticalAlign: 'top' }}
              render={(o) => orderCell(c, o, translate)}
            />
          ))}
        </DataTable>
      </List>
      {permissions?.productOrderAccess && <UsersReport />}
    </Box>
  );
};

export default OrderReportPage;
