import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MailIcon from '@mui/icons-material/Mail';
import { Alert, Avatar, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { profileCompleteness } from '../../domain/patients/patient-profile';
import { type PatientDetail } from '../../domain/patients/patients';
import { LabelledValue } from '../shared/LabelledValue';
import { usePatientPicture } from '../shared/usePatientPicture';

const T = 'patients.profile';

/** The picture (GET /secure/user/patientProfilePic/{id}); none, or a failure, falls back to the default avatar. */
const ProfilePicture = ({ patient }: { patient: PatientDetail }) => {
  const translate = useTranslate();
  const url = usePatientPicture(patient.id, patient.hasProfilePic);
  return url ? (
    <Avatar src={url} alt={patient.name} sx={{ width: 72, height: 72 }} />
  ) : (
    <Avatar sx={{ width: 72, height: 72 }} role="img" aria-label={translate(`${T}.title`)}>
      <AccountCircleIcon sx={{ fontSize: 72 }} />
    </Avatar>
  );
};

/**
 * The patient card (spec 3 §2): picture with the default fallback, name, pronouns, preferred name, the profile
 * completeness message (spec 2 §4) and Send Message (the compose screen for this patient, in a new tab).
 */
export const PatientCard = ({ patient }: { patient: PatientDetail }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const completeness = profileCompleteness(patient);
  return (
    <Card variant="outlined" component="section" aria-label={patient.name}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <ProfilePicture patient={patient} />
          <Box sx={{ flex: 1 }}>
            <Typography variant="h6" component="h2">
              {patient.name}
            </Typography>
            <Stack direction="row" spacing={4} sx={{ mt: 1, flexWrap: 'wrap' }}>
              <LabelledValue label={translate(`${T}.pronouns`)} value={patient.pronoun} />
              <LabelledValue label={translate(`${T}.preferredName`)} value={patient.preferredName} />
              <LabelledValue label={translate('patients.profile.fields.dob')} value={patient.dob} />
              <LabelledValue label={translate('patients.profile.fields.age')} value={patient.age === null ? null : String(patient.age)} />
            </Stack>
          </Box>
          {patient.email ? (
            <Button
              variant="outlined"
              startIcon={<MailIcon />}
              href={`/inbox?action=compose&pid=${encodeURIComponent(patient.id)}`}
              target="_blank"
              rel="opener"
            >
              {translate(`${T}.sendMessage`)}
            </Button>
          ) : (
            // A secure message reaches the patient through an e-mail notice (spec 3 §8: a warning without one).
            <Button variant="outlined" startIcon={<MailIcon />} onClick={() => notify('patients.noEmail', { type: 'warning' })}>
              {translate(`${T}.sendMessage`)}
            </Button>
          )}
        </Stack>
        <Alert severity={completeness.severity} sx={{ mt: 2 }}>
          {completeness.text}
        </Alert>
      </CardContent>
    </Card>
  );
};
