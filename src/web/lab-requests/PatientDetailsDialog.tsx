import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LabRecord } from '../shared/lab/labRow';
import { patientNameOf } from '../shared/lab/labRow';

/** Patient Details modal of Case details (spec 1 §2): name, street, city, state, postal code, email, phone. */
export const PatientDetailsDialog = ({ record, onClose }: { record: LabRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const p = record.user;
  const rows: Array<[string, string | null | undefined]> = p
    ? [
        ['lab.name', patientNameOf(record)],
        ['lab.street', [p.address.street_address, p.address.street_address2].filter(Boolean).join(', ')],
        ['lab.city', p.address.locality],
        ['lab.state', p.address.region],
        ['lab.postalCode', p.address.postal_code],
        ['lab.email', p.email],
        ['lab.phone', p.phoneNumber],
      ]
    : [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="patient-details-title">
      <DialogTitle id="patient-details-title">{translate('lab.patientDetails')}</DialogTitle>
      <DialogContent>
        {!p ? (
          <Typography color="text.secondary">{translate('lab.noPatient')}</Typography>
        ) : (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {translate(label)}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {value || '—'}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

export default PatientDetailsDialog;
