import { z } from 'zod';
import type { CompendiumEntry } from '../kits/kit-compendium';
import { KIT_TEXTS } from '../i18n/en/kit';
import { hasSexAtBirth } from '../patients/patient-profile';
import { collectionInFuture, type LabOrderRequest } from '../kits/kit-requests';
import { LAB_WIZARD_STEPS, LAB_WIZARD_TEXT } from '../i18n/en/lab-wizard';

/**
 * The Lab Order Requisition wizard of a booking (spec 2 §2.5, §3, §4 "Other state rules", §5 "Lab order", §9): five
 * steps; Back above step 0, Next below step 4, Save as draft and Submit on step 4; the vendor is fixed at LIFESCAN;
 * tests come from the compendium of the booking's care location, grouped 'Panel' / 'Individual Test', a panel's
 * non-editable sub-tests cannot be dropped; submitting needs the patient's genderAtBirth. The server applies the same
 * compendium rule (checkPanelSelection) and the genderAtBirth rule again.
 */

export const LAB_WIZARD_LAST_STEP = LAB_WIZARD_STEPS.length - 1;
/** The lab vendor of the requisition wizard (spec 2 §9). */
export const LAB_WIZARD_VENDOR = 'LIFESCAN' as const;
/** The test multi-select shows at most this many chips (spec 2 §5, §9). */
export const LAB_WIZARD_MAX_CHIPS = 4;

/** Which buttons a step shows (spec 2 §4). */
export const wizardButtons = (step: number) => ({
  back: step > 0,
  next: step < LAB_WIZARD_LAST_STEP,
  saveDraft: step === LAB_WIZARD_LAST_STEP,
  submit: step === LAB_WIZARD_LAST_STEP,
});

/** The multi-select's group of a compendium entry (spec 2 §5). */
export const compendiumGroup = (e: Pick<CompendiumEntry, 'panel'>) => (e.panel ? LAB_WIZARD_TEXT.groupPanel : LAB_WIZARD_TEXT.groupIndividual);
/** The compendium in the multi-select's order: panels first, then individual tests (each in compendium order). */
export const groupedCompendium = (entries: readonly CompendiumEntry[]) => [...entries.filter((e) => e.panel), ...entries.filter((e) => !e.panel)];
/** A panel's sub-test whose editable flag is false is disabled: it stays selected (spec 2 §5). */
export const subTestDisabled = (spec: { editable: boolean }) => !spec.editable;

/** One chosen test or panel: its code and, for a panel, the codes of the sub-tests kept. */
export const wizardTestSchema = z.object({ testCode: z.string(), specs: z.array(z.string()) });
export type WizardTest = z.infer<typeof wizardTestSchema>;

/** The wizard's values (its react-admin Form). collection: the datetime-local text of the sample collection. */
export interface LabWizardValues {
  labName: typeof LAB_WIZARD_VENDOR;
  tests: WizardTest[];
  collection: string;
}

/** A newly chosen entry keeps every sub-test of a panel (editable ones can then be dropped). */
export const chooseEntry = (e: CompendiumEntry): WizardTest => ({
  testCode: e.testCode,
  specs: e.panel ? e.specifications.map((s) => s.testCode) : [],
});

/** Ticks or unticks a sub-test of a chosen panel; a non-editable sub-test never changes. */
export function toggleSubTest(tests: readonly WizardTest[], entry: CompendiumEntry, testCode: string): WizardTest[] {
  const spec = entry.specifications.find((s) => s.testCode === testCode);
  if (!spec || subTestDisabled(spec)) return [...tests];
  return tests.map((t) => {
    if (t.testCode !== entry.testCode) return t;
    const kept = t.specs.includes(testCode) ? t.specs.filter((c) => c !== testCode) : [...t.specs, testCode];
    // In compendium order, so the request and the review read like the compendium.
    return { ...t, specs: entry.specifications.map((s) => s.testCode).filter((c) => kept.includes(c)) };
  });
}

/** datetime-local text ('YYYY-MM-DDTHH:mm', the browser's zone) as epoch seconds, or null. */
export function collectionEpochSec(collection: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(collection)) return null;
  const ms = new Date(collection).getTime();
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

export interface WizardFacts {
  patientId: string | null | undefined;
  nowMs: number;
}

/** The error that keeps the user on `step` (Next is refused), or null. Step 4 checks every step. */
export function stepError(step: number, v: LabWizardValues, facts: WizardFacts, compendium: readonly CompendiumEntry[]): string | null {
  if (step >= 0 && !facts.patientId) return LAB_WIZARD_TEXT.noPatient;
  if (step >= 2) {
    if (v.tests.length === 0) return LAB_WIZARD_TEXT.selectTests;
    for (const t of v.tests) {
      const entry = compendium.find((e) => e.testCode === t.testCode);
      if (entry?.panel && t.specs.length === 0) return LAB_WIZARD_TEXT.panelNeedsTest.replace('%{panel}', entry.testOrPanelName);
    }
  }
  if (step >= 3) {
    const at = collectionEpochSec(v.collection);
    if (at === null) return LAB_WIZARD_TEXT.collectionRequired;
    if (collectionInFuture(at, facts.nowMs)) return LAB_WIZARD_TEXT.collectionInFuture;
  }
  return null;
}

/** Submit needs the patient's genderAtBirth (spec 2 §5); the error reveals the Update Patient Profile button. */
export const submitRefusal = (genderAtBirth: string | null | undefined) => (hasSexAtBirth(genderAtBirth) ? null : KIT_TEXTS.sexAtBirthMissing);

/** POST /secure/kit/labOrderRequest body of the wizard's values (spec 2 §3): refId the booking, refIdType BOOKING_ID. */
export function toLabOrderRequest(
  v: LabWizardValues,
  booking: { id: string; patientId: string; careLocation: string },
  compendium: readonly CompendiumEntry[],
  clinicianId: string | null,
  nowMs: number,
): LabOrderRequest {
  const panelTestSpecifications = v.tests.flatMap((t) => {
    const e = compendium.find((c) => c.testCode === t.testCode);
    if (!e) return [];
    return [
      {
        testOrPanelName: e.testOrPanelName,
        panel: e.panel,
        testCode: e.testCode,
        editable: e.editable,
        specifications: e.specifications.filter((s) => t.specs.includes(s.testCode)),
      },
    ];
  });
  return {
    reqEpochSec: Math.floor(nowMs / 1000),
    collectionEpochSec: collectionEpochSec(v.collection) ?? Math.floor(nowMs / 1000),
    patientId: booking.patientId,
    clinicianId,
    labName: v.labName,
    refId: booking.id,
    refIdType: 'BOOKING_ID',
    careLocation: booking.careLocation as LabOrderRequest['careLocation'],
    panelTestSpecifications,
  };
}

/** The datetime-local text of a time in the browser's zone (the Complete step's default: now). */
export function localDateTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
