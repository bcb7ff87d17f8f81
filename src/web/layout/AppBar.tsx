import { Typography } from '@mui/material';
import { AppBar, LoadingIndicator, TitlePortal, ToggleThemeButton, useTranslate } from 'react-admin';
import { DensityButton } from './DensityButton';

/** react-admin's AppBar with the portal's name before the page title; light/dark and table density switches. */
export const PortalAppBar = () => {
  const translate = useTranslate();
  return (
    <AppBar toolbar={<><DensityButton /><ToggleThemeButton /><LoadingIndicator /></>}>
      <Typography component="span" variant="h6" sx={{ mr: 2, whiteSpace: 'nowrap' }}>
        {translate('ui.appTitle')}
      </Typography>
      <TitlePortal />
    </AppBar>
  );
};
