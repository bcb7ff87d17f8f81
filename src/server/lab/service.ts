import type { Pool } from 'pg';
import { z } from 'zod';
import { labListQuerySchema, resultLineSchema, type LabListQuery } from '../../domain/lab-api';
import { optionsForEntry, PRODUCT_PANELS } from '../../domain/test-panels';
import type { Auditor } from '../audit/auditor';
import { assertClinicalAccess } from '../auth/access';
import type { Actor } from '../auth/actor';
import { notFound } from '../errors';
import type { LabKind } from './list-query';
import { labPage, resultFormRow } from './repository';
import { labRowInScope, toLabRow, type LabDbRow } from './rows';

/** Audits the rows returned; a masked row discloses no patient, so it carries no patient id. */
const auditRows = (pool: Pool, audit: Auditor, kind: LabKind, actor: Actor, rows: LabDbRow[]) =>
  audit.many(pool, 'READ', kind === 'request' ? 'lab_request' : 'test_result',
    rows.map((r) => ({ entityId: r.kitId, patientId: labRowInScope(r, actor) ? r.patientId : null })));

/** One page of lab requests or lab results, masked per row and audited. */
export async function listLab(pool: Pool, actor: Actor, audit: Auditor, kind: LabKind, query: LabListQuery) {
  assertClinicalAccess(actor);
  const { rows, total } = await labPage(pool, kind, query, actor);
  await auditRows(pool, audit, kind, actor, rows);
  return { items: rows.map((r) => toLabRow(r, actor)), total };
}

/** One test result; 404 means "not yet available", and also "outside your licence states" (never told apart). */
export async function getTestResult(pool: Pool, actor: Actor, audit: Auditor, kitId: string) {
  assertClinicalAccess(actor);
  const { rows } = await labPage(pool, 'result', { ...labListQuerySchema.parse({}), kitId }, actor);
  const row = rows[0];
  if (!row || !labRowInScope(row, actor)) throw notFound(`no test result yet for kit ${kitId}`);
  await auditRows(pool, audit, 'result', actor, [row]);
  return toLabRow(row, actor);
}

/** The result form of a kit: its result lines so far, else the product's panel with empty values. */
export async function resultForm(pool: Pool, actor: Actor, audit: Auditor, kitId: string) {
  assertClinicalAccess(actor);
  const kit = await resultFormRow(pool, kitId);
  if (!kit || !labRowInScope({ patientState: kit.patient_state, patientId: kit.patient_id }, actor)) throw notFound(`no kit ${kitId}`);
  const existing = z.array(resultLineSchema.partial()).safeParse(kit.results).data ?? [];
  const entries = existing.length > 0
    ? existing.map((l, i) => ({ testName: l.testName ?? '', testValue: l.result ?? '', newTest: false, testId: `T${i + 1}`, options: optionsForEntry(l.result) }))
    : (PRODUCT_PANELS[kit.product_name] ?? []).map((name, i) => ({ testName: name, testValue: '', newTest: false, testId: `T${i + 1}`, options: optionsForEntry('') }));
  await audit.one(pool, { action: 'READ', entityType: 'test_result_form', entityId: kitId, patientId: kit.patient_id, outcome: 'SUCCESS' });
  return { kitId, productName: kit.product_name, labName: kit.lab_name, entries };
}
