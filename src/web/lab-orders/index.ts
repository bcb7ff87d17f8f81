import InventoryIcon from '@mui/icons-material/Inventory';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** Manage Lab Order and the shipping manifests (spec 1 §2). */
export default {
  name: 'lab-orders',
  screens: [
    { path: '/manage-lab-order', load: () => import('./ManageLabOrderPage') },
    { path: '/shipping-manifest', load: () => import('./ShippingManifestPage') },
  ],
  menu: [
    { key: 'manageLabOrder', to: '/manage-lab-order', section: 'lab', order: 30, icon: InventoryIcon },
    { key: 'shippingManifest', to: '/shipping-manifest', section: 'lab', order: 40, icon: LocalShippingIcon },
  ],
  endpoints: {
    /** Kits of one status (filter `status`, a path segment) at a care location, paged on the server. */
    'lab-order-kits': {
      list: ({ status, ...filter }) => [`/secure/kit/status/${encodeURIComponent(String(status))}`, filter],
      idField: 'kitId',
    },
    /** Shipping manifests: created from a date to a date at a care location, newest first. */
    'shipping-manifests': { route: '/shipping-manifest', list: '/secure/kit/manifests' },
  },
} satisfies ResourceDescriptor;
