import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { LicenceForm } from './LicenceForm';

/** The onboarding modal of a clinician without a licence (spec 1 §6): "Add your licence" with the licence form. */
export const LicenceOnboardingDialog = ({ initiallyOpen = true }: { initiallyOpen?: boolean }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(initiallyOpen);
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onClose={close} aria-labelledby="licence-onboarding-title" fullWidth maxWidth="sm">
      <DialogTitle id="licence-onboarding-title">{translate('ui.addLicenceTitle')}</DialogTitle>
      <DialogContent>
        <LicenceForm onSaved={close} onCancel={close} />
      </DialogContent>
    </Dialog>
  );
};

export default LicenceOnboardingDialog;
