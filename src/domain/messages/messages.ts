import { TEXT } from '../i18n/en/app';
/** The catalogue's texts of these rules, for the importers that take them with the rules. */
export { TEXT };

/** Fills %{name} placeholders, as polyglot does. */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/%\{(\w+)\}/g, (_, k: string) => (k in values ? String(values[k]) : `%{${k}}`));
}
