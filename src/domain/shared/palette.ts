import { patientProfileUrl } from '../patients/patient-profile';
import { type PatientSearchType } from '../patients/patient-search';
import { canAccessRoute, PORTAL_ROUTES } from './routes';
import type { Role } from './roles';

/**
 * The command palette (Ctrl/⌘-K): what a typed text can jump to. A kit id or a booking id opens its detail
 * page (which says when it does not exist), screens match by title, and anything else searches patients by e-mail,
 * phone or name through the patient search the user already may call.
 */
export type PaletteTarget =
  | { kind: 'screen'; label: string; to: string }
  | { kind: 'kit'; label: string; to: string }
  | { kind: 'booking'; label: string; to: string }
  | { kind: 'patient'; label: string; to: string; detail: string };

/** Screens that need a record in their URL are reached through that record, never listed on their own. */
const RECORD_SCREENS = new Set([
  '/',
  '/401-page',
  '/MessageDetails',
  '/BookingDetails',
  '/Payment',
  '/userrequest',
  '/KitDetails',
  '/PatientProfile',
]);

const KIT_ID = /^KT\d{3,12}$/i;
const BOOKING_ID = /^BK[A-Z0-9-]{3,38}$/i;

/** The screens this user may open whose title contains the text (all of them for an empty text). */
export function screenTargets(roles: readonly Role[], text: string): PaletteTarget[] {
  const t = text.trim().toLowerCase();
  return PORTAL_ROUTES.filter((r) => !RECORD_SCREENS.has(r.path) && canAccessRoute(r.path, roles) && r.title.toLowerCase().includes(t)).map((r) => ({
    kind: 'screen',
    label: r.title,
    to: r.path,
  }));
}

/** A kit or booking id typed whole: its detail page. */
export function recordTargets(text: string): PaletteTarget[] {
  const t = text.trim();
  if (KIT_ID.test(t)) return [{ kind: 'kit', label: t.toUpperCase(), to: `/KitDetails?kitId=${encodeURIComponent(t.toUpperCase())}` }];
  if (BOOKING_ID.test(t))
    return [{ kind: 'booking', label: t.toUpperCase(), to: `/BookingDetails?bookingId=${encodeURIComponent(t.toUpperCase())}` }];
  return [];
}

/** The patient search a text asks for: e-mail with '@', phone for 7+ digits, else name; none for ids or short texts. */
export function patientQueryOf(text: string): { type: PatientSearchType; term: string } | null {
  const t = text.trim().toLowerCase();
  if (t.length < 3 || recordTargets(t).length) return null;
  if (t.includes('@')) return { type: 'patient_email', term: t };
  const digits = t.replace(/\D/g, '');
  if (digits.length >= 7 && /^[\d\s()+.-]+$/.test(t)) return { type: 'patient_phone', term: digits.slice(-10) };
  return /\d/.test(t) ? null : { type: 'patient_name', term: t.replace(/\s+/g, ' ') };
}

/** A patient search result as a palette target (masked rows cannot be opened and are left out by the caller). */
export const patientTarget = (p: { id: string; name: string; email: string | null; dob: string | null }): PaletteTarget => ({
  kind: 'patient',
  label: p.name,
  to: patientProfileUrl(p.id),
  detail: [p.email, p.dob].filter(Boolean).join(' · '),
});
