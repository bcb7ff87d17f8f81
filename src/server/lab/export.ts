import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { Readable } from 'node:stream';
import { ageYearsMonths, csvLine } from '../../domain/csv';
import type { LabListQuery } from '../../domain/lab-api';
import { writeAuditMany } from '../audit/audit';
import { actorOf } from '../auth/secure-plugin';
import { labListSql, type LabKind } from './list-query';
import { labRowInScope, toLabRow, type LabDbRow } from './rows';

export const LAB_CSV_HEADER = ['Patient Name', 'Preferred Name', 'Patient Email', 'Kit ID', 'Results Status', 'Clinician', 'Lab Date',
  'Results', 'Patient Sex at Birth', 'Patient DOB', 'Age', 'Phone Number', 'Allergies', 'Current Medications', 'Current Symptoms',
  'Patient State', 'Product Name'];

const BATCH = 1000;

/**
 * Streams every matching row as CSV, in pages of 1000, masked like the list and audited per record (a masked row
 * without its patient id), so an export never holds the whole table in memory.
 */
export async function streamLabCsv(pool: Pool, req: FastifyRequest, reply: FastifyReply, kind: LabKind, query: LabListQuery) {
  const actor = actorOf(req);
  async function* lines() {
    yield csvLine(LAB_CSV_HEADER);
    for (let page = 1; ; page += 1) {
      const sql = labListSql(kind, { ...query, page, perPage: BATCH }, actor);
      const { rows } = await pool.query<LabDbRow>(sql.select, sql.params);
      await writeAuditMany(pool, req, 'EXPORT', kind === 'request' ? 'lab_request' : 'test_result',
        rows.map((r) => ({ entityId: r.kitId, patientId: labRowInScope(r, actor) ? r.patientId : null })));
      for (const r of rows) {
        const row = toLabRow(r, actor);
        yield csvLine([row.user?.name, row.user?.preferredName, row.user?.email, row.kitId, row.status,
          row.clinician ? `${row.clinician.firstName} ${row.clinician.lastName}` : 'Unassigned', row.labDate,
          row.results.map((l) => `${l.testName}: ${l.result ?? ''}`).join('; '), row.user?.genderAtBirth, row.user?.dob,
          ageYearsMonths(row.user?.dob), row.user?.phoneNumber, row.user?.allergies, row.medications, row.symptoms,
          row.patientState, row.productName]);
      }
      if (rows.length < BATCH) break;
    }
  }
  const name = kind === 'request' ? 'lab-requests' : 'lab-results';
  reply.header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .header('cache-control', 'no-store');
  return reply.send(Readable.from(lines()));
}
