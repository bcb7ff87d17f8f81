import type { ClinicalDocumentation, TranscriptSegment } from './transcription';

/**
 * The local engine's summary: an extractive draft (whole segments, never rewritten) sorted into the four sections a
 * visit note needs, by these rules, each segment into at most one section, in this order of precedence:
 * 1. PLAN: the segment tells what will be done (a treatment, a test, a follow-up).
 * 2. ASSESSMENT: the segment gives an impression or diagnosis.
 * 3. CHIEF_COMPLAINT: the first segment naming a symptom or the reason for the visit.
 * 4. HISTORY_OF_PRESENT_ILLNESS: any later segment naming a symptom, or one telling onset or duration.
 * Segments matching none (greetings, small talk) are left out. The portal labels the result a local draft.
 */
export const LOCAL_SUMMARY_SECTIONS = ['CHIEF_COMPLAINT', 'HISTORY_OF_PRESENT_ILLNESS', 'ASSESSMENT', 'PLAN'] as const;

/** Whole words; a trailing * allows any ending (prescrib* matches prescribe and prescribed). */
const words = (list: string) => new RegExp(`\\b(${list.trim().split(/\s+/).map((w) => w.replace(/\*$/, '\\w*')).join('|')})\\b`, 'i');

const PLAN = words(`take taking prescrib* recommend* follow-up follow come\\sback return schedul* order* refer* start starting stop
  continue rest drink apply avoid mg milligrams? tablets? dose twice daily test testing swab culture labs`);
const ASSESSMENT = words(`think likely probably diagnos* looks\\slike consistent\\swith suspect* impression assessment seems
  infection viral bacterial`);
const SYMPTOM = words(`pain* ache* headaches? fevers? cough* nause* vomit* dizz* rash* itch* burning swell* sore tired fatigue bleed*
  discharge chills cramp* diarrh* constipat* short\\sof\\sbreath breath* congest* runny sneez* symptoms? hurts? lumps? complain*
  concerns?`);
const HISTORY = words(`days? weeks? months? years? since ago started began history yesterday last\\snight before worse better
  getting`);

type Section = (typeof LOCAL_SUMMARY_SECTIONS)[number];

/** The section a segment belongs to, or null; `complaintTaken` once a chief complaint was chosen. */
export function classifySegment(text: string, complaintTaken: boolean): Section | null {
  if (PLAN.test(text)) return 'PLAN';
  if (ASSESSMENT.test(text)) return 'ASSESSMENT';
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
  for (const segment of segments) {
    const section = classifySegment(segment.Content, complaintTaken);
    if (!section) continue;
    if (section === 'CHIEF_COMPLAINT') complaintTaken = true;
    bySection.get(section)!.push(asSentence(segment.Content));
  }
  return {
    ClinicalDocumentation: {
      Sections: LOCAL_SUMMARY_SECTIONS
        .filter((s) => bySection.get(s)!.length > 0)
        .map((s) => ({ SectionName: s, Summary: bySection.get(s)!.map((SummarizedSegment) => ({ SummarizedSegment })) })),
    },
  };
}
