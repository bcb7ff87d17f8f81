/** The e-mail to the recording clinician when the output is ready (no patient data: the booking id only). */
export function transcriptionReadyMail(bookingId: string | null) {
  return {
    subject: 'Your transcription is ready',
    text:
      'The transcription you recorded is ready in the clinician portal.' +
      (bookingId ? ` Open booking ${bookingId} and its Transcription section to review the conversation and the summary.` : ''),
  };
}
