import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import { useRuntimeConfig } from '../../providers/useRuntimeConfig';
import { LocalPrescribeForm } from './LocalPrescribeForm';
import type { PrescriptionSource } from './useSendPrescription';

const PhotonPrescribe = lazy(() => import('./PhotonPrescribe'));

/** The Send prescription modal (spec 1 §2, spec 2 §2.3, spec 3 §2): Photon's widget when configured, else the local form. */
export const SendPrescriptionDialog = ({ source, onClose }: { source: PrescriptionSource; onClose: () => void }) => {
  const translate = useTranslate();
  const config = useRuntimeConfig();
  const settings = config.data?.prescribing ?? { provider: 'local' as const };
  return (
    <Dialog open onClose={onClose} maxWidth="md" aria-labelledby="send-prescription-title">
      <DialogTitle id="send-prescription-title">{translate('prescription.title')}</DialogTitle>
      <DialogContent>
        {settings.provider === 'photon' ? (
          <Suspense fallback={null}>
            <PhotonPrescribe settings={settings} source={source} onSent={onClose} />
          </Suspense>
        ) : (
          <LocalPrescribeForm source={source} onSent={onClose} onCancel={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
};

export default SendPrescriptionDialog;
