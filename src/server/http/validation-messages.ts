import { z } from 'zod';
import { fieldLabel } from './field-labels';

/** One schema issue as fastify-type-provider-zod hands it over (zod's issue without path, code and message in params). */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  message: string;
  params?: Record<string, unknown>;
}

const defaultMessage = z.locales.en().localeError;

/**
 * Whether `message` is zod's own default text for the issue ("Too big: expected string to have <=120 characters"),
 * rather than a message the schema wrote for people. zod's text of an invalid type names the value received, which
 * the issue does not keep: only the part before it is compared.
 */
function isZodDefault(issue: SchemaIssue): boolean {
  const raw = { code: issue.keyword, path: [], ...issue.params } as unknown as Parameters<typeof defaultMessage>[0];
  const text = defaultMessage(raw);
  const expected = typeof text === 'string' ? text : text?.message;
  if (!expected) return false;
  if (issue.keyword === 'invalid_type') return issue.message.split(', received')[0] === expected.split(', received')[0];
  return issue.message === expected;
}

const n = (v: unknown) => (typeof v === 'bigint' ? v.toString() : String(v));
const plural = (count: unknown, one: string) => `${n(count)} ${one}${Number(count) === 1 ? '' : 's'}`;

/** A sentence for people in place of zod's default text: the field's label, what is wrong, and the limit. */
function humanText(issue: SchemaIssue, label: string): string {
  const p = issue.params ?? {};
  switch (issue.keyword) {
    case 'too_big': {
      if (p.origin === 'string') return `${label} must be at most ${plural(p.maximum, 'character')}`;
      if (p.origin === 'array' || p.origin === 'set') return `${label} must have at most ${plural(p.maximum, 'item')}`;
      return p.inclusive === false ? `${label} must be less than ${n(p.maximum)}` : `${label} must be at most ${n(p.maximum)}`;
    }
    case 'too_small': {
      if (p.origin === 'string')
        return Number(p.minimum) <= 1 ? `${label} is required` : `${label} must be at least ${plural(p.minimum, 'character')}`;
      if (p.origin === 'array' || p.origin === 'set') return `${label} must have at least ${plural(p.minimum, 'item')}`;
      if (Number(p.minimum) === 0) return p.inclusive === false ? `${label} must be greater than 0` : `${label} cannot be negative`;
      return p.inclusive === false ? `${label} must be greater than ${n(p.minimum)}` : `${label} must be at least ${n(p.minimum)}`;
    }
    case 'invalid_type':
      if (issue.message.endsWith('received undefined')) return `${label} is required`;
      if (p.expected === 'number' || p.expected === 'int') return `${label} must be a number`;
      if (p.expected === 'boolean') return `${label} must be true or false`;
      if (p.expected === 'array') return `${label} must be a list`;
      if (p.expected === 'object') return `${label} is not valid`;
      return `${label} must be text`;
    case 'invalid_value': {
      const values = Array.isArray(p.values) ? p.values.map(n) : [];
      return values.length && values.length <= 12 ? `${label} must be one of: ${values.join(', ')}` : `${label} is not valid`;
    }
    case 'invalid_format':
      if (p.format === 'email') return `${label} must be a valid e-mail`;
      if (p.format === 'date') return `${label} must be a date (yyyy-mm-dd)`;
      if (p.format === 'datetime') return `${label} must be a date and time`;
      if (p.format === 'url') return `${label} must be a valid link`;
      return `${label} is not valid`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${n(p.divisor)}`;
    default:
      return `${label} is not valid`;
  }
}

/**
 * The field (dotted path in its part of the request, or the part itself) and a message for people of one issue.
 * Messages the schemas wrote are kept as they are; zod's default texts become sentences naming the field.
 * Unknown keys name the first key: "Clinician ID is not an accepted field".
 */
export function describeIssue(issue: SchemaIssue, where: string): { field: string; message: string } {
  const path = issue.instancePath.split('/').filter(Boolean);
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys) && issue.params.keys.length) {
    const field = [...path, String(issue.params.keys[0])].join('.');
    return { field, message: isZodDefault(issue) ? `${fieldLabel(field)} is not an accepted field` : issue.message };
  }
  const field = path.join('.') || where;
  return { field, message: isZodDefault(issue) ? humanText(issue, fieldLabel(field)) : issue.message };
}
