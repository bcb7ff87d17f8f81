import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Form, useDataProvider, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { noteErrorMessage, type NoteErrorMessage } from '../../../domain/chart-notes/chart-note-texts';
import { NOTE_TEXT } from '../../../domain/chart-notes/chart-notes';
import { formatDateTime } from '../lab/labRow';
import { TemplatePicker } from '../templates/TemplatePicker';
import { useClinicianTemplateValues, useTemplateChoices } from '../templates/useTemplateChoices';
import { CHART_NOTES_QUERY_KEY, type ChartNote, type ChartNotePayload, type NoteReferenceType } from '../../providers/chartNoteMethods';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { statusOf } from '../../providers/errorReason';
import { serverReason } from './chartNotesApi';
import { LazyRichNoteInput } from '../LazyRichNoteInput';
import { useAction } from '../useAction';
import { initialNoteValues, noteTypeChoices, noteTypeLocked, validateNoteForm, type NoteFormValues } from './noteForm';

/** The dialog closes this long after a successful save (spec 1 §4, §9). */
export const CLOSE_AFTER_SAVE_MS = 2000;

export interface ChartNoteDialogProps {
  open: boolean;
  onClose: () => void;
  personId: string;
  patientName?: string;
  referenceId?: string;
  referenceType?: NoteReferenceType;
  onSaved?: () => void;
  /** Write a new note starting from this one (spec 1 §4: a cloned note is created, never updated). */
  cloneOf?: ChartNote;
  /** Write an amendment of this PUBLISHED note: a new note linked to it (published notes never change). */
  amendOf?: ChartNote;
}

const epochText = (epoch: number | undefined) => (epoch ? formatDateTime(new Date(epoch * 1000).toISOString()) : '');

/**
 * Chart note (Charting Notes) dialog, spec 1 §3–§5: rich-text note with templates, note type (Clinical Notes
 * by default, locked for questionnaire responses), "Make this note available to patient" with its red
 * warning, Save as Draft / Submit. On opening it loads the signed-in author's latest draft for the patient
 * (and reference); a saved draft shows "Draft saved as of" its date and time; it closes 2 s after a save.
 */
export const ChartNoteDialog = (props: ChartNoteDialogProps) => {
  if (!props.open) return null;
  return <OpenChartNoteDialog {...props} />;
};

const OpenChartNoteDialog = (props: ChartNoteDialogProps) => {
  const { onClose, personId, patientName, referenceId, referenceType, amendOf } = props;
  const startFrom = props.cloneOf ?? amendOf;
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const draft = useQuery({
    queryKey: [...CHART_NOTES_QUERY_KEY, 'latestDraft', personId, referenceId ?? null, referenceType ?? null],
    queryFn: ({ signal }) => dataProvider.latestChartNoteDraft(personId, referenceId, referenceType, signal),
    enabled: !startFrom,
    gcTime: 0,
    staleTime: 0,
  });
  const loading = !startFrom && draft.isPending;
  const loaded = startFrom ? undefined : draft.data?.draft;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="chart-note-title">
      <DialogTitle id="chart-note-title">
        {translate('chartNote.dialogTitle')}
        {patientName ? ` – ${patientName}` : ''}
        {(amendOf || loaded?.amendsNoteId) && (
          <Typography variant="body2" color="text.secondary" data-testid="amendment-of">
            {amendOf
              ? translate('chartNote.amendmentOf', { author: amendOf.authorName, when: epochText(amendOf.createdEpoch) })
              : translate('chartNote.amendmentOfEarlier')}
          </Typography>
        )}
      </DialogTitle>
      {loading ? (
        <DialogContent>
          <CircularProgress aria-label={translate('chartNote.loading')} />
        </DialogContent>
      ) : (
        <Form defaultValues={initialNoteValues(props.cloneOf, loaded, amendOf)} validate={validateNoteForm} noValidate disableInvalidFormNotification>
          <ChartNoteForm {...props} draft={loaded ?? null} draftFailed={draft.isError} />
        </Form>
      )}
    </Dialog>
  );
};

type SaveStatus = 'DRAFT' | 'PUBLISHED';

/** The server refused the note's content (one of its content texts): said beside the note, not as a toast. */
const contentRefusal = (error: unknown): NoteErrorMessage | null => {
  const reason = serverReason(error);
  const content = reason ? noteErrorMessage(reason) : null;
  return content && content.key !== 'chartNote.failed' ? content : null;
};

const ChartNoteForm = ({
  onClose,
  personId,
  patientName,
  referenceId,
  referenceType,
  onSaved,
  cloneOf,
  amendOf,
  draft,
  draftFailed,
}: ChartNoteDialogProps & { draft: ChartNote | null; draftFailed: boolean }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { handleSubmit, setValue, control } = useFormContext<NoteFormValues>();
  const visibility = useWatch({ control, name: 'visibility' });
  const noteType = useWatch({ control, name: 'noteType' });
  const [noteId, setNoteId] = useState<string | null>(draft?.id ?? null);
  const [draftSavedAt, setDraftSavedAt] = useState<number | undefined>(draft ? (draft.updatedEpoch ?? draft.createdEpoch) : undefined);
  const [problem, setProblem] = useState<NoteErrorMessage | null>(null);
  const [saved, setSaved] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const templates = useTemplateChoices({ mine: true });
  const { values } = useClinicianTemplateValues(patientName);
  const locked = noteTypeLocked(noteType);

  const payloadOf = (form: NoteFormValues, status: SaveStatus): ChartNotePayload => ({
    personId,
    note: form.note,
    noteType: form.noteType,
    referenceId: referenceId ?? null,
    referenceType: referenceId ? (referenceType ?? 'BOOKING') : null,
    status,
    visibility: form.visibility,
    ...(cloneOf && !noteId ? { clone: true } : {}),
    ...(amendOf && !noteId ? { amendsNoteId: amendOf.id } : {}),
  });
  // One save at a time; a new note carries the action's Idempotency-Key (a resend after a lost answer creates one note
  // and gets the first one's answer); once saved the note is updated in place.
  const save = useAction(
    (dp, { form, status }: { form: NoteFormValues; status: SaveStatus }, key) =>
      noteId ? dp.updateChartNote(noteId, payloadOf(form, status)) : dp.createChartNote(payloadOf(form, status), key as string),
    {
      idempotent: true,
      success: 'chartNote.saved',
      // the server's reason, else 'Something went wrong'; a refused content is shown beside the note instead
      failure: (error) => (contentRefusal(error) ? null : { key: serverReason(error) ?? 'chartNote.failed' }),
      onSuccess: (result, { status }) => {
        setNoteId(result.id);
        if (status === 'DRAFT') setDraftSavedAt(result.updatedEpoch ?? result.createdEpoch ?? Math.floor(Date.now() / 1000));
        setSaved(true);
        void queryClient.invalidateQueries({ queryKey: CHART_NOTES_QUERY_KEY });
        onSaved?.();
        closeTimer.current = setTimeout(onClose, CLOSE_AFTER_SAVE_MS);
      },
      onError: (error) => {
        // A conflict (the note was published or amended meanwhile) means the list is stale: fetch it again.
        if (statusOf(error) === 409) void queryClient.invalidateQueries({ queryKey: CHART_NOTES_QUERY_KEY });
        setProblem(contentRefusal(error));
      },
    },
  );
  const saving = save.isPending;
  /**
   * Save as Draft and Submit: the form's resolver checks the note first (its message under the field, nothing sent).
   * A click while a save runs is ignored by the action itself (single flight); a saved note is not sent again.
   */
  const send = (status: SaveStatus) =>
    void handleSubmit((form) => {
      if (saved) return;
      setProblem(null);
      save.mutate({ form, status });
    })();

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {draftFailed && <Alert severity="warning">{translate('chartNote.failed')}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              size="small"
              label={translate('chartNote.noteType')}
              value={noteType ?? ''}
              onChange={(e) => setValue('noteType', e.target.value, { shouldDirty: true })}
              disabled={locked || saving}
              required
              sx={{ minWidth: 240 }}
            >
              {noteTypeChoices(noteType).map((t) => (
                <MenuItem key={t} value={t}>
                  {translate(`chartNote.types.${t}`)}
                </MenuItem>
              ))}
            </TextField>
            <TemplatePicker
              choices={templates.choices}
              loading={templates.isPending}
              values={values}
              format="html"
              disabled={saving}
              onApply={(html) => setValue('note', html, { shouldDirty: true })}
            />
          </Stack>
          <LazyRichNoteInput
            source="note"
            label={translate('chartNote.note')}
            disabled={saving}
            onImageRefused={() => setProblem(noteErrorMessage(NOTE_TEXT.pastedImage))}
          />
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={visibility === 'EXTERNAL_NOTE'}
                  onChange={(e) => setValue('visibility', e.target.checked ? 'EXTERNAL_NOTE' : 'INTERNAL_NOTE', { shouldDirty: true })}
                  disabled={saving}
                />
              }
              label={translate('chartNote.makeExternal')}
            />
            {visibility === 'EXTERNAL_NOTE' && (
              <Typography color="error" role="alert" sx={{ fontWeight: 600 }}>
                {translate('chartNote.externalWarning')}
              </Typography>
            )}
          </Box>
          {problem && (
            <Alert severity="error" role="alert">
              {translate(problem.key, problem.args)}
            </Alert>
          )}
          {draftSavedAt !== undefined && (
            <Typography variant="body2" color="text.secondary" data-testid="draft-saved-as-of">
              {translate('chartNote.draftSavedAsOf', { when: epochText(draftSavedAt) })}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('ra.action.cancel')}
        </Button>
        <Button onClick={() => send('DRAFT')} disabled={saving || saved}>
          {translate('chartNote.saveDraft')}
        </Button>
        <Button variant="contained" onClick={() => send('PUBLISHED')} disabled={saving || saved}>
          {translate('chartNote.submit')}
        </Button>
      </DialogActions>
    </>
  );
};

export default ChartNoteDialog;
