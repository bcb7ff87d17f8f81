import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { licenceStates } from '../../domain/clinician/licenses';
import { permissionsFor, type Role } from '../../domain/shared/roles';
import type { Actor } from './actor';
import { accessOf, accessSchemas, present, scopeSql } from './scope';

const actor = (roles: Role[], valid: string[] = []): Actor => ({
  sub: 'u1',
  email: null,
  givenName: 'A',
  familyName: 'B',
  groups: roles,
  roles,
  permissions: permissionsFor(roles),
  clinician: null,
  licenceStates: licenceStates(
    valid.map((state) => ({ state, expirationDate: '2099-12-31', goodStanding: true, verified: true })),
    '2026-01-01',
  ),
  breakGlass: [],
});
const jane = actor(['clinicians'], ['NV', 'CO']);

function sqlFor(a: Actor) {
  const params: unknown[] = [];
  return { sql: scopeSql(a, (v) => `$${params.push(v)}`), params };
}

describe('scopeSql', () => {
  it('binds the valid states once, as a parameter, for a licence-bound clinician', () => {
    const { sql, params } = sqlFor(jane);
    expect(sql.inScope('k.patient_state', 'k.patient_id')).toBe('(k.patient_id IS NULL OR COALESCE(k.patient_state = ANY($1::text[]), false))');
    expect(sql.onlyInScope('p.email = $9', 'p.state')).toBe('(COALESCE(p.state = ANY($1::text[]), false) AND p.email = $9)');
    expect(sql.sortKey('p.last_name', 'p.state')).toBe('(CASE WHEN COALESCE(p.state = ANY($1::text[]), false) THEN p.last_name END)');
    expect(params).toEqual([['CO', 'NV']]);
  });
  it('a break-glass patient is in scope by its id, bound once as a parameter; an expression without an id never widens', () => {
    const glass = { ...jane, breakGlass: ['11111111-1111-4111-8111-111111111111'] };
    const { sql, params } = sqlFor(glass);
    expect(sql.inScope({ state: 'p.state', id: 'p.id' })).toBe(
      '(COALESCE(p.state = ANY($1::text[]), false) OR COALESCE(p.id = ANY($2::uuid[]), false))',
    );
    expect(sql.inScope('k.patient_state', 'k.patient_id')).toBe(
      '(k.patient_id IS NULL OR (COALESCE(k.patient_state = ANY($1::text[]), false) OR COALESCE(k.patient_id = ANY($2::uuid[]), false)))',
    );
    expect(sql.inScope('p.state')).toBe('COALESCE(p.state = ANY($1::text[]), false)');
    expect(params).toEqual([['CO', 'NV'], glass.breakGlass]);
    expect(accessOf(glass, { patientState: 'TX', patientId: glass.breakGlass[0] })).toBe('clinical');
    expect(accessOf(glass, { patientState: 'TX', patientId: '22222222-2222-4222-8222-222222222222' })).toBe('masked');
  });
  it('leaves every expression as it is for readers not limited by state (their plans do not change)', () => {
    for (const roles of [['auditor_read_only'], ['super_admin'], ['staff'], ['clinicians', 'super_admin']] as Role[][]) {
      const { sql, params } = sqlFor(actor(roles));
      expect(sql.inScope('p.state')).toBe('TRUE');
      expect(sql.onlyInScope('p.email = $1', 'p.state')).toBe('p.email = $1');
      expect(sql.sortKey('p.last_name', 'p.state')).toBe('p.last_name');
      expect(params).toEqual([]);
    }
  });
});

describe('present', () => {
  const full = z.object({ id: z.string(), name: z.string(), allergies: z.string().nullable(), masked: z.boolean() });
  const schemas = accessSchemas(full, full.omit({ allergies: true }));
  const row = { id: 'r1', name: 'Ann Lee', allergies: 'Penicillin', masked: false, extra: 'not in any allowlist' };

  it('strips what the access level may not read, and anything outside the allowlist', () => {
    expect(present(accessOf(jane, { patientState: 'NV', patientId: null }), row, schemas)).toEqual({
      id: 'r1',
      name: 'Ann Lee',
      allergies: 'Penicillin',
      masked: false,
    });
    expect(present(accessOf(actor(['staff']), { patientState: 'TX', patientId: null }), row, schemas)).toEqual({
      id: 'r1',
      name: 'Ann Lee',
      masked: false,
    });
  });
  it('masks a record outside the scope', () => {
    expect(present(accessOf(jane, { patientState: 'TX', patientId: null }), row, schemas)).toMatchObject({
      name: 'XXXXXX',
      allergies: 'XXXXXX',
      masked: true,
    });
  });
});
