import { Alert, Button, Stack } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import { AccountStateScreen } from './AccountStateScreen';

/** A signed-in user in no group (spec 3 §4): the account is being reviewed; only Logout is possible. */
export const PendingReviewScreen = () => {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <AccountStateScreen>
      <Stack spacing={2}>
        <Alert severity="info">{translate('app.pendingReview')}</Alert>
        <Button variant="contained" onClick={() => logout()} sx={{ alignSelf: 'flex-start' }}>
          {translate('ui.logout')}
        </Button>
      </Stack>
    </AccountStateScreen>
  );
};
