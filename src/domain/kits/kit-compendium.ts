import { z } from 'zod';
import { CARE_LOCATIONS, LAB_NAMES, type CareLocationCode } from '../shared/constants';

/** Care locations, labs and the test compendium of lab orders (spec 1 §3, §7): lookups, schemas and the panel selection check. */

// ---------------------------------------------------------------------------------------------------------------
// Care locations, labs, compendium
// ---------------------------------------------------------------------------------------------------------------

/** A care location given as its code, its label or its short name (the booking passes the name), as a code. */
export function careLocationCode(value: string | null | undefined): CareLocationCode | null {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return null;
  const hit = CARE_LOCATIONS.find((c) => c.code.toLowerCase() === v || c.label.toLowerCase() === v || c.short.toLowerCase() === v);
  return hit?.code ?? null;
}
export const careLocationLabel = (code: string | null | undefined) => CARE_LOCATIONS.find((c) => c.code === code)?.label ?? code ?? null;

export const careLocationSchema = z
  .string()
  .max(100)
  .transform((v, ctx) => {
    const code = careLocationCode(v);
    if (!code) {
      ctx.addIssue({ code: 'custom', message: `unknown care location; one of ${CARE_LOCATIONS.map((c) => c.code).join(', ')}` });
      return z.NEVER;
    }
    return code;
  });

export const compendiumSpecSchema = z.object({ testName: z.string(), testCode: z.string(), editable: z.boolean() });
/** Test compendium entry (spec 1 §3). */
export const compendiumEntrySchema = z.object({
  testOrPanelName: z.string(),
  panel: z.boolean(),
  testCode: z.string(),
  editable: z.boolean(),
  specifications: z.array(compendiumSpecSchema),
});
export type CompendiumEntry = z.infer<typeof compendiumEntrySchema>;

export const compendiumQuerySchema = z.strictObject({
  labName: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(LAB_NAMES)).default('LIFESCAN'),
  location: careLocationSchema.optional(),
});

const testCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,40}$/, 'testCode is not valid');

/** One selected test or panel of a lab order request (the wizard sends compendium entries back). */
export const panelTestSpecificationSchema = z.strictObject({
  testOrPanelName: z.string().trim().min(1).max(200),
  panel: z.boolean(),
  testCode: testCodeSchema,
  editable: z.boolean().optional(),
  specifications: z
    .array(
      z.strictObject({
        testName: z.string().trim().min(1).max(200),
        testCode: testCodeSchema,
        editable: z.boolean().optional(),
      }),
    )
    .max(60)
    .optional(),
});
export type PanelTestSpecification = z.infer<typeof panelTestSpecificationSchema>;

/**
 * Checks a selection against the compendium: every code must be in it (with the same panel flag); a panel keeps
 * its non-editable sub-tests and may only drop editable ones. Returns the canonical entries (compendium names), or errors.
 */
export function checkPanelSelection(
  selected: readonly PanelTestSpecification[],
  compendium: readonly CompendiumEntry[],
): { ok: true; entries: CompendiumEntry[] } | { ok: false; errors: string[] } {
  const byCode = new Map(compendium.map((e) => [e.testCode, e]));
  const errors: string[] = [];
  const entries: CompendiumEntry[] = [];
  const seen = new Set<string>();
  for (const s of selected) {
    const entry = byCode.get(s.testCode);
    if (!entry) {
      errors.push(`${s.testCode} is not in the test compendium of this lab and location`);
      continue;
    }
    if (entry.panel !== s.panel) {
      errors.push(`${s.testCode} is ${entry.panel ? 'a panel' : 'an individual test'}`);
      continue;
    }
    if (seen.has(s.testCode)) {
      errors.push(`${s.testCode} is selected twice`);
      continue;
    }
    seen.add(s.testCode);
    if (!entry.panel) {
      entries.push({ ...entry, specifications: [] });
      continue;
    }
    if (!s.specifications) {
      entries.push(entry);
      continue;
    }
    const chosen = new Set(s.specifications.map((x) => x.testCode));
    const unknown = [...chosen].filter((c) => !entry.specifications.some((x) => x.testCode === c));
    if (unknown.length) errors.push(`${unknown.join(', ')} not part of panel ${entry.testCode}`);
    const missing = entry.specifications.filter((x) => !x.editable && !chosen.has(x.testCode)).map((x) => x.testCode);
    if (missing.length) errors.push(`panel ${entry.testCode} cannot drop its fixed tests ${missing.join(', ')}`);
    const specs = entry.specifications.filter((x) => chosen.has(x.testCode));
    if (specs.length === 0) errors.push(`panel ${entry.testCode} needs at least one test`);
    entries.push({ ...entry, specifications: specs });
  }
  return errors.length ? { ok: false, errors } : { ok: true, entries };
}

/** The panel name shown for a lab order: its panels and tests, in order. */
export const panelNameOf = (entries: readonly Pick<CompendiumEntry, 'testOrPanelName'>[]) =>
  entries
    .map((e) => e.testOrPanelName)
    .join(', ')
    .slice(0, 500);
