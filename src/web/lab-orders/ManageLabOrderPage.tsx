import { Alert, Box, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { ListBase, useTranslate } from 'react-admin';
import { CARE_LOCATIONS, LAB_TABLE_PAGE_SIZES } from '../../domain/shared/constants';
import { useReadOnly } from '../shared/useReadOnly';
import { PageHeading } from '../layout/PageHeading';
import { KitStepList } from './KitStepList';
import { StepCards, type StepKey } from './StepCards';
import { useManifestPdf } from './useManifestPdf';
import { statusOfStep, useStepCounts } from './useStepKits';

/**
 * Manage Lab Order (/manage-lab-order, spec 1 §2, §4, §5): a care location first, then the three steps
 * (collected -> approve or cancel; approved -> shipping manifest; manifest created -> confirm shipment, which
 * clears the kits from the view), each a react-admin list of the `lab-order-kits` of that status with selection,
 * refresh and paging. Another location or step starts a fresh list (page 1, nothing selected).
 */
export const ManageLabOrderPage = () => {
  const translate = useTranslate();
  const readOnly = useReadOnly();
  const [careLocation, setCareLocation] = useState('');
  const [step, setStep] = useState<StepKey>('COLLECTED');
  const counts = useStepCounts(careLocation);
  const manifestPdf = useManifestPdf();

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading path="/manage-lab-order" />
      <Stack spacing={2}>
        <TextField
          select
          label={translate('kit.careLocation')}
          value={careLocation}
          onChange={(e) => setCareLocation(e.target.value)}
          sx={{ maxWidth: 360 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            —
          </option>
          {CARE_LOCATIONS.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </TextField>
        {!careLocation ? (
          <Alert severity="info">{translate('kit.rules.selectCareLocation')}</Alert>
        ) : (
          <>
            <StepCards active={step} counts={counts} onSelect={setStep} />
            <ListBase
              key={`${careLocation}/${step}`}
              resource="lab-order-kits"
              filter={{ status: statusOfStep(step), careLocation }}
              sort={{ field: 'created', order: 'DESC' }}
              perPage={LAB_TABLE_PAGE_SIZES[0]}
              disableSyncWithLocation
              storeKey={false}
            >
              <KitStepList step={step} careLocation={careLocation} readOnly={readOnly} onPrintManifest={manifestPdf.print} />
            </ListBase>
          </>
        )}
      </Stack>
      {manifestPdf.viewer}
    </Box>
  );
};

export default ManageLabOrderPage;
