import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { labListSchema } from '../../domain/lab/lab-api';
import { bookingRowSchemas, calendarEventSchema } from '../bookings/schemas';
import { compilePicker, NOT_PLAIN } from './json-picker';
import { compiledResponseSchema, compiledSerializerCompiler } from './serializer';

const jsonOf = (schema: z.ZodType) => compiledResponseSchema(schema)!;
const compile = (schema: z.ZodType) => compiledSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

const row = z.object({
  id: z.string(),
  n: z.number().nullable(),
  count: z.number().int(),
  flag: z.union([z.boolean(), z.literal('XXXXXX')]),
  user: z.object({ name: z.string() }).nullable(),
  tags: z.array(z.object({ name: z.string() })),
  note: z.string().optional(),
});
const rows = z.object({ items: z.array(row), total: z.number() });
const plain = { id: 'a', n: 1.5, count: 2, flag: 'XXXXXX', user: { name: 'u' }, tags: [{ name: 't' }] };

describe('response pickers', () => {
  it('copy only the keys the schema names, at every depth', () => {
    const pick = compilePicker(jsonOf(rows))!;
    const out = pick({
      items: [{ ...plain, patientId: 'secret', user: { name: 'u', dob: 'secret' }, tags: [{ name: 't', x: 'secret' }] }],
      total: 1,
      more: 'secret',
    });
    expect(JSON.stringify(out)).not.toContain('secret');
    expect(out).toEqual({ items: [plain], total: 1 });
  });

  it('write what the compiled serialiser writes for the same answer', () => {
    const out = compile(rows)({ items: [plain, { ...plain, n: null, user: null, note: 'n\u2028"' }], total: 2 });
    const slow = (fastJson(jsonOf(rows)) as (d: unknown) => string)({
      items: [plain, { ...plain, n: null, user: null, note: 'n\u2028"' }],
      total: 2,
    });
    expect(JSON.parse(out)).toEqual(JSON.parse(slow));
  });

  it('answer NOT_PLAIN for a value that is not plainly of its type: the compiled serialiser then writes or refuses it', () => {
    const pick = compilePicker(jsonOf(row))!;
    expect(pick({ ...plain, id: undefined })).toBe(NOT_PLAIN);
    expect(pick({ ...plain, n: Number.NaN })).toBe(NOT_PLAIN);
    expect(pick({ ...plain, count: 1.5 })).toBe(NOT_PLAIN);
    expect(pick({ ...plain, id: { nested: 'secret' } })).toBe(NOT_PLAIN);
    expect(pick({ ...plain, tags: 'x' })).toBe(NOT_PLAIN);
    const dated = z.object({ at: z.string() });
    expect(JSON.parse(compile(dated)({ at: new Date('2026-01-02T03:04:05.000Z') }))).toEqual({ at: '2026-01-02T03:04:05.000Z' });
    expect(() => compile(row)({ ...plain, id: undefined })).toThrow(/required/);
    expect(compile(row)({ ...plain, id: { nested: 'secret' } })).not.toContain('secret');
  });

  it('compile for the big lists (lab results, booking rows, the calendar) and refuse what they cannot copy exactly', () => {
    expect(compilePicker(jsonOf(labListSchema))).not.toBeNull();
    expect(compilePicker(jsonOf(z.array(bookingRowSchemas.response)))).not.toBeNull();
    expect(compilePicker(jsonOf(z.union([z.array(bookingRowSchemas.response), z.array(calendarEventSchema)])))).not.toBeNull();
    expect(compilePicker({ type: 'object', properties: { a: { type: 'string' } } })).toBeNull();
    expect(compilePicker({ type: 'object', properties: { a: { type: 'string', default: 'x' } }, additionalProperties: false })).toBeNull();
    expect(compilePicker({ type: 'object', properties: { a: { const: 'x' } }, additionalProperties: false })).toBeNull();
    expect(compilePicker({ type: 'object', additionalProperties: { type: 'string' } })).toBeNull();
  });
});
