import { Button, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePortalPermissions } from '../../providers/permissions';
import { SendPrescriptionDialog } from './SendPrescriptionDialog';
import type { PrescriptionSource } from './useSendPrescription';

/**
 * Send Prescription, wherever it appears (kit page, booking detail, message detail, patient profile): clinicians only
 * (the server also checks the licence state and, from a kit, the result status); `disabledReason` explains a refusal.
 */
export const SendPrescriptionButton = ({
  disabledReason,
  variant = 'outlined',
  ...source
}: PrescriptionSource & {
  disabledReason?: string | null;
  variant?: 'outlined' | 'contained' | 'text';
}) => {
  const translate = useTranslate();
  const { permissions } = usePortalPermissions();
  const [open, setOpen] = useState(false);
  const reason = disabledReason ?? (!permissions?.clinician || permissions.readOnly ? 'prescription.cliniciansOnly' : null);
  const button = (
    <span>
      <Button variant={variant} size="small" disabled={!!reason} onClick={() => setOpen(true)}>
        {translate('prescription.send')}
      </Button>
    </span>
  );
  return (
    <>
      {reason ? <Tooltip title={translate(reason, { _: reason })}>{button}</Tooltip> : button}
      {open && <SendPrescriptionDialog source={source} onClose={() => setOpen(false)} />}
    </>
  );
};
