import type { Pool } from 'pg';

/**
 * Refuses to run the server as a database role that could quietly edit the audit trail: one that may UPDATE,
 * DELETE or TRUNCATE audit_log (or the id lists its rows name, audit_id_sets) or record_history, or that owns them
 * (an owner can disable their triggers). The server connects as the runtime role (a member of portal_app, migration
 * 0012); migrations run as the owner.
 */
export async function assertRuntimeRole(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ role: string; can_edit: boolean }>(
    `SELECT current_user AS role, bool_or(
              has_table_privilege(c.oid, 'UPDATE') OR has_table_privilege(c.oid, 'DELETE')
              OR has_table_privilege(c.oid, 'TRUNCATE') OR pg_has_role(c.relowner, 'MEMBER')) AS can_edit
       FROM pg_class c WHERE c.oid IN ('audit_log'::regclass, 'audit_id_sets'::regclass, 'record_history'::regclass)`,
  );
  if (rows[0].can_edit) {
    throw new Error(
      `The server's database role ${rows[0].role} can change or delete audit rows: connect DATABASE_URL as the ` +
        'runtime role (a member of portal_app) and run migrations as the owner (DATABASE_MIGRATION_URL)',
    );
  }
}
