import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ClipboardEvent, ReactNode } from 'react';
import { TextInput } from 'react-admin';
import { createApiFetch } from '../providers/httpClient';
import { createChartNoteMethods, type ChartNote } from '../providers/chartNoteMethods';
import { createDataProvider, type PortalDataProvider } from '../providers/dataProvider';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from './adminTestContext';
import { transferHoldsImage } from '../shared/pastedImage';
import type { RichNoteInputProps } from '../shared/RichNoteInput';

/** Test helpers of the chart note and template screens (not shipped): notes, an msw server at BASE and a renderer. */

export const BASE = 'http://notes.test';
export const PERSON = '11111111-1111-4111-8111-111111111111';
export const notesMswServer = () => setupServer();

export const chartNote = (id: string, o: Partial<ChartNote> = {}): ChartNote => ({
  id,
  personId: PERSON,
  note: '<p>Feeling well.</p>',
  noteType: 'CLINICIAN_NOTE',
  referenceId: null,
  referenceType: null,
  status: 'PUBLISHED',
  visibility: 'INTERNAL_NOTE',
  authorId: 'sub-1',
  authorName: 'Jane Doe',
  createdEpoch: 1_780_000_000,
  updatedEpoch: 1_780_000_000,
  patientName: 'Ann Lee',
  patientDob: '1990-05-20',
  masked: false,
  ...o,
});

/**
 * A plain text input in place of the lazily loaded tiptap editor (same form field, typeable in jsdom); like the
 * editor, it refuses a paste holding an image through the same check (transferHoldsImage).
 */
export const PlainNoteInput = ({ source, label, disabled, onImageRefused }: RichNoteInputProps) => (
  <TextInput
    source={source}
    label={label}
    disabled={disabled}
    multiline
    helperText={false}
    onPaste={(e: ClipboardEvent<HTMLDivElement>) => {
      if (!transferHoldsImage(e.clipboardData)) return;
      e.preventDefault();
      onImageRefused?.();
    }}
  />
);

/** Answers the template calls: the clinician's templates and the content service page. */
export function answerTemplates(server: ReturnType<typeof setupServer>, mine: Array<{ id: string; name: string; description: string }> = []) {
  server.use(
    http.get(`${BASE}/secure/clinician/template`, () => HttpResponse.json(mine)),
    http.get(`${BASE}/secure/content/clinician-portal`, () =>
      HttpResponse.json({ data: { data: { attributes: { negativeTemplates: [], bookingSummary: '' } } } }),
    ),
  );
}

/** A notes screen talking to msw at BASE, signed in as a clinician. */
export function renderNotesScreen(ui: ReactNode, options: { dataProvider?: PortalDataProvider; initialEntries?: string[] } = {}) {
  const api = createApiFetch({ baseUrl: BASE, getToken: async () => 'tok' });
  const real = createDataProvider(api);
  const fake = fakeDataProvider({ ...createChartNoteMethods(api), resultTemplates: real.resultTemplates });
  return renderInAdmin(ui, {
    authProvider: fakeAuthProvider({ groups: ['clinicians'] }),
    // the chart note and template calls on msw, the clinician's profile and the rest faked
    dataProvider: options.dataProvider ?? {
      ...fake,
      getList: (resource, params) => (resource === 'templates' ? real : fake).getList(resource, params),
    },
    initialEntries: options.initialEntries,
  });
}
