import { z } from 'zod';
import { bookingDashboardRowSchema } from '../../domain/bookings/booking-summary';

/**
 * The rows of the dashboard cards (repository-sql.ts shapes them as the spec's kit, order, booking and message rows), as
 * allowlists: none carries a clinical field. A masked row holds XXXXXX in every value but kitId and createDateTime.
 */
const text = z.string().nullable();
const common = { rowType: z.string(), patientState: text, createDateTime: z.string(), masked: z.boolean() };
const kitRow = z.object({
  ...common,
  kitId: z.string(),
  name: text,
  dob: text,
  email: text,
  clinicianName: text,
  kitStatus: text,
  testResultStatus: text,
  careLocation: text,
  panelName: text,
});
const orderRow = z.object({
  ...common,
  orderId: z.string(),
  kitId: text,
  orderStatus: text,
  orderCreateDate: text,
  email: text,
  vendor: text,
  careLocation: text,
});
/** A booking card row: the booking summary's row (one shape for both lists). */
const bookingRow = z.object({ ...common, ...bookingDashboardRowSchema.shape });
const messageRow = z.object({ ...common, messageId: z.string(), subject: text, name: text, messageType: text });
/** No discriminator survives masking (rowType is masked too): each shape is told by the keys it requires. */
export const dashboardRowSchema = z.union([kitRow, orderRow, bookingRow, messageRow]);

/** A row as a card query selects it: the shaped columns plus patientId and the typed parameters. */
export type CardDbRow = Record<string, unknown> & { rowType?: string; patientId?: string | null; patientState?: string | null };
