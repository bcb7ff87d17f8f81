import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AccountGate } from './AccountGate';
import { PortalAppBar } from './AppBar';
import { CommandPalette } from './CommandPalette';
import { useDensity } from './DensityButton';
import { IdleLogoff } from './IdleLogoff';
import { LiveUpdates } from '../live/LiveUpdates';
import { PortalMenu } from './Menu';
import { RowButtonStyles } from '../shared/RowButton';

/** Compact density: every table cell of every screen with less padding (the app bar's switch). */
const COMPACT_TABLES = { '& .MuiTableCell-root': { py: 0.25, px: 1 }, '& .MuiTableCell-head': { py: 0.5 } };

/** react-admin Layout with the portal menu and app bar, behind the account-state gate; idle logoff on every signed-in page. */
export const PortalLayout = ({ children }: { children: ReactNode }) => {
  const [density] = useDensity();
  return (
    <>
      <RowButtonStyles />
      <IdleLogoff />
      <LiveUpdates />
      <CommandPalette />
      <AccountGate>
        {/* minWidth 0: wide tables scroll inside their own box instead of widening the page */}
        <Layout menu={PortalMenu} appBar={PortalAppBar}
          sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0, ...(density === 'compact' ? COMPACT_TABLES : {}) } }}>
          {children}
        </Layout>
      </AccountGate>
    </>
  );
};
