/**
 * The label of a request field as people read it, for error messages: the last named segment of its path, in words
 * ("calendarLink" → "Calendar link", "items.0.patient_dob" → "Patient date of birth"). A few short names get their word.
 */
const WORDS: Record<string, string> = {
  q: 'search text',
  dob: 'date of birth',
  id: 'ID',
  sub: 'ID',
  url: 'URL',
  npi: 'NPI',
};

export function fieldLabel(path: string): string {
  const name = path
    .split('.')
    .filter((s) => s && !/^\d+$/.test(s))
    .pop();
  if (!name || ['body', 'querystring', 'params', 'headers', 'request'].includes(name)) return 'The request';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
