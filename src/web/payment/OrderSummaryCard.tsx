import { Alert, Card, CardContent, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderPaySummary } from '../providers/paymentMethods';

export const money = (n: number | null | undefined) => `$${(n ?? 0).toFixed(2)}`;

const Row = ({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) => (
  <Stack direction="row" justifyContent="space-between">
    <Typography fontWeight={strong ? 700 : 400}>{label}</Typography>
    <Typography fontWeight={strong ? 700 : 400}>{value}</Typography>
  </Stack>
);

/** Order summary (spec 2 §2.6): reference, reference id, lines "qty x name (or slug)" with price, sub-total, tax and total. */
export const OrderSummaryCard = ({
  reference,
  referenceId,
  summary,
  isPending,
  error,
}: {
  reference: string;
  referenceId: string;
  summary?: OrderPaySummary;
  isPending: boolean;
  error: Error | null;
}) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-label={translate('payment.summary')}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('payment.summary')}
        </Typography>
        <Stack spacing={1}>
          <Row label={translate('payment.reference')} value={reference} />
          <Row label={translate('payment.referenceId')} value={referenceId} />
          <Divider />
          {isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
          {error && <Alert severity="error">{error.message}</Alert>}
          {summary && (
            <>
              <Stack spacing={0.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('payment.summary')}>
                {summary.unpaidProducts.map((p, i) => (
                  <li key={`${p.slug ?? ''}-${p.name}-${i}`}>
                    <Row label={`${p.qty} x ${p.name || p.slug || ''}`} value={money(p.unitPrice * p.qty)} />
                  </li>
                ))}
              </Stack>
              <Divider />
              <Row label={translate('payment.subTotal')} value={money(summary.netTotalUnpaid)} />
              <Row label={translate('payment.tax')} value={money(summary.taxUnPaid)} />
              <Row label={translate('payment.total')} value={money(summary.grossTotalUnpaid)} strong />
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
};
