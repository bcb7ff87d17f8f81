import type { AppointmentWhen, KitGroup } from '../../domain/patients/patient-profile';
import type { AccessContext } from '../auth/access-context';
import { assertInScope } from '../auth/scope';
import { notFound } from '../errors';
import * as sql from './repository-sql';
import * as tabs from './repository-sql-tabs';

type Paging = { page: number; perPage: number };
const rowsOf = (patientId: string, rows: { id: string }[]) => rows.map((r) => ({ entityId: r.id, patientId }));

/**
 * The patient profile's lists (bookings, kits and a kit's result, orders, events) for the request's Actor: they are of
 * one patient, so an unknown patient or one outside the reader's scope is 404 before anything is read; every row
 * returned is audited with its patient.
 */
export const profileLists = ({ db, actor, audit }: AccessContext) => {
  async function assertPatient(patientId: string) {
    const p = await sql.patientStateOf(db, patientId);
    if (!p) throw notFound('no such patient');
    assertInScope(actor, { patientState: p.state, patientId }, 'no such patient');
  }

  return {
    async bookings(q: Paging & { patientId: string; when?: AppointmentWhen; order?: 'ASC' | 'DESC' }) {
      await assertPatient(q.patientId);
      const { rows, total } = await tabs.bookingsOf(db, q.patientId, q.when, q, q.order);
      await audit.many(db, 'READ', 'booking', rowsOf(q.patientId, rows));
      return { items: rows, total };
    },

    async kits(q: Paging & { patientId: string; group: KitGroup; order: 'ASC' | 'DESC' }) {
      await assertPatient(q.patientId);
      const { rows, total } = await tabs.kitsOf(db, q.patientId, q.group, q, q.order);
      await audit.many(db, 'READ', 'kit', rowsOf(q.patientId, rows));
      return { items: rows, total };
    },

    /** A kit's test result, for the Kit Detail tab's result panel (clinical roles only; the route declares them). */
    async kitResult(kitId: string) {
      const k = await tabs.kitResultOf(db, kitId);
      if (!k) throw notFound('no such kit');
      assertInScope(actor, { patientState: k.patientState, hasPatient: !!k.patientId, patientId: k.patientId }, 'no such kit');
      await audit.one(db, { action: 'READ', entityType: 'test_result', entityId: kitId, patientId: k.patientId, outcome: 'SUCCESS' });
      return {
        kitId: k.kitId,
        productName: k.productName,
        createDateTime: k.createDateTime?.toISOString() ?? null,
        results: (k.results ?? []).map((r) => ({ testName: String(r.testName), result: String(r.result) })),
      };
    },

    async orders(q: Paging & { patientId: string; vendor?: 'LABCORP'; order: 'ASC' | 'DESC' }) {
      await assertPatient(q.patientId);
      const { rows, total } = await tabs.ordersOf(db, q.patientId, q.vendor, q, q.order);
      await audit.many(db, 'READ', 'order', rowsOf(q.patientId, rows));
      return { items: rows, total };
    },

    async events(q: Paging & { patientId: string; order: 'ASC' | 'DESC' }) {
      await assertPatient(q.patientId);
      const { rows, total } = await tabs.eventsOf(db, q.patientId, q, q.order);
      await audit.many(db, 'READ', 'patient_event', rowsOf(q.patientId, rows));
      return { items: rows, total };
    },
  };
};
