/** "Good Morning" before 12:00, "Good Afternoon" 12:00 to before 18:00, "Good Evening" from 18:00 (spec 1 §1). */
export function greetingFor(hour: number): 'Good Morning' | 'Good Afternoon' | 'Good Evening' {
  if (hour < 12) return 'Good Morning';
  if (hour < 18) return 'Good Afternoon';
  return 'Good Evening';
}

export const UNKNOWN_NAME = 'UNKNOWN';

/** given_name/family_name fall back to UNKNOWN when missing or blank (spec 1 §3). */
export function nameOrUnknown(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : UNKNOWN_NAME;
}
