import { useNotify } from 'react-admin';
import type { CreatePrescriptionBody } from '../../../domain/prescriptions/prescriptions';
import { actionReason, useAction } from '../useAction';

/** Where Send Prescription was opened from: the patient, and the kit, booking or message (the server checks each). */
export interface PrescriptionSource {
  patientId: string;
  patientName?: string | null;
  kitId?: string;
  bookingId?: string;
  messageId?: string;
}

export const prescriptionsKey = (patientId: string) => ['prescriptions', patientId] as const;

/** The server's reason ('Patient DOB is missing', "You can't send prescription until results are released", …) in plain words, else the error text. */
export const reasonOf = (error: unknown): string => actionReason(error, 'Something went wrong');

/**
 * POST /secure/clinician/createPrescription, one call at a time, with one Idempotency-Key per send: 'This may take a
 * few seconds' while it runs, 'Prescription Sent!' after, the patient's prescriptions refetched; a refusal shows the
 * server's text.
 */
export function useSendPrescription(source: PrescriptionSource, onSent: () => void) {
  const notify = useNotify();
  return useAction(
    (dp, body: Omit<CreatePrescriptionBody, 'patientId' | 'kitId' | 'bookingId' | 'messageId'>, key?: string) => {
      notify('prescription.wait', { type: 'info' });
      const { patientId, kitId, bookingId, messageId } = source;
      return dp.createPrescription({ ...body, patientId, kitId, bookingId, messageId }, key!); // idempotent: always a key
    },
    {
      idempotent: true,
      success: 'prescription.sent',
      failure: (error) => ({ key: reasonOf(error) }),
      invalidate: [prescriptionsKey(source.patientId)],
      onSuccess: onSent,
    },
  );
}
