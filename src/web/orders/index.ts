import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** The order report (/report/orders): filter status, paged on the server, the CSV of every matching order. */
export default {
  name: 'orders',
  screens: [{ path: '/report/orders', load: () => import('./OrderReportPage') }],
  endpoints: {
    orders: { list: '/secure/report/orders', idField: 'orderId', export: '/secure/report/orders/export' },
  },
} satisfies ResourceDescriptor;
