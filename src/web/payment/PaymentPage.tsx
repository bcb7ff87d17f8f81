import { Alert, Box, Button, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Form, useDataProvider, useTranslate } from 'react-admin';
import { useLocation, useSearchParams } from 'react-router';
import { billingFromRouterState, paymentFormSchema, type PaymentForm } from '../../domain/payments/payment';
import { useRuntimeConfig } from '../providers/useRuntimeConfig';
import { PageHeading } from '../layout/PageHeading';
import type { PortalDataProvider } from '../providers/dataProvider';
import { statusOf } from '../providers/errorReason';
import { usePortalPermissions } from '../providers/permissions';
import { zodValidate } from '../providers/zodValidate';
import { OrderSummaryCard } from './OrderSummaryCard';
import { PaymentSuccessDialog, ReviewPaymentDialog } from './PaymentDialogs';
import { BillingFields, CardFields } from './PaymentFields';
import { tokenizerFor } from './tokenizer';
import { usePaymentFlow } from './usePaymentFlow';

const validate = zodValidate(paymentFormSchema);

/**
 * The Payment screen (/Payment?ref=booking&id=, spec 2 §2.6): the billing form pre-filled from the router state of
 * Collect Payment, the card form with its live preview, the order summary (GET /api/booking/orderPaySummary), 'Review
 * Payment' (checkout, tokenisation, review modal), confirm (pay) and the success modal with 'view details'. A paid
 * booking shows its summary and 'No payment is required for this booking'; an unknown booking says it was not found.
 */
export const PaymentPage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const location = useLocation();
  const ref = params.get('ref') ?? '';
  const id = params.get('id') ?? '';
  const valid = ref === 'booking' && /^[A-Za-z0-9-]{1,40}$/.test(id);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const summary = useQuery({
    queryKey: ['payment', id, 'orderPaySummary'],
    enabled: valid,
    retry: false,
    queryFn: ({ signal }) => dataProvider.orderPaySummary(id, signal),
  });
  const config = useRuntimeConfig();
  const tokenizer = useMemo(() => (config.data ? tokenizerFor(config.data.payment) : null), [config.data]);
  const flow = usePaymentFlow(id, tokenizer);
  const defaults = useMemo(() => ({ ...billingFromRouterState(location.state), number: '', expDate: '', cvc: '' }), [location.state]);
  // A paid booking or an unknown one has nothing to pay: no billing or card form is offered.
  const nothingDue = !!summary.data && summary.data.grossTotalUnpaid <= 0;
  const notFound = statusOf(summary.error) === 404;
  // Paying is a product and order write: read-only roles (auditors) see the summary but cannot pay (the server refuses too).
  const { permissions } = usePortalPermissions();
  const cannotPay = !!permissions && (permissions.readOnly || !permissions.productOrderAccess);

  return (
    <Box sx={{ p: 2 }}>
      <PageHeading path="/Payment" />
      {!valid && <Alert severity="warning">{translate('payment.badReference')}</Alert>}
      {valid && notFound && <Alert severity="warning">{translate('payment.notFound', { id })}</Alert>}
      {valid && nothingDue && (
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          <OrderSummaryCard reference={ref} referenceId={id} summary={summary.data} isPending={false} error={null} />
          <Alert severity="info">{translate('payment.nothingDue')}</Alert>
        </Stack>
      )}
      {valid && !notFound && !nothingDue && (
        <Form defaultValues={defaults} validate={validate} onSubmit={(v: Record<string, unknown>) => flow.submit(v as PaymentForm)} noValidate>
          <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} alignItems="flex-start">
            <Stack spacing={2} sx={{ flex: 2, width: '100%' }}>
              <BillingFields />
              <CardFields />
            </Stack>
            <Stack spacing={2} sx={{ flex: 1, width: '100%' }}>
              <OrderSummaryCard reference={ref} referenceId={id} summary={summary.data} isPending={summary.isPending} error={summary.error} />
              {cannotPay && <Alert severity="info">{translate('payment.readOnly')}</Alert>}
              <Button type="submit" variant="contained" disabled={flow.submitting || !summary.data || !tokenizer || cannotPay}>
                {translate('payment.reviewPayment')}
              </Button>
            </Stack>
          </Stack>
        </Form>
      )}
      <ReviewPaymentDialog review={flow.review} pending={flow.paying} onConfirm={flow.confirm} onClose={flow.cancelReview} />
      <PaymentSuccessDialog result={flow.result} bookingId={id} onClose={flow.closeResult} />
    </Box>
  );
};

export default PaymentPage;
