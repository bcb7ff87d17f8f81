import VerifiedIcon from '@mui/icons-material/Verified';
import GppBadIcon from '@mui/icons-material/GppBad';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ChainSummary } from '../../domain/access-log/access-log';
import { formatDateTime } from '../shared/lab/labRow';
import type { PortalDataProvider } from '../providers/dataProvider';
import { useAction } from '../shared/useAction';

const T = 'accessLog';
const SUMMARY_KEY = ['access-log', 'chain-summary'];

/** The sealer's state and the last verification, in words. */
const SummaryText = ({ summary }: { summary: ChainSummary }) => {
  const translate = useTranslate();
  const v = summary.lastVerification;
  return (
    <>
      <Typography variant="body2">{translate(`${T}.chainSealed`, { sealed: summary.sealedRows, unsealed: summary.unsealed })}</Typography>
      <Typography variant="body2" color={v && !v.ok ? 'error' : 'text.secondary'}>
        {v
          ? translate(`${T}.chainLastVerified`, {
              when: formatDateTime(v.at),
              who: v.byName ?? v.bySub,
              result: v.ok ? translate(`${T}.chainLastOk`, { rows: v.verifiedRows ?? 0 }) : translate(`${T}.chainLastBroken`),
            })
          : translate(`${T}.chainNeverVerified`)}
      </Typography>
    </>
  );
};

/**
 * The audit hash chain: on open only the sealer's state and the last verification (cheap); "Verify chain" checks
 * every link on demand (it seals the last second's rows first) and shows "verified up to row N" or the first broken row.
 */
export const ChainStatusCard = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const summary = useQuery({ queryKey: SUMMARY_KEY, queryFn: ({ signal }) => dataProvider.getAuditChainSummary(signal), retry: false });
  // the result and a failure show in the card (no toast); the summary is read again either way
  const verify = useAction((dp) => dp.getAuditChainStatus(), { failure: null, invalidate: [SUMMARY_KEY], invalidateOnError: true });
  const data = verify.data;
  const error = verify.error ?? summary.error;
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
            {verify.isPending && (
              <Typography variant="body2" role="status">
                {translate(`${T}.chainVerifying`)}
              </Typography>
            )}
            {summary.data && <SummaryText summary={summary.data} />}
            {error && <Alert severity="warning">{translate(`${T}.chainFailed`, { message: (error as Error).message })}</Alert>}
            <Typography variant="caption" color="text.secondary">
              {translate(`${T}.chainHint`)}
            </Typography>
          </Stack>
          <Button variant="outlined" onClick={() => verify.mutate()} disabled={verify.isPending}>
            {translate(`${T}.chainVerify`)}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};
