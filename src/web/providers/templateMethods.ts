import type { ResultTemplate } from '../../domain/lab/lab-templates';
import type { ApiFetch } from './httpClient';

/**
 * Template calls that are not CRUD of the `templates` resource (the clinician's own templates, resources.ts): the
 * result templates of the content service's clinician portal page (spec 1 §7).
 */
export function createTemplateMethods(api: ApiFetch) {
  return {
    /** GET /secure/content/clinician-portal: its negativeTemplates ([] when the page has none). */
    async resultTemplates(signal?: AbortSignal): Promise<ResultTemplate[]> {
      type Page = { data?: { data?: { attributes?: { negativeTemplates?: ResultTemplate[] } } } };
      const page = await api<Page | null>('/secure/content/clinician-portal', { signal });
      return page?.data?.data?.attributes?.negativeTemplates ?? [];
    },
  };
}

export type TemplateMethods = ReturnType<typeof createTemplateMethods>;
