import type { AccessContext } from '../auth/access-context';
import { forbidden, notFound } from '../errors';

const COLS = `id, name, description, updated_at AS "updatedAt"`;
interface TemplateRow {
  id: string;
  name: string;
  description: string;
  updatedAt: Date;
}
const iso = (r: TemplateRow) => ({ ...r, updatedAt: r.updatedAt.toISOString() });

/** The Actor's templates: a clinician profile's own only (403 without a profile; another's reads as missing, 404). */
export const templatesOf = ({ db, actor, audit }: AccessContext) => {
  const ownerId = () => {
    if (!actor.clinician) throw forbidden('templates belong to a clinician profile');
    return actor.clinician.id;
  };
  return {
    async list() {
      const { rows } = await db.query<TemplateRow>(`SELECT ${COLS} FROM clinician_templates WHERE clinician_id = $1 ORDER BY updated_at DESC`, [
        ownerId(),
      ]);
      return rows.map(iso);
    },
    /** A new template (its description already sanitised), audited. */
    async create(name: string, description: string) {
      const { rows } = await db.query<TemplateRow>(
        `INSERT INTO clinician_templates (clinician_id, name, description) VALUES ($1, $2, $3) RETURNING ${COLS}`,
        [ownerId(), name, description],
      );
      await audit.one(db, { action: 'CREATE', entityType: 'clinician_template', entityId: rows[0].id, outcome: 'SUCCESS' });
      return iso(rows[0]);
    },
    /** Changes one of the Actor's templates (its description already sanitised), audited. */
    async update(id: string, name: string, description: string) {
      const { rows } = await db.query<TemplateRow>(
        `UPDATE clinician_templates SET name = $3, description = $4, updated_at = now() WHERE id = $1 AND clinician_id = $2 RETURNING ${COLS}`,
        [id, ownerId(), name, description],
      );
      if (!rows[0]) throw notFound('no such template of yours');
      await audit.one(db, { action: 'UPDATE', entityType: 'clinician_template', entityId: id, outcome: 'SUCCESS' });
      return iso(rows[0]);
    },
  };
};
