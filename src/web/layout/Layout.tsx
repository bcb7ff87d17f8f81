import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AccountGate } from './AccountGate';
import { PortalAppBar } from './AppBar';
import { IdleLogoff } from './IdleLogoff';
import { PortalMenu } from './Menu';

/** react-admin Layout with the portal menu and app bar, behind the account-state gate; idle logoff on every signed-in page. */
export const PortalLayout = ({ children }: { children: ReactNode }) => (
  <>
    <IdleLogoff />
    <AccountGate>
      {/* minWidth 0: wide tables scroll inside their own box instead of widening the page */}
      <Layout menu={PortalMenu} appBar={PortalAppBar} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
        {children}
      </Layout>
    </AccountGate>
  </>
);
