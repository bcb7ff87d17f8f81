import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { routeTitleKey } from '../routeTitles';

/** /401-page (spec 1 §2): where users whose roles do not allow a route are sent. */
export const UnauthorizedPage = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3 }}>
      <Title title={translate(routeTitleKey('/401-page'))} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(routeTitleKey('/401-page'))}
      </Typography>
      <Typography>{translate('app.unauthorizedPage')}</Typography>
    </Box>
  );
};

export default UnauthorizedPage;
