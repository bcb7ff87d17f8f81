import type { Pool } from 'pg';

/** One query to EXPLAIN ANALYZE at bench scale: its text, or built at run time from the data (`build`). */
export type ExplainQuery = { name: string } & (
  { sql: string; params?: unknown[] } | { build(pool: Pool): Promise<{ sql: string; params: unknown[] }> }
);

export interface ExplainFigure {
  /** Median "Execution Time" (ms) of the measured runs. */
  medianMs: number;
  runsMs: number[];
  /** Index scan nodes of the plan, e.g. "Index Scan Backward using kits_status_created_idx on kits". */
  indexNodes: string[];
  /** Other scan nodes (Seq Scan ...), to show what was scanned when no index was used. */
  otherScans: string[];
}

/** Exact row counts (count(*)) of the given tables, in one statement. */
export async function rowCounts(pool: Pool, tables: string[]): Promise<Record<string, number>> {
  const select = tables.map((t, i) => `(SELECT count(*) FROM ${quoteIdent(t)})::bigint AS c${i}`).join(', ');
  const { rows } = await pool.query(`SELECT ${select}`);
  return Object.fromEntries(tables.map((t, i) => [t, Number(rows[0][`c${i}`])]));
}

/**
 * EXPLAIN (ANALYZE) the query `warmups + runs` times; reports the median Execution Time of the last `runs`
 * and the scan nodes of the last plan.
 */
export async function explainAnalyze(pool: Pool, q: ExplainQuery, runs = 3, warmups = 1): Promise<ExplainFigure> {
  const runsMs: number[] = [];
  let plan: string[] = [];
  const { sql, params } = 'build' in q ? await q.build(pool) : q;
  for (let i = 0; i < warmups + runs; i++) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    plan = rows.map((r) => r['QUERY PLAN']);
    const line = plan.find((l) => l.startsWith('Execution Time:'));
    const ms = line ? Number(/Execution Time:\s*([\d.]+)\s*ms/.exec(line)?.[1]) : NaN;
    if (i >= warmups) runsMs.push(ms);
  }
  const nodes = plan.map((l) => l.replace(/^[\s>-]+/, '').replace(/\s+\(cost=.*$/, ''));
  return {
    medianMs: median(runsMs),
    runsMs,
    indexNodes: nodes.filter((n) => /Index/.test(n) && /Scan/.test(n)),
    otherScans: nodes.filter((n) => /Scan/.test(n) && !/Index/.test(n)),
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
