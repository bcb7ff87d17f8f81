import HomeIcon from '@mui/icons-material/Home';
import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** The home page (spec 1 §2): react-admin's dashboard, at '/'. */
export default {
  name: 'dashboard',
  screens: [{ path: '/', load: () => import('./HomePage') }],
  menu: [{ key: 'home', to: '/', section: 'main', order: 10, icon: HomeIcon }],
} satisfies ResourceDescriptor;
