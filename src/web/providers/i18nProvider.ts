import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { ACCESS_LOG_TEXTS } from '../../domain/access-log';
import { EDITOR_TEXT } from '../../domain/editor-texts';
import { BREAK_GLASS_TEXTS } from '../../domain/break-glass';
import { LIVE_TEXTS } from '../../domain/live';
import { PALETTE_TEXTS } from '../../domain/palette';
import { BOOKING_DETAIL_TEXT } from '../../domain/booking-detail-texts';
import { BOOKING_TEXT } from '../../domain/booking-texts';
import { CHART_NOTE_TEXT, PATIENT_TEXT, TEMPLATES_TEXT } from '../../domain/chart-note-texts';
import { DASHBOARD_TEXT } from '../../domain/dashboard-texts';
import { KIT_UI_TEXT } from '../../domain/kit-texts';
import { LAB_WIZARD_TEXT } from '../../domain/lab-order-wizard';
import { FOLLOW_UP_TEXT } from '../../domain/follow-up';
import { CLINICIAN_SUMMARY_TEXT } from '../../domain/booking-summary';
import { LAB_TEXT } from '../../domain/lab-texts';
import { TEXT } from '../../domain/messages';
import { SESSION_TEXT } from '../../domain/session-texts';
import { TRANSCRIPTION_TEXT } from '../../domain/transcription-texts';
import { MESSAGE_TEXT, MESSAGE_UI } from '../../domain/message-texts';
import { PATIENTS_TEXT } from '../../domain/patient-texts';
import { SUPER_ADMIN_TEXT } from '../../domain/super-admin-texts';
import { SIGN_UP_TEXT } from '../../domain/sign-up-texts';
import { PRESCRIPTION_TEXT } from '../../domain/prescriptions';
import { UI_TEXT } from '../../domain/ui-texts';
import { PROFILE_UI } from '../../domain/profile-texts';
import { NAV_TEXTS } from '../../domain/nav-texts';
import { BOOKING_DETAIL_UI } from '../../domain/booking-detail-ui-texts';
import { PAYMENT_UI } from '../../domain/payment-texts';
import { routeTitleMessages } from '../routeTitles';

/**
 * The portal catalogue: react-admin's English messages plus the spec texts (`app.*` from TEXT),
 * the portal labels (`ui.*` from UI_TEXT), the lab area (`lab.*` from LAB_TEXT), the menu (`nav.*`) and route titles (`route.*`), all from src/domain.
 */
export const portalMessages: TranslationMessages = mergeTranslations(englishMessages, {
  ra: { tiptap: EDITOR_TEXT },
  app: TEXT,
  ui: { ...UI_TEXT, palette: PALETTE_TEXTS },
  lab: LAB_TEXT,
  dashboard: DASHBOARD_TEXT,
  booking: BOOKING_TEXT,
  bookingDetail: { ...BOOKING_DETAIL_TEXT, ui: BOOKING_DETAIL_UI },
  kit: KIT_UI_TEXT,
  chartNote: CHART_NOTE_TEXT,
  templates: TEMPLATES_TEXT,
  patient: PATIENT_TEXT,
  transcription: TRANSCRIPTION_TEXT,
  session: SESSION_TEXT,
  message: { ...MESSAGE_TEXT, ui: MESSAGE_UI },
  patients: PATIENTS_TEXT,
  accessLog: ACCESS_LOG_TEXTS,
  superAdmin: SUPER_ADMIN_TEXT,
  signUps: SIGN_UP_TEXT, // pending sign-ups
  payment: PAYMENT_UI,
  prescription: PRESCRIPTION_TEXT, // e-prescribing
  nav: NAV_TEXTS,
  route: routeTitleMessages,
  labWizard: LAB_WIZARD_TEXT,
  followUp: FOLLOW_UP_TEXT,
  clinicianSummary: CLINICIAN_SUMMARY_TEXT,
  profile: PROFILE_UI,
  breakGlass: BREAK_GLASS_TEXTS,
  live: LIVE_TEXTS, // live updates
}) as TranslationMessages;

export const i18nProvider = polyglotI18nProvider(() => portalMessages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
