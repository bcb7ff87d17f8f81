import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { labListSchema } from '../../domain/lab/lab-api';
import { bookingRowSchemas, calendarEventSchema } from '../bookings/schemas';
import { compiledResponseSchema, compiledSerializerCompiler } from './serializer';

const compile = (schema: z.ZodType) => compiledSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('compiled response serialisers', () => {
  const row = z.object({
    id: z.string(),
    note: z.string().nullable(),
    flag: z.union([z.boolean(), z.literal('XXXXXX')]),
    user: z.object({ name: z.string() }).nullable(),
    tags: z.array(z.object({ name: z.string() })),
  });

  it('write only what the schema names, at every depth (the allowlist)', () => {
    const out = compile(row)({
      id: 'a',
      note: null,
      flag: 'XXXXXX',
      user: { name: 'n', medication: 'secret' },
      tags: [{ name: 't', symptoms: 'secret' }],
      patientId: 'secret',
    });
    expect(JSON.parse(out)).toEqual({ id: 'a', note: null, flag: 'XXXXXX', user: { name: 'n' }, tags: [{ name: 't' }] });
    expect(out).not.toContain('secret');
  });

  it('refuse an answer that lacks a required property (nothing is sent)', () => {
    expect(() => compile(row)({ note: null, flag: true, user: null, tags: [] })).toThrow(/required/);
  });

  it("write a union of access-level shapes as one closed object: nothing outside every branch's keys", () => {
    const clinical = z.object({ id: z.string(), medications: z.string().nullable() });
    const levels = z.union([clinical, clinical.omit({ medications: true })]);
    const f = compile(levels);
    expect(JSON.parse(f({ id: 'a', medications: 'm', email: 'secret' }))).toEqual({ id: 'a', medications: 'm' });
    expect(JSON.parse(f({ id: 'a' }))).toEqual({ id: 'a' });
    expect(() => f({ medications: null })).toThrow(/required/);
  });

  it('compile the real list schemas; unions of differing objects keep zod (which still strips and validates)', () => {
    expect(compiledResponseSchema(labListSchema)).not.toBeNull();
    const union = z.union([z.object({ a: z.string() }), z.object({ a: z.number() })]);
    expect(compiledResponseSchema(union)).toBeNull();
    expect(JSON.parse(compile(union)({ a: 'x', secret: 1 }))).toEqual({ a: 'x' });
    expect(compiledResponseSchema(bookingRowSchemas.response)).not.toBeNull();
    expect(compiledResponseSchema(z.union([z.array(bookingRowSchemas.response), z.array(calendarEventSchema)]))).not.toBeNull();
    const open = z.looseObject({ a: z.string() });
    expect(compiledResponseSchema(open)).toBeNull();
  });
});
