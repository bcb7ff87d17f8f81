/** Fills %{name} placeholders, as polyglot does. */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/%\{(\w+)\}/g, (_, k: string) => (k in values ? String(values[k]) : `%{${k}}`));
}
