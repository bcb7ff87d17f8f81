import type { Pool, PoolClient } from 'pg';
import { fillStateForOrder, nextOrderState } from '../../../domain/prescriptions/prescriptions';
import { writeHistory } from '../../audit/history';
import { withTx } from '../../db/tx';
import { QUEUES, type JobHandler, type JobQueue } from '../../jobs/queue';

/** The name the local pharmacy's transitions carry in the order's history. */
export const LOCAL_PHARMACY_ACTOR = { sub: 'system:local-pharmacy', givenName: 'Local', familyName: 'pharmacy' };
/** Seconds between two steps of an order when the configuration says nothing (a few minutes from PLACED to COMPLETED). */
export const DEFAULT_FILL_STEP_SECONDS = 60;

/** A step job: move this order on from `from` (a job that finds the order elsewhere does nothing: idempotent). */
export interface PharmacyStep {
  orderId: string;
  from: string;
}

/** Queues the order's next step; with a transaction's client it exists only if that transaction commits. */
export function queueStep(jobs: JobQueue, db: Pool | PoolClient, step: PharmacyStep, stepSeconds: number) {
  return jobs.send(QUEUES.localPharmacy.name, step, { startAfterSeconds: stepSeconds, db });
}

/**
 * Moves one order one state on (PLACED → ROUTING → PENDING → COMPLETED), its fills with it, a history row for the
 * order, and queues the next step, all in one transaction. The order row is locked and must still be in `from`: a
 * repeated or late job changes nothing. Answers the new state, or null when nothing moved.
 */
export async function advanceOrder(pool: Pool, jobs: JobQueue, step: PharmacyStep, stepSeconds: number): Promise<string | null> {
  return withTx(pool, async (client) => {
    const { rows } = await client.query<{ state: string }>('SELECT state FROM erx_orders WHERE id = $1 FOR UPDATE', [step.orderId]);
    const next = nextOrderState(rows[0]?.state);
    if (!rows.length || rows[0].state !== step.from || !next) return null;
    await client.query('UPDATE erx_orders SET state = $2, updated_at = now() WHERE id = $1', [step.orderId, next]);
    const fill = fillStateForOrder(next);
    await client.query('UPDATE erx_fills SET state = $2, updated_at = now() WHERE order_id = $1 AND state IS DISTINCT FROM $2', [step.orderId, fill]);
    await writeHistory(client, LOCAL_PHARMACY_ACTOR, {
      entityType: 'prescription_order',
      entityId: step.orderId,
      action: 'ORDER_STATE',
      fromStatus: step.from,
      toStatus: next,
    });
    if (nextOrderState(next)) await queueStep(jobs, client, { orderId: step.orderId, from: next }, stepSeconds);
    return next;
  });
}

/** The local pharmacy's worker on the job queue (local sandbox only); it polls about as often as its steps are due. */
export async function startLocalPharmacy(deps: { pool: Pool; jobs: JobQueue; stepSeconds: number }) {
  const run: JobHandler<PharmacyStep> = async (job) => {
    await advanceOrder(deps.pool, deps.jobs, job.data, deps.stepSeconds);
  };
  await deps.jobs.work(QUEUES.localPharmacy.name, run, { pollingIntervalSeconds: Math.min(2, Math.max(0.5, deps.stepSeconds)) });
}
