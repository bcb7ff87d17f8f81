import { Box, Button, Card, CardContent, Chip, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, DataTable, ListBase, Pagination, useNotify, useTranslate, useUpdate } from 'react-admin';
import { breakGlassReviewSchema, type BreakGlassSession } from '../../domain/break-glass';
import { PageHeading } from '../layout/PageHeading';
import { reasonOf } from '../providers/errorReason';

const T = 'breakGlass';
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/** Mark reviewed: a note, then PUT …/review through the dataProvider's update (the list refetches). */
const ReviewButton = ({ session }: { session: BreakGlassSession }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (session.reviewedAt) return <Chip size="small" color="success" label={translate(`${T}.reviewed`)} />;
  const confirm = () => {
    const parsed = breakGlassReviewSchema.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    update('break-glass', { id: session.id, data: parsed.data, previousData: session }, {
      mutationMode: 'pessimistic',
      onSuccess: () => setOpen(false),
      onError: (e) => notify('ra.notification.http_error', { type: 'error', messageArgs: { message: reasonOf(e) } }),
    });
  };
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => { setNote(''); setError(null); setOpen(true); }}>{translate(`${T}.review`)}</Button>
      <Confirm isOpen={open} loading={isPending} title={`${T}.review`} confirm={`${T}.review`} onConfirm={confirm} onClose={() => setOpen(false)}
        content={<TextField label={translate(`${T}.reviewNoteLabel`)} value={note} required multiline minRows={2} autoFocus fullWidth sx={{ mt: 1 }}
          onChange={(e) => { setNote(e.target.value); setError(null); }} error={!!error} helperText={error ?? ' '} />} />
    </>
  );
};

/** The reason a session was started with, then each reason of a later start while it ran (as text, never markup). */
const Reasons = ({ session }: { session: BreakGlassSession }) => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2">{session.reason}</Typography>
      {session.addedReasons.map((r, i) => (
        <Typography key={i} variant="body2" color="text.secondary">{translate(`${T}.addedReason`, { at: when(r.at), reason: r.reason })}</Typography>
      ))}
    </>
  );
};

/**
 * Break-glass review (/break-glass, super admins): every emergency access session, newest first, with its
 * clinician, patient, reason and time; each is marked reviewed once with a note (history and audit on the server).
 */
export const BreakGlassReviewPage = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 3 } }}>
      <PageHeading path="/break-glass" />
      <ListBase resource="break-glass" perPage={25}>
        <Card variant="outlined">
          <CardContent>
            <DataTable<BreakGlassSession> bulkActionButtons={false} rowClick={false}
              empty={<Typography sx={{ p: 2 }}>{translate(`${T}.empty`)}</Typography>}>
              <DataTable.Col<BreakGlassSession> label={`${T}.columns.started`} disableSort render={(r) => when(r.startedAt)} />
              <DataTable.Col<BreakGlassSession> label={`${T}.columns.clinician`} disableSort render={(r) => r.clinicianName} />
              <DataTable.Col<BreakGlassSession> label={`${T}.columns.patient`} disableSort render={(r) => r.patientName} />
              <DataTable.Col<BreakGlassSession> label={`${T}.columns.reason`} disableSort render={(r) => <Reasons session={r} />} />
              <DataTable.Col<BreakGlassSession> label={`${T}.columns.ends`} disableSort render={(r) => (r.active ? when(r.expiresAt) : translate(`${T}.ended`, { end: when(r.expiresAt) }))} />
              <DataTable.Col<BreakGlassSession> label={`${T}.columns.note`} disableSort render={(r) => (r.reviewNote ? `${r.reviewNote} — ${r.reviewedBy ?? ''}` : '')} />
              <DataTable.Col<BreakGlassSession> label={`${T}.columns.status`} disableSort render={(r) => <ReviewButton session={r} />} />
            </DataTable>
            <Pagination rowsPerPageOptions={[25, 50, 100]} />
          </CardContent>
        </Card>
      </ListBase>
    </Box>
  );
};

export default BreakGlassReviewPage;
