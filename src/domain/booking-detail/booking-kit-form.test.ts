import { describe, expect, it } from 'vitest';
import { kitFormMissing, kitFormMissingText, orderKitSchema } from './booking-kit-form';

describe('kit form', () => {
  it('needs the LIFESCAN requisition number only for LIFESCAN', () => {
    const form = { panelName: 'HPV', labName: 'LIFESCAN', sampleTakenDate: '2026-11-21', medications: 'none', notes: 'none' } as const;
    expect(kitFormMissing(form)).toEqual(['lifescanReqNum']);
    expect(kitFormMissing({ ...form, labName: 'CDD' })).toEqual([]);
    expect(orderKitSchema.safeParse(form).error?.issues[0].message).toBe(
      'Missing required value for Lifescan Req Num. Enter "none" if nothing to enter',
    );
    expect(orderKitSchema.safeParse({ ...form, labName: 'CDD', panelName: 'Made-up Panel' }).error?.issues[0].message).toBe('Unknown panel');
    expect(orderKitSchema.safeParse({ ...form, labName: 'CDD', panelName: 'HPV' }).success).toBe(true);
    expect(kitFormMissingText(['panelName', 'notes'])).toBe('Missing required value for Panel Name, Notes. Enter "none" if nothing to enter');
  });
});
