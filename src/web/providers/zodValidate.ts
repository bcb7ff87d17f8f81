import type { z } from 'zod';

/**
 * A react-admin <Form validate> from a src/domain zod schema (the same rule the server applies, written once): the first
 * issue of each field, nested by its path (`{ address: { zip: '…' } }`); an issue of the whole value under `_`.
 * `toBody` maps the form's values to what the schema checks when the two differ.
 */
export function zodValidate<V = Record<string, unknown>>(schema: z.ZodType, toBody: (values: V) => unknown = (v) => v) {
  return (values: V): Record<string, unknown> => {
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) return {};
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.length ? issue.path.map(String) : ['_'];
      let node = errors;
      for (const key of path.slice(0, -1)) {
        if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
      node[path[path.length - 1]] ??= issue.message;
    }
    return errors;
  };
}

/**
 * A form whose refusal is one message above its buttons (FormErrorAlert), not one per field: `_` holds `message` (the
 * spec's alert for any refused value) or else the schema's first issue.
 */
export function zodAlert<V = Record<string, unknown>>(schema: z.ZodType, toBody: (values: V) => unknown = (v) => v, message?: string) {
  return (values: V): Record<string, unknown> => {
    const parsed = schema.safeParse(toBody(values));
    return parsed.success ? {} : { _: message ?? parsed.error.issues[0].message };
  };
}
