import type { TemplateValues } from '../../domain/lab-templates';
import { personName } from '../../domain/lab-templates';
import { useClinicianProfile } from '../clinician/queries';
import { clinicianTemplateChoices, resultTemplateChoices, type TemplateChoice } from './templateChoices';
import { useClinicianTemplates, useContentResultTemplates } from './templatesApi';

/**
 * The templates offered where a message or note is written: the clinician's own templates and, for
 * messages about results, the content service's result templates.
 */
export function useTemplateChoices({ mine = true, results = false }: { mine?: boolean; results?: boolean } = {}) {
  const own = useClinicianTemplates({ enabled: mine });
  const content = useContentResultTemplates({ enabled: results });
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
