import { z } from 'zod';
import { restListQuery } from '../shared/rest-list';
import { isLicenceBound } from '../shared/scope';
import type { Role } from '../shared/roles';
import { BREAK_GLASS_TEXTS } from '../i18n/en/break-glass';

/**
 * Break-glass access: a licence-bound clinician opens ONE patient outside its licence states in an
 * emergency, giving a reason. The patient is in the clinician's scope (src/domain/shared/scope.ts) until the session ends;
 * every request touching the patient meanwhile is flagged in the audit; super admins review each session.
 */
export const BREAK_GLASS = {
  /** How long a session lasts when the server's configuration does not say (BREAK_GLASS_MINUTES). */
  defaultMinutes: 60,
  /** Sessions one clinician may have active at once. */
  maxActive: 3,
  /** Sessions one clinician may start in 24 hours. */
  maxPerDay: 10,
  reasonMax: 1000,
  noteMax: 1000,
} as const;

/** Only a licence-bound clinician may break the glass: everyone else is either not limited by state or has no clinical access. */
export const mayBreakGlass = (roles: readonly Role[]) => isLicenceBound(roles);

/**
 * A start names the patient (the profile's 404), or a masked kit or booking row (lists, calendar): the server finds
 * that record's patient itself, so the portal never learns who a masked row's patient is before access is granted.
 */
export const breakGlassStartSchema = z
  .strictObject({
    patientId: z.guid().optional(),
    kitId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,40}$/)
      .optional(),
    bookingId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,40}$/)
      .optional(),
    reason: z
      .string({ error: BREAK_GLASS_TEXTS.reasonRequired })
      .trim()
      .min(1, BREAK_GLASS_TEXTS.reasonRequired)
      .max(BREAK_GLASS.reasonMax, BREAK_GLASS_TEXTS.reasonTooLong),
  })
  .refine((b) => [b.patientId, b.kitId, b.bookingId].filter((x) => x !== undefined).length === 1, { message: BREAK_GLASS_TEXTS.oneTarget });
/** What a start opens: a patient, or the patient of a kit or booking (resolved on the server). */
export type BreakGlassTarget = { patientId: string } | { kitId: string } | { bookingId: string };

export const breakGlassReviewSchema = z.strictObject({
  note: z
    .string({ error: BREAK_GLASS_TEXTS.noteRequired })
    .trim()
    .min(1, BREAK_GLASS_TEXTS.noteRequired)
    .max(BREAK_GLASS.noteMax, BREAK_GLASS_TEXTS.noteTooLong),
});

/** One of the caller's own sessions (what the portal's banner needs). */
export const breakGlassGrantSchema = z.object({ id: z.guid(), patientId: z.guid(), startedAt: z.string(), expiresAt: z.string() });
export type BreakGlassGrant = z.infer<typeof breakGlassGrantSchema>;

/** A session as super admins review it: the reason it was started with, then the reasons of later starts (oldest first). */
export const breakGlassSessionSchema = breakGlassGrantSchema.extend({
  clinicianId: z.guid(),
  clinicianName: z.string(),
  patientName: z.string(),
  reason: z.string(),
  addedReasons: z.array(z.object({ at: z.string(), reason: z.string() })),
  active: z.boolean(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export type BreakGlassSession = z.infer<typeof breakGlassSessionSchema>;

/** The super admins' list: filter {"reviewed": true|false}, newest first unless sorted by startedAt ASC, 100 rows at most. */
export const breakGlassListQuerySchema = restListQuery({
  filter: z.strictObject({ reviewed: z.boolean({ error: 'Reviewed must be true or false' }).optional() }),
  sort: ['startedAt'],
  defaultSort: ['startedAt', 'DESC'],
  maxRows: 100,
  defaultRows: 25,
});
export type BreakGlassListQuery = z.output<typeof breakGlassListQuerySchema>;

/** The patient ids of the sessions still running at `now` (expiry needs no write: it is only a time). */
export function activeBreakGlass(sessions: readonly { patientId: string; expiresAt: string | Date }[], now: Date): string[] {
  return [...new Set(sessions.filter((s) => new Date(s.expiresAt).getTime() > now.getTime()).map((s) => s.patientId.toLowerCase()))];
}

/** When a session started now ends, for a configured length in minutes. */
export const breakGlassEnd = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);
