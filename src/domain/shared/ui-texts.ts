import { UI_TEXT } from '../i18n/en/ui';

export type UiTextKey = keyof typeof UI_TEXT;

/** The UI_TEXT key of a greetingFor() phrase. */
export const GREETING_KEYS = {
  'Good Morning': 'goodMorning',
  'Good Afternoon': 'goodAfternoon',
  'Good Evening': 'goodEvening',
} as const satisfies Record<string, UiTextKey>;
