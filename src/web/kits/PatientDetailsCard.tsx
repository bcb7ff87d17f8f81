import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { KitDetail } from '../../domain/kits';
import { personName } from '../../domain/lab-templates';
import { FieldGrid, Section } from './KitFields';

/**
 * Patient Details (spec 1 §2): the red PENDING PATIENT REGISTRATION banner without a patient; name, email, DOB,
 * sex, phone, state and PASS status; Change Consent Status asks for confirmation. The server keeps no PASS consent
 * yet, so the status reads "Not recorded" and the dialog explains that it cannot be changed.
 */
export const PatientDetailsCard = ({ kit }: { kit: KitDetail }) => {
  const translate = useTranslate();
  const [consentOpen, setConsentOpen] = useState(false);
  const p = kit.patient;
  return (
    <Section id="kit-patient" title="kit.patientDetails">
      {!p ? (
        <Alert severity="error" variant="filled" icon={false} sx={{ fontWeight: 700, justifyContent: 'center' }} data-testid="pending-registration">
          {translate('kit.rules.pendingPatientRegistration')}
        </Alert>
      ) : (
        <Stack spacing={1}>
          <FieldGrid
            fields={[
              ['kit.name', personName(p.firstName, p.lastName) || p.name],
              ['kit.email', p.email],
              ['kit.dob', p.dob],
              ['kit.sex', p.genderAtBirth ?? p.gender],
              ['kit.phone', p.phoneNumber],
              ['kit.state', p.address.region],
              ['kit.passStatus', translate('kit.passStatusUnknown')],
            ]}
          />
          <Link component="button" type="button" onClick={() => setConsentOpen(true)} sx={{ alignSelf: 'flex-start' }}>
            {translate('kit.changeConsentStatus')}
          </Link>
        </Stack>
      )}
      <Dialog open={consentOpen} onClose={() => setConsentOpen(false)} aria-labelledby="consent-title">
        <DialogTitle id="consent-title">{translate('kit.changeConsentTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('kit.changeConsentQuestion')}</DialogContentText>
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('kit.changeConsentUnavailable')}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConsentOpen(false)} autoFocus>
            {translate('kit.cancel')}
          </Button>
          <Button variant="contained" disabled>
            {translate('kit.changeConsentStatus')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
};
