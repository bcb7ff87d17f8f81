import { BREAK_GLASS, mayBreakGlass, type BreakGlassGrant } from '../../domain/break-glass/break-glass';
import { BREAK_GLASS_TEXTS } from '../../domain/i18n/en/break-glass';
import type { DataAccess } from '../data/access';
import { ApiError, forbidden } from '../errors';
import type { BreakGlassTarget } from './repository';

const tooMany = (text: string, max: number) => new ApiError(429, 'Too Many Requests', text.replace('%{max}', String(max)));

/**
 * A licence-bound clinician opens one patient outside its licence states for `minutes`, with a reason. One running
 * session per patient: a second start while it runs answers that session, and its reason is a new justification the
 * review must see (kept in the session's record). At most BREAK_GLASS.maxActive running, BREAK_GLASS.maxPerDay a day.
 */
export async function startBreakGlass(data: DataAccess, minutes: number, body: BreakGlassTarget & { reason: string }): Promise<BreakGlassGrant> {
  if (!mayBreakGlass(data.actor.roles)) throw forbidden(BREAK_GLASS_TEXTS.notLicenceBound);
  const { reason, ...target } = body;
  return data.transaction(async (tx) => {
    const patientId = await tx.breakGlass.patientToOpen(target);
    const { running, lastDay } = await tx.breakGlass.lockedUsage();
    const same = running.find((g) => g.patientId === patientId);
    if (same) return tx.breakGlass.restart(same, reason);
    if (running.length >= BREAK_GLASS.maxActive) throw tooMany(BREAK_GLASS_TEXTS.tooManyActive, BREAK_GLASS.maxActive);
    if (lastDay >= BREAK_GLASS.maxPerDay) throw tooMany(BREAK_GLASS_TEXTS.tooManyToday, BREAK_GLASS.maxPerDay);
    return tx.breakGlass.start(patientId, target, reason, minutes);
  });
}
