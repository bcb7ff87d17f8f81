/** What the writes lines (writes.ts) hand their forked writers (writes-child.ts), and what the writers answer. */
export const STAFF = 'staff@demo.test';
export const ADMIN = 'superadmin@demo.test';
export const CLINICIAN = 'clinician@demo.test';
export const STATUS_PATH = ['BOOKED_PENDING_CONFIRMATION', 'BOOKED_CONFIRMED', 'CANCELLED'];

export interface WritersJob {
  url: string;
  writers: number;
  durationS: number;
  tokens: Record<string, string>;
  fx: { kits: string[]; bookings: string[]; patients: string[]; per: number };
}
export interface WritersResult {
  latencies: number[];
  wallMs: number;
  refused: number;
  unknown: number;
  firstRefusal?: string;
}
