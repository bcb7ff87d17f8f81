import { describe, expect, it } from 'vitest';
import {
  actionRefusal,
  BOOKING_ACTIONS,
  checkInProgress,
  identityReviewRefusal,
  identityStatus,
  isProductPaid,
  kitFormMissing,
  kitFormMissingText,
  identityFileRefusal,
  orderKitSchema,
  patientInfoErrors,
  productTotals,
  stripLineBreaks,
  updatePatientInfoSchema,
  updateProductSchema,
  withinCancelWindow,
  type BookingProduct,
} from './booking-detail';

const facts = {
  isReadOnly: false,
  readOnlyReason: null,
  hasReadAccessToClinicalData: true,
  restrictClinicalDataAccessReason: null,
  bookingStatus: 'BOOKED_CONFIRMED',
};
const rule = (key: string) => BOOKING_ACTIONS.find((a) => a.key === key)!;

describe('action permission check', () => {
  it('refuses a read-only booking first, with its reason', () => {
    expect(actionRefusal({ ...facts, isReadOnly: true, readOnlyReason: 'Read-only role', bookingStatus: 'COMPLETED' }, rule('labOrder'))).toBe(
      'Action not permitted. Reason: Read-only role',
    );
  });
  it('refuses clinical actions without clinical read access, but not the others', () => {
    const f = { ...facts, hasReadAccessToClinicalData: false, restrictClinicalDataAccessReason: 'No licence for the patient state' };
    expect(actionRefusal(f, rule('completeClinical'))).toBe('Action not permitted. Reason: No licence for the patient state');
    expect(actionRefusal(f, rule('appointmentNotes'))).toBeNull();
  });
  it('refuses booking changes on a terminal booking but allows follow-up actions', () => {
    const f = { ...facts, bookingStatus: 'CANCELLED' };
    expect(actionRefusal(f, rule('cancel'))).toBe('Action not permitted. Booking reached terminal status: CANCELLED');
    expect(actionRefusal(f, rule('chartingNotes'))).toBeNull();
  });
  it('lists 13 actions', () => expect(BOOKING_ACTIONS).toHaveLength(13));
});

describe('40-minute window', () => {
  it('is inside at exactly 2400 s and when past, outside at 2401 s', () => {
    expect(withinCancelWindow(10_000 + 2400, 10_000)).toBe(true);
    expect(withinCancelWindow(10_000 - 60, 10_000)).toBe(true);
    expect(withinCancelWindow(10_000 + 2401, 10_000)).toBe(false);
  });
});

describe('self check-in percent', () => {
  it('rounds to tens over six steps with its colour', () => {
    expect(checkInProgress([])).toEqual({ percent: 0, colour: 'error', completed: false });
    expect(checkInProgress(['CREATE_ACC', 'UPLOAD_GOV_ID'])).toMatchObject({ percent: 30, colour: 'error' });
    expect(checkInProgress(['CREATE_ACC', 'UPLOAD_GOV_ID', 'PAYMENT'])).toMatchObject({ percent: 50, colour: 'warning' });
    expect(checkInProgress(['CREATE_ACC', 'UPLOAD_GOV_ID', 'UPLOAD_ID_SELFIE', 'PAYMENT'])).toMatchObject({ percent: 70 });
    expect(
      checkInProgress(['CREATE_ACC', 'UPLOAD_GOV_ID', 'UPLOAD_ID_SELFIE', 'SIGN_WAIVER_CONSENT_FORM', 'IN_TAKE_FORM', 'PAYMENT', 'PAYMENT']),
    ).toEqual({ percent: 100, colour: 'success', completed: true });
  });
});

describe('products', () => {
  const p = (o: Partial<BookingProduct>): BookingProduct => ({
    uniqueId: 'u',
    id: 'p',
    slug: 's',
    name: 'n',
    variantId: null,
    variantName: null,
    unitPrice: 10,
    qty: 1,
    paymentStatus: 'UNPAID',
    reasonOrComment: null,
    discountType: null,
    discountValue: null,
    ...o,
  });
  it('counts a product as paid when its status is present and not UNPAID', () => {
    expect(isProductPaid(p({ paymentStatus: 'UNPAID' }))).toBe(false);
    expect(isProductPaid(p({ paymentStatus: null }))).toBe(false);
    expect(isProductPaid(p({ paymentStatus: 'PAID' }))).toBe(true);
  });
  it('totals paid and unpaid lines with discounts and 8 % tax in cents', () => {
    const t = productTotals([
      p({ unitPrice: 49.99, qty: 2, discountType: 'PERCENT', discountValue: 10 }),
      p({ unitPrice: 20, paymentStatus: 'PAID' }),
    ]);
    expect(t).toEqual({ netTotalPaid: 20, taxTotalPaid: 1.6, grossTotalPaid: 21.6, netTotalUnpaid: 89.98, taxUnPaid: 7.2, grossTotalUnpaid: 97.18 });
  });
});

describe('identity', () => {
  it('says what is missing before the decision', () => {
    expect(identityStatus({}, null)).toBe('No identity docs available');
    expect(identityStatus({ SELFIE: 'k' }, true)).toBe('Incomplete');
    expect(identityStatus({ IDENTITY_PASSPORT: 'a', SELFIE: 'b' }, null)).toBe('Verification pending');
    expect(identityStatus({ IDENTITY_DRIVER_LICENSE: 'a', SELFIE: 'b' }, false)).toBe('Rejected');
    expect(identityStatus({ IDENTITY_PASSPORT: 'a', SELFIE: 'b' }, true)).toBe('Verified');
  });
  it('allows one review only', () => {
    const docs = { IDENTITY_PASSPORT: 'a', SELFIE: 'b' };
    expect(identityReviewRefusal(docs, null)).toBeNull();
    expect(identityReviewRefusal(docs, false)).toMatch(/already reviewed/);
    expect(identityReviewRefusal({ SELFIE: 'b' }, null)).toMatch(/Both/);
  });
});

describe('forms', () => {
  it('needs the LIFESCAN requisition number only for LIFESCAN', () => {
    const form = { panelName: 'HPV', labName: 'LIFESCAN', sampleTakenDate: '2026-11-21', medications: 'none', notes: 'none' } as const;
    expect(kitFormMissing(form)).toEqual(['lifescanReqNum']);
    expect(kitFormMissing({ ...form, labName: 'CDD' })).toEqual([]);
    expect(orderKitSchema.safeParse(form).error?.issues[0].message).toBe(
      'Missing required value for Lifescan Req Num. Enter "none" if nothing to enter',
    );
    expect(orderKitSchema.safeParse({ ...form, labName: 'CDD', panelName: 'Made-up Panel' }).error?.issues[0].message).toBe('Unknown panel');
    expect(orderKitSchema.safeParse({ ...form, labName: 'CDD', panelName: 'HPV' }).success).toBe(true);
    expect(kitFormMissingText(['panelName', 'notes'])).toBe('Missing required value for Panel Name, Notes. Enter "none" if nothing to enter');
  });
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

  it('Identity Documents: the accepted types, and the size limit stated', () => {
    expect(identityFileRefusal('notes.txt', 10)).toBe('Only .pdf, .jpg, .jpeg and .png files are accepted');
    expect(identityFileRefusal('big.PNG', 12 * 1024 * 1024)).toBe('The file is larger than the 10 MB limit');
    expect(identityFileRefusal('id.jpeg', 1024)).toBeNull();
  });
});
