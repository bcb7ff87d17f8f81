/** The transcription texts of spec 2 §2.4, §4 and §8 (the portal's i18n catalogue takes them from here). */
export const TRANSCRIPTION_TEXT = {
  title: 'Transcription',
  beta: 'Beta',
  consentTitle: 'Consent Form',
  consentNotice: 'This visit will be recorded and transcribed to help document your care. The audio and the transcript are '
    + 'protected health information: they are stored encrypted, used only for your medical record, never shared outside '
    + 'your care team, and the recording is deleted after the retention period. Recording happens only with the '
    + "patient's consent, and the patient may ask to stop at any time.",
  consentButton: 'I have the patient consent',
  recordStage: 'Record',
  saveAsStage: 'Save as',
  emailWhenReady: 'You will receive an email when the transcription output is ready.',
  awaiting: 'You will receive an email notification when your transcription is complete',
  alreadyInProgress: 'Transcription is already in progress',
  somethingWentWrong: 'Something went wrong',
  savedAsNote: 'Transcribe saved as charting notes',
  discarded: 'Transcription discarded successfully',
  noRecorder: 'The MediaRecorder API is not supported in your browser.',
  record: 'Record',
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop',
  submit: 'Submit for Transcribe',
  discard: 'Discard',
  uploading: 'Uploading the recording…',
  conversation: 'Conversation',
  summary: 'Summary',
  localDraft: 'Local draft: sentences picked from the transcript by the offline engine. Review and edit before saving.',
  localTranscript: 'Local draft transcript from the offline engine: words can be missed or misheard, and a "no" can be lost. '
    + 'Play the recording and check the transcript and the summary against it before saving.',
  recording: 'Recording',
  speakers: 'Speakers',
  speakersAsIs: 'Person_1 / Person_2',
  person1Clinician: 'Person_1 is the clinician',
  person1Patient: 'Person_1 is the patient',
  saveAs: 'Save as',
  noteType: 'Note type',
  saveDraft: 'Save as Draft',
  save: 'Save',
  back: 'Back',
  engineFailed: 'The transcription engine could not transcribe this recording:',
  viewTranscription: 'View Transcription',
  clinicianRequired: 'clinician Required',
  newTranscription: 'New transcription',
  empty: 'No transcription yet',
  columns: { status: 'Status', referenceId: 'Reference ID', author: 'Author', created: 'Created' },
} as const;

/** The e-mail to the recording clinician when the output is ready (no patient data: the booking id only). */
export function transcriptionReadyMail(bookingId: string | null) {
  return {
    subject: 'Your transcription is ready',
    text: 'The transcription you recorded is ready in the clinician portal.'
      + (bookingId ? ` Open booking ${bookingId} and its Transcription section to review the conversation and the summary.` : ''),
  };
}
