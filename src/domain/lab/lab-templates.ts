/**
 * Result templates (spec 1 §3 "Templates") and their placeholder substitution (spec 1 §5). The list itself is the
 * content service's (GET /secure/content/clinician-portal, negativeTemplates).
 */
export interface ResultTemplateType {
  name: string;
  content: string;
}

export interface ResultTemplate {
  name: string;
  types: ResultTemplateType[];
}

export interface TemplateValues {
  patientName?: string | null;
  clinicianName?: string | null;
  meetingLink?: string | null;
}

export const PLACEHOLDERS = {
  patientName: '{{patientName}}',
  clinicianName: '{{clinicianName}}',
  meetingLink: '{meetingLink}',
} as const satisfies Record<keyof TemplateValues, string>;

/** A template can be applied only when it has a name and a non-blank content. */
export function isUsableTemplate(template: Partial<ResultTemplateType> | null | undefined): template is ResultTemplateType {
  return !!template && !!template.name?.trim() && !!template.content?.trim();
}

const blank = (v: string | null | undefined) => !v || !v.trim();

/** The placeholders the content uses whose value is missing (the portal then asks the user). */
export function missingTemplateValues(content: string, values: TemplateValues): Array<keyof TemplateValues> {
  return (Object.keys(PLACEHOLDERS) as Array<keyof TemplateValues>).filter((key) => content.includes(PLACEHOLDERS[key]) && blank(values[key]));
}

/**
 * Substitutes {{patientName}}, {{clinicianName}} and {meetingLink} in a template's content. A missing
 * value leaves its placeholder in place, for the user to replace by hand.
 */
export function applyTemplate(content: string, values: TemplateValues): string {
  let out = content;
  for (const key of Object.keys(PLACEHOLDERS) as Array<keyof TemplateValues>) {
    const value = values[key];
    if (!blank(value)) out = out.split(PLACEHOLDERS[key]).join(value!.trim());
  }
  return out;
}

/** "First Last", or '' when neither is known (UNKNOWN counts as unknown). */
export function personName(firstName?: string | null, lastName?: string | null): string {
  const part = (v?: string | null) => (v && v.trim() && v.trim().toUpperCase() !== 'UNKNOWN' ? v.trim() : '');
  return [part(firstName), part(lastName)].filter(Boolean).join(' ');
}
