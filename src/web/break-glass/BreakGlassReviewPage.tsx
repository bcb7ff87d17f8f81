import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, ListBase, Pagination, TextInput, useTranslate } from 'react-admin';
import { breakGlassReviewSchema, type BreakGlassSession } from '../../domain/break-glass/break-glass';
import { PageHeading } from '../layout/PageHeading';
import { reasonOf } from '../providers/errorReason';
import { zodValidate } from '../providers/zodValidate';
import { FormDialog } from '../shared/FormDialog';
import { useAction } from '../shared/useAction';

const T = 'breakGlass';
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

const validateReview = zodValidate<{ note: string }>(breakGlassReviewSchema);

/** Mark reviewed: a note checked by the domain schema, then PUT …/review through the dataProvider (the list refetches). */
const ReviewButton = ({ session }: { session: BreakGlassSession }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const review = useAction((dp, note: string) => dp.update('break-glass', { id: session.id, data: { note }, previousData: session }), {
    failure: (e) => ({ key: 'ra.notification.http_error', args: { message: reasonOf(e) } }),
    invalidate: ['break-glass'],
    onSuccess: () => setOpen(false),
  });
  if (session.reviewedAt) return <Chip size="small" color="success" label={translate(`${T}.reviewed`)} />;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
        {translate(`${T}.review`)}
      </Button>
      {open && (
        <FormDialog
          title={`${T}.review`}
          submitLabel={`${T}.review`}
          defaultValues={{ note: '' }}
          validate={validateReview}
          onSubmit={(v) => review.mutate(v.note.trim())}
          onClose={() => setOpen(false)}
          pending={review.isPending}
        >
          <TextInput source="note" label={`${T}.reviewNoteLabel`} multiline minRows={2} autoFocus helperText=" " />
        </FormDialog>
      )}
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
        <Typography key={i} variant="body2" color="text.secondary">
          {translate(`${T}.addedReason`, { at: when(r.at), reason: r.reason })}
        </Typography>
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
      <ListBase resource="break-glass" perPage={25} sort={{ field: 'startedAt', order: 'DESC' }}>
        <Card variant="outlined">
          <CardContent>
            <DataTable<BreakGlassSession>
              bulkActionButtons={false}
              rowClick={false}
              empty={<Typography sx={{ p: 2 }}>{translate(`${T}.empty`)}</Typography>}
            >
              <DataTable.Col<BreakGlassSession> label={`${T}.columns.started`} source="startedAt" render={(r) => when(r.startedAt)} />
              <DataTable.Col<BreakGlassSession> label={`${T}.columns.clinician`} disableSort render={(r) => r.clinicianName} />
              <DataTable.Col<BreakGlassSession> label={`${T}.columns.patient`} disableSort render={(r) => r.patientName} />
              <DataTable.Col<BreakGlassSession> label={`${T}.columns.reason`} disableSort render={(r) => <Reasons session={r} />} />
              <DataTable.Col<BreakGlassSession>
                label={`${T}.columns.ends`}
                disableSort
                render={(r) => (r.active ? when(r.expiresAt) : translate(`${T}.ended`, { end: when(r.expiresAt) }))}
              />
              <DataTable.Col<BreakGlassSession>
                label={`${T}.columns.note`}
                disableSort
                render={(r) => (r.reviewNote ? `${r.reviewNote} — ${r.reviewedBy ?? ''}` : '')}
              />
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
