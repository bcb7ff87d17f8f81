import { z } from 'zod';
import { prescriptionSchema, type Prescription } from '../../../domain/prescriptions/prescriptions';
import { ApiError, badRequest } from '../../errors';
import type { PrescribingAdapter } from './types';

/** Photon Health environments (its published endpoints): production, and the Neutron sandbox. */
export const PHOTON_ENVIRONMENTS = {
  production: { authUrl: 'https://auth.photon.health', apiUrl: 'https://api.photon.health', appUrl: 'https://app.photon.health' },
  sandbox: { authUrl: 'https://auth.neutron.health', apiUrl: 'https://api.neutron.health', appUrl: 'https://app.neutron.health' },
} as const;

export interface PhotonSettings {
  clientId: string;
  clientSecret: string;
  /** OAuth issuer (https://auth.photon.health) and API audience/base (https://api.photon.health). */
  authUrl: string;
  apiUrl: string;
}

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive().default(3600), token_type: z.string().optional() });
const graphqlAnswer = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z.array(z.object({ message: z.string() }).passthrough()).optional(),
});

const PRESCRIPTION_FIELDS = `id state treatment { id name } instructions notes dispenseQuantity dispenseUnit fillsAllowed
  prescriber { name { full } } writtenAt fills { id state order { id state } }`;

export const CREATE_PATIENT = `mutation createPatient($externalId: ID, $name: NameInput!, $dateOfBirth: AWSDate!, $sex: SexType!, $gender: String,
  $email: AWSEmail, $phone: AWSPhone!, $address: AddressInput) {
  createPatient(externalId: $externalId, name: $name, dateOfBirth: $dateOfBirth, sex: $sex, gender: $gender, email: $email, phone: $phone,
    address: $address) { id }
}`;
export const PATIENT_PRESCRIPTIONS = `query prescriptions($patientId: ID, $first: Int) {
  prescriptions(filter: { patientId: $patientId }, first: $first) { ${PRESCRIPTION_FIELDS} }
}`;
export const PATIENT = `query patient($id: ID!) { patient(id: $id) { id externalId } }`;
export const ORDER = `query order($id: ID!) { order(id: $id) { id state patient { id } fills { prescription { id } } } }`;

const orderAnswer = z
  .object({
    id: z.string(),
    state: z.string(),
    patient: z.object({ id: z.string() }),
    fills: z.array(z.object({ prescription: z.object({ id: z.string() }).nullable() })),
  })
  .nullable();

/**
 * Production: Photon Health's clinical GraphQL API. An access token from OAuth client credentials (configuration), kept
 * until shortly before it expires; create a patient, list a patient's prescriptions, and check the order its prescribe
 * widget created. Prescriptions themselves are written in Photon's widget, not through this adapter.
 */
export function photonPrescribing(settings: PhotonSettings, fetchImpl: typeof fetch = fetch, now: () => number = Date.now): PrescribingAdapter {
  let token: { value: string; until: number } | null = null;

  async function call(url: string, init: RequestInit, what: string): Promise<unknown> {
    let res: Response;
    try {
      res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch {
      throw new ApiError(502, 'Bad gateway', `the prescribing provider did not answer (${what})`);
    }
    if (!res.ok) throw new ApiError(502, 'Bad gateway', `the prescribing provider answered ${res.status} (${what})`);
    return res.json();
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > now()) return token.value;
    const body = tokenAnswer.safeParse(
      await call(
        `${settings.authUrl}/oauth/token`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            client_id: settings.clientId,
            client_secret: settings.clientSecret,
            audience: settings.apiUrl,
            grant_type: 'client_credentials',
          }),
        },
        'token',
      ),
    );
    if (!body.success) throw new ApiError(502, 'Bad gateway', 'the prescribing provider gave no access token');
    token = { value: body.data.access_token, until: now() + Math.max(0, body.data.expires_in - 60) * 1000 };
    return token.value;
  }

  async function graphql(query: string, variables: Record<string, unknown>, what: string): Promise<Record<string, unknown>> {
    const answer = graphqlAnswer.safeParse(
      await call(
        `${settings.apiUrl}/graphql`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${await accessToken()}` },
          body: JSON.stringify({ query, variables }),
        },
        what,
      ),
    );
    // The provider's error text may name the patient: it stays out of the answer and the logs.
    if (!answer.success || answer.data.errors?.length || !answer.data.data)
      throw new ApiError(502, 'Bad gateway', `the prescribing provider refused ${what}`);
    return answer.data.data;
  }

  const prescriptionsOf = (data: Record<string, unknown>): Prescription[] => {
    const list = z.array(prescriptionSchema).safeParse(data.prescriptions ?? []);
    if (!list.success) throw new ApiError(502, 'Bad gateway', 'the prescribing provider answered an unexpected prescription shape');
    return list.data.sort((a, b) => b.writtenAt.localeCompare(a.writtenAt));
  };

  return {
    provider: 'photon',
    async createPatient(_db, p) {
      const data = await graphql(
        CREATE_PATIENT,
        {
          externalId: p.externalId,
          name: p.name,
          dateOfBirth: p.dateOfBirth,
          sex: p.sex,
          gender: p.gender ?? undefined,
          email: p.email,
          phone: p.phone ?? undefined,
          address: p.address.street1 ? { ...p.address, street2: p.address.street2 ?? undefined } : undefined,
        },
        'createPatient',
      );
      const id = z.object({ id: z.string().min(1) }).safeParse(data.createPatient);
      if (!id.success) throw new ApiError(502, 'Bad gateway', 'the prescribing provider created no patient');
      return { id: id.data.id };
    },
    async patientOf(_db, providerPatientId) {
      const found = z
        .object({ id: z.string(), externalId: z.string().nullable().optional() })
        .nullable()
        .safeParse((await graphql(PATIENT, { id: providerPatientId }, 'patient')).patient ?? null);
      if (!found.success) throw new ApiError(502, 'Bad gateway', 'the prescribing provider answered an unexpected patient shape');
      return found.data ? { externalId: found.data.externalId ?? null } : null;
    },
    async patientPrescriptions(_db, providerPatientId) {
      return prescriptionsOf(await graphql(PATIENT_PRESCRIPTIONS, { patientId: providerPatientId, first: 100 }, 'prescriptions'));
    },
    async prescriptionsById(db, providerPatientId, ids) {
      const all = await this.patientPrescriptions(db, providerPatientId);
      return ids.flatMap((id) => all.filter((p) => p.id === id));
    },
    async prescribe() {
      throw badRequest("prescriptions are written in Photon's prescribe widget; send its order");
    },
    async confirmOrder(_db, { providerPatientId, orderId }) {
      const order = orderAnswer.safeParse((await graphql(ORDER, { id: orderId }, 'order')).order ?? null);
      if (!order.success) throw new ApiError(502, 'Bad gateway', 'the prescribing provider answered an unexpected order shape');
      if (!order.data || order.data.patient.id !== providerPatientId) return null;
      return { orderId: order.data.id, prescriptionIds: order.data.fills.flatMap((f) => (f.prescription ? [f.prescription.id] : [])) };
    },
    async formulary() {
      return [];
    },
  };
}
