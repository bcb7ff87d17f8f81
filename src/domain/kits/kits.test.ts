import { describe, expect, it } from 'vitest';
import { patientScope } from '../shared/scope';
import {
  approveLabOrderSamplesSchema,
  cancelLabOrdersSchema,
  careLocationCode,
  checkPanelSelection,
  confirmLabOrderShippingManifestSchema,
  describeKitProblems,
  isInManageLabOrder,
  KIT_ACTIONS,
  kitActionsFor,
  kitInScope,
  kitSummaryStatus,
  labOrderRequestSchema,
  MANAGE_LAB_ORDER_STEPS,
  nextKitStatus,
  planKitTransition,
  updateLabOrderWithShippingManifestSchema,
  type CompendiumEntry,
  type LockedKitFacts,
} from './kits';
import { KIT_TEXTS } from '../i18n/en/kit';
import { KIT_STATUSES } from '../shared/statuses';

const COLLECTED = 'SAMPLE_COLLECTED_PENDING_REVIEW';
const APPROVED = 'SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST';
const MANIFESTED = 'SAMPLE_SHIPMENT_MANIFEST_CREATED';

describe('kit state machine (spec 1 §4 lab kit flow)', () => {
  it('has exactly the allowed transitions, no skipped steps', () => {
    const allowed: string[] = [];
    for (const action of KIT_ACTIONS)
      for (const s of KIT_STATUSES) {
        const to = nextKitStatus(action, s);
        if (to) allowed.push(`${s} -${action}-> ${to}`);
      }
    expect(allowed.sort()).toEqual(
      [
        `${COLLECTED} -approve-> ${APPROVED}`,
        `${COLLECTED} -cancel-> CANCELLED`,
        `${APPROVED} -manifest-> ${MANIFESTED}`,
        `SAMPLE_PENDING_SHIPMENT_MANIFEST_CONFIRMATION -confirmShipment-> SHIPPED`,
        `${MANIFESTED} -confirmShipment-> SHIPPED`,
      ].sort(),
    );
  });
  it('offers the step actions and clears shipped and cancelled kits from Manage Lab Order', () => {
    expect(kitActionsFor(COLLECTED)).toEqual(['cancel', 'approve']);
    expect(kitActionsFor(APPROVED)).toEqual(['manifest']);
    expect(kitActionsFor(MANIFESTED)).toEqual(['confirmShipment']);
    expect(kitActionsFor('SHIPPED')).toEqual([]);
    expect(MANAGE_LAB_ORDER_STEPS.map((s) => s.title)).toEqual(['Collected Samples', 'Approved Samples', 'Confirm Shipment']);
    expect(isInManageLabOrder('SHIPPED')).toBe(false);
    expect(isInManageLabOrder('CANCELLED')).toBe(false);
    expect(isInManageLabOrder(APPROVED)).toBe(true);
  });
});

describe('kit scope and bulk planning', () => {
  const clinician = patientScope(['clinicians'], ['NV', 'CO']);
  const staff = patientScope(['staff'], []);
  const auditor = patientScope(['auditor_read_only'], []);
  const kit = (patientState: string | null, patientId: string | null = patientState && 'p1') => ({ patientState, patientId });
  it('unlicensed and expired states are out of scope for a licence-bound clinician; a kit without a patient is not', () => {
    expect(kitInScope(kit('NV'), clinician)).toBe(true);
    expect(kitInScope(kit('TX'), clinician)).toBe(false);
    expect(kitInScope(kit('FL'), clinician)).toBe(false);
    expect(kitInScope(kit(null), clinician)).toBe(true);
    expect(kitInScope(kit(null, 'p1'), clinician)).toBe(false);
    expect(kitInScope(kit('FL'), staff)).toBe(true);
    expect(kitInScope(kit('TX'), auditor)).toBe(true);
  });
  it('names every offending kit, hiding out-of-scope ones as not found', () => {
    const found = new Map<string, LockedKitFacts>([
      ['K1', { kitId: 'K1', status: COLLECTED, careLocation: 'ONLINE', patientState: 'NV', patientId: 'p1' }],
      ['K2', { kitId: 'K2', status: APPROVED, careLocation: 'ONLINE', patientState: 'NV', patientId: 'p1' }],
      ['K3', { kitId: 'K3', status: COLLECTED, careLocation: 'ONLINE', patientState: 'TX', patientId: 'p1' }],
      ['K4', { kitId: 'K4', status: COLLECTED, careLocation: 'DENVER_CAREHUB_01', patientState: 'CO', patientId: 'p1' }],
    ]);
    expect(planKitTransition('approve', ['K1'], found, clinician, 'ONLINE')).toEqual([]);
    const problems = planKitTransition('approve', ['K1', 'K2', 'K3', 'K4', 'K9'], found, clinician, 'ONLINE');
    expect(problems).toEqual([
      { kitId: 'K2', problem: 'WRONG_STATUS', status: APPROVED },
      { kitId: 'K3', problem: 'NOT_FOUND' },
      { kitId: 'K4', problem: 'OTHER_CARE_LOCATION', careLocation: 'DENVER_CAREHUB_01' },
      { kitId: 'K9', problem: 'NOT_FOUND' },
    ]);
    const reason = describeKitProblems('approve', problems);
    expect(reason).toContain(`K2 is ${APPROVED}`);
    expect(reason).toContain('K3 not found');
    expect(reason).not.toContain('K1');
    const many = Array.from({ length: 25 }, (_, i) => ({ kitId: `X${i}`, problem: 'NOT_FOUND' as const }));
    expect(describeKitProblems('cancel', many)).toMatch(/and 5 more$/);
    // A kit moved on meanwhile says who moved it, and how.
    expect(describeKitProblems('approve', problems, new Map([['K2', { by: 'Sarah Kim', action: 'APPROVE_SAMPLES' }]]))).toContain(
      `K2 is ${APPROVED} (changed by Sarah Kim (APPROVE_SAMPLES)); K3 not found`,
    );
  });
});

describe('lab action modal validation texts (spec 1 §5)', () => {
  const reason = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message).join(' | ');
  it('comments are required and not blank', () => {
    expect(reason(cancelLabOrdersSchema.safeParse({ kitIds: 'KT0000001' }))).toContain(KIT_TEXTS.commentForCancellation);
    expect(reason(approveLabOrderSamplesSchema.safeParse({ kitIds: 'KT0000001', comment: ' \n ' }))).toContain(KIT_TEXTS.commentForApproval);
    expect(reason(confirmLabOrderShippingManifestSchema.safeParse({ kitIds: 'KT0000001', comment: '' }))).toContain(KIT_TEXTS.comment);
    expect(KIT_TEXTS.commentForCancellation).toBe('Please provide a comment for cancellation');
  });
  it('at least one order is selected', () => {
    expect(reason(cancelLabOrdersSchema.safeParse({ kitIds: '', comment: 'x' }))).toBe('Please select atleast one order to cancel');
    expect(reason(approveLabOrderSamplesSchema.safeParse({ kitIds: ' , ,', comment: 'x' }))).toBe('Please select atleast one order to approve');
    expect(reason(confirmLabOrderShippingManifestSchema.safeParse({ kitIds: [], comment: 'x' }))).toBe('No orders to confirm shipment');
    expect(reason(approveLabOrderSamplesSchema.safeParse({ comment: 'x' }))).toBe('Please select atleast one order to approve');
  });
  it('kit ids are parsed from a comma-joined list, deduplicated and checked', () => {
    expect(approveLabOrderSamplesSchema.parse({ kitIds: 'KT1, KT2,KT1,', comment: ' ok ' })).toEqual({ kitIds: ['KT1', 'KT2'], comment: 'ok' });
    expect(reason(approveLabOrderSamplesSchema.safeParse({ kitIds: 'KT1,../x', comment: 'ok' }))).toBe('Kit ID is not valid: ../x');
  });
  it('a manifest needs a tracking number and FEDEX or UPS; the comment defaults to "Shipping Manifest Created"', () => {
    expect(updateLabOrderWithShippingManifestSchema.parse({ kitIds: 'KT1', shipManifestId: '1z 999 aa1 0123456784', provider: 'ups' })).toEqual({
      kitIds: ['KT1'],
      shipManifestId: '1Z999AA10123456784',
      provider: 'UPS',
      comment: 'Shipping Manifest Created',
    });
    expect(reason(updateLabOrderWithShippingManifestSchema.safeParse({ kitIds: 'KT1', provider: 'UPS' }))).toBe(KIT_TEXTS.trackingNumberRequired);
    expect(reason(updateLabOrderWithShippingManifestSchema.safeParse({ kitIds: 'KT1', shipManifestId: '   ', provider: 'UPS' }))).toBe(
      KIT_TEXTS.trackingNumberRequired,
    );
    expect(reason(updateLabOrderWithShippingManifestSchema.safeParse({ kitIds: 'KT1', shipManifestId: '12', provider: 'UPS' }))).toBe(
      KIT_TEXTS.trackingNumberInvalid,
    );
    expect(reason(updateLabOrderWithShippingManifestSchema.safeParse({ kitIds: 'KT1', shipManifestId: '771234567890', provider: 'DHL' }))).toBe(
      KIT_TEXTS.providerRequired,
    );
  });
});

describe('lab order request', () => {
  const compendium: CompendiumEntry[] = [
    {
      testOrPanelName: 'Performer Panel',
      panel: true,
      testCode: 'P1',
      editable: true,
      specifications: [
        { testName: 'CT', testCode: 'T1', editable: false },
        { testName: 'NG', testCode: 'T2', editable: false },
        { testName: 'TV', testCode: 'T3', editable: true },
      ],
    },
    { testOrPanelName: 'HIV', panel: false, testCode: 'T4', editable: true, specifications: [] },
  ];
  it('keeps a panel whole by default, lets it drop editable tests only, and uses the compendium names', () => {
    const ok = checkPanelSelection(
      [
        { testOrPanelName: 'whatever', panel: true, testCode: 'P1' },
        { testOrPanelName: 'x', panel: false, testCode: 'T4' },
      ],
      compendium,
    );
    expect(ok).toEqual({ ok: true, entries: compendium });
    const dropped = checkPanelSelection(
      [
        {
          testOrPanelName: 'P',
          panel: true,
          testCode: 'P1',
          specifications: [
            { testName: 'a', testCode: 'T1' },
            { testName: 'b', testCode: 'T2' },
          ],
        },
      ],
      compendium,
    );
    expect(dropped.ok && dropped.entries[0].specifications.map((s) => s.testCode)).toEqual(['T1', 'T2']);
    const fixed = checkPanelSelection(
      [{ testOrPanelName: 'P', panel: true, testCode: 'P1', specifications: [{ testName: 'c', testCode: 'T3' }] }],
      compendium,
    );
    expect(fixed).toEqual({ ok: false, errors: ['panel P1 cannot drop its fixed tests T1, T2'] });
    expect(checkPanelSelection([{ testOrPanelName: 'x', panel: false, testCode: 'ZZ' }], compendium).ok).toBe(false);
    expect(
      checkPanelSelection(
        [
          { testOrPanelName: 'x', panel: false, testCode: 'T4' },
          { testOrPanelName: 'x', panel: false, testCode: 'T4' },
        ],
        compendium,
      ).ok,
    ).toBe(false);
  });
  it('validates the payload of spec 1 §7', () => {
    const now = Math.floor(Date.now() / 1000);
    const base = {
      reqEpochSec: now,
      collectionEpochSec: now - 60,
      patientId: '6f1d7c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      clinicianId: 'x',
      labName: 'LIFESCAN',
      careLocation: 'Denver hub',
      panelTestSpecifications: [{ testOrPanelName: 'HIV', panel: false, testCode: 'T4' }],
    };
    expect(labOrderRequestSchema.parse(base).careLocation).toBe('DENVER_CAREHUB_01');
    expect(labOrderRequestSchema.safeParse({ ...base, panelTestSpecifications: [] }).error?.issues[0].message).toBe(KIT_TEXTS.selectTests);
    expect(labOrderRequestSchema.safeParse({ ...base, refId: 'BK1' }).success).toBe(false);
    expect(labOrderRequestSchema.safeParse({ ...base, refId: 'BK1', refIdType: 'BOOKING_ID' }).success).toBe(true);
    expect(labOrderRequestSchema.safeParse({ ...base, collectionEpochSec: now + 3 * 86_400 }).success).toBe(false);
    expect(labOrderRequestSchema.safeParse({ ...base, reqEpochSec: now * 1000 }).success).toBe(false);
  });
  it('maps care locations given by code, label or short name', () => {
    expect(careLocationCode('Care Hub Las Vegas Charleston')).toBe('CHARLESTON_NV_89104');
    expect(careLocationCode('las vegas hub')).toBe('CHARLESTON_NV_89104');
    expect(careLocationCode('Online/Telemedicine')).toBe('ONLINE');
    expect(careLocationCode('Mars')).toBeNull();
  });
});

describe('kit summary status', () => {
  it('POSITIVE wins, then INCONCLUSIVE, OTHER, NEGATIVE; excluded herpes tests do not count', () => {
    expect(kitSummaryStatus([])).toBeNull();
    expect(
      kitSummaryStatus([
        { testName: 'CT', result: 'Not Detected' },
        { testName: 'NG', result: 'Detected' },
      ]),
    ).toBe('POSITIVE');
    expect(
      kitSummaryStatus([
        { testName: 'CT', result: 'Not Detected' },
        { testName: 'NG', result: 'QNS' },
      ]),
    ).toBe('INCONCLUSIVE');
    expect(
      kitSummaryStatus([
        { testName: 'CT', result: 'Negative' },
        { testName: 'HSV-2 IgG, Type-Specific Antibody (Quantitative)', result: '3.1' },
      ]),
    ).toBe('NEGATIVE');
  });
});
