import type { BreakGlassGrant, BreakGlassTarget } from '../../domain/break-glass/break-glass';
import type { ApiFetch } from './httpClient';

/** Break-glass calls besides the super admins' list and review (resource `break-glass`), as dataProvider methods. */
export function createBreakGlassMethods(api: ApiFetch) {
  return {
    /** POST /secure/breakGlass: opens one patient outside the clinician's licence states (named, or a masked kit's or booking's), with a reason. */
    startBreakGlass: (body: BreakGlassTarget & { reason: string }): Promise<BreakGlassGrant> => api('/secure/breakGlass', { method: 'POST', body }),
    /** GET /secure/breakGlass/mine: the caller's running sessions. */
    getMyBreakGlass: (signal?: AbortSignal): Promise<{ items: BreakGlassGrant[]; minutes: number }> => api('/secure/breakGlass/mine', { signal }),
    /** GET /secure/breakGlass/count: sessions not yet reviewed (super admins). */
    getBreakGlassCount: (signal?: AbortSignal): Promise<{ count: number }> => api('/secure/breakGlass/count', { signal }),
  };
}

export type BreakGlassMethods = ReturnType<typeof createBreakGlassMethods>;
