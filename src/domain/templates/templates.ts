import { z } from 'zod';

/** A clinician's own template (spec 3 §3): name and rich-text description. */
export const clinicianTemplateInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Please enter a template name').max(120, 'A template name has at most 120 characters'),
  description: z.string().min(1, 'Please enter the template text').max(100_000, 'The template text is too long'),
});
/** A clinician's own template as the API answers it (spec 3 §3). */
export interface ClinicianTemplate {
  id: string;
  name: string;
  description: string;
  updatedAt?: string;
}

export const clinicianTemplateUpdateSchema = clinicianTemplateInputSchema.extend({ id: z.guid() });
