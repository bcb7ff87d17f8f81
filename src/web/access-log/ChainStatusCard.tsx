import VerifiedIcon from '@mui/icons-material/Verified';
import GppBadIcon from '@mui/icons-material/GppBad';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider';

const T = 'accessLog';

/**
 * The audit hash chain's status: checked when the page opens and again on "Verify chain" ("verified up to row N" or
 * the first broken row). Checking seals the last second's rows first, then recomputes every link on the server.
 */
export const ChainStatusCard = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: ['access-log', 'chain'],
    queryFn: ({ signal }) => dataProvider.getAuditChainStatus(signal),
    staleTime: 0,
    retry: false,
  });
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <Stack sx={{ flex: 1 }} spacing={1}>
            {data && (
              <Alert severity={data.ok ? 'success' : 'error'} icon={data.ok ? <VerifiedIcon /> : <GppBadIcon />} role="status">
                <strong>{translate(data.ok ? `${T}.chainOk` : `${T}.chainBroken`)}</strong>: {data.description}
              </Alert>
            )}
            {error && <Alert severity="warning">{translate(`${T}.chainFailed`, { message: (error as Error).message })}</Alert>}
            <Typography variant="caption" color="text.secondary">{translate(`${T}.chainHint`)}</Typography>
          </Stack>
          <Button variant="outlined" onClick={() => refetch()} disabled={isFetching}>{translate(`${T}.chainVerify`)}</Button>
        </Stack>
      </CardContent>
    </Card>
  );
};
