import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LabPatient } from '../../../domain/lab/lab-api';
import { usePatientPicture } from '../usePatientPicture';
import { PatientAvatar } from './PatientAvatar';

const Line = ({ label, value }: { label: string; value: string | null | undefined }) => (
  <Typography variant="body2">
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {label}:{' '}
    </Box>
    {value || '—'}
  </Typography>
);

const addressOf = (a: LabPatient['address']) => [a.street_address, a.street_address2, a.locality, a.region, a.postal_code].filter(Boolean).join(', ');

/**
 * The patient summary of the Patient Name hover card (spec 1 §2). It mounts when the card opens, and only then asks
 * for the patient's picture; none, or a failure, shows the default picture.
 */
export const PatientHoverCard = ({ patient, name }: { patient: LabPatient; name: string }) => {
  const translate = useTranslate();
  const pictureUrl = usePatientPicture(patient.userId);
  const place = [patient.address.locality, patient.address.region].filter(Boolean).join(', ');
  return (
    <Stack spacing={1} sx={{ p: 1, minWidth: 260, maxWidth: 340 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <PatientAvatar src={pictureUrl} />
        <Box>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          {place && (
            <Typography variant="body2" color="text.secondary">
              {place}
            </Typography>
          )}
        </Box>
      </Stack>
      <Line label={translate('lab.pronouns')} value={patient.pronoun} />
      <Line label={translate('lab.dateOfBirth')} value={patient.dob} />
      <Line label={translate('lab.address')} value={addressOf(patient.address)} />
      <Line label={translate('lab.phone')} value={patient.phoneNumber} />
      <Line label={translate('lab.allergies')} value={patient.allergies} />
      <Line label={translate('lab.symptoms')} value={patient.symptoms} />
      <Line label={translate('lab.medication')} value={patient.medication} />
      <Line label={translate('lab.sexAtBirth')} value={patient.genderAtBirth} />
    </Stack>
  );
};
