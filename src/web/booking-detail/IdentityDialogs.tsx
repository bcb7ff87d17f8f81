import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-detail/booking-access';
import { actionRefusal, BOOKING_WRITES } from '../../domain/booking-detail/booking-actions';
import { BOOKING_FIELD_TEXT } from '../../domain/i18n/en/booking-detail';
import { IDENTITY_FILE_EXTENSIONS, identityFileRefusal, identityReviewRefusal, identityStatus } from '../../domain/booking-detail/booking-identity';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';
import type { DocumentUrls } from '../providers/bookingMethods';
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

/** One upload row: pick a .pdf/.jpg/.jpeg/.png file and Upload (or Replace when one exists). */
const UploadRow = ({
  label,
  missingText,
  exists,
  refusal,
  onUpload,
  pending,
}: {
  label: string;
  missingText: string;
  exists: boolean;
  refusal: string | null;
  onUpload: (f: File) => void;
  pending: boolean;
}) => {
  const translate = useTranslate();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The server's rules, checked before anything is sent: the accepted types (spec 2 §5) and the size limit.
  const pick = (f: File | null) => {
    setFile(null);
    if (!f) return setProblem(null);
    const refusal = identityFileRefusal(f.name, f.size);
    if (refusal)
      return setProblem(translate(refusal === BOOKING_FIELD_TEXT.fileType ? 'bookingDetail.fieldText.fileType' : 'bookingDetail.fieldText.fileSize'));
    setProblem(null);
    setFile(f);
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {/* The browser's bare file control hidden inside a themed button; the chosen file is named beside it. */}
        <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />} disabled={!!refusal || pending}>
          {translate('bookingDetail.ui.chooseFile')}
          <input
            hidden
            type="file"
            accept={IDENTITY_FILE_EXTENSIONS.join(',')}
            aria-label={translate(label)}
            disabled={!!refusal || pending}
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
          />
        </Button>
        {file && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography>
        )}
        <GuardedButton
          label={exists ? 'bookingDetail.ui.replace' : 'bookingDetail.ui.upload'}
          refusal={refusal}
          pending={pending}
          onClick={() => (file ? onUpload(file) : setProblem(problem ?? translate(missingText)))}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {translate('bookingDetail.fieldText.fileRules')}
      </Typography>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
};

/** Identity document manager: upload or replace the ID (IDENTITY_PASSPORT) and the selfie; the screen reloads after each. */
export const IdentityDocumentsDialog = ({ booking: b, onClose }: Props) => {
  const translate = useTranslate();
  const docs = useDocuments(b.id);
  const refusal =
    actionRefusal(b, BOOKING_WRITES.uploadDocument) ?? (b.isSelfCheckInIdentityVerified != null ? BOOKING_REFUSAL_TEXT.documentsReviewed : null);
  // After an upload the screen reloads its booking (spec 2 §7) and says so; the dialog closes.
  const upload = useBookingMutation((dp, v: { type: 'IDENTITY_PASSPORT' | 'SELFIE'; file: File }) => dp.uploadBookingDocument(b.id, v.type, v.file), {
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
            missingText="bookingDetail.selectFile"
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
            missingText="bookingDetail.selectPhoto"
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
