import { describe, expect, it } from 'vitest';
import { chartNoteInputSchema, creatableNoteType, MAX_NOTE_BYTES, noteContentError, noteContentSchema, noteUpdateRefusal } from './chart-notes';

describe('noteContentError (spec 1 §5)', () => {
  it('accepts an ordinary note', () => expect(noteContentError('<p>Patient doing well.</p>')).toBeNull());
  it('refuses empty notes', () => {
    expect(noteContentError('<p> </p>')).toBe('Note cannot be empty');
    expect(noteContentError('')).toBe('Note cannot be empty');
  });
  it('refuses a note still holding a required placeholder', () =>
    expect(noteContentError('<p>BP: [[required: blood pressure]]</p>')).toBe('Please fill all the required fields'));
  it('refuses pasted inline images, remote images and <image>', () => {
    for (const html of [
      '<p>x</p><img src="data:image/png;base64,AAAA">',
      '<p>x</p><IMG src="https://example.com/a.png">',
      '<image src="x">',
      '<img src=x>',
    ]) {
      expect(noteContentError(html)).toBe('Pasted images detected. Please remove images or upload them separately.');
    }
  });
  it('refuses notes over 389120 bytes with the size in KB', () => {
    const big = `<p>${'a'.repeat(MAX_NOTE_BYTES)}</p>`;
    expect(noteContentError(big)).toBe('Note is too large (381 KB > 380 KB). Please remove images/formatting or split the note.');
    expect(noteContentError(`<p>${'a'.repeat(MAX_NOTE_BYTES - 7)}</p>`)).toBeNull();
  });
  it('counts UTF-8 bytes, not characters', () => {
    expect(noteContentError('é'.repeat(MAX_NOTE_BYTES / 2 + 1))).toMatch(/^Note is too large/);
  });
});

describe('noteContentSchema: the route body and the note form refuse with the same text', () => {
  const issues = (note: string) =>
    chartNoteInputSchema
      .safeParse({ personId: '11111111-1111-4111-8111-111111111111', note, noteType: 'CLINICIAN_NOTE' })
      .error?.issues.map((i) => [i.path.join('.'), i.message]);
  it.each(['<p> </p>', '<p>[[required: dose]]</p>', '<img src=x>', `<p>${'a'.repeat(2 * MAX_NOTE_BYTES)}</p>`])(
    "refuses %# with the content rule's one text, on the note field",
    (note) => {
      expect(issues(note)).toEqual([['note', noteContentError(note)]]);
      expect(noteContentSchema.safeParse(note).error?.issues.map((i) => i.message)).toEqual([noteContentError(note)]);
    },
  );
  it('accepts an ordinary note', () => {
    expect(issues('<p>Fine</p>')).toBeUndefined();
    expect(noteContentSchema.safeParse('<p>Fine</p>').success).toBe(true);
  });
});

describe('publish and authorship rules', () => {
  const note = { status: 'PUBLISHED', authorId: 'a', noteType: 'CLINICIAN_NOTE' };
  const draft = { ...note, status: 'DRAFT' };
  it('only the author edits a draft', () =>
    expect(noteUpdateRefusal(draft, 'b', { status: 'PUBLISHED', noteType: 'CLINICIAN_NOTE' })).toMatch(/only the author/));
  it('a published note never changes, not even by its author (it is amended)', () => {
    for (const status of ['DRAFT', 'PUBLISHED'] as const) {
      expect(noteUpdateRefusal(note, 'a', { status, noteType: 'CLINICIAN_NOTE' })).toBe('a published note cannot be changed; write an amendment');
    }
  });
  it('the author edits and publishes a draft', () => {
    expect(noteUpdateRefusal(draft, 'a', { status: 'DRAFT', noteType: 'APPOINTMENT_NOTE' })).toBeNull();
    expect(noteUpdateRefusal(draft, 'a', { status: 'PUBLISHED', noteType: 'CLINICIAN_NOTE' })).toBeNull();
  });
  it('the questionnaire type is locked both ways', () => {
    expect(
      noteUpdateRefusal({ ...draft, noteType: 'PATIENT_QUESTIONNAIRE_RESPONSE' }, 'a', { status: 'PUBLISHED', noteType: 'CLINICIAN_NOTE' }),
    ).toMatch(/locked/);
    expect(noteUpdateRefusal(draft, 'a', { status: 'PUBLISHED', noteType: 'PATIENT_QUESTIONNAIRE_RESPONSE' })).toMatch(/locked/);
  });
  it('new notes cannot be questionnaire responses or stored-only types', () => {
    expect(creatableNoteType('CLINICIAN_NOTE')).toBe(true);
    expect(creatableNoteType('PATIENT_QUESTIONNAIRE_RESPONSE')).toBe(false);
    expect(creatableNoteType('BELUGA_HEALTH')).toBe(false);
  });
  it('the body schema needs a note type and ignores nothing silently but author fields', () => {
    const base = { personId: '5a2e8bc4-d357-478c-9f7c-974e6c27ab38', note: '<p>x</p>' };
    expect(chartNoteInputSchema.safeParse(base).success).toBe(false);
    expect(chartNoteInputSchema.parse({ ...base, noteType: 'CLINICIAN_NOTE', authorId: 'spoof' })).toMatchObject({
      status: 'DRAFT',
      visibility: 'INTERNAL_NOTE',
    });
    expect(chartNoteInputSchema.safeParse({ ...base, noteType: 'CLINICIAN_NOTE', owner: 'x' }).success).toBe(false);
  });
});
