import { useQuery } from '@tanstack/react-query';
import type { ResultTemplate } from '../../domain/lab-templates';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/headers';
import type { ApiFetch } from '../providers/httpClient';
import { useNotesFetch } from '../chart-notes/chartNotesApi';

import type { ClinicianTemplate } from '../../domain/templates';

export type { ClinicianTemplate };

export const CLINICIAN_TEMPLATES_QUERY_KEY = ['templates', 'clinician'] as const;
export const CONTENT_TEMPLATES_QUERY_KEY = ['templates', 'content', 'clinician-portal'] as const;
/** The content service is revalidated every 10 seconds (spec 1 §7). */
const CONTENT_STALE_MS = 10_000;

/** GET/POST/PUT /secure/clinician/template, and the content service page of the clinician portal. */
export const templatesApi = (api: ApiFetch) => ({
  list: (signal?: AbortSignal) => api<ClinicianTemplate[]>('/secure/clinician/template', { signal }),
  create: (body: { name: string; description: string }, idempotencyKey: string) =>
    api<ClinicianTemplate>('/secure/clinician/template', { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
  update: (body: { id: string; name: string; description: string }) =>
    api<ClinicianTemplate>('/secure/clinician/template', { method: 'PUT', body }),
  resultTemplates: async (signal?: AbortSignal) => {
    const page = await api<{ data?: { data?: { attributes?: { negativeTemplates?: ResultTemplate[] } } } }>('/secure/content/clinician-portal', {
      signal,
    });
    return page?.data?.data?.attributes?.negativeTemplates ?? [];
  },
});

export const useTemplatesApi = () => templatesApi(useNotesFetch());

export function useClinicianTemplates({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useTemplatesApi();
  return useQuery({ queryKey: CLINICIAN_TEMPLATES_QUERY_KEY, queryFn: ({ signal }) => api.list(signal), enabled, retry: 1 });
}

export function useContentResultTemplates({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useTemplatesApi();
  return useQuery({
    queryKey: CONTENT_TEMPLATES_QUERY_KEY,
    queryFn: ({ signal }) => api.resultTemplates(signal),
    enabled,
    staleTime: CONTENT_STALE_MS,
    retry: 1,
  });
}
