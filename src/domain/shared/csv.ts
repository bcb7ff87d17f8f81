/**
 * One CSV cell: quoted when needed, and cells that a spreadsheet would run as a formula
 * (=, +, -, @, tab, CR) are prefixed with an apostrophe.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r']/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: readonly unknown[]) => cells.map(csvCell).join(',') + '\r\n';

/** Age in whole years and months on `today` from a yyyy-mm-dd date of birth ("34y 2m"). */
export function ageYearsMonths(dob: string | null | undefined, today = new Date()): string {
  if (!dob || !/^\d{4}-\d{2}-\d{2}$/.test(dob)) return '';
  const [y, m, d] = dob.split('-').map(Number);
  let months = (today.getUTCFullYear() - y) * 12 + (today.getUTCMonth() + 1 - m);
  if (today.getUTCDate() < d) months -= 1;
  if (months < 0) return '';
  return `${Math.floor(months / 12)}y ${months % 12}m`;
}
