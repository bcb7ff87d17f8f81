import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { installErrorHandlers } from '../errors';
import { installZodCompilers, type ZodApp } from './validation';
import { fieldLabel } from './field-labels';

async function appWith(schema: { body?: z.ZodType; querystring?: z.ZodType }) {
  const app = Fastify() as unknown as ZodApp;
  installZodCompilers(app);
  installErrorHandlers(app, false);
  app.post('/x', { schema }, async () => ({ ok: true }));
  await app.ready();
  return app;
}
const post = async (app: ZodApp, body: unknown, query = '') =>
  (await app.inject({ method: 'POST', url: `/x${query}`, payload: body as object })).json();

describe('validation errors answer a field and a sentence, never zod text', () => {
  it('a too long query string names the field and the limit', async () => {
    const app = await appWith({ querystring: z.object({ name: z.string().max(120).optional() }) });
    expect(await post(app, {}, `?name=${'a'.repeat(121)}`)).toEqual({
      msg: 'Invalid request',
      reason: 'Name must be at most 120 characters',
      field: 'name',
    });
  });

  it.each([
    [z.object({ calendarLink: z.string().min(3) }), { calendarLink: 'ab' }, 'calendarLink', 'Calendar link must be at least 3 characters'],
    [z.object({ name: z.string().min(1) }), { name: '' }, 'name', 'Name is required'],
    [z.object({ name: z.string() }), {}, 'name', 'Name is required'],
    [z.object({ quantity: z.number().int().max(10000) }), { quantity: 99999 }, 'quantity', 'Quantity must be at most 10000'],
    [z.object({ amountPaid: z.number().min(0) }), { amountPaid: -50 }, 'amountPaid', 'Amount paid cannot be negative'],
    [z.object({ amount: z.number().positive() }), { amount: -50 }, 'amount', 'Amount must be greater than 0'],
    [z.object({ amount: z.number() }), { amount: 'ten' }, 'amount', 'Amount must be a number'],
    [z.object({ type: z.enum(['A', 'B']) }), { type: 'C' }, 'type', 'Type must be one of: A, B'],
    [z.object({ personalEmail: z.email() }), { personalEmail: 'x' }, 'personalEmail', 'Personal email must be a valid e-mail'],
    [z.object({ dob: z.iso.date() }), { dob: '31/12/2020' }, 'dob', 'Date of birth must be a date (yyyy-mm-dd)'],
    [z.object({ patientId: z.guid() }), { patientId: 'x' }, 'patientId', 'Patient ID is not valid'],
    [z.strictObject({ a: z.string() }), { a: 'x', clinicianId: 'y' }, 'clinicianId', 'Clinician ID is not an accepted field'],
    [
      z.object({ items: z.array(z.object({ note: z.string().max(5) })) }),
      { items: [{ note: 'toolong' }] },
      'items.0.note',
      'Note must be at most 5 characters',
    ],
    [z.object({ description: z.string().min(1, 'description is required') }), { description: '' }, 'description', 'description is required'],
  ])('%#: %j', async (body, payload, field, reason) => {
    const app = await appWith({ body });
    expect(await post(app, payload)).toEqual({ msg: 'Invalid request', reason, field });
  });

  it('several issues: the first field, the sentences joined', async () => {
    const app = await appWith({ body: z.object({ a: z.string().max(2), b: z.string().max(3) }) });
    expect(await post(app, { a: 'xxx', b: 'yyyy' })).toEqual({
      msg: 'Invalid request',
      reason: 'A must be at most 2 characters; B must be at most 3 characters',
      field: 'a',
    });
  });
});

describe('fieldLabel', () => {
  it('puts names into words', () => {
    expect(fieldLabel('calendarLink')).toBe('Calendar link');
    expect(fieldLabel('patient_dob')).toBe('Patient date of birth');
    expect(fieldLabel('q')).toBe('Search text');
    expect(fieldLabel('items.3.kitId')).toBe('Kit ID');
    expect(fieldLabel('body')).toBe('The request');
  });
});
