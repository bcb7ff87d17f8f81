import { z } from 'zod';
import { MASK, maskRecord } from '../../domain/masking';
import type { Actor } from '../auth/actor';
import { inScope } from '../auth/scope';
import { PARAM_COLUMNS } from './card-sql';

/**
 * The rows of the dashboard cards (card-sql.ts shapes them as the spec's kit, order, booking and message rows), as
 * allowlists: none carries a clinical field. A masked row holds XXXXXX in every value but kitId and createDateTime.
 */
const text = z.string().nullable();
const common = { rowType: z.string(), patientState: text, createDateTime: z.string(), masked: z.boolean() };
const kitRow = z.object({
  ...common, kitId: z.string(), name: text, dob: text, email: text, clinicianName: text, kitStatus: text, testResultStatus: text,
  careLocation: text, panelName: text,
});
const orderRow = z.object({
  ...common, orderId: z.string(), kitId: text, orderStatus: text, orderCreateDate: text, email: text, vendor: text, careLocation: text,
});
const bookingRow = z.object({
  ...common, bookingId: z.string(), bookingStatus: text, careStateRegion: text, email: text, name: text,
  selfcheckinComplete: z.union([z.boolean(), z.literal(MASK)]), dob: text, products: z.array(z.object({ name: z.string() })),
  careLocation: text, appntStart: text,
});
const messageRow = z.object({ ...common, messageId: z.string(), subject: text, name: text, messageType: text });
/** No discriminator survives masking (rowType is masked too): each shape is told by the keys it requires. */
export const dashboardRowSchema = z.union([kitRow, orderRow, bookingRow, messageRow]);

/** A row as a card query selects it: the shaped columns plus patientId and the typed parameters. */
export type CardDbRow = Record<string, unknown> & { rowType?: string; patientId?: string | null; patientState?: string | null };

/**
 * An order always concerns a person, so it is out of scope without a patient state; kit and result rows without a
 * patient carry no patient data (src/domain/scope.ts).
 */
export const cardRowInScope = (actor: Actor, r: CardDbRow) =>
  inScope(actor, { patientState: r.patientState ?? null, hasPatient: r.rowType === 'order' || r.patientId != null, patientId: r.patientId });

/** The row as it leaves: no patient id or query parameter, timestamps as ISO text, masked outside the scope. */
export function presentCardRows(rows: CardDbRow[], actor: Actor): z.output<typeof dashboardRowSchema>[] {
  return rows.map((r) => {
    const row: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) {
      if (k !== 'patientId' && !(PARAM_COLUMNS as readonly string[]).includes(k)) row[k] = v instanceof Date ? v.toISOString() : v;
    }
    return dashboardRowSchema.parse(cardRowInScope(actor, r) ? { ...row, masked: false } : maskRecord(row));
  });
}
