import { describe, expect, it } from 'vitest';
import { kitRuleKey } from '../kits/kit-texts';
import { kitActionBody, kitSelectionProblem, manifestReadOnly } from './lab-orders';
import { KIT_TEXTS, KIT_UI_TEXT } from '../i18n/en/kit';

describe('Manage Lab Order rules (portal side of the shared schemas)', () => {
  it('names the missing selection first, then the missing comment, with the spec texts', () => {
    expect(kitActionBody('approve', { kitIds: [], comment: '' })).toEqual({ ok: false, message: KIT_TEXTS.selectToApprove });
    expect(kitActionBody('approve', { kitIds: ['KT0000001'], comment: '  ' })).toEqual({ ok: false, message: KIT_TEXTS.commentForApproval });
    expect(kitActionBody('cancel', { kitIds: ['KT0000001'], comment: '' })).toEqual({ ok: false, message: KIT_TEXTS.commentForCancellation });
    expect(kitActionBody('confirmShipment', { kitIds: [], comment: 'x' })).toEqual({ ok: false, message: KIT_TEXTS.noneToConfirm });
    expect(kitActionBody('confirmShipment', { kitIds: ['KT0000001'], comment: '' })).toEqual({ ok: false, message: KIT_TEXTS.comment });
    expect(kitSelectionProblem('cancel', [])).toBe(KIT_TEXTS.selectToCancel);
    expect(kitSelectionProblem('cancel', ['KT0000001'])).toBeNull();
  });

  it('a manifest needs a tracking number and FEDEX or UPS; valid bodies are sent comma-joined as typed', () => {
    const base = { kitIds: ['KT0000001', 'KT0000002'], comment: KIT_TEXTS.manifestComment, provider: 'UPS' };
    expect(kitActionBody('manifest', { ...base, trackingNumber: ' ' })).toEqual({ ok: false, message: KIT_TEXTS.trackingNumberRequired });
    expect(kitActionBody('manifest', { ...base, trackingNumber: '12' })).toEqual({ ok: false, message: KIT_TEXTS.trackingNumberInvalid });
    expect(kitActionBody('manifest', { ...base, trackingNumber: '1Z999AA10123456784', provider: 'DHL' })).toEqual({
      ok: false,
      message: KIT_TEXTS.providerRequired,
    });
    expect(kitActionBody('manifest', { ...base, trackingNumber: '1Z999AA10123456784', careLocation: 'CHARLESTON_NV_89104' })).toEqual({
      ok: true,
      body: {
        kitIds: 'KT0000001,KT0000002',
        comment: 'Shipping Manifest Created',
        careLocation: 'CHARLESTON_NV_89104',
        shipManifestId: '1Z999AA10123456784',
        provider: 'UPS',
      },
    });
  });

  it('the manifest is read-only once all its kits are manifest-created', () => {
    expect(manifestReadOnly(['SAMPLE_SHIPMENT_MANIFEST_CREATED', 'SAMPLE_PENDING_SHIPMENT_MANIFEST_CONFIRMATION'])).toBe(true);
    expect(manifestReadOnly(['SAMPLE_SHIPMENT_MANIFEST_CREATED', 'SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST'])).toBe(false);
    expect(manifestReadOnly([])).toBe(false);
  });

  it('finds the catalogue key of a rules text, nested ones included', () => {
    expect(kitRuleKey(KIT_TEXTS.selectToApprove)).toBe('kit.rules.selectToApprove');
    expect(kitRuleKey(KIT_TEXTS.failure.cancel)).toBe('kit.rules.failure.cancel');
    expect(kitRuleKey('something else')).toBeNull();
    expect(KIT_UI_TEXT.steps).toEqual({ COLLECTED: 'Collected Samples', APPROVED: 'Approved Samples', CONFIRM: 'Confirm Shipment' });
  });
});
