import type { TemplateValues } from '../../../domain/lab/lab-templates';
import { useClinicianTemplateValues } from '../templates/useTemplateChoices';
import { patientNameOf, type LabRecord } from './labRow';

/** The values templates are filled with: the patient's name, the clinician's name (profile) and calendar link. */
export function useTemplateValues(record: LabRecord): { values: TemplateValues; isPending: boolean } {
  return useClinicianTemplateValues(patientNameOf(record));
}
