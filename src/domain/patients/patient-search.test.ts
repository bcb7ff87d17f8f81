import { describe, expect, it } from 'vitest';
import {
  barSearchTerm,
  columnFiltersOf,
  criteriaOf,
  normaliseSearch,
  searchCriteriaProblem,
  searchCriteriaSchema,
  searchPhone,
} from './patient-search';

describe('search rules (spec 3 §5, §9)', () => {
  it('the phone is reduced to digits and its last 10', () => {
    expect(searchPhone('+1 (702) 555-0123')).toBe('7025550123');
    expect(searchPhone('17025550123')).toBe('7025550123');
    expect(searchPhone('555-01')).toBe('55501');
  });
  it('the bar needs a type first, more than one character, and lowercases the term', () => {
    expect(barSearchTerm(null, 'smith')).toEqual({ error: 'noType' });
    expect(barSearchTerm(null, '')).toBeNull();
    expect(barSearchTerm('patient_name', 'S')).toBeNull();
    expect(barSearchTerm('patient_name', ' SMith ')).toEqual({ term: 'smith' });
  });
  it('normalises each type; a term that cannot match is null', () => {
    expect(normaliseSearch('patient_dob', '1990-02-30')).toBeNull();
    expect(normaliseSearch('patient_dob', '1990-02-28')).toBe('1990-02-28');
    expect(normaliseSearch('patient_kit_id', 'kt0000012')).toBe('KT0000012');
    expect(normaliseSearch('patient_name', '  Ann   Lee ')).toBe('ann lee');
    expect(normaliseSearch('patient_phone', 'ab')).toBeNull();
  });
  it('a page criterion that cannot be searched names its field and the form it needs; the first one in page order', () => {
    expect(searchCriteriaProblem({ dob: '05/01/1990' })).toEqual({ field: 'dob', reason: 'DOB must be a date written YYYY-MM-DD' });
    expect(searchCriteriaProblem({ dob: '1990-02-30' })?.reason).toBe('DOB must be a date written YYYY-MM-DD');
    expect(searchCriteriaProblem({ phone: 'ab' })).toEqual({ field: 'phone', reason: 'Phone must have at least 3 digits' });
    expect(searchCriteriaProblem({ kitId: 'KT 1' })).toEqual({ field: 'kitId', reason: 'Kit Id must be 2 to 40 letters, digits and dashes' });
    expect(searchCriteriaProblem({ name: 'a' })).toEqual({ field: 'name', reason: 'Name must be at least 2 characters' });
    expect(searchCriteriaProblem({ email: 'x', name: 'y'.repeat(121) })).toEqual({ field: 'email', reason: 'Email must be at least 2 characters' });
    expect(searchCriteriaProblem({ name: 'y'.repeat(121) })).toEqual({ field: 'name', reason: 'Name must be at most 120 characters' });
    expect(searchCriteriaProblem({ name: ' lee ', dob: '1990-05-01', phone: '(702) 555', kitId: 'kt0000012', email: ' ' })).toBeNull();
  });
  it('criteria of the page: the filled ones, in the page order', () => {
    expect(criteriaOf({ name: 'lee', email: ' ', phone: '702' }).map((c) => c.type)).toEqual(['patient_phone', 'patient_name']);
  });
});

describe('columnFiltersOf (the Patients List column filters)', () => {
  it('keeps the filled ones in column order, lowercased with spaces squeezed; the phone as its digits', () => {
    expect(columnFiltersOf({ locationContains: ' Las  Vegas ', nameContains: 'ANN', phoneContains: '(702) 555', emailContains: '  ' })).toEqual([
      { param: 'nameContains', term: 'ann' },
      { param: 'phoneContains', term: '702555' },
      { param: 'locationContains', term: 'las vegas' },
    ]);
    expect(columnFiltersOf({ phoneContains: '()-' })).toEqual([]);
  });
});

describe('search page form', () => {
  it('refuses the first unsearchable criterion under its field with the rule the server applies; blanks and nulls pass', () => {
    const issues = searchCriteriaSchema.safeParse({ email: '', dob: '1990-13-45', phone: 'ab', kitId: null, name: 'Ann' }).error?.issues;
    expect(issues).toEqual([expect.objectContaining({ path: ['dob'], message: 'DOB must be a date written YYYY-MM-DD' })]);
    expect(searchCriteriaSchema.safeParse({ email: null, dob: '', phone: '555-01', kitId: 'KIT-1', name: '' }).success).toBe(true);
  });
});
