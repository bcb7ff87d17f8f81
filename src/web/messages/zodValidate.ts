import type { z } from 'zod';

/**
 * A react-admin <Form validate> from a src/domain zod schema: the first issue of each field, keyed by its path
 * (the same rule the server applies, written once).
 */
export function zodValidate(schema: z.ZodType) {
  return (values: Record<string, unknown>): Record<string, string> => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || '_';
      errors[key] ??= issue.message;
    }
    return errors;
  };
}
