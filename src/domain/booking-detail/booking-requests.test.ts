import { describe, expect, it } from 'vitest';
import { patientInfoErrors, stripLineBreaks, updatePatientInfoSchema, updateProductSchema } from './booking-requests';

describe('forms', () => {
  it('checks e-mail, phone, mobile and the reason of a patient-info update', () => {
    expect(patientInfoErrors({ email: 'a@b.co', phone: '17025550100', mobile: '7025550100', reasonOrComments: 'fix' })).toEqual({});
    expect(patientInfoErrors({ email: 'nope', phone: '702-555', mobile: '123', reasonOrComments: ' ' })).toEqual({
      email: 'Please enter a valid email',
      phone: 'Please enter valid phone number without any special characters',
      mobile: 'Mobile No should be 10 Digits',
      updateReason: 'Please enter a reason for patient info update',
    });
  });
  it('strips line breaks from a summary', () => expect(stripLineBreaks('a\r\nb\n\nc\n')).toBe('a b c'));
});

describe('friendly field messages from the shared schemas', () => {
  const info = {
    id: 'BK1',
    firstName: 'Ann',
    lastName: 'Lee',
    dob: null,
    email: 'a@example.com',
    mobile: null,
    phone: null,
    address1: null,
    address2: null,
    city: null,
    state: 'NV',
    zip: '89104',
    genderAtBirth: null,
    pronoun: null,
    reasonOrComments: 'typo',
  };
  const messageOf = (r: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, field: string) =>
    r.error?.issues.find((i) => i.path[0] === field)?.message;

  it('Update Patient Info: first name, last name and zip say what is expected, never the pattern', () => {
    expect(messageOf(updatePatientInfoSchema.safeParse({ ...info, firstName: ' ' }), 'firstName')).toBe('Please enter the first name');
    expect(messageOf(updatePatientInfoSchema.safeParse({ ...info, lastName: '' }), 'lastName')).toBe('Please enter the last name');
    expect(messageOf(updatePatientInfoSchema.safeParse({ ...info, zip: 'ABCDE' }), 'zip')).toBe('Zip is 5 digits, or 5+4 (89104 or 89104-1234)');
  });

  it('Edit Product: quantity and price state their range', () => {
    const product = { uniqueId: 'u1', name: 'Test', qty: 1, unitPrice: 10, reasonOrComment: 'fix' };
    expect(messageOf(updateProductSchema.safeParse({ ...product, qty: 10_000 }), 'qty')).toBe('Quantity is a whole number from 1 to 100');
    expect(messageOf(updateProductSchema.safeParse({ ...product, qty: 1.5 }), 'qty')).toBe('Quantity is a whole number from 1 to 100');
    expect(messageOf(updateProductSchema.safeParse({ ...product, unitPrice: -1 }), 'unitPrice')).toBe('Price is from $0.00 to $100,000.00, in cents');
    expect(messageOf(updateProductSchema.safeParse({ ...product, unitPrice: 1.005 }), 'unitPrice')).toBe(
      'Price is from $0.00 to $100,000.00, in cents',
    );
    expect(updateProductSchema.safeParse({ ...product, unitPrice: 19.99 }).success).toBe(true);
  });
});
