import { expiryRefusal, licenceInputSchema, type LicenceInput } from '../../../domain/clinician/licenses';

/** The licence form's raw values: Yes/No answers are kept as 'yes' / 'no' until submitted. */
export interface LicenceFormValues {
  state?: string | null;
  licenseId?: string | null;
  expirationDate?: string | null;
  goodStanding?: 'yes' | 'no' | '' | null;
  acknowledgement?: 'yes' | 'no' | '' | null;
}

export const LICENCE_FORM_FIELDS = ['state', 'licenseId', 'expirationDate', 'goodStanding', 'acknowledgement'] as const;

export const EMPTY_LICENCE_FORM: LicenceFormValues = {
  state: '',
  licenseId: '',
  expirationDate: '',
  goodStanding: '',
  acknowledgement: '',
};

const yesNo = (value: unknown) => (value === 'yes' ? true : value === 'no' ? false : undefined);

/** The POST /secure/license body candidate of the form values (not yet validated). */
export const toLicenceInput = (values: LicenceFormValues) => ({
  state: values.state ?? '',
  licenseId: typeof values.licenseId === 'string' ? values.licenseId.trim() : '',
  expirationDate: values.expirationDate ?? '',
  goodStanding: yesNo(values.goodStanding),
  acknowledgement: yesNo(values.acknowledgement),
});

/**
 * Form-level validation (react-admin <Form validate>): every field required (spec 3 §5 "Licence"),
 * then licenceInputSchema, the same schema the server applies, and an expiration date not in the past. Messages are i18n keys or schema texts.
 */
export function validateLicenceForm(values: LicenceFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of LICENCE_FORM_FIELDS) {
    const value = values[field];
    if (value === undefined || value === null || String(value).trim() === '') errors[field] = 'ra.validation.required';
  }
  const parsed = licenceInputSchema.safeParse(toLicenceInput(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && !errors[field]) errors[field] = issue.message;
    }
  }
  // A licence is recorded to open its state: one already expired would open nothing.
  const today = new Date().toISOString().slice(0, 10);
  const pastExpiry = values.expirationDate ? expiryRefusal(values.expirationDate, today) : null;
  if (!errors.expirationDate && pastExpiry) errors.expirationDate = pastExpiry;
  return errors;
}

/** The validated body, or null when the values do not pass the schema. */
export function licenceInputOf(values: LicenceFormValues): LicenceInput | null {
  const parsed = licenceInputSchema.safeParse(toLicenceInput(values));
  return parsed.success ? parsed.data : null;
}
