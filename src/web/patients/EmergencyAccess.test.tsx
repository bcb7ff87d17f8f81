// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BREAK_GLASS_TEXTS } from '../../domain/i18n/en/break-glass';
import { PATIENTS_TEXT } from '../../domain/i18n/en/patients';
import { BASE, PATIENT_ID, patientDetail, patientMswServer, renderPatientScreen } from '../test-utils/patientFixtures';
import { PatientProfilePage } from './PatientProfilePage';

vi.setConfig({ testTimeout: 20_000 });
const server = patientMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const EXPIRES = '2099-01-01T12:00:00.000Z';

describe('Emergency access (break-glass) on the patient profile', () => {
  it('a licence-bound clinician gives a reason; the record opens with the banner and its end time', async () => {
    let granted = false;
    const posts: unknown[] = [];
    server.use(
      http.get(`${BASE}/secure/patient/detailsBySubId/${PATIENT_ID}`, () =>
        granted ? HttpResponse.json(patientDetail()) : HttpResponse.json({ msg: 'Not found', reason: 'no such patient' }, { status: 404 }),
      ),
      http.get(`${BASE}/secure/breakGlass/mine`, () =>
        HttpResponse.json({
          minutes: 45,
          items: granted
            ? [{ id: '22222222-2222-4222-8222-222222222222', patientId: PATIENT_ID, startedAt: '2099-01-01T11:15:00.000Z', expiresAt: EXPIRES }]
            : [],
        }),
      ),
      http.post(`${BASE}/secure/breakGlass`, async ({ request }) => {
        posts.push(await request.json());
        granted = true;
        return HttpResponse.json(
          { id: '22222222-2222-4222-8222-222222222222', patientId: PATIENT_ID, startedAt: '2099-01-01T11:15:00.000Z', expiresAt: EXPIRES },
          { status: 201 },
        );
      }),
    );
    renderPatientScreen(<PatientProfilePage />, { initialEntries: [`/PatientProfile?patientId=${PATIENT_ID}`] });
    expect(await screen.findByText(PATIENTS_TEXT.profile.notFound)).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: BREAK_GLASS_TEXTS.action }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/for 45 minutes/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: BREAK_GLASS_TEXTS.confirm }));
    expect(await within(dialog).findByText(BREAK_GLASS_TEXTS.reasonRequired)).toBeInTheDocument();
    expect(posts).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(new RegExp(BREAK_GLASS_TEXTS.reasonLabel)), { target: { value: 'Anaphylaxis in clinic' } });
    fireEvent.click(within(dialog).getByRole('button', { name: BREAK_GLASS_TEXTS.confirm }));
    expect(await screen.findByText(/Emergency access \(break-glass\): this patient is outside your licence states/)).toBeInTheDocument();
    expect(posts).toEqual([{ patientId: PATIENT_ID, reason: 'Anaphylaxis in clinic' }]);
  });
  it('staff (not licence-bound) are never offered emergency access', async () => {
    server.use(
      http.get(`${BASE}/secure/patient/detailsBySubId/${PATIENT_ID}`, () =>
        HttpResponse.json({ msg: 'Not found', reason: 'no such patient' }, { status: 404 }),
      ),
    );
    renderPatientScreen(<PatientProfilePage />, { initialEntries: [`/PatientProfile?patientId=${PATIENT_ID}`], groups: ['staff'] });
    expect(await screen.findByText(PATIENTS_TEXT.profile.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: BREAK_GLASS_TEXTS.action })).not.toBeInTheDocument();
  });
});
