import { describe, expect, it } from 'vitest';
import { calendarLinkSchema, clinicianProfileUpdateSchema, isValidCalendarLink } from '../clinician/clinician-profile';
import { prescriptionItemSchema } from '../prescriptions/prescriptions';
import { clinicianTemplateInputSchema } from '../templates/templates';

/** The first message a schema gives for a field, as the form and the server's refusal show it. */
const messageOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path[0] === field)?.message;

const profile = {
  firstName: 'Jane',
  lastName: 'Doe',
  dob: '1984-05-15',
  personalEmail: 'jane@example.test',
  address1: '1 Main St',
  address2: 'Suite 5',
  city: 'Las Vegas',
  state: 'NV',
  zip: '89104',
};

describe('validation texts people read are plain language (no validator wording, no field names)', () => {
  it('profile: a 600-character fun fact and a missing address line', () => {
    expect(messageOf(clinicianProfileUpdateSchema.safeParse({ ...profile, funFact: 'x'.repeat(600) }), 'funFact')).toBe(
      'Fun fact must be at most 500 characters',
    );
    expect(messageOf(clinicianProfileUpdateSchema.safeParse({ ...profile, address1: ' ' }), 'address1')).toBe('Address line 1 is required');
    expect(messageOf(clinicianProfileUpdateSchema.safeParse({ ...profile, address2: '' }), 'address2')).toBe('Address line 2 is required');
    expect(messageOf(clinicianProfileUpdateSchema.safeParse({ ...profile, city: '' }), 'city')).toBe('City is required');
    expect(messageOf(clinicianProfileUpdateSchema.safeParse({ ...profile, firstName: '' }), 'firstName')).toBe('First name is required');
  });
  it('prescription: a quantity of 99999', () => {
    const item = { treatmentId: 'med_1', instructions: 'daily', quantity: 99999, refills: 0 };
    expect(messageOf(prescriptionItemSchema.safeParse(item), 'quantity')).toBe('Quantity must be at most 10000');
  });
  it('template: an empty name or text', () => {
    expect(messageOf(clinicianTemplateInputSchema.safeParse({ name: 'T', description: '' }), 'description')).toBe('Please enter the template text');
    expect(messageOf(clinicianTemplateInputSchema.safeParse({ name: ' ', description: 'x' }), 'name')).toBe('Please enter a template name');
  });
  it('calendar link with a space: refused by the one rule the form and the server share', () => {
    expect(isValidCalendarLink('https://exa mple.com')).toBe(false);
    expect(calendarLinkSchema.safeParse({ calendarLink: 'https://exa mple.com' }).success).toBe(false);
  });
});
