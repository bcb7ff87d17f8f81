import type { ResultTemplate } from '../../../domain/lab/lab-templates';
import type { ClinicianTemplate } from '../../../domain/templates/templates';

/** One entry of a template picker: its name and content as the checks of spec 1 §5 see them. */
export interface TemplateChoice {
  value: string;
  label: string;
  /** '' when the template has no name (then it cannot be applied). */
  name: string;
  content: string;
  /** i18n key of its group heading. */
  group?: string;
}

/** Result templates (name, types of name and content): one choice per type. */
export const resultTemplateChoices = (templates: ResultTemplate[], group?: string): TemplateChoice[] =>
  templates.flatMap((t, i) =>
    (t.types ?? []).map((type, j) => ({
      value: `result:${i}:${j}`,
      label: [t.name, type?.name].filter(Boolean).join(' – '),
      name: t.name && type?.name ? type.name : '',
      content: type?.content ?? '',
      group,
    })),
  );

/** The clinician's own templates (name, rich-text description). */
export const clinicianTemplateChoices = (templates: ClinicianTemplate[], group?: string): TemplateChoice[] =>
  templates.map((t) => ({ value: `mine:${t.id}`, label: t.name || '—', name: t.name ?? '', content: t.description ?? '', group }));
