import { Alert, Box, Button, Chip, CircularProgress, Pagination, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatDateTime } from '../lab-shared/labRow';
import { CHART_NOTES_QUERY_KEY, useNotesApi, type ChartNote, type NoteListBy } from './chartNotesApi';
import { ChartNoteDialog } from './ChartNoteDialog';
import { printNote } from './printNote';

export interface ChartNoteListProps {
  by: NoteListBy;
  id: string;
  /** Change it to refetch (after a note was written elsewhere). */
  refreshKey?: number;
  personId?: string;
  patientName?: string;
  /** Show the search box with Search and Reset (the patient profile's Charting Notes tab). */
  searchable?: boolean;
  perPage?: number;
}

const DEFAULT_PER_PAGE = 10;
const whenOf = (note: ChartNote) => formatDateTime(new Date(note.createdEpoch * 1000).toISOString());
const hasText = (html: string | null | undefined) => !!html && html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '';

/**
 * Chart notes of a patient, booking, kit or test result, newest first with server paging (spec 1 §7):
 * sanitized HTML, "No Message Found" for an empty note, clone into a new note, and print / PDF.
 */
export const ChartNoteList = ({ by, id, refreshKey = 0, personId, patientName, searchable, perPage = DEFAULT_PER_PAGE }: ChartNoteListProps) => {
  const translate = useTranslate();
  const api = useNotesApi();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [cloning, setCloning] = useState<ChartNote | null>(null);
  const list = useQuery({
    queryKey: [...CHART_NOTES_QUERY_KEY, 'list', by, id, page, perPage, q, refreshKey],
    queryFn: ({ signal }) => api.list(by, id, { page, perPage, q: q || undefined }, signal),
    placeholderData: keepPreviousData,
    enabled: !!id,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setQ(typed.trim());
  };
  const reset = () => {
    setTyped('');
    setQ('');
    setPage(1);
  };
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));

  return (
    <Stack spacing={2}>
      {searchable && (
        <Stack component="form" direction="row" spacing={1} onSubmit={search} role="search">
          <TextField size="small" label={translate('chartNote.search')} value={typed} onChange={(e) => setTyped(e.target.value)} />
          <Button type="submit" variant="outlined">
            {translate('ra.action.search')}
          </Button>
          <Button onClick={reset}>{translate('chartNote.reset')}</Button>
        </Stack>
      )}
      {list.isPending ? (
        <CircularProgress size={24} aria-label={translate('chartNote.loading')} />
      ) : list.isError ? (
        <Alert severity="error">{translate('chartNote.loadFailed', { reason: (list.error as Error).message })}</Alert>
      ) : list.data.items.length === 0 ? (
        <Typography color="text.secondary">{translate('chartNote.noNotes')}</Typography>
      ) : (
        list.data.items.map((note) => (
          <NoteCard key={note.id} note={note} patientName={patientName} onClone={() => setCloning(note)} />
        ))
      )}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} sx={{ alignSelf: 'center' }} />}
      <ChartNoteDialog
        open={!!cloning}
        onClose={() => setCloning(null)}
        personId={cloning?.personId ?? personId ?? ''}
        patientName={patientName}
        referenceId={cloning?.referenceId ?? undefined}
        referenceType={(cloning?.referenceType as 'KIT' | 'BOOKING' | null) ?? undefined}
        cloneOf={cloning ?? undefined}
      />
    </Stack>
  );
};

const NoteCard = ({ note, patientName, onClone }: { note: ChartNote; patientName?: string; onClone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const html = note.noteMessage ?? note.note;
  const typeLabel = translate(`chartNote.types.${note.noteType}`, { _: note.noteType });
  const print = () => {
    const ok = printNote({
      note: html,
      noteTypeLabel: typeLabel,
      authorName: note.authorName,
      when: whenOf(note),
      patientName: patientName || note.patientName || '',
      patientDob: note.patientDob,
    });
    if (!ok) notify('chartNote.printBlocked', { type: 'error' });
  };
  return (
    <Box component="article" aria-label={`${typeLabel} ${whenOf(note)}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle2">{typeLabel}</Typography>
        <Chip size="small" label={translate(note.status === 'DRAFT' ? 'chartNote.draft' : 'chartNote.published')} />
        {note.visibility === 'EXTERNAL_NOTE' && <Chip size="small" color="warning" label={translate('chartNote.external')} />}
        <Typography variant="body2" color="text.secondary">
          {note.authorName} · {whenOf(note)}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {!note.masked && (
          <>
            <Button size="small" onClick={onClone}>
              {translate('chartNote.clone')}
            </Button>
            <Button size="small" onClick={print}>
              {translate('chartNote.print')}
            </Button>
          </>
        )}
      </Stack>
      {hasText(html) ? (
        <Box data-testid="chart-note-body" sx={{ '& p': { my: 0.5 } }} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />
      ) : (
        <Typography color="text.secondary">{translate('chartNote.noMessage')}</Typography>
      )}
    </Box>
  );
};

export default ChartNoteList;
