import { describe, expect, it } from 'vitest';
import { formatApiError, plainReason } from './errors';

describe('formatApiError (spec 1 §8)', () => {
  it('uses msg and reason from the response', () => {
    expect(formatApiError({ response: { status: 409, data: { msg: 'Conflict', reason: 'already assigned' } } }))
      .toEqual({ message: 'Conflict.Reason: already assigned', status: 409 });
  });
  it('defaults msg and reason', () => {
    expect(formatApiError({ response: { status: 500, data: {} } }).message).toBe('Internal server error.Reason: unknown cause');
    expect(formatApiError({ response: { status: 502, data: 'not json' } }).message).toBe('Internal server error.Reason: unknown cause');
  });
  it('shows status NA when missing', () => {
    expect(formatApiError({ response: { data: { msg: 'x' } } })).toEqual({ message: 'x.Reason: unknown cause', status: 'NA' });
  });
  it('has the two no-response texts', () => {
    expect(formatApiError({ requestSent: true })).toEqual({ message: 'Error setting up request to serve.Try again,report if persist', status: 'NA' });
    expect(formatApiError({})).toEqual({ message: 'Failed calling server.Try again,report if persist', status: 'NA' });
  });
});

describe('plainReason: a schema refusal in words a user reads', () => {
  it('names the field and the limit instead of the validator text', () => {
    expect(plainReason('querystring.name: Too big: expected string to have <=120 characters')).toBe('Name must be at most 120 characters');
    expect(plainReason('body.funFact: Too big: expected string to have <=500 characters')).toBe('Fun fact must be at most 500 characters');
    expect(plainReason('body.prescriptions.0.quantity: Too big: expected number to be <=10000')).toBe('Quantity must be at most 10000');
    expect(plainReason('body.refills: Too small: expected number to be >=0')).toBe('Refills must be at least 0');
    expect(plainReason('body.city: Too small: expected string to have >=1 characters')).toBe('City is required');
    expect(plainReason('body.address1: Invalid input: expected string, received undefined')).toBe('Address 1 is required');
    expect(plainReason('querystring.patient_dob: Invalid input: expected date')).toBe('Patient dob is not valid');
  });
  it('keeps a rule\'s own text without its location, and every issue', () => {
    expect(plainReason('body.description: description is required')).toBe('description is required');
    expect(plainReason('body.calendarLink: Please enter a valid https link; body.zip: Too big: expected string to have <=10 characters'))
      .toBe('Please enter a valid https link; Zip must be at most 10 characters');
  });
  it('leaves the server\'s other reasons as they are', () => {
    expect(plainReason('No changes to update')).toBe('No changes to update');
    expect(plainReason('read-only role cannot write')).toBe('read-only role cannot write');
  });
});
