import { describe, expect, it } from 'vitest';
import { bookingActionItems } from './actionList';

const facts = (o: Partial<Parameters<typeof bookingActionItems>[0]> = {}) => ({
  isReadOnly: false,
  readOnlyReason: null,
  hasReadAccessToClinicalData: true,
  restrictClinicalDataAccessReason: null,
  bookingStatus: 'BOOKED_PENDING_CONFIRMATION',
  ...o,
});

describe('Select Action list', () => {
  it('sorts the actions by label and numbers them from 1', () => {
    const items = bookingActionItems(facts());
    expect(items.map((i) => `${i.number}. ${i.label}`)).toEqual([
      '1. Cancel Booking [pro active]',
      '2. Complete clinical service',
      '3. Create Charting Notes',
      '4. Enter payment info',
      '5. Lab order request',
      '6. Mark as No Show',
      '7. Mark Booking Confirmed',
      '8. Reschedule',
      '9. Schedule Follow-up Appointment',
      '10. Send Prescription',
      '11. Send visit summary to patient',
      '12. Submit Appointment Notes',
      '13. Submit Clinician/Charting Notes',
    ]);
    expect(items.every((i) => i.refusal === null)).toBe(true);
  });

  it('leaves out Mark Booking Confirmed once the booking is not pending, and renumbers', () => {
    const items = bookingActionItems(facts({ bookingStatus: 'BOOKED_CONFIRMED' }));
    expect(items.map((i) => i.key)).not.toContain('markConfirmed');
    expect(items).toHaveLength(12);
    expect(items.at(-1)).toMatchObject({ number: 12, label: 'Submit Clinician/Charting Notes' });
  });

  it('refuses every action on a read-only booking with its reason', () => {
    const items = bookingActionItems(facts({ isReadOnly: true, readOnlyReason: 'auditor is read only' }));
    expect(new Set(items.map((i) => i.refusal))).toEqual(new Set(['Action not permitted. Reason: auditor is read only']));
  });

  it('refuses only the clinical actions without clinical data access', () => {
    const items = bookingActionItems(facts({ hasReadAccessToClinicalData: false, restrictClinicalDataAccessReason: 'no licence in TX' }));
    const refused = items
      .filter((i) => i.refusal)
      .map((i) => i.key)
      .sort();
    expect(refused).toEqual(['clinicalNotes', 'completeClinical', 'labOrder', 'visitSummary']);
    expect(items.find((i) => i.key === 'labOrder')?.refusal).toBe('Action not permitted. Reason: no licence in TX');
  });

  it('on a terminal booking allows only the actions allowed there', () => {
    const items = bookingActionItems(facts({ bookingStatus: 'COMPLETED' }));
    const allowed = items
      .filter((i) => !i.refusal)
      .map((i) => i.key)
      .sort();
    expect(allowed).toEqual(['chartingNotes', 'followUp', 'labOrder', 'sendPrescription', 'visitSummary']);
    expect(items.find((i) => i.key === 'cancel')?.refusal).toBe('Action not permitted. Booking reached terminal status: COMPLETED');
  });

  it("adds the screen's own reasons after the shared check", () => {
    const items = bookingActionItems(facts(), { sendPrescription: 'No prescribing account for this patient' });
    expect(items.find((i) => i.key === 'sendPrescription')?.refusal).toBe('No prescribing account for this patient');
    const readOnly = bookingActionItems(facts({ isReadOnly: true, readOnlyReason: 'x' }), {
      sendPrescription: 'No prescribing account for this patient',
    });
    expect(readOnly.find((i) => i.key === 'sendPrescription')?.refusal).toBe('Action not permitted. Reason: x');
  });
});
