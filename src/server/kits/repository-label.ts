import { KIT_TEXTS } from '../../domain/i18n/en/kit';
import type { AccessContext } from '../auth/access-context';
import { inScope } from '../auth/scope';
import { notFound } from '../errors';
import { kitPatientOf } from './repository-rows';

/** What a kit's sample label prints, with the kit's patient. */
export interface LabelKit {
  patientId: string | null;
  patientState: string | null;
  firstName: string | null;
  lastName: string | null;
  dob: string | null;
  labName: string;
  requisitionId: string | null;
  collected: Date | null;
}

/** The sample label's data: it prints the patient's name and date of birth, so a kit outside the scope reads as unknown. */
export const kitLabels = ({ db, actor, audit }: AccessContext) => ({
  async labelKit(kitId: string): Promise<LabelKit> {
    const { rows } = await db.query<LabelKit>(
      `SELECT k.patient_id AS "patientId", k.patient_state AS "patientState", p.first_name AS "firstName", p.last_name AS "lastName",
              p.dob, k.lab_name AS "labName", k.requisition_id AS "requisitionId", k.sample_taken_date AS collected
         FROM kits k LEFT JOIN patients p ON p.id = k.patient_id WHERE k.kit_id = $1`,
      [kitId],
    );
    const kit = rows[0];
    if (!kit || !inScope(actor, kitPatientOf(kit))) throw notFound(KIT_TEXTS.kitIdInvalid);
    return kit;
  },

  /** A label created (CREATE_LABEL) or printed again (PRINT_LABEL): the request's only write. */
  auditLabel: (kit: { kitId: string; patientId: string | null }, action: 'CREATE_LABEL' | 'PRINT_LABEL') =>
    audit.one(db, { action, entityType: 'kit', entityId: kit.kitId, patientId: kit.patientId, outcome: 'SUCCESS' }),
});
