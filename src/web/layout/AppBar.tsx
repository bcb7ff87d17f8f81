import { Typography } from '@mui/material';
import type { ComponentProps, ReactElement } from 'react';
import { AppBar, LoadingIndicator, TitlePortal, ToggleThemeButton, useGetIdentity, UserMenu, useTranslate } from 'react-admin';
import { DensityButton } from './DensityButton';

/**
 * react-admin's loading indicator, whose spinner (a progressbar) needs a name for screen readers: the indicator hands
 * the props it does not know to that spinner, but its type does not list them.
 */
const NamedLoadingIndicator = LoadingIndicator as (props: ComponentProps<typeof LoadingIndicator> & { 'aria-label': string }) => ReactElement;

/** react-admin's AppBar with the portal's name before the page title; light/dark and table density switches. */
export const PortalAppBar = () => {
  const translate = useTranslate();
  return (
    <AppBar
      userMenu={<PortalUserMenu />}
      toolbar={
        <>
          <DensityButton />
          <ToggleThemeButton />
          <NamedLoadingIndicator aria-label={translate('ra.page.loading')} />
        </>
      }
    >
      {/* On a phone the page title has the bar to itself (the product name is left out) and wraps instead of being cut. */}
      <Typography component="span" variant="h6" sx={{ mr: 2, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' } }}>
        {translate('ui.appTitle')}
      </Typography>
      <TitlePortal
        sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' }, fontSize: { xs: '1rem', sm: undefined }, lineHeight: { xs: 1.2, sm: undefined } }}
      />
    </AppBar>
  );
};

/** react-admin's user menu, its button named with the name it shows (WCAG 2.5.3, label in name). */
const PortalUserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const menu = translate('ra.auth.user_menu');
  return <UserMenu label={identity?.fullName ? `${identity.fullName} (${menu})` : menu} />;
};
