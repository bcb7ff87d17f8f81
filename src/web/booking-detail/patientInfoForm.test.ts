import { describe, expect, it } from 'vitest';
import { BOOKING_FIELD_TEXT } from '../../domain/i18n/en/booking-detail';
import { detail } from '../test-utils/bookingDetailFixtures';
import { checkPatientInfo, patientInfoValues } from './patientInfoForm';

describe('Update Patient Info checks', () => {
  it('an empty first name or a zip "ABCDE" gets the shared schema\'s friendly text, and nothing is sent', () => {
    const b = detail();
    const outcome = checkPatientInfo(b, { ...patientInfoValues(b), firstName: ' ', zip: 'ABCDE', reasonOrComments: 'typo' });
    expect(outcome).toEqual({
      kind: 'errors',
      errors: { firstName: 'Please enter the first name', zip: 'Zip is 5 digits, or 5+4 (89104 or 89104-1234)' },
    });
    expect(BOOKING_FIELD_TEXT.zip).not.toMatch(/\^|\\d/); // never the pattern
  });

  it('an empty zip is no zip; a 5+4 zip is sent', () => {
    const b = detail();
    expect(checkPatientInfo(b, { ...patientInfoValues(b), zip: '', reasonOrComments: 'moved' })).toMatchObject({ kind: 'send', body: { zip: null } });
    expect(checkPatientInfo(b, { ...patientInfoValues(b), zip: '89104-1234', reasonOrComments: 'moved' })).toMatchObject({
      kind: 'send',
      body: { zip: '89104-1234' },
    });
  });
});
