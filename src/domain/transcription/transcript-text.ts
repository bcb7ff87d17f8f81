import type { ClinicalDocumentation, ConversationOutput } from './transcription';

/**
 * How a transcript is shown and saved (spec 2 §2.4, §9): engine participants CLINICIAN_0 and CLINICIAN_1 are
 * Person_1 and Person_2, which the clinician may relabel as Clinician and Patient; the editor holds HTML.
 */
export type SpeakerAssignment = 'NONE' | 'PERSON_1_IS_CLINICIAN' | 'PERSON_1_IS_PATIENT';

/** The label of an engine participant role: CLINICIAN_n -> Person_{n+1}; PATIENT_n -> Patient. */
export function participantLabel(role: string, assignment: SpeakerAssignment = 'NONE'): string {
  const clinician = /^CLINICIAN_(\d+)$/.exec(role);
  const person = clinician ? `Person_${Number(clinician[1]) + 1}` : /^PATIENT(_\d+)?$/.test(role) ? 'Patient' : role;
  if (assignment === 'NONE') return person;
  const first = assignment === 'PERSON_1_IS_CLINICIAN' ? 'Clinician' : 'Patient';
  const second = first === 'Clinician' ? 'Patient' : 'Clinician';
  if (person === 'Person_1') return first;
  if (person === 'Person_2') return second;
  return person;
}

const HEADINGS: Record<string, string> = {
  CHIEF_COMPLAINT: 'Chief Complaint',
  HISTORY_OF_PRESENT_ILLNESS: 'History of Present Illness',
  REVIEW_OF_SYSTEMS: 'Review of Systems',
  PAST_MEDICAL_HISTORY: 'Past Medical History',
  PAST_FAMILY_HISTORY: 'Past Family History',
  PAST_SOCIAL_HISTORY: 'Past Social History',
  PHYSICAL_EXAMINATION: 'Physical Examination',
  DIAGNOSTIC_TESTING: 'Diagnostic Testing',
  ASSESSMENT: 'Assessment',
  PLAN: 'Plan',
};

/** A section's heading: the known HealthScribe names, else the name in title case. */
export const sectionHeading = (name: string) =>
  HEADINGS[name] ??
  name
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The conversation as editor HTML: one paragraph per segment, "Label: text". */
export function conversationHtml(output: ConversationOutput, assignment: SpeakerAssignment = 'NONE'): string {
  return output.Conversation.TranscriptSegments.map(
    (s) => `<p><strong>${escapeHtml(participantLabel(s.ParticipantDetails.ParticipantRole, assignment))}:</strong> ${escapeHtml(s.Content)}</p>`,
  ).join('');
}

/** The summary as editor HTML: a heading per section with its summarised segments as a list. */
export function summaryHtml(summary: ClinicalDocumentation): string {
  return summary.ClinicalDocumentation.Sections.filter((s) => s.Summary.length > 0)
    .map(
      (s) =>
        `<h3>${escapeHtml(sectionHeading(s.SectionName))}</h3><ul>${s.Summary.map((x) => `<li>${escapeHtml(x.SummarizedSegment)}</li>`).join('')}</ul>`,
    )
    .join('');
}
