import { Typography } from '@mui/material';
import { AppBar, TitlePortal, useTranslate } from 'react-admin';

/** react-admin's AppBar with the portal's name before the page title. */
export const PortalAppBar = () => {
  const translate = useTranslate();
  return (
    <AppBar>
      <Typography component="span" variant="h6" sx={{ mr: 2, whiteSpace: 'nowrap' }}>
        {translate('ui.appTitle')}
      </Typography>
      <TitlePortal />
    </AppBar>
  );
};
