import { z } from 'zod';
import { resultLineSchema, type LabListQuery } from '../../domain/lab/lab-api';
import { optionsForEntry, PRODUCT_PANELS } from '../../domain/lab/test-panels';
import { assertClinicalAccess } from '../auth/access';
import type { DataAccess } from '../data/access';
import type { LabKind } from './repository-lists';

/** One page of lab requests or lab results (clinical data: clinical roles only), masked per row and audited. */
export function listLab(data: DataAccess, kind: LabKind, query: LabListQuery) {
  assertClinicalAccess(data.actor);
  return data.lab.list(kind, query);
}

/** One test result; 404 means "not yet available", and also "outside your licence states" (never told apart). */
export function getTestResult(data: DataAccess, kitId: string) {
  assertClinicalAccess(data.actor);
  return data.lab.result(kitId);
}

/** The result form of a kit: its result lines so far, else the product's panel with empty values. */
export async function resultForm(data: DataAccess, kitId: string) {
  assertClinicalAccess(data.actor);
  const kit = await data.lab.resultFormKit(kitId);
  const existing = z.array(resultLineSchema.partial()).safeParse(kit.results).data ?? [];
  const entries =
    existing.length > 0
      ? existing.map((l, i) => ({
          testName: l.testName ?? '',
          testValue: l.result ?? '',
          newTest: false,
          testId: `T${i + 1}`,
          options: optionsForEntry(l.result),
        }))
      : (PRODUCT_PANELS[kit.product_name] ?? []).map((name, i) => ({
          testName: name,
          testValue: '',
          newTest: false,
          testId: `T${i + 1}`,
          options: optionsForEntry(''),
        }));
  return { kitId, productName: kit.product_name, labName: kit.lab_name, entries };
}
