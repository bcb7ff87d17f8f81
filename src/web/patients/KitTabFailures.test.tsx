// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATIENTS_TEXT } from '../../domain/i18n/en/patients';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { KitTab, openKit } from './KitTab';
import { PatientCard } from './PatientCard';
import { BASE, PATIENT_ID, patientDetail, patientMswServer, renderPatientScreen } from '../test-utils/patientFixtures';

vi.setConfig({ testTimeout: 20_000 });
const server = patientMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const failing = () => HttpResponse.json({ msg: 'Internal server error', reason: 'boom' }, { status: 500 });

describe('patient profile: the failure texts of spec 3 §8', () => {
  it('a failing Kit tab list reads "Error fetching kits or orders. Please try again later." (orders and kits)', async () => {
    server.use(http.get(`${BASE}/secure/patient/orders`, failing), http.get(`${BASE}/secure/patient/kits`, failing));
    renderPatientScreen(<KitTab patient={patientDetail()} />, { groups: ['super_admin'] });
    expect(await screen.findByText(PATIENTS_TEXT.kits.fetchError)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: PATIENTS_TEXT.kits.active }));
    expect(await screen.findByText(PATIENTS_TEXT.kits.fetchError)).toBeInTheDocument();
    expect(PATIENTS_TEXT.kits.fetchError).toBe('Error fetching kits or orders. Please try again later.');
  });

  it('Send Message for a patient without an e-mail warns "No email found for this patient" and opens nothing', async () => {
    renderInAdmin(<PatientCard patient={patientDetail({ email: null })} />);
    const send = await screen.findByRole('button', { name: PATIENTS_TEXT.profile.sendMessage });
    expect(send).not.toHaveAttribute('href');
    fireEvent.click(send);
    expect(await screen.findByText('No email found for this patient')).toBeInTheDocument();
  });

  it('a kit opens /KitDetails in a new tab, which reads the kit itself: no kit data posted to it', () => {
    const tab = { addEventListener: vi.fn(), postMessage: vi.fn(), opener: {} };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    openKit({
      id: 'KT1',
      kitId: 'KT1',
      kitStatus: 'REGISTERED',
      clinicianId: null,
      clinician: null,
      registrationDateTime: '2026-01-01T00:00:00Z',
      patientId: PATIENT_ID,
      productName: 'HPV',
      hasResult: false,
    });
    expect(open).toHaveBeenCalledWith('/KitDetails?kitId=KT1', '_blank');
    expect(tab.addEventListener).not.toHaveBeenCalled();
    expect(tab.postMessage).not.toHaveBeenCalled();
    open.mockRestore();
  });
});
