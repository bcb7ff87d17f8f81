import { describe, expect, it } from 'vitest';
import { checkPanelSelection, collectionInFuture, labOrderRequestSchema, type CompendiumEntry } from '../kits/kits';
import { KIT_TEXTS } from '../i18n/en/kit';
import {
  chooseEntry,
  collectionEpochSec,
  compendiumGroup,
  groupedCompendium,
  stepError,
  submitRefusal,
  subTestDisabled,
  toggleSubTest,
  toLabOrderRequest,
  wizardButtons,
  type LabWizardValues,
} from './lab-order-wizard';
import { LAB_WIZARD_STEPS } from '../i18n/en/lab-wizard';

const PERFORMER: CompendiumEntry = {
  testOrPanelName: 'Performer Panel',
  panel: true,
  testCode: 'LSP104',
  editable: true,
  specifications: [
    { testName: 'Chlamydia trachomatis, NAA (urine)', testCode: 'LS1003', editable: false },
    { testName: 'Trichomonas vaginalis, NAA', testCode: 'LS1031', editable: true },
  ],
};
const CUSTOM: CompendiumEntry = {
  testOrPanelName: 'Custom Panel',
  panel: true,
  testCode: 'LSP101',
  editable: true,
  specifications: [{ testName: 'Chlamydia trachomatis, NAA (urine)', testCode: 'LS1003', editable: true }],
};
const HIV: CompendiumEntry = {
  testOrPanelName: 'HIV-1/2 Ag/Ab, 4th generation',
  panel: false,
  testCode: 'LS1038',
  editable: true,
  specifications: [],
};
const COMPENDIUM = [HIV, PERFORMER, CUSTOM];
const NOW = Date.UTC(2026, 10, 23, 15, 0);
const facts = { patientId: '7d7b8d1c-0000-4000-8000-000000000001', nowMs: NOW };
const values = (over: Partial<LabWizardValues> = {}): LabWizardValues => ({ labName: 'LIFESCAN', tests: [], collection: '', ...over });
const local = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

describe('lab order wizard rules', () => {
  it('has the five steps; Back above step 0, Next below step 4, Save as draft and Submit on step 4 only', () => {
    expect(LAB_WIZARD_STEPS).toEqual(['Patient Name', 'Vendor', 'Tests', 'Complete', 'Review']);
    expect([0, 1, 2, 3, 4].map(wizardButtons)).toEqual([
      { back: false, next: true, saveDraft: false, submit: false },
      { back: true, next: true, saveDraft: false, submit: false },
      { back: true, next: true, saveDraft: false, submit: false },
      { back: true, next: true, saveDraft: false, submit: false },
      { back: true, next: false, saveDraft: true, submit: true },
    ]);
  });

  it("groups the compendium as 'Panel' then 'Individual Test' and disables non-editable sub-tests", () => {
    expect(groupedCompendium(COMPENDIUM).map((e) => [compendiumGroup(e), e.testCode])).toEqual([
      ['Panel', 'LSP104'],
      ['Panel', 'LSP101'],
      ['Individual Test', 'LS1038'],
    ]);
    expect(PERFORMER.specifications.map(subTestDisabled)).toEqual([true, false]);
  });

  it('a chosen panel keeps all its sub-tests; only editable ones can be unticked and ticked again', () => {
    const chosen = [chooseEntry(PERFORMER), chooseEntry(HIV)];
    expect(chosen).toEqual([
      { testCode: 'LSP104', specs: ['LS1003', 'LS1031'] },
      { testCode: 'LS1038', specs: [] },
    ]);
    expect(toggleSubTest(chosen, PERFORMER, 'LS1003')).toEqual(chosen);
    const dropped = toggleSubTest(chosen, PERFORMER, 'LS1031');
    expect(dropped[0]).toEqual({ testCode: 'LSP104', specs: ['LS1003'] });
    expect(toggleSubTest(dropped, PERFORMER, 'LS1031')[0]).toEqual({ testCode: 'LSP104', specs: ['LS1003', 'LS1031'] });
  });

  it('refuses Next without a patient, without a test, with an emptied panel, without or with a future collection time', () => {
    expect(stepError(0, values(), { ...facts, patientId: null }, COMPENDIUM)).toBe('This booking has no patient');
    expect(stepError(0, values(), facts, COMPENDIUM)).toBeNull();
    expect(stepError(1, values(), facts, COMPENDIUM)).toBeNull();
    expect(stepError(2, values(), facts, COMPENDIUM)).toBe(KIT_TEXTS.selectTests);
    const emptied = toggleSubTest([chooseEntry(CUSTOM)], CUSTOM, 'LS1003');
    expect(stepError(2, values({ tests: emptied }), facts, COMPENDIUM)).toBe('Keep at least one test of the panel Custom Panel');
    const tests = [chooseEntry(PERFORMER)];
    expect(stepError(2, values({ tests }), facts, COMPENDIUM)).toBeNull();
    expect(stepError(3, values({ tests }), facts, COMPENDIUM)).toBe('Please enter the sample collection date and time');
    expect(stepError(3, values({ tests, collection: local(NOW + 3_600_000) }), facts, COMPENDIUM)).toBe(
      'The sample collection cannot be in the future',
    );
    expect(stepError(4, values({ tests, collection: local(NOW - 3_600_000) }), facts, COMPENDIUM)).toBeNull();
    // Step 4 checks every step again.
    expect(stepError(4, values({ collection: local(NOW - 3_600_000) }), facts, COMPENDIUM)).toBe(KIT_TEXTS.selectTests);
  });

  it('submitting needs the genderAtBirth, with the spec text', () => {
    expect(submitRefusal(null)).toBe(
      'Sex At Birth is not present for this patient. Please update it by clicking on the Update Patient Profile button.',
    );
    expect(submitRefusal('  ')).toBe(KIT_TEXTS.sexAtBirthMissing);
    expect(submitRefusal('female')).toBeNull();
  });

  it('builds a request the server schema and compendium rule accept: LIFESCAN, the booking as BOOKING_ID, the kept sub-tests', () => {
    const tests = toggleSubTest([chooseEntry(PERFORMER), chooseEntry(HIV)], PERFORMER, 'LS1031');
    const collection = local(NOW - 7_200_000);
    const body = toLabOrderRequest(
      values({ tests, collection }),
      { id: 'BK000603', patientId: facts.patientId, careLocation: 'CHARLESTON_NV_89104' },
      COMPENDIUM,
      null,
      NOW,
    );
    expect(body).toMatchObject({
      labName: 'LIFESCAN',
      refId: 'BK000603',
      refIdType: 'BOOKING_ID',
      careLocation: 'CHARLESTON_NV_89104',
      reqEpochSec: NOW / 1000,
      collectionEpochSec: collectionEpochSec(collection),
    });
    expect(body.panelTestSpecifications.map((t) => [t.testCode, t.specifications?.map((s) => s.testCode)])).toEqual([
      ['LSP104', ['LS1003']],
      ['LS1038', []],
    ]);
    expect(checkPanelSelection(body.panelTestSpecifications, COMPENDIUM).ok).toBe(true);
    expect(
      labOrderRequestSchema.safeParse({ ...body, reqEpochSec: Math.floor(Date.now() / 1000), collectionEpochSec: Math.floor(Date.now() / 1000) - 60 })
        .success,
    ).toBe(true);
  });

  it('reads the datetime-local collection text', () => {
    expect(collectionEpochSec('')).toBeNull();
    expect(collectionEpochSec('2026-13-40T99:99')).toBeNull();
    expect(collectionEpochSec(local(NOW))).toBe(NOW / 1000);
  });
});

describe('the sample collection time (field test finding 19: one rule for the wizard and the server)', () => {
  it('is in the future beyond a few minutes of clock skew', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    expect(collectionInFuture(now / 1000 + 60, now)).toBe(false);
    expect(collectionInFuture(now / 1000 - 86_400, now)).toBe(false);
    expect(collectionInFuture(now / 1000 + 10 * 60, now)).toBe(true);
  });
});
