import { describe, expect, it } from 'vitest';
import { checkInProgress, identityFileRefusal, identityReviewRefusal, identityStatus, identityUploadSchema } from './booking-identity';

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
  it('Identity Documents: the accepted types, and the size limit stated', () => {
    expect(identityFileRefusal('notes.txt', 10)).toBe('Only .pdf, .jpg, .jpeg and .png files are accepted');
    expect(identityFileRefusal('big.PNG', 12 * 1024 * 1024)).toBe('The file is larger than the 10 MB limit');
    expect(identityFileRefusal('id.jpeg', 1024)).toBeNull();
  });
});

describe('identity upload form', () => {
  const issue = (type: 'IDENTITY_PASSPORT' | 'SELFIE', file: unknown) => identityUploadSchema(type).safeParse({ file }).error?.issues[0]?.message;
  it('asks for a file (ID) or a photo (selfie), then applies the type and size rules', () => {
    expect(issue('IDENTITY_PASSPORT', null)).toBe('Please select a file to upload');
    expect(issue('SELFIE', undefined)).toBe('Please select a photo to upload');
    expect(issue('SELFIE', { name: 'me.gif', size: 1 })).toBe('Only .pdf, .jpg, .jpeg and .png files are accepted');
    expect(issue('SELFIE', { name: 'me.png', size: 50 * 1024 * 1024 })).toBe('The file is larger than the 10 MB limit');
    expect(issue('IDENTITY_PASSPORT', { name: 'id.pdf', size: 10 })).toBeUndefined();
  });
});
