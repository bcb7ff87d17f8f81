import type { QueryConfig } from 'pg';

/**
 * For the pg stand-ins of unit tests: a statement as the code under test sent it, as its text and values, whether it
 * called query(text, values) or query(config) (a named statement, prepared.ts).
 */
export function recordedStatement(asked: string | QueryConfig, values?: unknown[]): { text: string; values: unknown[]; name?: string } {
  return typeof asked === 'string' ? { text: asked, values: values ?? [] } : { text: asked.text, values: asked.values ?? [], name: asked.name };
}
