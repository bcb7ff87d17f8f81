// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { KitDetail } from '../../domain/kits/kits';
import { KIT_UI_TEXT } from '../../domain/i18n/en/kit';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { BASE, kitsMswServer, kitTestDataProvider, renderKitScreen } from '../test-utils/labOrderFixtures';
import { fakeAuthProvider, clinicianProfile } from '../test-utils/adminTestContext';
import { labRow, LICENCE_STATES, ME, OTHER } from '../test-utils/labFixtures';
import { testDataProvider } from '../test-utils/labFixtures';
import { KitDetailsPage } from './KitDetailsPage';

/** The kit page: the header names the result's clinician, disabled actions say why, notes are plain text. */
const server = kitsMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const mark = { userId: OTHER, firstName: 'Mark', lastName: 'Lee' };
const jane = { userId: ME, firstName: 'Jane', lastName: 'Doe' };
const kit = (o: Partial<KitDetail> = {}): KitDetail => ({
  kitId: 'KT0000825',
  labName: 'LIFESCAN',
  requisitionId: 'REQ-500825',
  clinician: { firstName: 'Mark', lastName: 'Lee' },
  productName: '5-Panel STD Test',
  panelName: null,
  panelTestSpecifications: null,
  symptoms: 'Rash',
  medication: 'Descovy',
  allergies: 'Latex',
  registrationDateTime: '2026-03-04T14:30:00.000Z',
  testTakenDate: '2026-03-05T14:30:00.000Z',
  patient: { ...labRow().user!, passMember: false, shareWIthPass: false },
  sampleLabelPdfS3Url: null,
  externalNote: null,
  status: 'PENDING_RESULTS',
  bookingId: null,
  careLocation: null,
  careLocationCode: null,
  shipManifestNum: null,
  testResultStatus: 'NEEDS_CLINICIAN_REVIEW',
  masked: false,
  ...o,
});

function backend(result: ReturnType<typeof labRow>, detail = kit()) {
  const state = { result };
  server.use(
    http.get(`${BASE}/secure/kit/:kitId`, () => HttpResponse.json(detail)),
    http.get(`${BASE}/secure/chartNote/kit/:kitId`, () => HttpResponse.json({ items: [], total: 0 })),
    http.get(`${BASE}/secure/testResult/:kitId`, () => HttpResponse.json(state.result)),
    http.get(`${BASE}/secure/license/validAndInvalidStates`, () => HttpResponse.json(LICENCE_STATES)),
    http.get(`${BASE}/secure/clinician/profile`, () => HttpResponse.json(clinicianProfile())),
    http.put(`${BASE}/secure/testResult/assign`, () => {
      state.result = { ...state.result, clinician: jane };
      return HttpResponse.json({ kitId: state.result.kitId, clinicianId: ME });
    }),
  );
}

const render = (dataProvider = kitTestDataProvider({ getLicenceStates: async () => LICENCE_STATES })) =>
  renderKitScreen(
    <Routes>
      <Route path="/KitDetails" element={<KitDetailsPage />} />
    </Routes>,
    {
      authProvider: fakeAuthProvider({ groups: ['clinicians'] }),
      dataProvider,
      initialEntries: ['/KitDetails?kitId=KT0000825'],
    },
  );

const header = () => screen.getByRole('region', { name: /Kit ID: KT0000825/ });
const actions = () => screen.getByRole('complementary', { name: 'Select Action' });

describe('kit page', { timeout: 30_000 }, () => {
  it('after Re-Assign the header names the new clinician', async () => {
    backend(labRow({ kitId: 'KT0000825', clinician: mark }));
    render(testDataProvider());
    await waitFor(() => expect(within(actions()).getByRole('button', { name: KIT_UI_TEXT.actions.reassign })).toBeEnabled());
    expect(within(header()).getByText('Mark Lee')).toBeInTheDocument();
    fireEvent.click(within(actions()).getByRole('button', { name: KIT_UI_TEXT.actions.reassign }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(new RegExp(LAB_TEXT.reassignReason)), { target: { value: 'Covering' } });
    for (const ack of [LAB_TEXT.reassignAckReviewed, LAB_TEXT.reassignAckNoRepeat, LAB_TEXT.reassignAckMessages])
      fireEvent.click(within(dialog).getByLabelText(ack));
    fireEvent.click(within(dialog).getByRole('button', { name: LAB_TEXT.reassignConfirm }));
    expect(await screen.findByText(LAB_TEXT.reassignedToYou)).toBeInTheDocument();
    await waitFor(() => expect(within(header()).getByText('Jane Doe')).toBeInTheDocument());
    expect(within(header()).queryByText('Mark Lee')).toBeNull();
  });

  it('the header names the clinician the test result is assigned to (what Re-Assign changes)', async () => {
    backend(labRow({ kitId: 'KT0000825', clinician: jane }), kit({ clinician: { firstName: 'Emily', lastName: 'Chen' } }));
    render();
    await waitFor(() => expect(within(header()).getByText('Jane Doe')).toBeInTheDocument());
  });

  it('a released result of mine: Appointment Req says it is not offered once released, not "assign first"', async () => {
    backend(
      labRow({ kitId: 'KT0000825', clinician: jane, status: 'RESULTS_RELEASED', resultStatus: 'RESULTS_RELEASED' }),
      kit({ testResultStatus: 'RESULTS_RELEASED' }),
    );
    render();
    const card = await screen.findByRole('complementary', { name: 'Select Action' });
    const appointment = await within(card).findByLabelText(`${KIT_UI_TEXT.actions.appointmentReq}: ${KIT_UI_TEXT.reasons.resultReleased}`);
    expect(appointment).toBeInTheDocument();
    expect(within(actions()).queryByLabelText(new RegExp(LAB_TEXT.assignFirst))).toBeNull();
  });

  it('the external notes are plain text, shown as typed', async () => {
    backend(labRow({ kitId: 'KT0000825', clinician: jane, externalNotes: 'Culture <no growth> after 48h <img src=x>' }));
    render();
    const notes = await screen.findByRole('region', { name: 'External Patient Notes' });
    expect(await within(notes).findByText('Culture <no growth> after 48h <img src=x>')).toBeInTheDocument();
    expect(notes.querySelector('img')).toBeNull();
  });
});
