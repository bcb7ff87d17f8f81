import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList } from 'react-admin';
import type { TemplateValues } from '../../../domain/lab/lab-templates';
import { personName } from '../../../domain/lab/lab-templates';
import type { ClinicianTemplate } from '../../../domain/templates/templates';
import { useClinicianProfile } from '../clinicianQueries';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { clinicianTemplateChoices, resultTemplateChoices, type TemplateChoice } from './templateChoices';

/** The content service is revalidated every 10 seconds (spec 1 §7). */
const CONTENT_STALE_MS = 10_000;
/** Every template of the clinician (the `templates` list is one array), newest change first as on Manage Templates. */
const ALL_TEMPLATES = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'updatedAt', order: 'DESC' as const } };

/**
 * The templates offered where a message or note is written: the clinician's own templates (resource `templates`)
 * and, for messages about results, the content service's result templates (dataProvider.resultTemplates).
 */
export function useTemplateChoices({ mine = true, results = false }: { mine?: boolean; results?: boolean } = {}) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const own = useGetList<ClinicianTemplate>('templates', ALL_TEMPLATES, { enabled: mine, retry: 1 });
  const content = useQuery({
    queryKey: ['templates', 'resultTemplates'],
    queryFn: ({ signal }) => dataProvider.resultTemplates(signal),
    enabled: results,
    staleTime: CONTENT_STALE_MS,
    retry: 1,
  });
  const choices: TemplateChoice[] = [
    ...(mine ? clinicianTemplateChoices(own.data ?? [], 'templates.myTemplates') : []),
    ...(results ? resultTemplateChoices(content.data ?? [], 'templates.resultTemplates') : []),
  ];
  return { choices, isPending: (mine && own.isPending) || (results && content.isPending) };
}

/** The values templates are filled with: the patient's name (given), the clinician's name and calendar link (profile). */
export function useClinicianTemplateValues(patientName: string | null | undefined): { values: TemplateValues; isPending: boolean } {
  const profile = useClinicianProfile();
  const clinician = profile.data;
  return {
    isPending: profile.isPending,
    values: {
      patientName: patientName ?? '',
      clinicianName: clinician ? personName(clinician.firstName, clinician.lastName) : '',
      meetingLink: clinician?.calendarLink ?? '',
    },
  };
}
