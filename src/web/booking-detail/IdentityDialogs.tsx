import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Form, useInput, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-detail/booking-access';
import { actionRefusal, BOOKING_WRITES } from '../../domain/booking-detail/booking-actions';
import {
  IDENTITY_FILE_EXTENSIONS,
  identityReviewRefusal,
  identityStatus,
  identityUploadSchema,
  type UPLOAD_DOCUMENT_TYPES,
} from '../../domain/booking-detail/booking-identity';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';
import type { DocumentUrls } from '../providers/bookingMethods';
import { zodValidate } from '../providers/zodValidate';
import { FormErrorAlert } from '../shared/FormErrorAlert';
import { useBookingMutation, useBookingPart } from '../shared/bookings/bookingHooks';
import { IdentityDocument } from './IdentityDocument';
import { DialogFrame, GuardedButton } from './parts';

const F = 'bookingDetail.ui.fields';
interface Props {
  booking: BookingDetail;
  onClose: () => void;
}
/** GET /{id}/documents is cached for 10 minutes (spec 2 §9). */
const DOCUMENTS_STALE_MS = 10 * 60_000;
const useDocuments = (id: string) => useBookingPart(id, 'documents', (dp, signal) => dp.bookingDocuments(id, signal), true, DOCUMENTS_STALE_MS);
type UploadType = (typeof UPLOAD_DOCUMENT_TYPES)[number];
const idUrl = (d: DocumentUrls | undefined) => d?.IDENTITY_PASSPORT ?? d?.IDENTITY_DRIVER_LICENSE;

/** Identity verification: ID and selfie side by side, the status text, Accept / Reject once (spec 2 §4). */
export const VerifyIdentityDialog = ({ booking: b, onClose }: Props) => {
  const translate = useTranslate();
  const docs = useDocuments(b.id);
  const review = useBookingMutation((dp, result: 'ACCEPT' | 'REJECT') => dp.verifyBookingIdentity(b.id, result), {
    success: (_, result) => ({ key: result === 'ACCEPT' ? 'bookingDetail.documentApproved' : 'bookingDetail.documentRejected' }),
  });
  const refusal = actionRefusal(b, BOOKING_WRITES.verifyIdentity) ?? identityReviewRefusal(b.documentS3UrlMap, b.isSelfCheckInIdentityVerified);
  return (
    <DialogFrame
      title="bookingDetail.ui.titles.verifyIdentity"
      onClose={onClose}
      maxWidth="md"
      pending={review.isPending}
      extraActions={
        <>
          <GuardedButton
            label="bookingDetail.ui.reject"
            color="error"
            refusal={refusal}
            pending={review.isPending}
            onClick={() => review.mutate('REJECT')}
          />
          <GuardedButton
            label="bookingDetail.ui.accept"
            color="success"
            variant="contained"
            refusal={refusal}
            pending={review.isPending}
            onClick={() => review.mutate('ACCEPT')}
          />
        </>
      }
    >
      <Typography data-testid="identity-status" sx={{ fontWeight: 600 }}>
        {identityStatus(b.documentS3UrlMap, b.isSelfCheckInIdentityVerified)}
      </Typography>
      {docs.isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
      {docs.isError && <Alert severity="error">{docs.error.message}</Alert>}
      {docs.data && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Stack sx={{ flex: 1 }} spacing={1}>
            <Typography variant="subtitle2">{translate(`${F}.idDocument`)}</Typography>
            <IdentityDocument url={idUrl(docs.data)} title={`${F}.idDocument`} />
          </Stack>
          <Stack sx={{ flex: 1 }} spacing={1}>
            <Typography variant="subtitle2">{translate(`${F}.selfie`)}</Typography>
            <IdentityDocument url={docs.data.SELFIE} title={`${F}.selfie`} />
          </Stack>
        </Stack>
      )}
    </DialogFrame>
  );
};

/** The file chooser: the browser's bare file control hidden inside a themed button; the accepted file is named beside it. */
const FileChooser = ({ label, disabled }: { label: string; disabled: boolean }) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput<File | null>({ source: 'file', defaultValue: null });
  const chosen = !fieldState.invalid && field.value ? field.value : null;
  return (
    <>
      <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />} disabled={disabled}>
        {translate('bookingDetail.ui.chooseFile')}
        <input
          hidden
          type="file"
          accept={IDENTITY_FILE_EXTENSIONS.join(',')}
          aria-label={translate(label)}
          disabled={disabled}
          onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
        />
      </Button>
      {chosen && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {chosen.name}
        </Typography>
      )}
    </>
  );
};

/**
 * One upload row, a form of its own: pick a .pdf/.jpg/.jpeg/.png file and Upload (or Replace when one exists). The
 * domain's identityUploadSchema checks the file as it is chosen and on Upload (a file is required), before anything
 * is sent.
 */
const UploadRow = ({
  label,
  documentType,
  exists,
  refusal,
  onUpload,
  pending,
}: {
  label: string;
  documentType: UploadType;
  exists: boolean;
  refusal: string | null;
  onUpload: (f: File) => void;
  pending: boolean;
}) => {
  const translate = useTranslate();
  const validate = useMemo(() => zodValidate(identityUploadSchema(documentType)), [documentType]);
  return (
    <Form
      defaultValues={{ file: null }}
      validate={validate}
      mode="onChange"
      onSubmit={(v: FieldValues) => {
        if (!pending && v.file) onUpload(v.file as File);
      }}
      noValidate
      disableInvalidFormNotification
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FileChooser label={label} disabled={!!refusal || pending} />
          <GuardedButton type="submit" label={exists ? 'bookingDetail.ui.replace' : 'bookingDetail.ui.upload'} refusal={refusal} pending={pending} />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {translate('bookingDetail.fieldText.fileRules')}
        </Typography>
        <FormErrorAlert name="file" />
      </Stack>
    </Form>
  );
};

/** Identity document manager: upload or replace the ID (IDENTITY_PASSPORT) and the selfie; the screen reloads after each. */
export const IdentityDocumentsDialog = ({ booking: b, onClose }: Props) => {
  const translate = useTranslate();
  const docs = useDocuments(b.id);
  const refusal =
    actionRefusal(b, BOOKING_WRITES.uploadDocument) ?? (b.isSelfCheckInIdentityVerified != null ? BOOKING_REFUSAL_TEXT.documentsReviewed : null);
  // After an upload the screen reloads its booking (spec 2 §7) and says so; the dialog closes.
  const upload = useBookingMutation((dp, v: { type: UploadType; file: File }) => dp.uploadBookingDocument(b.id, v.type, v.file), {
    success: 'bookingDetail.ui.uploaded',
    onSuccess: onClose,
  });
  return (
    <DialogFrame title="bookingDetail.ui.titles.identityDocuments" onClose={onClose} maxWidth="md" pending={upload.isPending}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Stack sx={{ flex: 1 }} spacing={1}>
          <Typography variant="subtitle1" component="h3">
            {translate(`${F}.idDocument`)}
          </Typography>
          <IdentityDocument url={idUrl(docs.data)} title={`${F}.idDocument`} />
          <UploadRow
            label={`${F}.idDocument`}
            documentType="IDENTITY_PASSPORT"
            exists={!!idUrl(b.documentS3UrlMap)}
            refusal={refusal}
            pending={upload.isPending}
            onUpload={(file) => upload.mutate({ type: 'IDENTITY_PASSPORT', file })}
          />
        </Stack>
        <Stack sx={{ flex: 1 }} spacing={1}>
          <Typography variant="subtitle1" component="h3">
            {translate(`${F}.selfie`)}
          </Typography>
          <IdentityDocument url={docs.data?.SELFIE} title={`${F}.selfie`} />
          <UploadRow
            label={`${F}.selfie`}
            documentType="SELFIE"
            exists={!!b.documentS3UrlMap.SELFIE}
            refusal={refusal}
            pending={upload.isPending}
            onUpload={(file) => upload.mutate({ type: 'SELFIE', file })}
          />
        </Stack>
      </Stack>
    </DialogFrame>
  );
};
