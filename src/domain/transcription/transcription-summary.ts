import type { ClinicalDocumentation, TranscriptSegment } from './transcription';

/**
 * The local engine's summary: an extractive draft (the transcript's own sentences, never rewritten) sorted into the
 * HealthScribe sections of a visit note. A segment is cut into sentences first: punctuation ends one, and since the
 * offline engine writes no punctuation, a spoken section word (plan, assessment, impression), a report ("the patient
 * reports"), a negation opening a finding ("no known", "denies") or an allergy statement starts one, and an allergy
 * statement ends one. A negation always stays in the sentence of its finding. Each sentence goes into at most one
 * section, by the first of these rules that matches:
 * 1. PLAN: the sentence opens with what will be done ("I will", "we'll", "let's", "take", "drink", "follow up", "call").
 * 2. PAST_MEDICAL_HISTORY: an allergy, or its absence ("no known allergies"): allergies are history, never the plan.
 * 3. PAST_SOCIAL_HISTORY: smoking, alcohol, drugs, work.
 * 4. PAST_FAMILY_HISTORY: a relative's illness.
 * 5. PAST_MEDICAL_HISTORY: a medicine the patient takes ("she takes", "I am on"), a history, a diagnosis or surgery.
 * 6. PLAN: anywhere in the sentence, a treatment, a prescription, a test, a referral or a follow-up.
 * 7. ASSESSMENT: an impression or diagnosis.
 * 8. PHYSICAL_EXAMINATION: an examination finding or a vital sign.
 * 9. REVIEW_OF_SYSTEMS: a negated symptom without onset or duration ("denies nausea", "no rash"): a pertinent
 *    negative, never the chief complaint.
 * 10. CHIEF_COMPLAINT: the first sentence naming a symptom or the reason for the visit.
 * 11. HISTORY_OF_PRESENT_ILLNESS: any later sentence naming a symptom, or one telling onset or duration.
 * Sentences matching none (greetings, small talk) are left out. The portal labels the result a local draft.
 */
export const LOCAL_SUMMARY_SECTIONS = [
  'CHIEF_COMPLAINT',
  'HISTORY_OF_PRESENT_ILLNESS',
  'REVIEW_OF_SYSTEMS',
  'PAST_MEDICAL_HISTORY',
  'PAST_FAMILY_HISTORY',
  'PAST_SOCIAL_HISTORY',
  'PHYSICAL_EXAMINATION',
  'ASSESSMENT',
  'PLAN',
] as const;

/** Whole words; a trailing * allows any ending (prescrib* matches prescribe and prescribed); \s joins a phrase. */
const words = (list: string) =>
  new RegExp(
    `\\b(${list
      .trim()
      .split(/\s+/)
      .map((w) => w.replace(/\*$/, '\\w*'))
      .join('|')})\\b`,
    'i',
  );
/** The same, at the start of the sentence (after an optional "please", "okay", "so" or "and"). */
const opening = (list: string) => new RegExp(`^(?:(?:please|okay|ok|so|and|now)\\s+)*${words(list).source}`, 'i');

const PLAN_OPENING = opening(`plan i\\swill i'll we\\swill we'll let's let\\sus i\\swant\\syou i'm\\sgoing\\sto i\\sam\\sgoing\\sto
  we're\\sgoing\\sto we\\sare\\sgoing\\sto you\\sshould you\\sneed\\sto take drink rest apply avoid continue stop start use
  follow\\sup come\\sback return call go\\sto get\\splenty`);
const PLAN = words(`prescrib* recommend* follow-up follow\\sup come\\sback schedul* order* refer* swab culture labs tests? testing
  x\\sray antibiotics? twice\\sdaily as\\sneeded`);
const ALLERGY = words('allerg* nkda');
const SOCIAL = words(`smoke smokes smoking smoker cigarettes? tobacco vape alcohol beer wine drugs
  recreational marijuana occupation`);
const FAMILY = words(`mother father mom dad brother sister parents grandmother grandfather aunt uncle family`);
const MEDICATION_TAKEN =
  /\b(i|he|she|they|we)\s+(take|takes|took|am\s+taking|is\s+taking|are\s+taking|use|uses|am\s+on|is\s+on|are\s+on)\b|\bcurrent\s+medications?\b|\bwhat\s+medications?\b|\bany\s+medications?\b/i;
const PAST_MEDICAL = words(`history\\sof past\\smedical medical\\sproblems medical\\shistory diagnosed surgery operation chronic
  hospitali* vaccin* immuniz*`);
const ASSESSMENT = words(`think likely probably diagnos* looks\\slike sounds\\slike consistent\\swith suspect* impression assessment
  seems infection viral bacterial`);
const EXAMINATION = words(`exam examination lungs heart\\ssounds heart\\srate pulse temperature blood\\spressure oxygen saturation
  respiratory\\srate tender tenderness murmurs? clear\\sto swollen\\stonsils on\\sexam weight\\sis`);
const SYMPTOM = words(`pain* ache* headaches? fevers? cough* nause* vomit* dizz* rash* itch* burning swell* sore tired fatigue bleed*
  discharge chills cramp* diarrh* constipat* short\\sof\\sbreath breath* congest* runny sneez* symptoms? hurts? hurting lumps?
  complain* concerns? tight* wheez* numb* tingl* palpitations`);
const ONSET = words(`days? weeks? months? years? since ago started began yesterday last\\snight worse better getting`);
const NEGATION = words('no not denies denied without negative');

/**
 * Where a new sentence starts: after end punctuation; before a spoken section word, a report, a negated finding or an
 * allergy statement; after an allergy statement ("no known allergies", "no drug allergies") unless the allergen follows.
 */
const SENTENCE_BREAK = new RegExp(
  [
    '(?<=[.!?;])\\s+',
    '(?<!\\bthe)\\s+(?=(?:plan|assessment|impression|(?:the\\s+)?patient\\s+(?:reports|says|states|complains)|no\\s+known|denies)\\b)',
    '(?<!\\b(?:no|known|drug|any|your|of|to|have|has|with|seasonal|food))\\s+(?=(?:known\\s+)?(?:drug\\s+)?allergies\\b)',
    '(?<=\\ballergies)\\s+(?!(?:to|of|include|includes|are|is|and|or|that|which)\\b)',
  ].join('|'),
  'i',
);

/** The sentences of a segment, in order, without empty ones. */
const sentencesOf = (text: string) =>
  text
    .split(SENTENCE_BREAK)
    .map((t) => t.trim())
    .filter(Boolean);

export type LocalSummarySection = (typeof LOCAL_SUMMARY_SECTIONS)[number];

/** The section a sentence belongs to, or null; `complaintTaken` once a chief complaint was chosen. */
export function classifySegment(text: string, complaintTaken: boolean): LocalSummarySection | null {
  const t = text.trim();
  if (PLAN_OPENING.test(t)) return 'PLAN';
  if (ALLERGY.test(t)) return 'PAST_MEDICAL_HISTORY';
  if (SOCIAL.test(t)) return 'PAST_SOCIAL_HISTORY';
  if (FAMILY.test(t)) return 'PAST_FAMILY_HISTORY';
  if (MEDICATION_TAKEN.test(t) || PAST_MEDICAL.test(t)) return 'PAST_MEDICAL_HISTORY';
  if (PLAN.test(t)) return 'PLAN';
  if (ASSESSMENT.test(t)) return 'ASSESSMENT';
  if (EXAMINATION.test(t)) return 'PHYSICAL_EXAMINATION';
  if (NEGATION.test(t) && SYMPTOM.test(t) && !ONSET.test(t)) return 'REVIEW_OF_SYSTEMS';
  if (SYMPTOM.test(t)) return complaintTaken ? 'HISTORY_OF_PRESENT_ILLNESS' : 'CHIEF_COMPLAINT';
  if (ONSET.test(t)) return 'HISTORY_OF_PRESENT_ILLNESS';
  return null;
}

/** An upper-case first letter and a full stop, as a note reads. */
const asSentence = (text: string) => {
  const t = text.trim();
  return t ? `${t[0].toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}` : t;
};

/** The extractive draft of a transcript, in the HealthScribe summary shape (empty sections omitted). */
export function extractiveSummary(segments: readonly TranscriptSegment[]): ClinicalDocumentation {
  const bySection = new Map<LocalSummarySection, string[]>(LOCAL_SUMMARY_SECTIONS.map((s) => [s, []]));
  let complaintTaken = false;
  for (const sentence of segments.flatMap((segment) => sentencesOf(segment.Content))) {
    const section = classifySegment(sentence, complaintTaken);
    if (!section) continue;
    if (section === 'CHIEF_COMPLAINT') complaintTaken = true;
    bySection.get(section)!.push(asSentence(sentence));
  }
  return {
    ClinicalDocumentation: {
      Sections: LOCAL_SUMMARY_SECTIONS.filter((s) => bySection.get(s)!.length > 0).map((s) => ({
        SectionName: s,
        Summary: bySection.get(s)!.map((SummarizedSegment) => ({ SummarizedSegment })),
      })),
    },
  };
}
