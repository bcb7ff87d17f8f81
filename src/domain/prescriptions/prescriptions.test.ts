import { describe, expect, it } from 'vitest';
import {
  createPrescriptionBodySchema,
  fillStateForOrder,
  nextOrderState,
  orderInProgress,
  orderStateLabel,
  patientPrescribingRefusal,
  prescribingPatientOf,
  prescribingSex,
  resultBlocksPrescription,
} from './prescriptions';
import { PRESCRIPTION_TEXT } from '../i18n/en/prescription';

describe('e-prescribing rules', () => {
  it('sex comes from genderAtBirth, falling back to gender, else UNKNOWN', () => {
    expect(prescribingSex('Female', 'Male')).toBe('FEMALE');
    expect(prescribingSex('MALE', null)).toBe('MALE');
    expect(prescribingSex(null, 'female')).toBe('FEMALE');
    expect(prescribingSex('Intersex', 'M')).toBe('MALE');
    expect(prescribingSex('', 'Non-binary')).toBe('UNKNOWN');
    expect(prescribingSex(undefined, undefined)).toBe('UNKNOWN');
  });

  it('a kit result still in review, or missing, blocks the prescription', () => {
    for (const s of ['PRE_PROCESS', 'PENDING_REVIEW', 'NEEDS_CLINICIAN_REVIEW', null, undefined, '']) expect(resultBlocksPrescription(s)).toBe(true);
    for (const s of ['RESULTS_RELEASED', 'COMPLETE', 'NEEDS_CONSULT', 'IN_PROGRESS', 'AUTO_RELEASE_SCHEDULED'])
      expect(resultBlocksPrescription(s)).toBe(false);
    expect(PRESCRIPTION_TEXT.resultsNotReleased).toBe("You can't send prescription until results are released");
  });

  it('refuses a patient without account, DOB or e-mail with the spec texts', () => {
    expect(patientPrescribingRefusal(null)).toBe('Patient account not found');
    expect(patientPrescribingRefusal({ dob: null, email: 'a@b.c' })).toBe('Patient DOB is missing');
    expect(patientPrescribingRefusal({ dob: '1990-01-01', email: null })).toBe('Patient email is missing');
    expect(patientPrescribingRefusal({ dob: '1990-01-01', email: 'a@b.c' })).toBeNull();
  });

  it('the provider patient: country USA, the spec address shape', () => {
    const p = prescribingPatientOf({
      id: 'p1',
      firstName: 'Ann',
      lastName: 'Lee',
      dob: '1990-02-03',
      email: 'ann@example.com',
      phone: '+15551234567',
      gender: 'Female',
      genderAtBirth: null,
      street: '1 Main St',
      street2: null,
      city: 'Reno',
      state: 'NV',
      zip: '89501',
    });
    expect(p.sex).toBe('FEMALE');
    expect(p.address).toEqual({
      name: { first: 'Ann', last: 'Lee' },
      street1: '1 Main St',
      street2: null,
      postalCode: '89501',
      country: 'USA',
      state: 'NV',
      city: 'Reno',
    });
  });

  it('a prescription request carries either the provider order or the local prescriptions', () => {
    const base = { patientId: '7f1c1d2e-1111-4222-8333-444455556666' };
    expect(createPrescriptionBodySchema.safeParse(base).success).toBe(false);
    expect(createPrescriptionBodySchema.safeParse({ ...base, order: { id: 'ord_01H' } }).success).toBe(true);
    const item = { treatmentId: 'trt_1', instructions: 'Take one daily', quantity: '30', refills: '2' };
    const parsed = createPrescriptionBodySchema.parse({ ...base, prescriptions: [item] });
    expect(parsed.prescriptions?.[0]).toMatchObject({ quantity: 30, refills: 2 });
    expect(createPrescriptionBodySchema.safeParse({ ...base, prescriptions: [{ ...item, refills: 12 }] }).success).toBe(false);
  });

  it('order states read in title case without underscores', () => {
    expect(orderStateLabel('ROUTING')).toBe('Routing');
    expect(orderStateLabel('NEEDS_REVIEW')).toBe('Needs Review');
  });
});

describe('the local pharmacy progression of an order', () => {
  it('advances PLACED → ROUTING → PENDING → COMPLETED, one step at a time', () => {
    const seen: string[] = [];
    for (let s: string | null = 'PLACED'; s; s = nextOrderState(s)) seen.push(s);
    expect(seen).toEqual(['PLACED', 'ROUTING', 'PENDING', 'COMPLETED']);
  });
  it('final and unknown states do not advance', () => {
    for (const s of ['COMPLETED', 'CANCELED', 'ERROR', 'BOGUS', '', null, undefined]) {
      expect(nextOrderState(s)).toBeNull();
      expect(orderInProgress(s)).toBe(false);
    }
    expect(orderInProgress('PENDING')).toBe(true);
  });
  it('a fill is NEW until its order is routed, then SENT; CANCELED with its order', () => {
    expect(['PLACED', 'ROUTING', 'PENDING', 'COMPLETED', 'ERROR', 'CANCELED'].map(fillStateForOrder)).toEqual([
      'NEW',
      'SENT',
      'SENT',
      'SENT',
      'NEW',
      'CANCELED',
    ]);
  });
});
