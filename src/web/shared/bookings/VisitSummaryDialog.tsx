import { Alert, CircularProgress } from '@mui/material';
import DOMPurify from 'dompurify';
import { useState } from 'react';
import { TextInput, useGetIdentity, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { sendPatientSummarySchema, stripLineBreaks } from '../../../domain/booking-detail/booking-requests';
import { type BookingDetail } from '../../../domain/booking-detail/booking-detail';
import { applyTemplate } from '../../../domain/lab/lab-templates';
import { zodValidate } from '../../providers/zodValidate';
import { ConfirmDialog } from '../ConfirmDialog';
import { FormDialog } from '../FormDialog';
import { FormErrorAlert } from '../FormErrorAlert';
import { useIdempotencyKey } from '../../providers/idempotencyKey';
import { useBookingMutation, useBookingPart } from './bookingHooks';

/** The content service's template as plain text: sanitized with DOMPurify, then its text content (paragraphs on their own lines). */
export function templateText(html: string): string {
  const clean = DOMPurify.sanitize(html.replace(/<\/p>\s*/gi, '</p>\n'), { RETURN_DOM_FRAGMENT: true });
  return (clean.textContent ?? '').trim();
}

type Values = { summary: string | null };
const summaryOf = (v: Values) => stripLineBreaks(v.summary ?? '');
/** The schema the server applies to the summary as sent (line breaks stripped); its message as the form's alert. */
const summaryErrors = zodValidate<Values>(sendPatientSummarySchema, (v) => ({ summary: summaryOf(v) }));
const validate = (v: Values) => {
  const { summary } = summaryErrors(v);
  return summary ? { _: summary } : {};
};

/** 'Send this summary to {email}?' for the form's summary: Send mails it. */
const ConfirmSend = ({
  open,
  email,
  pending,
  onSend,
  onCancel,
}: {
  open: boolean;
  email: string;
  pending: boolean;
  onSend: (summary: string) => void;
  onCancel: () => void;
}) => {
  const { getValues } = useFormContext<Values>();
  return (
    <ConfirmDialog
      open={open}
      content="bookingDetail.ui.titles.visitSummaryConfirm"
      contentArgs={{ email }}
      confirmLabel="bookingDetail.ui.send"
      cancelLabel="ra.action.cancel"
      loading={pending}
      onConfirm={() => onSend(summaryOf(getValues()))}
      onCancel={onCancel}
    />
  );
};

/**
 * Send visit summary to patient: prefilled from the content service's bookingSummary with {{patientName}} and
 * {{clinicianName}} filled in; line breaks are stripped before POST /sendPatientSummary/{id}, after a confirmation.
 * Needs the patient's account ('Patient Account Not found').
 */
export const VisitSummaryDialog = ({ booking: b, onClose }: { booking: BookingDetail; onClose: () => void }) => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const onboard = useBookingPart(b.id, 'onboard', (dp, signal) => dp.bookingOnboardStatus(b.id, signal));
  const content = useBookingPart(b.id, 'content', (dp, signal) => dp.portalContent(signal), true, 10_000);
  const [confirming, setConfirming] = useState(false);
  const template = content.data?.data.data.attributes.bookingSummary;
  const prefilled =
    typeof template === 'string'
      ? applyTemplate(templateText(template), { patientName: `${b.firstName} ${b.lastName}`, clinicianName: identity?.fullName ?? null })
      : '';
  const withKey = useIdempotencyKey(); // a double click mails once
  const send = useBookingMutation((dp, summary: string) => withKey((key) => dp.sendBookingPatientSummary(b.id, summary, key)), {
    success: 'bookingDetail.summarySent',
    onSuccess: onClose,
  });
  const noAccount = onboard.data ? !onboard.data.isOnboardTbd : !b.isOnboardTbd;
  return (
    <FormDialog<Values>
      title="bookingDetail.ui.titles.visitSummary"
      defaultValues={{ summary: prefilled }}
      validate={validate}
      onSubmit={() => setConfirming(true)}
      onClose={onClose}
      submitLabel="bookingDetail.ui.send"
      pending={send.isPending}
      submitDisabled={noAccount || content.isPending}
      maxWidth="md"
    >
      {noAccount && <Alert severity="error">{translate('bookingDetail.patientAccountNotFound')}</Alert>}
      {content.isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
      <TextInput source="summary" label="bookingDetail.ui.fields.summary" multiline minRows={8} helperText={false} />
      <FormErrorAlert />
      <ConfirmSend
        open={confirming}
        email={b.email}
        pending={send.isPending}
        onSend={(summary) => {
          setConfirming(false);
          send.mutate(summary);
        }}
        onCancel={() => setConfirming(false)}
      />
    </FormDialog>
  );
};
