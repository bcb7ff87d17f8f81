import { Alert, Box, Button, Chip, CircularProgress, Pagination, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { formatDateTime } from '../lab/labRow';
import { CHART_NOTES_QUERY_KEY, type ChartNote, type NoteListBy } from '../../providers/chartNoteMethods';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { BelugaNpi } from './BelugaNpi';
import { ChartNoteDialog } from './ChartNoteDialog';
import { printNote } from './printNote';
import { safeRichText } from '../richText';

export interface ChartNoteListProps {
  by: NoteListBy;
  id: string;
  personId?: string;
  patientName?: string;
  /** Show the search box with Search and Reset (the patient profile's Charting Notes tab). */
  searchable?: boolean;
  perPage?: number;
}

const DEFAULT_PER_PAGE = 10;
const whenOf = (note: ChartNote) => formatDateTime(new Date(note.createdEpoch * 1000).toISOString());
const hasText = (html: string | null | undefined) =>
  !!html &&
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() !== '';

/** A note the dialog starts from: cloned into a new note, or amended (a published note never changes). */
type StartFrom = { note: ChartNote; as: 'clone' | 'amend' };

/**
 * Chart notes of a patient, booking, kit or test result, newest first with server paging (spec 1 §7):
 * sanitized HTML, "No Message Found" for an empty note, clone into a new note, amend a published note (the amendment
 * names the note it amends, the note names its amendments, as far as the page shows them), and print / PDF.
 */
export const ChartNoteList = ({ by, id, personId, patientName, searchable, perPage = DEFAULT_PER_PAGE }: ChartNoteListProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [startFrom, setStartFrom] = useState<StartFrom | null>(null);
  const list = useQuery({
    queryKey: [...CHART_NOTES_QUERY_KEY, 'list', by, id, page, perPage, q],
    queryFn: ({ signal }) => dataProvider.listChartNotes(by, id, { page, perPage, q: q || undefined }, signal),
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
          <Button onClick={reset}>{translate('ra.action.reset')}</Button>
        </Stack>
      )}
      {list.isPending ? (
        <CircularProgress size={24} aria-label={translate('chartNote.loading')} />
      ) : list.isError ? (
        <Alert severity="error">{translate('chartNote.loadFailed', { reason: (list.error as Error).message })}</Alert>
      ) : list.data.items.length === 0 ? (
        <Typography color="text.secondary">{translate('chartNote.noNotes')}</Typography>
      ) : (
        list.data.items.map((note, _, items) => (
          <NoteCard
            key={note.id}
            note={note}
            amends={note.amendsNoteId ? (items.find((n) => n.id === note.amendsNoteId) ?? null) : undefined}
            amendments={items.filter((n) => n.amendsNoteId === note.id)}
            patientName={patientName}
            onClone={() => setStartFrom({ note, as: 'clone' })}
            onAmend={() => setStartFrom({ note, as: 'amend' })}
          />
        ))
      )}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} sx={{ alignSelf: 'center' }} />}
      <ChartNoteDialog
        key={startFrom ? `${startFrom.as}-${startFrom.note.id}` : 'closed'}
        open={!!startFrom}
        onClose={() => setStartFrom(null)}
        personId={startFrom?.note.personId ?? personId ?? ''}
        patientName={patientName}
        referenceId={startFrom?.note.referenceId ?? undefined}
        referenceType={(startFrom?.note.referenceType as 'KIT' | 'BOOKING' | null) ?? undefined}
        cloneOf={startFrom?.as === 'clone' ? startFrom.note : undefined}
        amendOf={startFrom?.as === 'amend' ? startFrom.note : undefined}
      />
    </Stack>
  );
};

interface NoteCardProps {
  note: ChartNote;
  /** The note this one amends: found on the page, null when not on it, undefined when this is no amendment. */
  amends?: ChartNote | null;
  amendments: ChartNote[];
  patientName?: string;
  onClone: () => void;
  onAmend: () => void;
}

const NoteCard = ({ note, amends, amendments, patientName, onClone, onAmend }: NoteCardProps) => {
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
        {amendments.length > 0 && <Chip size="small" color="warning" variant="outlined" label={translate('chartNote.amended')} />}
        {note.visibility === 'EXTERNAL_NOTE' && <Chip size="small" color="warning" label={translate('chartNote.external')} />}
        <Typography variant="body2" color="text.secondary">
          {note.authorName} · {whenOf(note)}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {!note.masked && (
          <>
            {note.status === 'PUBLISHED' && (
              <Button size="small" onClick={onAmend}>
                {translate('chartNote.amend')}
              </Button>
            )}
            <Button size="small" onClick={onClone}>
              {translate('ra.action.clone')}
            </Button>
            <Button size="small" onClick={print}>
              {translate('chartNote.print')}
            </Button>
          </>
        )}
      </Stack>
      {note.noteType === 'BELUGA_HEALTH' && !note.masked && <BelugaNpi authorName={note.authorName ?? ''} />}
      {amends !== undefined && (
        <Typography variant="body2" color="text.secondary" data-testid="amendment-of">
          {amends
            ? translate('chartNote.amendmentOf', { author: amends.authorName, when: whenOf(amends) })
            : translate('chartNote.amendmentOfEarlier')}
        </Typography>
      )}
      {amendments.map((a) => (
        <Typography key={a.id} variant="body2" color="warning.main" data-testid="amended-by">
          {translate('chartNote.amendedBy', { author: a.authorName, when: whenOf(a) })}
        </Typography>
      ))}
      {hasText(html) ? (
        <Box data-testid="chart-note-body" sx={{ '& p': { my: 0.5 } }} dangerouslySetInnerHTML={{ __html: safeRichText(html) }} />
      ) : (
        <Typography color="text.secondary">{translate('chartNote.noMessage')}</Typography>
      )}
    </Box>
  );
};

export default ChartNoteList;
