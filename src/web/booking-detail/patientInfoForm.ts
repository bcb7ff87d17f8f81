import { birthDateRefusal } from '../../domain/bookings/booking-rules';
import {
  EDITABLE_PATIENT_FIELDS,
  editablePatientFields,
  patientInfoErrors,
  updatePatientInfoSchema,
  type UpdatePatientInfo,
} from '../../domain/booking-detail/booking-requests';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';

export type PatientInfoValues = Record<(typeof EDITABLE_PATIENT_FIELDS)[number], string> & { reasonOrComments: string };

export const patientInfoValues = (b: BookingDetail): PatientInfoValues => ({
  ...(Object.fromEntries(EDITABLE_PATIENT_FIELDS.map((k) => [k, (b[k] as string | null) ?? ''])) as Record<
    (typeof EDITABLE_PATIENT_FIELDS)[number],
    string
  >),
  reasonOrComments: '',
});

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The name and zip fields as the server checks them: their messages are the shared schema's. */
const nameZipSchema = updatePatientInfoSchema.pick({ firstName: true, lastName: true, zip: true });

export type PatientInfoErrors = ReturnType<typeof patientInfoErrors> & Partial<Record<'dob' | 'firstName' | 'lastName' | 'zip', string>>;

function moreErrors(v: PatientInfoValues): PatientInfoErrors {
  const e: PatientInfoErrors = {};
  const dob = birthDateRefusal(orNull(v.dob), Date.now());
  if (dob) e.dob = dob;
  const checked = nameZipSchema.safeParse({ firstName: v.firstName, lastName: v.lastName, zip: orNull(v.zip) });
  for (const issue of checked.error?.issues ?? []) {
    const field = issue.path[0] as 'firstName' | 'lastName' | 'zip';
    e[field] ??= issue.message;
  }
  return e;
}

/**
 * The outcome of Submit on the patient-info form (spec 2 §5): field errors (with the reason alert when the
 * reason is missing), 'Nothing to Update' when no editable field changed, or the PATCH body.
 */
export function checkPatientInfo(
  b: BookingDetail,
  v: PatientInfoValues,
): { kind: 'errors'; errors: PatientInfoErrors } | { kind: 'nothing' } | { kind: 'send'; body: UpdatePatientInfo } {
  const errors: PatientInfoErrors = {
    ...patientInfoErrors({ email: b.email, phone: v.phone.trim(), mobile: v.mobile.trim(), reasonOrComments: v.reasonOrComments }),
    ...moreErrors(v),
  };
  const clinical = b.hasReadAccessToClinicalData;
  const changed = editablePatientFields(clinical).some((k) => (orNull(v[k]) ?? '') !== ((b[k] as string | null) ?? ''));
  if (!changed && !errors.email && !errors.phone && !errors.mobile && !errors.dob) return { kind: 'nothing' };
  if (Object.keys(errors).length) return { kind: 'errors', errors };
  return {
    kind: 'send',
    body: {
      id: b.id,
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      dob: orNull(v.dob),
      email: b.email,
      mobile: orNull(v.mobile),
      phone: orNull(v.phone),
      address1: orNull(v.address1),
      address2: orNull(v.address2),
      city: orNull(v.city),
      state: b.state,
      zip: orNull(v.zip),
      // Without clinical access the booking carries no symptoms or medications, so none are sent (the server keeps them).
      ...(clinical ? { symptoms: orNull(v.symptoms), medications: orNull(v.medications) } : {}),
      genderAtBirth: b.genderAtBirth,
      pronoun: b.pronoun,
      reasonOrComments: v.reasonOrComments.trim(),
    },
  };
}
