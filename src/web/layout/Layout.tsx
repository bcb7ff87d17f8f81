import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AccountGate } from './AccountGate';
import { PortalAppBar } from './AppBar';
import { PortalMenu } from './Menu';

/** react-admin Layout with the portal menu and app bar, behind the account-state gate. */
export const PortalLayout = ({ children }: { children: ReactNode }) => (
  <AccountGate>
    <Layout menu={PortalMenu} appBar={PortalAppBar}>
      {children}
    </Layout>
  </AccountGate>
);
