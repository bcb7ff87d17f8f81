import { z } from 'zod';
import { maskRecord } from '../../domain/shared/masking';
import { inPatientScope, patientScope, recordAccess, type PatientScope, type RecordAccess } from '../../domain/shared/scope';
import { noteResolvedPatient } from '../audit/context';
import { notFound } from '../errors';
import { allowlistOf } from '../http/allowlist';
import type { Actor } from './actor';

/**
 * The server side of the one minimum-necessary rule (src/domain/shared/scope.ts): the Actor's scope, the SQL that applies it
 * (with the states as a bound parameter), and the checks single-record reads and record-looking writes share.
 */

const scopes = new WeakMap<Actor, PatientScope>();
/** The Actor's scope, computed once per Actor (one request's; an Actor is never changed) and frozen: lists ask it per row. */
export function scopeOf(actor: Actor): PatientScope {
  let scope = scopes.get(actor);
  if (!scope) {
    const s = patientScope(actor.roles, actor.licenceStates.validStates, actor.breakGlass);
    scope = Object.freeze({ ...s, states: Object.freeze(s.states), breakGlass: Object.freeze(s.breakGlass) });
    scopes.set(actor, scope);
  }
  return scope;
}

/**
 * Where a record's patient is, as its query selected it. `hasPatient: false` only for records without any patient.
 * `patientId`: the patient's id, so that a break-glass session of the clinician for this patient counts (required:
 * every check of the scope goes through the one rule of src/domain/shared/scope.ts, break-glass included).
 */
export interface PatientOf {
  patientState: string | null | undefined;
  hasPatient?: boolean;
  patientId: string | null | undefined;
}

/**
 * Whether the record's patient is in the actor's scope. Every check also tells the request's audit which patient the
 * record resolved to: if the request ends refused (404 outside the scope, 403), its audit row names that patient, so
 * that a probe shows up under the patient it targeted (the caller never learns it).
 */
export function inScope(actor: Actor, p: PatientOf): boolean {
  noteResolvedPatient(p.patientId);
  return inPatientScope(scopeOf(actor), p.patientState, p.hasPatient ?? true, p.patientId);
}
export function accessOf(actor: Actor, p: PatientOf): RecordAccess {
  noteResolvedPatient(p.patientId);
  return recordAccess(scopeOf(actor), p.patientState, p.hasPatient ?? true, p.patientId);
}

/** A single record outside the scope reads exactly like one that does not exist (404, never 403). */
export function assertInScope(actor: Actor, p: PatientOf, notFoundReason: string): void {
  if (!inScope(actor, p)) throw notFound(notFoundReason);
}

/**
 * The allowlists of one response shape per access level: `operational` is `clinical` without the clinical fields.
 * Routes answer `response` (either shape); `present` chooses and strips.
 */
export function accessSchemas<C extends z.ZodObject, O extends z.ZodObject>(clinical: C, operational: O) {
  return { clinical, operational, response: z.union([clinical, operational]) };
}

/**
 * The one presenter of a record: masked (XXXXXX) outside the scope; else through its access level's allowlist (the
 * schema compiled, http/allowlist.ts), so the fields the level may not read are stripped, whatever the query selected.
 */
export function present<C extends z.ZodObject, O extends z.ZodObject>(
  access: RecordAccess,
  row: object,
  schemas: { clinical: C; operational: O },
): z.output<C> | z.output<O> {
  if (access === 'masked') return maskRecord(row as Record<string, unknown>) as z.output<C>;
  return allowlistOf(schemas[access])(row) as z.output<C> | z.output<O>;
}

/**
 * Where a row's patient is in SQL: its state expression, or the state and the patient's id (`{ state: 'p.state', id:
 * 'p.id' }`) so that a break-glass session for the patient counts.
 */
export type PatientSql = string | { state: string; id: string };

/** One way of being in scope (scopeSql's inScopeAny): every row (a reader not bound by licence), or one of a licence-bound
 * clinician's ways, the states' with its bound states (`$n::text[]`). */
export type ScopeWay =
  | { way: 'all'; condition: 'TRUE'; states?: undefined }
  | { way: 'states'; condition: string; states: string }
  | { way: 'noPatient' | 'glass'; condition: string; states?: undefined };

/**
 * A value as a query reads it for a row that may be outside the reader's scope. `seen`: the row's boolean in-scope
 * column, null when every row is open to the reader (the value as it is). Outside the scope the value is NULL, or, for
 * a value whose masked form still shows whether it is set (`showsIfSet`, a text), an empty text when it is: what the
 * masking of the row would keep of it, and nothing more leaves the database.
 */
export function valueForScope(seen: string | null, sql: string, showsIfSet = false): string {
  if (!seen) return sql;
  return showsIfSet ? `CASE WHEN ${seen} THEN ${sql} WHEN ${sql} IS NOT NULL THEN '' END` : `CASE WHEN ${seen} THEN ${sql} END`;
}

/**
 * SQL pieces of the scope for one query. `bind` adds a parameter and answers its placeholder; the states are bound once.
 * For actors that are not licence-bound every piece is the plain expression, so their plans (and indexes) are unchanged.
 */
export function scopeSql(actor: Actor, bind: (value: unknown) => string) {
  const scope = scopeOf(actor);
  let states: string | null = null;
  let glass: string | null = null;
  const statesParam = () => (states ??= `${bind([...scope.states])}::text[]`);
  const glassParam = () => (glass ??= `${bind([...scope.breakGlass])}::uuid[]`);
  /**
   * The ways a licence-bound actor's row is in scope, any one of which is enough: its states; a record without a
   * patient (`patientIdExpr` given); a break-glass patient (an id and a session).
   */
  const waysInScope = (patient: PatientSql, patientIdExpr?: string) => {
    const stateExpr = typeof patient === 'string' ? patient : patient.state;
    const idExpr = patientIdExpr ?? (typeof patient === 'string' ? null : patient.id);
    return {
      inStates: `${stateExpr} = ANY(${statesParam()})`,
      noPatient: patientIdExpr ? `${patientIdExpr} IS NULL` : null,
      glass: idExpr && scope.breakGlass.length > 0 ? `${idExpr} = ANY(${glassParam()})` : null,
    };
  };
  /**
   * TRUE when the row's patient is in the scope. `patientIdExpr`: a record without a patient is in scope (and the id
   * counts for break-glass too).
   */
  const inScopeSql = (patient: PatientSql, patientIdExpr?: string) => {
    if (!scope.licenceBound) return 'TRUE';
    const { inStates, noPatient, glass } = waysInScope(patient, patientIdExpr);
    const statesSql = `COALESCE(${inStates}, false)`;
    const statesOrGlass = glass ? `(${statesSql} OR COALESCE(${glass}, false))` : statesSql;
    return noPatient ? `(${noPatient} OR ${statesOrGlass})` : statesOrGlass;
  };
  return {
    licenceBound: scope.licenceBound,
    inScope: inScopeSql,
    /** A condition on masked fields (a text search) that out-of-scope rows never meet. */
    onlyInScope: (condition: string, patient: PatientSql, patientIdExpr?: string) =>
      scope.licenceBound ? `(${inScopeSql(patient, patientIdExpr)} AND ${condition})` : condition,
    /**
     * The in-scope condition of a licence-bound actor as conditions any one of which puts a row in scope (its states;
     * a record without a patient; a break-glass patient), so that a query can read each through its own index. The
     * states' way also names its bound states, so that a query can read the states one by one.
     * Together they are inScope's condition (a NULL counting as false).
     */
    inScopeAny: (patient: PatientSql, patientIdExpr?: string): ScopeWay[] => {
      if (!scope.licenceBound) return [{ way: 'all', condition: 'TRUE' }];
      const { inStates, noPatient, glass } = waysInScope(patient, patientIdExpr);
      const ways: ScopeWay[] = [{ way: 'states', condition: inStates, states: statesParam() }];
      if (noPatient) ways.push({ way: 'noPatient', condition: noPatient });
      if (glass) ways.push({ way: 'glass', condition: glass });
      return ways;
    },
    /** A sort key that is NULL outside the scope, so with NULLS LAST masked rows follow every real value. */
    sortKey: (column: string, patient: PatientSql, patientIdExpr?: string) =>
      scope.licenceBound ? `(CASE WHEN ${inScopeSql(patient, patientIdExpr)} THEN ${column} END)` : column,
  };
}
