import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Stack, TableCell, TableRow, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ORDER_STATUSES } from '../../domain/statuses';
import { exportOrders, listOrders, reasonOf, useKitsApi } from '../kits/kitsApi';
import { PageHeading } from '../layout/PageHeading';
import { HeadCell, PagedTable, pagingProps } from '../layout/PagedTable';
import { saveBlob } from '../providers/saveBlob';
import { ORDER_COLUMNS, orderCell } from './orderCells';

/** Order Report (/report/orders, spec 1 §2): the orders with server-side paging, a status filter and the full CSV export. */
export const OrderReportPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useKitsApi();
  const [status, setStatus] = useState('');
  const [paging, setPaging] = useState({ page: 1, perPage: 50 });
  const [exporting, setExporting] = useState(false);
  const query = { status: status || undefined, ...paging };
  const orders = useQuery({
    queryKey: ['orders', 'report', query],
    queryFn: ({ signal }) => listOrders(api, query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const runExport = async () => {
    setExporting(true);
    try {
      saveBlob(await exportOrders(api, status || undefined), `orders-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      notify('kit.exportFailed', { type: 'error', messageArgs: { reason: reasonOf(error) } });
    } finally {
      setExporting(false);
    }
  };
  const rows = orders.data?.items ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading path="/report/orders" />
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <TextField
          select
          label={translate('kit.orderStatus')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
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
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<DownloadIcon />} onClick={runExport} disabled={exporting || !orders.data?.total}>
          {translate('kit.export')}
        </Button>
      </Stack>
      {orders.error && <Alert severity="error">{translate('kit.ordersFailed', { reason: reasonOf(orders.error) })}</Alert>}
      <PagedTable
        label={translate('route.report_orders')}
        head={ORDER_COLUMNS.map((c) => <HeadCell key={c} label={`kit.orderColumns.${c}`} />)}
        columns={ORDER_COLUMNS.length}
        rowCount={rows.length}
        emptyText="kit.noOrders"
        loading={orders.isFetching}
        total={orders.data?.total ?? 0}
        {...pagingProps(paging, setPaging)}
      >
        {rows.map((o) => (
          <TableRow key={o.orderId} hover data-masked={o.masked ? 'true' : undefined}>
            {ORDER_COLUMNS.map((c) => (
              <TableCell key={c} sx={{ verticalAlign: 'top' }}>
                {orderCell(c, o, translate)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </PagedTable>
    </Box>
  );
};

export default OrderReportPage;
