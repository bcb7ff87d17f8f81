import type { BreakGlassGrant, BreakGlassTarget } from '../../domain/break-glass';
import type { ApiFetch } from './httpClient';

/** Break-glass calls besides the super admins' list and review (resource `break-glass`), as dataProvider methods. */
export interface BreakGlassMethods {
  /** POST /secure/breakGlass: opens one patient outside the clinician's licence states (named, or a masked kit's or booking's), with a reason. */
  startBreakGlass(input: BreakGlassTarget & { reason: string }): Promise<BreakGlassGrant>;
  /** GET /secure/breakGlass/mine: the caller's running sessions. */
  getMyBreakGlass(signal?: AbortSignal): Promise<{ items: BreakGlassGrant[]; minutes: number }>;
  /** GET /secure/breakGlass/count: sessions not yet reviewed (super admins). */
  getBreakGlassCount(signal?: AbortSignal): Promise<{ count: number }>;
}

export function createBreakGlassMethods(api: ApiFetch): BreakGlassMethods {
  return {
    startBreakGlass: (body) => api('/secure/breakGlass', { method: 'POST', body }),
    getMyBreakGlass: (signal) => api('/secure/breakGlass/mine', { signal }),
    getBreakGlassCount: (signal) => api('/secure/breakGlass/count', { signal }),
  };
}
