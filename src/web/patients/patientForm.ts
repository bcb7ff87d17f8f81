import { zodValidate } from '../providers/zodValidate';
import { patientUpdateSchema, type PatientDetail, type PatientUpdate } from '../../domain/patients/patients';

/** The basic-details form's values: the profile's patient with empty strings for missing values. */
export type PatientFormValues = Record<Exclude<keyof PatientUpdate, 'address'>, string> & { address: Record<keyof PatientUpdate['address'], string> };

export const formValuesOf = (p: PatientDetail): PatientFormValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  preferredName: p.preferredName ?? '',
  phoneNumber: p.phoneNumber ?? '',
  dob: p.dob ?? '',
  genderAtBirth: p.genderAtBirth ?? '',
  currentGenderIdentity: p.currentGenderIdentity ?? '',
  pronoun: p.pronoun ?? '',
  race: p.race ?? '',
  ethnicity: p.ethnicity ?? '',
  sexualOrientationPreference: p.sexualOrientationPreference ?? '',
  address: {
    street_address: p.address.street_address ?? '',
    street_address2: p.address.street_address2 ?? '',
    locality: p.address.locality ?? '',
    region: p.address.region ?? '',
    postal_code: p.address.postal_code ?? '',
  },
});

const orNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** The PUT body candidate (not yet validated): empty values are null; e-mail is never sent (read-only). */
export const updateBodyOf = (v: PatientFormValues) => ({
  firstName: (v.firstName ?? '').trim(),
  lastName: (v.lastName ?? '').trim(),
  preferredName: orNull(v.preferredName),
  phoneNumber: orNull(v.phoneNumber),
  dob: orNull(v.dob),
  genderAtBirth: orNull(v.genderAtBirth),
  currentGenderIdentity: orNull(v.currentGenderIdentity),
  pronoun: orNull(v.pronoun),
  race: orNull(v.race),
  ethnicity: orNull(v.ethnicity),
  sexualOrientationPreference: orNull(v.sexualOrientationPreference),
  address: {
    street_address: orNull(v.address?.street_address),
    street_address2: orNull(v.address?.street_address2),
    locality: orNull(v.address?.locality),
    region: orNull(v.address?.region),
    postal_code: orNull(v.address?.postal_code),
  },
});

/** react-admin <Form validate>: the server's schema (src/domain), its messages on the fields (nested for the address). */
export const validatePatientForm = zodValidate<Record<string, unknown>>(patientUpdateSchema, (values) => updateBodyOf(values as PatientFormValues));
