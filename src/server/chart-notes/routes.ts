import { CLINICAL_DATA_ROLES, read, write } from '../../domain/route-access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import { chartNoteInputSchema, NOTE_INPUT_REFERENCE_TYPES, noteUpdateRefusal, type ChartNoteInput } from '../../domain/chart-notes';
import { writeAudit, writeAuditMany } from '../audit/audit';
import { writeHistory } from '../audit/history';
import { assertClinicalAccess } from '../auth/access';
import { actorOf } from '../auth/secure-plugin';
import { withTx } from '../db/tx';
import { ApiError, badRequest, notFound } from '../errors';
import { errorBody, type ZodApp } from '../http/validation';
import { assertInScope, scopeSql } from '../auth/scope';
import { chartNoteSchema, NOTE_COLUMNS, presentNote, scopeWhere, subjectOf, type NoteRow, type NoteScope } from './repository';
import { assertMayWrite, checkContent, createChartNote, storedReference } from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const noteSchema = chartNoteSchema;
const listQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
  q: z.string().trim().max(100).optional(),
});

/** Chart notes (spec 1 §7): create, update, lists by patient / booking / kit / test result, latest draft. */
export function chartNoteRoutes(app: ZodApp, { pool }: { pool: Pool }) {
  app.post('/secure/chartNote', { config: { ...write(CLINICAL_DATA_ROLES, { licenceBound: true }), idempotent: true }, schema: { tags: ['chart notes'], body: chartNoteInputSchema, response: { 201: noteSchema, ...err } } }, async (req, reply) => {
    const actor = actorOf(req);
    const input = req.body as ChartNoteInput;
    const note = await withTx(pool, async (client) => {
      const id = await createChartNote(client, actor, input);
      await writeAudit(client, req, { action: 'CREATE', entityType: 'chart_note', entityId: id, patientId: input.personId, outcome: 'SUCCESS' });
      return loadNote(client, id);
    });
    reply.status(201);
    return presentNote(note!);
  });

  app.put('/secure/chartNote/:id', {
    config: write(CLINICAL_DATA_ROLES, { licenceBound: true }),
    schema: { tags: ['chart notes'], params: z.strictObject({ id: z.guid() }), body: chartNoteInputSchema, response: { 200: noteSchema, ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const input = req.body as ChartNoteInput;
    const html = checkContent(input);
    const { id } = req.params as { id: string };
    const note = await withTx(pool, async (client) => {
      const { rows } = await client.query(`SELECT status, author_id AS "authorId", note_type AS "noteType", person_id AS "personId" FROM chart_notes WHERE id = $1 FOR UPDATE`, [id]);
      if (!rows[0]) throw notFound('no such chart note');
      await assertMayWrite(actor, rows[0].personId, client);
      if (input.personId !== rows[0].personId) throw badRequest('a note cannot move to another patient');
      const refusal = noteUpdateRefusal(rows[0], actor.sub, input);
      if (refusal) throw new ApiError(409, 'Conflict', refusal);
      const ref = await storedReference(client, rows[0].personId, input.referenceId, input.referenceType);
      // Only drafts change (noteUpdateRefusal); the condition on DRAFT keeps a published note untouched whatever happens.
      await client.query(
        `UPDATE chart_notes SET note = $2, note_type = $3, reference_id = $4, reference_type = $5, status = $6, visibility = $7, updated_at = now()
          WHERE id = $1 AND status = 'DRAFT'`,
        [id, html, input.noteType, ref.referenceId, ref.referenceType, input.status, input.visibility]);
      await writeHistory(client, actor, { entityType: 'chart_note', entityId: id, action: input.status === 'PUBLISHED' ? 'PUBLISH' : 'UPDATE', fromStatus: rows[0].status, toStatus: input.status });
      await writeAudit(client, req, { action: 'UPDATE', entityType: 'chart_note', entityId: id, patientId: rows[0].personId, outcome: 'SUCCESS' });
      return loadNote(client, id);
    });
    return presentNote(note!);
  });

  /**
   * The notes of one patient, booking, kit or test result: 404 when that record is unknown or its patient outside the
   * reader's scope; notes of another patient that reference it (only in clear for that patient's readers) are left out.
   */
  const list = async (req: FastifyRequest, scope: NoteScope) => {
    const actor = actorOf(req);
    assertClinicalAccess(actor);
    const subject = await subjectOf(pool, scope);
    if (!subject) throw notFound(`no such ${scope.by === 'testResult' ? 'test result' : scope.by}`);
    assertInScope(actor, subject, `no such ${scope.by === 'testResult' ? 'test result' : scope.by}`);
    const q = req.query as z.infer<typeof listQuery>;
    const where = [scopeWhere(scope)];
    const params: unknown[] = [scope.id];
    where.push(scopeSql(actor, (v) => `$${params.push(v)}`).inScope('p.state'));
    if (q.q) where.push(`(n.note ILIKE $${params.push(`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} OR n.author_name ILIKE $${params.length})`);
    const whereSql = where.join(' AND ');
    const [rows, count] = await Promise.all([
      pool.query<NoteRow>(`SELECT ${NOTE_COLUMNS} FROM chart_notes n JOIN patients p ON p.id = n.person_id WHERE ${whereSql}
        ORDER BY n.created_at DESC, n.id DESC LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`, params),
      pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM chart_notes n JOIN patients p ON p.id = n.person_id WHERE ${whereSql}`, params),
    ]);
    await writeAuditMany(pool, req, 'READ', 'chart_note', rows.rows.map((r) => ({ entityId: r.id, patientId: r.personId })));
    return { items: rows.rows.map(presentNote), total: count.rows[0].n };
  };
  const reads = read(CLINICAL_DATA_ROLES, { licenceBound: true });
  const listSchema = (id: z.ZodType) => ({ tags: ['chart notes'], params: z.strictObject({ id }), querystring: listQuery,
    response: { 200: z.object({ items: z.array(noteSchema), total: z.number() }), ...err } });
  const ref = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
  app.get('/secure/chartNote/patient/:id', { config: reads, schema: listSchema(z.guid()) }, (req) => list(req, { by: 'patient', id: (req.params as { id: string }).id }));
  app.get('/secure/chartNote/booking/:id', { config: reads, schema: listSchema(ref) }, (req) => list(req, { by: 'booking', id: (req.params as { id: string }).id }));
  app.get('/secure/chartNote/kit/:id', { config: reads, schema: listSchema(ref) }, (req) => list(req, { by: 'kit', id: (req.params as { id: string }).id }));
  app.get('/secure/chartNote/testResult/:id', { config: reads, schema: listSchema(z.guid()) }, (req) => list(req, { by: 'testResult', id: (req.params as { id: string }).id }));

  /** The signed-in author's latest draft for a patient (and reference): the dialog loads it on opening. */
  app.get('/secure/chartNote/latestDraft', {
    config: read(CLINICAL_DATA_ROLES),
    schema: {
      tags: ['chart notes'],
      querystring: z.strictObject({ personId: z.guid(), referenceId: ref.optional(), referenceType: z.enum(NOTE_INPUT_REFERENCE_TYPES).optional() }),
      response: { 200: z.object({ draft: noteSchema.nullable() }), ...err },
    },
  }, async (req) => {
    const actor = actorOf(req);
    assertClinicalAccess(actor);
    const q = req.query as { personId: string; referenceId?: string; referenceType?: string };
    const subject = await subjectOf(pool, { by: 'patient', id: q.personId });
    if (!subject) throw notFound('no such patient');
    assertInScope(actor, subject, 'no such patient');
    const params: unknown[] = [actor.sub, q.personId];
    let refSql = '';
    const stored = await storedReference(pool, q.personId, q.referenceId, q.referenceId ? (q.referenceType ?? 'BOOKING') : null);
    if (stored.referenceId) refSql = ` AND n.reference_id = $${params.push(stored.referenceId)} AND n.reference_type = $${params.push(stored.referenceType)}`;
    const { rows } = await pool.query<NoteRow>(`SELECT ${NOTE_COLUMNS} FROM chart_notes n JOIN patients p ON p.id = n.person_id
      WHERE n.author_id = $1 AND n.person_id = $2 AND n.status = 'DRAFT'${refSql} ORDER BY n.updated_at DESC LIMIT 1`, params);
    if (rows[0]) await writeAudit(pool, req, { action: 'READ', entityType: 'chart_note', entityId: rows[0].id, patientId: q.personId, outcome: 'SUCCESS' });
    return { draft: rows[0] ? presentNote(rows[0]) : null };
  });
}

async function loadNote(db: import('pg').PoolClient, id: string): Promise<NoteRow | undefined> {
  const { rows } = await db.query<NoteRow>(`SELECT ${NOTE_COLUMNS} FROM chart_notes n JOIN patients p ON p.id = n.person_id WHERE n.id = $1`, [id]);
  return rows[0];
}
