import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** Full-page card shown instead of the app layout (pending review, disabled account). */
export const AccountStateScreen = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ maxWidth: 520, width: '100%' }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('ui.appTitle')}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
};
