import { describe, expect, it } from 'vitest';
import { conversationHtml, participantLabel, sectionHeading, summaryHtml } from './transcript-text';
import {
  canSaveAs,
  consumeRefusal,
  INITIAL_UPLOAD_PLAN,
  isWebm,
  planChunk,
  planStop,
  TRANSCRIPTION_REFUSAL,
  TRANSCRIPTION_STATUSES,
  transitionRefusal,
  UPLOAD_PART_THRESHOLD_BYTES as MIB5,
  type TranscriptionStatus,
} from './transcription';
import { classifySegment, extractiveSummary } from './transcription-summary';

const segment = (Content: string, role = 'CLINICIAN_0', i = 0) => ({
  SegmentId: `s${i}`,
  BeginAudioTime: i,
  EndAudioTime: i + 1,
  Content,
  ParticipantDetails: { ParticipantRole: role },
});

describe('transcription status machine (spec 2 §4)', () => {
  it('follows the stage flow: recording -> uploaded -> awaiting -> completed, each by its own mover', () => {
    expect(transitionRefusal('IN_PROGRESS', 'AUDIO_UPLOADED', 'clinician')).toBeNull();
    expect(transitionRefusal('AUDIO_UPLOADED', 'AWAITING_TRANSCRIBED_OUTPUT', 'submit')).toBeNull();
    expect(transitionRefusal('AWAITING_TRANSCRIBED_OUTPUT', 'COMPLETED', 'engine')).toBeNull();
    // the clinician cannot complete a transcription or submit through the status call
    expect(transitionRefusal('AWAITING_TRANSCRIBED_OUTPUT', 'COMPLETED', 'clinician')).not.toBeNull();
    expect(transitionRefusal('AUDIO_UPLOADED', 'AWAITING_TRANSCRIBED_OUTPUT', 'clinician')).not.toBeNull();
  });

  it('discards from any status but COMPLETED (and not twice)', () => {
    for (const from of TRANSCRIPTION_STATUSES) {
      const refusal = transitionRefusal(from, 'DISCARDED', 'clinician');
      if (from === 'COMPLETED') expect(refusal).toBe(TRANSCRIPTION_REFUSAL.completed);
      else if (from === 'DISCARDED') expect(refusal).toBe(TRANSCRIPTION_REFUSAL.discarded);
      else expect(refusal, from).toBeNull();
    }
  });

  it("submitting again while awaiting the output is 'Transcription is already in progress'", () => {
    expect(transitionRefusal('AWAITING_TRANSCRIBED_OUTPUT', 'AWAITING_TRANSCRIBED_OUTPUT', 'submit')).toBe('Transcription is already in progress');
    expect(transitionRefusal('IN_PROGRESS', 'AWAITING_TRANSCRIBED_OUTPUT', 'submit')).toBe(TRANSCRIPTION_REFUSAL.notUploaded);
    expect(transitionRefusal('COMPLETED', 'AWAITING_TRANSCRIBED_OUTPUT', 'submit')).toBe(TRANSCRIPTION_REFUSAL.completed);
  });

  it('the engine may send a failed job back to AUDIO_UPLOADED; nothing else goes backwards', () => {
    expect(transitionRefusal('AWAITING_TRANSCRIBED_OUTPUT', 'AUDIO_UPLOADED', 'engine')).toBeNull();
    expect(transitionRefusal('AWAITING_TRANSCRIBED_OUTPUT', 'AUDIO_UPLOADED', 'clinician')).toBe(TRANSCRIPTION_REFUSAL.alreadyInProgress);
    expect(transitionRefusal('AUDIO_UPLOADED', 'IN_PROGRESS', 'clinician')).not.toBeNull();
  });

  it('consumes once, only when completed; Save as only then and on the Summary view', () => {
    const t = (status: TranscriptionStatus, isConsumed = false) => ({ status, isConsumed });
    expect(consumeRefusal(t('COMPLETED'))).toBeNull();
    expect(consumeRefusal(t('COMPLETED', true))).toBe(TRANSCRIPTION_REFUSAL.consumed);
    expect(consumeRefusal(t('AWAITING_TRANSCRIBED_OUTPUT'))).toBe(TRANSCRIPTION_REFUSAL.notCompleted);
    expect(canSaveAs(t('COMPLETED'), 'SUMMARY')).toBe(true);
    expect(canSaveAs(t('COMPLETED'), 'CONVERSATION')).toBe(false);
    expect(canSaveAs(t('COMPLETED', true), 'SUMMARY')).toBe(false);
  });
});

describe('webm magic bytes', () => {
  const ebml = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84];
  it('accepts an EBML header declaring webm, refuses matroska, pdf and short input', () => {
    expect(isWebm(new Uint8Array([...ebml, ...Buffer.from('webm')]))).toBe(true);
    expect(isWebm(new Uint8Array([...ebml, ...Buffer.from('matroska')]))).toBe(false);
    expect(isWebm(new Uint8Array(Buffer.from('%PDF-1.7 webm')))).toBe(false);
    expect(isWebm(new Uint8Array([0x1a, 0x45]))).toBe(false);
  });
});

describe('transcript text', () => {
  it('labels CLINICIAN_0/1 as Person_1/2 and relabels them as Clinician/Patient either way', () => {
    expect(participantLabel('CLINICIAN_0')).toBe('Person_1');
    expect(participantLabel('CLINICIAN_1')).toBe('Person_2');
    expect(participantLabel('PATIENT_0')).toBe('Patient');
    expect(participantLabel('CLINICIAN_0', 'PERSON_1_IS_CLINICIAN')).toBe('Clinician');
    expect(participantLabel('CLINICIAN_1', 'PERSON_1_IS_CLINICIAN')).toBe('Patient');
    expect(participantLabel('CLINICIAN_0', 'PERSON_1_IS_PATIENT')).toBe('Patient');
    expect(participantLabel('CLINICIAN_1', 'PERSON_1_IS_PATIENT')).toBe('Clinician');
  });

  it('renders escaped HTML for the editor: conversation paragraphs and summary sections', () => {
    const html = conversationHtml({ Conversation: { TranscriptSegments: [segment('a <b> & c', 'CLINICIAN_1')] } }, 'PERSON_1_IS_CLINICIAN');
    expect(html).toBe('<p><strong>Patient:</strong> a &#60;b&#62; &#38; c</p>');
    expect(
      summaryHtml({
        ClinicalDocumentation: {
          Sections: [
            { SectionName: 'CHIEF_COMPLAINT', Summary: [{ SummarizedSegment: 'Fever.' }] },
            { SectionName: 'PLAN', Summary: [] },
          ],
        },
      }),
    ).toBe('<h3>Chief Complaint</h3><ul><li>Fever.</li></ul>');
    expect(sectionHeading('DIAGNOSTIC_TESTING')).toBe('Diagnostic Testing');
    expect(sectionHeading('SOME_NEW_SECTION')).toBe('Some New Section');
  });
});

describe('local extractive summary', () => {
  it('sorts whole segments into chief complaint, history, assessment and plan by the documented rules', () => {
    const summary = extractiveSummary([
      segment('good morning what brings you in today', 'CLINICIAN_0', 0),
      segment('i have had a headache and a fever for three days', 'CLINICIAN_0', 1),
      segment('it started after i came back from a trip', 'CLINICIAN_0', 2),
      segment('there is also a cough at night', 'CLINICIAN_0', 3),
      segment('this is most likely a viral infection', 'CLINICIAN_0', 4),
      segment('take ibuprofen twice a day and come back in one week', 'CLINICIAN_0', 5),
    ]);
    expect(summary.ClinicalDocumentation.Sections).toEqual([
      { SectionName: 'CHIEF_COMPLAINT', Summary: [{ SummarizedSegment: 'I have had a headache and a fever for three days.' }] },
      {
        SectionName: 'HISTORY_OF_PRESENT_ILLNESS',
        Summary: [{ SummarizedSegment: 'It started after i came back from a trip.' }, { SummarizedSegment: 'There is also a cough at night.' }],
      },
      { SectionName: 'ASSESSMENT', Summary: [{ SummarizedSegment: 'This is most likely a viral infection.' }] },
      { SectionName: 'PLAN', Summary: [{ SummarizedSegment: 'Take ibuprofen twice a day and come back in one week.' }] },
    ]);
  });

  it('sorts each sentence of a long segment on its own: a spoken section word or a report starts one, punctuation ends one', () => {
    const summary = extractiveSummary([
      segment(
        'hello i am doctor jane the patient reports a sore throat and mild fever for three days ' +
          'no known allergies plan rapid strep test and follow up in one week',
        'CLINICIAN_0',
        0,
      ),
    ]);
    expect(summary.ClinicalDocumentation.Sections).toEqual([
      { SectionName: 'CHIEF_COMPLAINT', Summary: [{ SummarizedSegment: 'The patient reports a sore throat and mild fever for three days.' }] },
      { SectionName: 'PAST_MEDICAL_HISTORY', Summary: [{ SummarizedSegment: 'No known allergies.' }] },
      { SectionName: 'PLAN', Summary: [{ SummarizedSegment: 'Plan rapid strep test and follow up in one week.' }] },
    ]);
    const punctuated = extractiveSummary([segment('My throat hurts. I have no cough. We will do a swab test today.', 'CLINICIAN_0', 0)]);
    expect(punctuated.ClinicalDocumentation.Sections.map((s) => [s.SectionName, s.Summary.map((x) => x.SummarizedSegment)])).toEqual([
      ['CHIEF_COMPLAINT', ['My throat hurts.']],
      ['REVIEW_OF_SYSTEMS', ['I have no cough.']],
      ['PLAN', ['We will do a swab test today.']],
    ]);
  });

  it('a negated symptom is a pertinent negative and an allergy is history, never the chief complaint', () => {
    expect(classifySegment('no fever', false)).toBe('REVIEW_OF_SYSTEMS');
    expect(classifySegment('denies chest pain', false)).toBe('REVIEW_OF_SYSTEMS');
    expect(classifySegment('allergic to penicillin', false)).toBe('PAST_MEDICAL_HISTORY');
    expect(classifySegment('a fever since monday', false)).toBe('CHIEF_COMPLAINT');
  });

  it('leaves out small talk, and omits empty sections', () => {
    expect(classifySegment('thank you see you', false)).toBeNull();
    expect(extractiveSummary([segment('hello there')]).ClinicalDocumentation.Sections).toEqual([]);
  });
});

describe('recorder upload plan (parts of at least 5 MiB, one put for short recordings)', () => {
  it('buffers 30 s chunks until the threshold, then sends numbered parts, starting the upload with the first', () => {
    let state = INITIAL_UPLOAD_PLAN;
    const sends: unknown[] = [];
    for (const size of [MIB5 / 2, MIB5 / 2 - 1, 1, 100, MIB5, 10]) {
      const step = planChunk(state, size);
      state = step.state;
      sends.push(step.send);
    }
    expect(sends).toEqual([null, null, { partNumber: 1, startUpload: true }, null, { partNumber: 2, startUpload: false }, null]);
    expect(planStop(state)).toEqual({ kind: 'complete', lastPart: 3 });
    expect(planStop({ bufferedBytes: 0, partsSent: 2 })).toEqual({ kind: 'complete', lastPart: null });
    expect(planStop(planChunk(INITIAL_UPLOAD_PLAN, 1000).state)).toEqual({ kind: 'single' });
  });
});
