/** Panels offered in Create Kit (spec 2 §9). */
export const KIT_PANELS = ['Custom Panel', 'Performer Panel', 'Polyamorous / Unsure Exposure Panel', 'The VIP Panel', 'Check Me Out Panel',
  '3 - Site Oral + Chlamydia', 'Bacterial Vaginosis', 'HPV', 'PASS Performer Panel', 'Mycoplasma genitalium', 'RUB Panel',
  'PASS/ Spankchain MGen Program'] as const;
