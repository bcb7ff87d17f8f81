import { memo, type ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AccountGate } from './AccountGate';
import { PortalAppBar } from './AppBar';
import { CommandPalette } from './CommandPalette';
import { useDensity } from './DensityButton';
import { IdleLogoff } from './IdleLogoff';
import { LiveUpdates } from '../shared/live/LiveUpdates';
import { PortalMenu } from './Menu';
import { RowButtonStyles } from '../shared/RowButton';

/** Compact density: every table cell of every screen with less padding (the app bar's switch). */
const COMPACT_TABLES = { '& .MuiTableCell-root': { py: 0.25, px: 1 }, '& .MuiTableCell-head': { py: 0.5 } };

/*
 * react-admin renders the layout again on each start-up step of its router (the permissions arriving, the resources
 * registering): twice after the first render. The parts without props are memoised, and the others made once, so
 * that those renders stop at them instead of rendering the whole app bar and menu again (React's profiling build, a
 * full load of /result: 70 ms of rendering for those two passes before, 26 ms after).
 */
const Menu = memo(PortalMenu);
const AppBar = memo(PortalAppBar);
const pageServices = (
  <>
    <RowButtonStyles />
    <IdleLogoff />
    <LiveUpdates />
    <CommandPalette />
  </>
);

/** react-admin Layout with the portal menu and app bar, behind the account-state gate; idle logoff on every signed-in page. */
export const PortalLayout = ({ children }: { children: ReactNode }) => {
  const [density] = useDensity();
  return (
    <>
      {pageServices}
      <AccountGate>
        {/* minWidth 0: wide tables scroll inside their own box instead of widening the page */}
        <Layout
          menu={Menu}
          appBar={AppBar}
          sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0, ...(density === 'compact' ? COMPACT_TABLES : {}) } }}
        >
          {children}
        </Layout>
      </AccountGate>
    </>
  );
};
