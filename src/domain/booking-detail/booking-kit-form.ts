import { z } from 'zod';
import { LAB_NAMES } from '../shared/constants';

/** Kit form (spec 2 §3) and its required fields (spec 2 §5). */
export const KIT_FORM_LABELS = {
  panelName: 'Panel Name',
  labName: 'Lab Name',
  lifescanReqNum: 'Lifescan Req Num',
  sampleTakenDate: 'Sample Taken Date',
  medications: 'Medications',
  symptoms: 'Symptoms',
  notes: 'Notes',
} as const;
/** Panels offered in Create Kit (spec 2 §9). */
export const KIT_PANELS = [
  'Custom Panel',
  'Performer Panel',
  'Polyamorous / Unsure Exposure Panel',
  'The VIP Panel',
  'Check Me Out Panel',
  '3 - Site Oral + Chlamydia',
  'Bacterial Vaginosis',
  'HPV',
  'PASS Performer Panel',
  'Mycoplasma genitalium',
  'RUB Panel',
  'PASS/ Spankchain MGen Program',
] as const;
export const orderKitSchema = z
  .strictObject({
    panelName: z.string().max(200),
    labName: z.enum(LAB_NAMES),
    lifescanReqNum: z.string().max(100).optional(),
    sampleTakenDate: z.string().max(40),
    medications: z.string().max(2000),
    symptoms: z.string().max(2000).optional(),
    notes: z.string().max(4000),
  })
  .superRefine((v, ctx) => {
    const missing = kitFormMissing(v);
    if (missing.length) ctx.addIssue({ code: 'custom', message: kitFormMissingText(missing) });
    else if (!(KIT_PANELS as readonly string[]).includes(v.panelName.trim()))
      ctx.addIssue({ code: 'custom', path: ['panelName'], message: 'Unknown panel' });
  });
export type KitForm = z.input<typeof orderKitSchema>;
export function kitFormMissing(v: Partial<Record<keyof typeof KIT_FORM_LABELS, string | undefined>>): Array<keyof typeof KIT_FORM_LABELS> {
  const required: Array<keyof typeof KIT_FORM_LABELS> = ['panelName', 'labName', 'sampleTakenDate', 'medications', 'notes'];
  if (v.labName === 'LIFESCAN') required.push('lifescanReqNum');
  return required.filter((k) => !v[k]?.trim());
}
export const kitFormMissingText = (missing: ReadonlyArray<keyof typeof KIT_FORM_LABELS>) =>
  `Missing required value for ${missing.map((k) => KIT_FORM_LABELS[k]).join(', ')}. Enter "none" if nothing to enter`;
