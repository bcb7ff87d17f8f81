import { expect } from 'vitest';
import { MASK } from '../../src/domain/shared/masking';
import { DEMO, type TestApi } from './helpers';

/**
 * Shared checks of the minimum-necessary tests (spec 1 §6; ARCHITECTURE "Minimum necessary"): what an out-of-scope
 * row may still carry, which keys are clinical, and which patient identifiers must never leave the server.
 */

/** Jane Doe's valid licence states (TX is expired); the clinician without a licence has none. */
export const JANE_STATES = ['CA', 'CO', 'NV', 'NY'];

/** The licence-bound clinicians every minimum-necessary test walks. */
export const CALLERS = [
  { who: DEMO.clinician, name: 'Jane (valid NV, CO, CA, NY; TX expired)', states: JANE_STATES },
  { who: DEMO.noLicence, name: 'the clinician without a licence', states: [] as string[] },
];

/** A response row of any shape (lab, kit, order, booking, dashboard rows). */
export type Row = Record<string, any>;

/** Keys that only roles with clinical access receive (anywhere in a response). */
export const CLINICAL_KEYS = [
  'medications',
  'medication',
  'symptoms',
  'allergies',
  'results',
  'summaryStatus',
  'internalNotes',
  'externalNotes',
  'internalNote',
  'externalNote',
  'clinicalNotes',
  'clinicalServiceNotes',
  'closingNotes',
  'customerNotes',
  'panelTestSpecifications',
  'note',
  'noteMessage',
];

/** Every key at any depth of a JSON value. */
export function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

export function expectNoClinicalKeys(body: unknown, where: string) {
  const found = [...keysOf(body)].filter((k) => CLINICAL_KEYS.includes(k));
  expect(found, where).toEqual([]);
}

/** A masked row: every value XXXXXX, null or an empty list, except the keys the spec keeps readable. */
export function expectFullyMasked(row: Record<string, unknown>, where: string, kept: readonly string[] = ['kitId', 'createDateTime', 'id']) {
  expect(row.masked, where).toBe(true);
  const walk = (value: unknown, path: string): void => {
    if (value === null || value === undefined || value === MASK) return;
    if (Array.isArray(value)) {
      expect(value, `${where} ${path}`).toEqual([]);
      return;
    }
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
      return;
    }
    expect(value, `${where} ${path}`).toBe(MASK);
  };
  for (const [k, v] of Object.entries(row)) if (!kept.includes(k) && k !== 'masked') walk(v, k);
}

/** The e-mails and ids of the patients a scope does not cover (a state outside it, or none). */
export async function outsidePatients(api: TestApi, states: readonly string[]) {
  const { rows } = await api.pool.query<{ id: string; email: string }>(
    `SELECT id::text, lower(email) AS email FROM patients WHERE state IS NULL OR NOT (state = ANY($1::text[]))`,
    [states],
  );
  return { ids: new Set(rows.map((r) => r.id)), emails: new Set(rows.map((r) => r.email)) };
}

/** Fails when a response (JSON or CSV text) names a patient outside the scope by e-mail or id. */
export function expectNoIdentifiers(body: unknown, outside: { ids: Set<string>; emails: Set<string> }, where: string) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const emails = (text.match(/[\w.+-]+@example\.com/gi) ?? []).map((e) => e.toLowerCase()).filter((e) => outside.emails.has(e));
  const ids = (text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? []).filter((id) => outside.ids.has(id));
  expect({ emails: [...new Set(emails)].slice(0, 3), ids: [...new Set(ids)].slice(0, 3) }, where).toEqual({ emails: [], ids: [] });
}
