import { Alert, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { createElement, useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../providers/dataProvider';
import type { PrescribingSettings } from '../../providers/runtimeConfig';
import { reasonOf, useSendPrescription, type PrescriptionSource } from './useSendPrescription';

type Photon = Extract<PrescribingSettings, { provider: 'photon' }>;

/**
 * Production: Photon's prescribe web component (@photonhealth/elements, loaded only here). The prescribing patient is
 * created first when the patient has none and its id stored (spec 2 §7); the widget's order-created event is posted to
 * POST /secure/clinician/createPrescription. Local pickup and send-to-patient are enabled.
 */
export const PhotonPrescribe = ({ settings, source, onSent }: { settings: Photon; source: PrescriptionSource; onSent: () => void }) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const send = useSendPrescription(source, onSent);
  const host = useRef<HTMLDivElement>(null);
  const ready = useQuery({
    queryKey: ['prescribing', 'photonPatient', source.patientId],
    queryFn: async () => {
      await import('@photonhealth/elements');
      const { erxPhotonId } = await dataProvider.createPrescribingPatient(source.patientId);
      await dataProvider.updatePhotonErxPatientId(source.patientId, erxPhotonId.id);
      return erxPhotonId.id;
    },
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    const onOrder = (e: Event) => {
      const id = (e as CustomEvent<{ order?: { id?: string } }>).detail?.order?.id;
      if (id) send.mutate({ order: { id } });
    };
    el.addEventListener('photon-order-created', onOrder);
    return () => el.removeEventListener('photon-order-created', onOrder);
  }, [send, ready.data]);
  if (ready.isPending) return <CircularProgress size={24} />;
  if (ready.isError) return <Alert severity="error">{reasonOf(ready.error)}</Alert>;
  const env = settings.devMode ? 'neutron' : 'photon';
  return (
    <div ref={host}>
      {createElement(
        'photon-client',
        {
          id: settings.clientId,
          org: settings.organizationId,
          domain: `auth.${env}.health`,
          audience: `https://api.${env}.health`,
          uri: `https://api.${env}.health/graphql`,
          'dev-mode': settings.devMode ? 'true' : undefined,
          'redirect-uri': window.location.origin,
        },
        createElement('photon-prescribe-workflow', {
          'patient-id': ready.data,
          'enable-order': 'true',
          'enable-local-pickup': settings.enableLocalPickup ? 'true' : 'false',
          'enable-send-to-patient': settings.enableSendToPatient ? 'true' : 'false',
        }),
      )}
    </div>
  );
};

export default PhotonPrescribe;
