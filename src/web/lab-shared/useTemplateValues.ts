import type { TemplateValues } from '../../domain/lab-templates';
import { personName } from '../../domain/lab-templates';
import { useClinicianProfile } from '../clinician/queries';
import { patientNameOf, type LabRecord } from './labRow';

/** The values templates are filled with: the patient's name, the clinician's name (profile) and calendar link. */
export function useTemplateValues(record: LabRecord): { values: TemplateValues; isPending: boolean } {
  const profile = useClinicianProfile();
  const clinician = profile.data;
  return {
    isPending: profile.isPending,
    values: {
      patientName: patientNameOf(record),
      clinicianName: clinician ? personName(clinician.firstName, clinician.lastName) : '',
      meetingLink: clinician?.calendarLink ?? '',
    },
  };
}
