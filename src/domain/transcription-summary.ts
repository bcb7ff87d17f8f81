import type { ClinicalDocumentation, TranscriptSegment } from './transcription';

/**
 * The local engine's summary: an extractive draft (the transcript's own sentences, never rewritten) sorted into the
 * four sections a visit note needs. A segment is cut into sentences first: punctuation ends one, and since the offline
 * engine writes no punctuation, a spoken section word (plan, assessment, impression), a report ("the patient reports")
 * or a negation opening a finding ("no known", "denies") starts one. Each sentence goes into at most one section, by
 * these rules in this order of precedence:
 * 1. PLAN: the sentence tells what will be done (a treatment, a test, a follow-up).
 * 2. ASSESSMENT: the sentence gives an impression or diagnosis.
 * 3. HISTORY_OF_PRESENT_ILLNESS: an allergy, or a negated symptom ("no cough", "denies chest pain"): a pertinent
 *    negative is history, never the chief complaint.
 * 4. CHIEF_COMPLAINT: the first sentence naming a symptom or the reason for the visit.
 * 5. HISTORY_OF_PRESENT_ILLNESS: any later sentence naming a symptom, or one telling onset or duration.
 * Sentences matching none (greetings, small talk) are left out. The portal labels the result a local draft.
 */
export const LOCAL_SUMMARY_SECTIONS = ['CHIEF_COMPLAINT', 'HISTORY_OF_PRESENT_ILLNESS', 'ASSESSMENT', 'PLAN'] as const;

/** Whole words; a trailing * allows any ending (prescrib* matches prescribe and prescribed). */
const words = (list: string) => new RegExp(`\\b(${list.trim().split(/\s+/).map((w) => w.replace(/\*$/, '\\w*')).join('|')})\\b`, 'i');

const PLAN = words(`plan take taking prescrib* recommend* follow-up follow come\\sback return schedul* order* refer* start starting stop
  continue rest drink apply avoid mg milligrams? tablets? dose twice daily test testing swab culture labs`);
const ASSESSMENT = words(`think likely probably diagnos* looks\\slike consistent\\swith suspect* impression assessment seems
  infection viral bacterial`);
const SYMPTOM = words(`pain* ache* headaches? fevers? cough* nause* vomit* dizz* rash* itch* burning swell* sore tired fatigue bleed*
  discharge chills cramp* diarrh* constipat* short\\sof\\sbreath breath* congest* runny sneez* symptoms? hurts? lumps? complain*
  concerns?`);
const HISTORY = words(`days? weeks? months? years? since ago started began history yesterday last\\snight before worse better
  getting`);

const ALLERGY = words('allerg*');
const NEGATION = words('no denies denied without negative');

/** Where a new sentence starts: after end punctuation, or before a spoken section word, a report or a negated finding. */
const SENTENCE_BREAK = /(?<=[.!?;])\s+|(?<!\bthe)\s+(?=(?:plan|assessment|impression|(?:the\s+)?patient\s+(?:reports|says|states|complains)|no\s+known|denies)\b)/i;

/** The sentences of a segment, in order, without empty ones. */
const sentencesOf = (text: string) => text.split(SENTENCE_BREAK).map((t) => t.trim()).filter(Boolean);

type Section = (typeof LOCAL_SUMMARY_SECTIONS)[number];

/** The section a sentence belongs to, or null; `complaintTaken` once a chief complaint was chosen. */
export function classifySegment(text: string, complaintTaken: boolean): Section | null {
  if (PLAN.test(text)) return 'PLAN';
  if (ASSESSMENT.test(text)) return 'ASSESSMENT';
  if (ALLERGY.test(text) || (NEGATION.test(text) && SYMPTOM.test(text))) return 'HISTORY_OF_PRESENT_ILLNESS';
  if (SYMPTOM.test(text)) return complaintTaken ? 'HISTORY_OF_PRESENT_ILLNESS' : 'CHIEF_COMPLAINT';
  if (HISTORY.test(text)) return 'HISTORY_OF_PRESENT_ILLNESS';
  return null;
}

/** An upper-case first letter and a full stop, as a note reads. */
const asSentence = (text: string) => {
  const t = text.trim();
  return t ? `${t[0].toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}` : t;
};

/** The extractive draft of a transcript, in the HealthScribe summary shape (empty sections omitted). */
export function extractiveSummary(segments: readonly TranscriptSegment[]): ClinicalDocumentation {
  const bySection = new Map<Section, string[]>(LOCAL_SUMMARY_SECTIONS.map((s) => [s, []]));
  let complaintTaken = false;
  for (const sentence of segments.flatMap((segment) => sentencesOf(segment.Content))) {
    const section = classifySegment(sentence, complaintTaken);
    if (!section) continue;
    if (section === 'CHIEF_COMPLAINT') complaintTaken = true;
    bySection.get(section)!.push(asSentence(sentence));
  }
  return {
    ClinicalDocumentation: {
      Sections: LOCAL_SUMMARY_SECTIONS
        .filter((s) => bySection.get(s)!.length > 0)
        .map((s) => ({ SectionName: s, Summary: bySection.get(s)!.map((SummarizedSegment) => ({ SummarizedSegment })) })),
    },
  };
}
