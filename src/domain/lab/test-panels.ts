/** Default result-form entries per product, used when a kit has no result yet (options: spec 1 §5). */
export const RESULT_OPTIONS = ['Non-Reactive', 'Reactive', 'Not Detected', 'Detected', 'Other'] as const;

const CT_NG = ['Chlamydia trachomatis', 'Neisseria gonorrhoeae'];
export const PRODUCT_PANELS: Record<string, string[]> = {
  '3-Panel STD Test': [...CT_NG, 'Trichomonas vaginalis'],
  '5-Panel STD Test': [...CT_NG, 'Trichomonas vaginalis', 'HIV-1/2 Ag/Ab', 'Syphilis (RPR)'],
  '9-Panel STD Test': [
    ...CT_NG,
    'Trichomonas vaginalis',
    'HIV-1/2 Ag/Ab',
    'Syphilis (RPR)',
    'Hepatitis B surface Ag',
    'Hepatitis C Ab',
    'HSV-1 IgG, Type-Specific Antibody (Quantitative)',
    'HSV-2 IgG, Type-Specific Antibody (Quantitative)',
  ],
  '3 Site Chlamydia & Gonorrhea': [...CT_NG],
  'Bacterial Vaginosis': ['Bacterial Vaginosis panel'],
  HPV: ['HPV high-risk'],
  'Mycoplasma Genitalium': ['Mycoplasma genitalium'],
  'PrEP Maintenance At-home STI Test': [...CT_NG, 'HIV-1/2 Ag/Ab', 'Syphilis (RPR)', 'Creatinine'],
  'COVID-19 PCR (M19)': ['SARS-CoV-2 RNA'],
};

/** Options offered for an existing entry: Reactive/Non-Reactive when its value contains "Reactive", else Detected/Not Detected, or its own. */
export function optionsForEntry(value: string | null | undefined, own?: readonly string[]): string[] {
  if (own && own.length > 0) return [...own];
  if ((value ?? '').includes('Reactive')) return ['Reactive', 'Non-Reactive'];
  return ['Detected', 'Not Detected'];
}

/** A test name as compared for duplicates: trimmed, inner spaces collapsed, case-insensitive. */
const testKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The existing test name a new one repeats, or null: one report holds one value per test, so a second "Chlamydia
 * trachomatis" (Detected next to Reactive) is refused.
 */
export function repeatedTestName(existing: readonly string[], name: string): string | null {
  return existing.find((e) => testKey(e) === testKey(name)) ?? null;
}
