export const FOLLOW_UP_TEXT = {
  title: 'Schedule Follow-up Appointment',
  choose: 'Choose where the follow-up appointment takes place',
  forState: 'Patient state: %{state}',
} as const;
