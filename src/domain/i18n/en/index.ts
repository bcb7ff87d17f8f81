import { ACCESS_LOG_TEXTS } from './access-log';
import { TEXT } from './app';
import { BOOKING_TEXT } from './booking';
import { BOOKING_DETAIL_TEXT } from './booking-detail';
import { BOOKING_DETAIL_UI } from './booking-detail-ui';
import { BREAK_GLASS_TEXTS } from './break-glass';
import { CHART_NOTE_TEXT, PATIENT_TEXT, TEMPLATES_TEXT } from './chart-note';
import { CLINICIAN_SUMMARY_TEXT } from './clinician-summary';
import { DASHBOARD_TEXT } from './dashboard';
import { EDITOR_TEXT } from './editor';
import { FOLLOW_UP_TEXT } from './follow-up';
import { KIT_UI_TEXT } from './kit';
import { LAB_TEXT } from './lab';
import { LAB_WIZARD_TEXT } from './lab-wizard';
import { LIVE_TEXTS } from './live';
import { MESSAGE_TEXT, MESSAGE_UI } from './message';
import { NAV_TEXTS } from './nav';
import { PALETTE_TEXTS } from './palette';
import { PATIENTS_TEXT } from './patients';
import { PAYMENT_UI } from './payment';
import { PRESCRIPTION_TEXT } from './prescription';
import { PROFILE_UI } from './profile';
import { ROUTE_TITLES } from './route';
import { SESSION_TEXT } from './session';
import { SIGN_UP_TEXT } from './sign-ups';
import { SUPER_ADMIN_TEXT } from './super-admin';
import { TRANSCRIPTION_TEXT } from './transcription';
import { UI_TEXT } from './ui';

/**
 * The English catalogue: every text of the portal and of the server's answers, as plain data (this folder imports
 * nothing else, so the sign-in page downloads only strings). The portal feeds this tree to ra-i18n-polyglot on top of
 * react-admin's own `ra.*` messages; the domain rules and the server import the same constants from the feature files.
 * Placeholders use %{name}, as polyglot does.
 */
export const EN_MESSAGES = {
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
  route: ROUTE_TITLES,
  labWizard: LAB_WIZARD_TEXT,
  followUp: FOLLOW_UP_TEXT,
  clinicianSummary: CLINICIAN_SUMMARY_TEXT,
  profile: PROFILE_UI,
  breakGlass: BREAK_GLASS_TEXTS,
  live: LIVE_TEXTS, // live updates
} as const;
