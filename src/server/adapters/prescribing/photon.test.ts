import { readFileSync } from 'node:fs';
import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { prescribingPatientOf } from '../../../domain/prescriptions/prescriptions';
import { configFromEnv } from '../../config';
import { createPrescribing, prescribingOrigins, prescribingPortalConfig } from '.';
import { photonPrescribing } from './photon';

// Responses recorded in the shapes Photon Health answers, replayed: never the network.
const recorded = JSON.parse(readFileSync(new URL('./photon.recorded.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const settings = { clientId: 'client-1', clientSecret: 'secret-1', authUrl: 'https://auth.neutron.health', apiUrl: 'https://api.neutron.health' };
const db = {} as Pool;

function replay(answers: Record<string, unknown>, status = 200) {
  const requests: { url: string; headers: Record<string, string>; body: Record<string, unknown> }[] = [];
  const fetchImpl = (async (input: string | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    requests.push({ url: String(input), headers: init?.headers as Record<string, string>, body });
    const key = String(input).endsWith('/oauth/token')
      ? 'token'
      : /mutation createPatient/.test(String(body.query))
        ? 'createPatient'
        : /query prescriptions/.test(String(body.query))
          ? 'prescriptions'
          : /query patient\(/.test(String(body.query))
            ? 'patient'
            : 'order';
    return new Response(JSON.stringify(answers[key]), { status: key === 'token' ? 200 : status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { requests, fetchImpl };
}

const patient = prescribingPatientOf({
  id: '7f1c1d2e-1111-4222-8333-444455556666',
  firstName: 'Ann',
  lastName: 'Lee',
  dob: '1990-02-03',
  email: 'ann@example.com',
  phone: '+17025550101',
  gender: 'Female',
  genderAtBirth: null,
  street: '1 Main St',
  street2: null,
  city: 'Reno',
  state: 'NV',
  zip: '89501',
});

describe('Photon Health prescribing adapter (recorded responses)', () => {
  it('gets a token by client credentials once, then creates the patient with the spec shape (sex, country USA)', async () => {
    const { requests, fetchImpl } = replay(recorded);
    const photon = photonPrescribing(settings, fetchImpl);
    expect(await photon.createPatient(db, patient)).toEqual({ id: 'pat_01GQ0XHNXYBHSVPGA6KRZ1A5J3' });
    await photon.patientPrescriptions(db, 'pat_01GQ0XHNXYBHSVPGA6KRZ1A5J3');
    expect(requests.map((r) => r.url)).toEqual([
      'https://auth.neutron.health/oauth/token',
      'https://api.neutron.health/graphql',
      'https://api.neutron.health/graphql',
    ]);
    expect(requests[0].body).toEqual({
      client_id: 'client-1',
      client_secret: 'secret-1',
      audience: 'https://api.neutron.health',
      grant_type: 'client_credentials',
    });
    expect(requests[1].headers.authorization).toBe('Bearer eyJhbGciOiJSUzI1NiJ9.recorded.signature');
    expect(requests[1].body.variables).toMatchObject({
      externalId: patient.externalId,
      name: { first: 'Ann', last: 'Lee' },
      dateOfBirth: '1990-02-03',
      sex: 'FEMALE',
      email: 'ann@example.com',
      address: { street1: '1 Main St', city: 'Reno', state: 'NV', postalCode: '89501', country: 'USA', name: { first: 'Ann', last: 'Lee' } },
    });
  });

  it("lists a patient's prescriptions, newest first, in the spec's Prescription shape", async () => {
    const { requests, fetchImpl } = replay(recorded);
    const list = await photonPrescribing(settings, fetchImpl).patientPrescriptions(db, 'pat_01GQ0XHNXYBHSVPGA6KRZ1A5J3');
    expect(requests[1].body.variables).toEqual({ patientId: 'pat_01GQ0XHNXYBHSVPGA6KRZ1A5J3', first: 100 });
    expect(list.map((p) => p.treatment.name)).toEqual(['Valacyclovir 1 GM Oral Tablet', 'Doxycycline Hyclate 100 MG Oral Capsule']);
    expect(list[1]).toMatchObject({ prescriber: { name: { full: 'Jane Doe' } }, fills: [{ order: { state: 'ROUTING' } }] });
  });

  it('reads back a patient with the external id it was created with', async () => {
    const { requests, fetchImpl } = replay(recorded);
    expect(await photonPrescribing(settings, fetchImpl).patientOf(db, 'pat_01GQ0XHNXYBHSVPGA6KRZ1A5J3')).toEqual({ externalId: patient.externalId });
    expect(requests[1].body.variables).toEqual({ id: 'pat_01GQ0XHNXYBHSVPGA6KRZ1A5J3' });
    expect(
      await photonPrescribing(settings, replay({ ...recorded, patient: { data: { patient: null } } }).fetchImpl).patientOf(db, 'pat_x'),
    ).toBeNull();
  });

  it("accepts the widget's order only for the same patient", async () => {
    const photon = photonPrescribing(settings, replay(recorded).fetchImpl);
    expect(await photon.confirmOrder(db, { providerPatientId: 'pat_01GQ0XHNXYBHSVPGA6KRZ1A5J3', orderId: 'ord_01GQ0Y1D9K2S7C4E1ZQ3W5V8TB' })).toEqual(
      { orderId: 'ord_01GQ0Y1D9K2S7C4E1ZQ3W5V8TB', prescriptionIds: ['rx_01GQ0Y1CPS0ZKQ8HYWB1Y6X9EW'] },
    );
    expect(await photon.confirmOrder(db, { providerPatientId: 'pat_someone_else', orderId: 'ord_01GQ0Y1D9K2S7C4E1ZQ3W5V8TB' })).toBeNull();
  });

  it('a refusal or an HTTP error is a 502 that does not repeat the provider text (it may carry PHI)', async () => {
    const refused = photonPrescribing(settings, replay({ ...recorded, createPatient: recorded.refused }).fetchImpl);
    await expect(refused.createPatient(db, patient)).rejects.toMatchObject({ status: 502, reason: 'the prescribing provider refused createPatient' });
    const down = photonPrescribing(settings, replay(recorded, 500).fetchImpl);
    await expect(down.patientPrescriptions(db, 'pat_1')).rejects.toMatchObject({ status: 502 });
  });

  it('reuses the token until shortly before it expires', async () => {
    let t = 0;
    const { requests, fetchImpl } = replay(recorded);
    const photon = photonPrescribing(settings, fetchImpl, () => t);
    await photon.patientPrescriptions(db, 'pat_1');
    t = 86_000 * 1000;
    await photon.patientPrescriptions(db, 'pat_1');
    t = 86_400 * 1000;
    await photon.patientPrescriptions(db, 'pat_1');
    expect(requests.filter((r) => r.url.endsWith('/oauth/token'))).toHaveLength(2);
  });
});

describe('prescribing configuration', () => {
  const base = {
    COGNITO_USER_POOL_ID: 'p',
    COGNITO_CLIENT_ID: 'c',
    DATABASE_URL: 'postgres://x',
    MAIL_PROVIDER: 'local',
    STORAGE_PROVIDER: 'local',
    OBJECT_STORAGE_DIR: '/tmp/x',
    FILE_URL_SECRET: 's',
    METRICS_TOKEN: 'metrics-token-0123456789',
    PASS_PROVIDER: 'local',
    CONTENT_PROVIDER: 'local',
    TRANSCRIPTION_PROVIDER: 'local',
    COMMERCE_PROVIDER: 'local',
    PAYMENT_PROVIDER: 'local',
  };
  it('production without Photon settings refuses to start; PRESCRIBING_PROVIDER=local chooses the local service', () => {
    expect(() => configFromEnv(base)).toThrow(/PHOTON_CLIENT_ID/);
    expect(() => configFromEnv({ ...base, PHOTON_CLIENT_ID: 'id' })).toThrow(/PHOTON_CLIENT_SECRET/);
    const local = configFromEnv({ ...base, PRESCRIBING_PROVIDER: 'local' });
    expect(createPrescribing(local).provider).toBe('local');
    expect(prescribingPortalConfig(local)).toEqual({ provider: 'local' });
    expect(prescribingOrigins(local)).toEqual([]);
  });
  it('Photon settings choose Photon, and the portal gets only the public ones', () => {
    const photon = configFromEnv({
      ...base,
      PHOTON_CLIENT_ID: 'id',
      PHOTON_CLIENT_SECRET: 'secret',
      PHOTON_ORGANIZATION_ID: 'org_1',
      PHOTON_ELEMENTS_CLIENT_ID: 'spa',
      PHOTON_ENVIRONMENT: 'sandbox',
    });
    expect(createPrescribing(photon).provider).toBe('photon');
    expect(prescribingPortalConfig(photon)).toEqual({
      provider: 'photon',
      clientId: 'spa',
      organizationId: 'org_1',
      devMode: true,
      appUrl: 'https://app.neutron.health',
      enableLocalPickup: true,
      enableSendToPatient: true,
    });
    expect(JSON.stringify(prescribingPortalConfig(photon))).not.toContain('secret');
    expect(prescribingOrigins(photon)).toContain('https://api.neutron.health');
  });
});
