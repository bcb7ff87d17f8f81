import { describe, expect, it } from 'vitest';
import { classifySegment, extractiveSummary, type LocalSummarySection } from './transcription-summary';

const segment = (Content: string, i = 0) => ({
  SegmentId: `s${i}`,
  BeginAudioTime: i,
  EndAudioTime: i + 1,
  Content,
  ParticipantDetails: { ParticipantRole: 'CLINICIAN_0' },
});
const sections = (...texts: string[]) =>
  Object.fromEntries(
    extractiveSummary(texts.map(segment)).ClinicalDocumentation.Sections.map((s) => [s.SectionName, s.Summary.map((x) => x.SummarizedSegment)]),
  );

describe('local summary: the field test visit', () => {
  it('files "No known allergies" under history with its negation, the complaint and its duration apart from the plan', () => {
    const spoken =
      'hello i am doctor jane the patient reports a sore throat and mild fever for three days no known allergies ' +
      'plan rapid strep test and follow up in one week';
    expect(sections(spoken)).toEqual({
      CHIEF_COMPLAINT: ['The patient reports a sore throat and mild fever for three days.'],
      PAST_MEDICAL_HISTORY: ['No known allergies.'],
      PLAN: ['Plan rapid strep test and follow up in one week.'],
    });
    expect(
      sections(
        'Hello, I am doctor Jane. The patient reports a sore throat and mild fever for three days. No known allergies. ' +
          'Plan: rapid strep test and follow up in one week.',
      ),
    ).toEqual({
      CHIEF_COMPLAINT: ['The patient reports a sore throat and mild fever for three days.'],
      PAST_MEDICAL_HISTORY: ['No known allergies.'],
      PLAN: ['Plan: rapid strep test and follow up in one week.'],
    });
  });

  it('keeps an allergy statement out of the plan even when the recogniser garbled the words around it', () => {
    const misheard = sections(
      'hello i am doctor jay and the patient reports a sore throat and my oldest known allergies blimp rapid strep ' +
        'test and follow up in one week',
    );
    expect(misheard.PAST_MEDICAL_HISTORY).toEqual(['Known allergies.']);
    expect(misheard.CHIEF_COMPLAINT).toEqual(['The patient reports a sore throat and my oldest.']);
    expect(misheard.PLAN).toEqual(['Blimp rapid strep test and follow up in one week.']);
  });

  it('never parts a negation from its finding', () => {
    expect(sections('the patient reports a cough denies fever no known drug allergies')).toEqual({
      CHIEF_COMPLAINT: ['The patient reports a cough.'],
      REVIEW_OF_SYSTEMS: ['Denies fever.'],
      PAST_MEDICAL_HISTORY: ['No known drug allergies.'],
    });
    expect(sections('she has no rash and no joint pain')).toEqual({ REVIEW_OF_SYSTEMS: ['She has no rash and no joint pain.'] });
    expect(sections('i am allergic to penicillin and sulfa drugs')).toEqual({
      PAST_MEDICAL_HISTORY: ['I am allergic to penicillin and sulfa drugs.'],
    });
  });
});

describe('local summary: sentence rules', () => {
  const cases: Array<[string, LocalSummarySection | null, boolean?]> = [
    ['i will send a prescription for amoxicillin to your pharmacy', 'PLAN'],
    ['take ibuprofen four hundred milligrams every eight hours', 'PLAN'],
    ['please drink plenty of fluids and get some rest', 'PLAN'],
    ['follow up in two weeks', 'PLAN'],
    ['we will check your blood sugar and a urine sample today', 'PLAN'],
    ['i will prescribe azithromycin because she is allergic to penicillin', 'PLAN'],
    ['we will do a rapid strep test', 'PLAN'],
    ['are you allergic to any medicine', 'PAST_MEDICAL_HISTORY'],
    ['he takes metformin five hundred milligrams twice a day for diabetes', 'PAST_MEDICAL_HISTORY'],
    ['any history of asthma heart disease or high cholesterol', 'PAST_MEDICAL_HISTORY'],
    ['i had surgery on my knee two years ago', 'PAST_MEDICAL_HISTORY'],
    ['do you smoke or drink alcohol', 'PAST_SOCIAL_HISTORY'],
    ['my mother had a stroke', 'PAST_FAMILY_HISTORY'],
    ['your temperature is normal and your lungs sound clear', 'PHYSICAL_EXAMINATION'],
    ['blood pressure one hundred forty over ninety', 'PHYSICAL_EXAMINATION'],
    ['i think this is most likely a viral infection', 'ASSESSMENT'],
    ['she denies nausea vomiting or diarrhea', 'REVIEW_OF_SYSTEMS'],
    ['i have had a cough and some chest tightness since monday', 'CHIEF_COMPLAINT'],
    ['the headache started two weeks ago and it comes and goes', 'HISTORY_OF_PRESENT_ILLNESS', true],
    ['no cough until three days ago', 'CHIEF_COMPLAINT'],
    ['good morning what brings you in today', null],
  ];
  it.each(cases)('%s -> %s', (text, section, complaintTaken = false) => {
    expect(classifySegment(text, complaintTaken)).toBe(section);
  });

  it('lists the sections in the order of a visit note', () => {
    expect(Object.keys(sections('follow up in one week', 'no known allergies', 'i have a sore throat', 'denies fever', 'lungs are clear'))).toEqual([
      'CHIEF_COMPLAINT',
      'REVIEW_OF_SYSTEMS',
      'PAST_MEDICAL_HISTORY',
      'PHYSICAL_EXAMINATION',
      'PLAN',
    ]);
  });
});
