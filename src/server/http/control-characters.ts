import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldLabel } from './field-labels';
import { invalidField } from '../errors';

/**
 * Control characters (U+0000–U+001F) are refused in every request before its handler runs (400 naming the field):
 * PostgreSQL cannot store a NUL in text and answers an error mid-query (a 500, or a CSV export cut mid-stream), and
 * no field of the portal has a use for the others. The rule per kind of field:
 * - query strings and path parameters are single-line: every control character is refused, tab and newlines too;
 * - JSON body strings may be multi-line text (notes, messages, reasons): tab, LF and CR are kept, the rest refused.
 *   A body field that must be one line (a URL, a name) also refuses those through its own schema.
 */
const SINGLE_LINE_REFUSED = /[\u0000-\u001f]/;
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

export const notAllowedCharacters = (field: string) => `${fieldLabel(field)} contains characters that are not allowed`;

/** The path (dotted, from `at`) of the first string in `value` that `refused` matches, or null. Keys are checked too. */
export function firstRefusedString(value: unknown, refused: RegExp, at: string[] = []): string[] | null {
  if (typeof value === 'string') return refused.test(value) ? at : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstRefusedString(value[i], refused, [...at, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (refused.test(key)) return [...at, key];
      const found = firstRefusedString(v, refused, [...at, key]);
      if (found) return found;
    }
  }
  return null;
}

/** The first refused field of a request (its query, path parameters, then body), or null. */
export function refusedControlCharacters(req: Pick<FastifyRequest, 'query' | 'params' | 'body'>): string[] | null {
  return (
    firstRefusedString(req.query, SINGLE_LINE_REFUSED) ??
    firstRefusedString(req.params, SINGLE_LINE_REFUSED) ??
    firstRefusedString(req.body, MULTI_LINE_REFUSED)
  );
}

/** Installs the guard on `scope` as a preValidation hook: after the hooks already there (sign-in, role), before the schemas. */
export function installControlCharacterGuard(scope: FastifyInstance): void {
  scope.addHook('preValidation', async (req) => {
    const path = refusedControlCharacters(req);
    if (!path) return;
    const field = path.join('.') || 'request';
    throw invalidField(field, notAllowedCharacters(field));
  });
}
