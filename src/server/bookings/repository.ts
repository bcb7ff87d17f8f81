import type { Pool } from 'pg';
import type { AccessContext } from '../auth/access-context';
import type { BookingFacts } from './repository-present';
import { lockedActions } from './repository-actions';
import { lockedProducts } from './repository-products';
import { bookingReads } from './repository-reads';
import type { BookingRow } from './repository-rows';
import { clinicianSummary } from './repository-summary';
import { lockedBasics, lockedWrite, type Caller, type Locked, type WriteRule } from './repository-write';

/** A booking under its row lock in a write's transaction: what the rules read, and the writes they may make. */
export type BookingLock = { readonly row: BookingRow; readonly facts: BookingFacts } & ReturnType<typeof lockedBasics> &
  ReturnType<typeof lockedActions> &
  ReturnType<typeof lockedProducts>;

/**
 * The bookings of one Actor (spec 2): every read and write of booking data, with the access policy applied here —
 * the patient scope (404 'no booking …' outside it, like a missing one; list rows masked), the clinical fields only
 * for clinical access, the action permission check of every write, history rows and the audit of each read and write.
 */
export const bookingRepository = (ctx: AccessContext) => ({
  ...bookingReads(ctx),

  /**
   * A booking write: `fn` runs with the booking locked, after the scope and the action permission check (`rule`);
   * the write is audited as `action` (SUCCESS, or DENIED when `fn` refuses), all in one transaction.
   */
  write: <T>(id: string, rule: WriteRule, action: string, fn: (b: BookingLock) => Promise<T>) =>
    lockedWrite(ctx.db, ctx.tx, ctx, id, rule, action, (l) =>
      fn({ row: l.row, facts: l.facts, ...lockedBasics(l), ...lockedActions(l, ctx.audit), ...lockedProducts(l) }),
    ),

  /** The Actor's own bookings of today and the coming days in `timeZone`, with counts by status (audited, masked). */
  clinicianSummary: (timeZone: string) => clinicianSummary(ctx, timeZone),
});
export type BookingRepository = ReturnType<typeof bookingRepository>;

/**
 * For features not yet on `req.data` (payments): a booking write on the pool with the request's Actor and audit, the
 * same transaction, scope, permission check and audit as `bookingRepository(…).write`, handing `fn` the locked row
 * and its client.
 */
export const bookingWrite = <T>(pool: Pool, caller: Caller, id: string, rule: WriteRule, action: string, fn: (l: Locked) => Promise<T>) =>
  lockedWrite(pool, null, caller, id, rule, action, fn);

export { addLog, loadProducts, type BookingRow } from './repository-rows';
export { refused, type Caller, type Locked, type WriteRule } from './repository-write';
