import { Alert, CircularProgress, TextField } from '@mui/material';
import DOMPurify from 'dompurify';
import { useState } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { sendPatientSummarySchema, stripLineBreaks, type BookingDetail } from '../../domain/booking-detail';
import { applyTemplate } from '../../domain/lab-templates';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { useBookingMutation, useBookingPart } from './hooks';
import { DialogFrame } from './parts';

/** The content service's template as plain text: sanitized with DOMPurify, then its text content (paragraphs on their own lines). */
export function templateText(html: string): string {
  const clean = DOMPurify.sanitize(html.replace(/<\/p>\s*/gi, '</p>\n'), { RETURN_DOM_FRAGMENT: true });
  return (clean.textContent ?? '').trim();
}

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
  const [edited, setEdited] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const template = content.data?.data.data.attributes.bookingSummary;
  const prefilled = typeof template === 'string'
    ? applyTemplate(templateText(template), { patientName: `${b.firstName} ${b.lastName}`, clinicianName: identity?.fullName ?? null }) : '';
  const text = edited ?? prefilled;
  const withKey = useIdempotencyKey(); // a double click mails once
  const send = useBookingMutation((dp, summary: string) => withKey((key) => dp.sendBookingPatientSummary(b.id, summary, key)), {
    success: 'bookingDetail.summarySent', onSuccess: onClose,
  });
  const noAccount = onboard.data ? !onboard.data.isOnboardTbd : !b.isOnboardTbd;
  const submit = () => {
    const parsed = sendPatientSummarySchema.safeParse({ summary: stripLineBreaks(text) });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? '');
    setInvalid(null);
    setConfirming(true);
  };
  return (
    <>
      <DialogFrame title="bookingDetail.ui.titles.visitSummary" onClose={onClose} onSubmit={submit} submitLabel="bookingDetail.ui.send"
        pending={send.isPending} submitDisabled={noAccount || content.isPending} maxWidth="md">
        {noAccount && <Alert severity="error">{translate('bookingDetail.patientAccountNotFound')}</Alert>}
        {content.isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
        <TextField label={translate('bookingDetail.ui.fields.summary')} value={text} onChange={(e) => setEdited(e.target.value)} multiline minRows={8}
          disabled={send.isPending} />
        {invalid && <Alert severity="error" role="alert">{invalid}</Alert>}
      </DialogFrame>
      <ConfirmDialog open={confirming} content="bookingDetail.ui.titles.visitSummaryConfirm" contentArgs={{ email: b.email }}
        confirmLabel="bookingDetail.ui.send" cancelLabel="ra.action.cancel" loading={send.isPending}
        onConfirm={() => { setConfirming(false); send.mutate(stripLineBreaks(text)); }} onCancel={() => setConfirming(false)} />
    </>
  );
};
