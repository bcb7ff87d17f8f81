import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { CreatePrescriptionBody } from '../../domain/prescriptions';
import type { PortalDataProvider } from '../providers/dataProvider';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { errorReason } from '../providers/errorReason';

/** Where Send Prescription was opened from: the patient, and the kit, booking or message (the server checks each). */
export interface PrescriptionSource { patientId: string; patientName?: string | null; kitId?: string; bookingId?: string; messageId?: string }

export const prescriptionsKey = (patientId: string) => ['prescriptions', patientId] as const;

/** The server's reason ('Patient DOB is missing', "You can't send prescription until results are released", …), else the error text. */
export const reasonOf = (error: unknown): string => errorReason(error) ?? 'Something went wrong';

/**
 * POST /secure/clinician/createPrescription with one Idempotency-Key per send: 'This may take a few seconds' while it
 * runs, 'Prescription Sent!' after, the patient's prescriptions refetched; a refusal shows the server's text.
 */
export function useSendPrescription(source: PrescriptionSource, onSent: () => void) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const withKey = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: Omit<CreatePrescriptionBody, 'patientId' | 'kitId' | 'bookingId' | 'messageId'>) => {
      notify('prescription.wait', { type: 'info' });
      const { patientId, kitId, bookingId, messageId } = source;
      return withKey((key) => dataProvider.createPrescription({ ...body, patientId, kitId, bookingId, messageId }, key));
    },
    onSuccess: async () => {
      notify('prescription.sent', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: prescriptionsKey(source.patientId) });
      onSent();
    },
    onError: (error) => notify(reasonOf(error), { type: 'error', messageArgs: { _: reasonOf(error) } }),
  });
}
