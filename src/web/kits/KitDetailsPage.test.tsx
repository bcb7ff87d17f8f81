// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BREAK_GLASS_TEXTS } from '../../domain/i18n/en/break-glass';
import type { KitDetail } from '../../domain/kits/kits';
import { KIT_TEXTS } from '../../domain/i18n/en/kit';
import { KIT_UI_TEXT } from '../../domain/i18n/en/kit';
import { BASE, kitsMswServer, kitTestDataProvider, renderKitScreen } from '../test-utils/labOrderFixtures';
import { fakeAuthProvider } from '../test-utils/adminTestContext';
import { labRow, LICENCE_STATES } from '../test-utils/labFixtures';
import { KitDetailsPage } from './KitDetailsPage';

const server = kitsMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const patient = { ...labRow().user!, passMember: true, shareWIthPass: false } as const;
const sharingPatient = { ...patient, shareWIthPass: true };
const kit = (o: Partial<KitDetail> = {}): KitDetail => ({
  kitId: 'KT0000007',
  labName: 'LIFESCAN',
  requisitionId: 'REQ-500007',
  clinician: { firstName: 'Jane', lastName: 'Doe' },
  productName: '5-Panel STD Test',
  panelName: null,
  panelTestSpecifications: null,
  symptoms: 'Rash',
  medication: 'Descovy',
  allergies: 'Latex',
  registrationDateTime: '2026-03-04T14:30:00.000Z',
  testTakenDate: '2026-03-05T14:30:00.000Z',
  patient,
  sampleLabelPdfS3Url: null,
  externalNote: null,
  status: 'PENDING_RESULTS',
  bookingId: null,
  careLocation: null,
  careLocationCode: null,
  shipManifestNum: null,
  testResultStatus: null,
  masked: false,
  ...o,
});

function answer(
  detail: KitDetail | Response,
  result: Response = HttpResponse.json(labRow({ kitId: 'KT0000007', externalNotes: '<p>Drink <b>water</b></p><img src=x onerror="alert(1)">' })),
) {
  const calls: string[] = [];
  server.use(
    http.get(`${BASE}/secure/kit/:kitId`, ({ request }) => {
      calls.push(new URL(request.url).pathname);
      return detail instanceof Response ? detail : HttpResponse.json(detail);
    }),
    http.get(`${BASE}/secure/chartNote/kit/:kitId`, ({ request }) => {
      calls.push(new URL(request.url).pathname);
      return HttpResponse.json({ items: [], total: 0 });
    }),
    http.get(`${BASE}/secure/testResult/:kitId`, ({ request }) => {
      calls.push(new URL(request.url).pathname);
      return result;
    }),
  );
  return calls;
}

const render = (groups: string[], url = '/KitDetails?kitId=KT0000007') =>
  renderKitScreen(
    <Routes>
      <Route path="/KitDetails" element={<KitDetailsPage />} />
    </Routes>,
    {
      authProvider: fakeAuthProvider({ groups }),
      dataProvider: kitTestDataProvider({ getLicenceStates: async () => LICENCE_STATES }),
      initialEntries: [url],
    },
  );

const section = (name: string) => screen.queryByRole('region', { name }) ?? screen.queryByRole('heading', { name, level: 2 });

describe('Kit detail page', { timeout: 30_000 }, () => {
  it('with clinical access: header, Patient Details, Test Details, Charting Notes, External Patient Notes (plain text) and the 7 options', async () => {
    const calls = answer(kit());
    render(['clinicians']);
    expect(await screen.findByRole('heading', { name: 'Kit ID: KT0000007', level: 2 })).toBeInTheDocument();
    for (const value of ['LIFESCAN', 'REQ-500007', 'Jane Doe', '5-Panel STD Test', 'Rash', 'Descovy', 'Latex'])
      expect(screen.getAllByText(value)[0]).toBeInTheDocument();
    const patientCard = screen.getByRole('region', { name: 'Patient Details' });
    for (const value of ['Ann Lee', 'ann.lee@example.com', '1990-05-20', 'female', '7025550101', 'NV', KIT_UI_TEXT.pass.status.NOT_SHARING]) {
      expect(within(patientCard).getByText(value)).toBeInTheDocument();
    }
    expect(screen.queryByTestId('pending-registration')).not.toBeInTheDocument();
    expect(await screen.findByText('Neisseria gonorrhoeae')).toBeInTheDocument();
    expect(section('Test Details')).toBeInTheDocument();
    expect(section('Charting Notes')).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('/secure/chartNote/kit/KT0000007'));
    const notes = screen.getByRole('region', { name: 'External Patient Notes' });
    // plain text, shown as typed: never parsed as HTML
    expect(within(notes).getByText('<p>Drink <b>water</b></p><img src=x onerror="alert(1)">')).toBeInTheDocument();
    expect(notes.querySelector('img')).toBeNull();
    const actions = screen.getByRole('complementary', { name: 'Select Action' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(Object.values(KIT_UI_TEXT.actions));
    expect(within(actions).getByRole('button', { name: 'Send Prescription' })).toBeDisabled();
    // the result is still in review (the spec's text)
    expect(within(actions).getByLabelText("Send Prescription: You can't send prescription until results are released")).toBeInTheDocument();
    // a member who does not share: Send result to PASS says why
    expect(within(actions).getByRole('button', { name: 'Send result to PASS' })).toBeDisabled();
    expect(within(actions).getByLabelText(`Send result to PASS: ${KIT_UI_TEXT.pass.reasons.noConsent}`)).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Print Sample Labels' })).toBeEnabled();
    // the result is assigned to the viewer (sub-1) in NV, a valid licence state
    expect(within(actions).getByRole('button', { name: 'Send Secure Message' })).toBeEnabled();
    expect(within(actions).getByRole('button', { name: 'Create Chart Note' })).toBeEnabled();
  });

  it('without clinical access (staff): no Test Details, Charting Notes or External Patient Notes, and no test result call', async () => {
    const calls = answer(kit());
    render(['staff']);
    expect(await screen.findByRole('region', { name: 'Patient Details' })).toBeInTheDocument();
    expect(section('Test Details')).not.toBeInTheDocument();
    expect(section('Charting Notes')).not.toBeInTheDocument();
    expect(section('External Patient Notes')).not.toBeInTheDocument();
    expect(calls).toEqual(['/secure/kit/KT0000007']);
    const actions = screen.getByRole('complementary', { name: 'Select Action' });
    expect(within(actions).getByRole('button', { name: 'Appointment Req' })).toBeDisabled();
    expect(within(actions).getByRole('button', { name: 'Print Sample Labels' })).toBeEnabled();
  });

  it('no patient: the red PENDING PATIENT REGISTRATION banner; no result yet: the 404 info text', async () => {
    answer(kit({ patient: null }), HttpResponse.json({ msg: 'Not Found', reason: 'no test result yet' }, { status: 404 }));
    render(['super_admin']);
    expect(await screen.findByTestId('pending-registration')).toHaveTextContent(KIT_TEXTS.pendingPatientRegistration);
    expect(screen.getByLabelText(`Create Chart Note: ${KIT_UI_TEXT.reasons.noPatient}`)).toBeInTheDocument();
    expect(await screen.findByText('No test results found yet for Kit ID: KT0000007. Please check back later.')).toBeInTheDocument();
  });

  it('another test result failure gives "Unable to fetch test results ..."; Change Consent Status asks first', async () => {
    answer(kit(), HttpResponse.json({ msg: 'Internal server error', reason: 'boom' }, { status: 500 }));
    render(['clinicians']);
    expect(await screen.findByText('Unable to fetch test results for Kit ID: KT0000007. Please try again later.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Change Consent Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Consent Status' });
    expect(within(dialog).getByText(KIT_UI_TEXT.pass.startSharingQuestion)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Change Consent Status: confirm sends the new consent, waits for the server, toasts and re-reads the kit (now sharing)', async () => {
    answer(kit());
    const bodies: unknown[] = [];
    let release: () => void = () => undefined;
    const answered = new Promise<void>((r) => {
      release = r;
    });
    server.use(
      http.patch(`${BASE}/secure/patient/:id/passConsent`, async ({ request, params }) => {
        bodies.push({ id: params.id, body: await request.json() });
        await answered;
        // the kit now reads as sharing
        server.use(http.get(`${BASE}/secure/kit/:kitId`, () => HttpResponse.json(kit({ patient: sharingPatient }))));
        return HttpResponse.json({ patientId: patient.userId, passMember: true, shareWIthPass: true, changedAt: '2026-03-06T10:00:00.000Z' });
      }),
    );
    render(['clinicians']);
    const card = await screen.findByRole('region', { name: 'Patient Details' });
    expect(within(card).getByText(KIT_UI_TEXT.pass.status.NOT_SHARING)).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Change Consent Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Consent Status' });
    fireEvent.click(within(dialog).getByRole('button', { name: KIT_UI_TEXT.pass.startSharing }));
    await waitFor(() => expect(bodies).toEqual([{ id: patient.userId, body: { shareWIthPass: true } }]));
    // pessimistic: still open, buttons disabled, status unchanged until the server answers
    expect(within(dialog).getByRole('button', { name: KIT_UI_TEXT.pass.startSharing })).toBeDisabled();
    expect(within(card).getByText(KIT_UI_TEXT.pass.status.NOT_SHARING)).toBeInTheDocument();
    release();
    expect(await screen.findByText(KIT_UI_TEXT.pass.consentChanged)).toBeInTheDocument();
    expect(await within(card).findByText(KIT_UI_TEXT.pass.status.SHARING)).toBeInTheDocument();
  });

  it('Change Consent Status: a refusal gives the failure toast with the reason and changes nothing', async () => {
    answer(kit({ patient: sharingPatient }));
    server.use(
      http.patch(`${BASE}/secure/patient/:id/passConsent`, () =>
        HttpResponse.json({ msg: 'Forbidden', reason: 'license ineligible' }, { status: 403 }),
      ),
    );
    render(['clinicians']);
    const card = await screen.findByRole('region', { name: 'Patient Details' });
    expect(within(card).getByText(KIT_UI_TEXT.pass.status.SHARING)).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Change Consent Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Consent Status' });
    expect(within(dialog).getByText(KIT_UI_TEXT.pass.stopSharingQuestion)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: KIT_UI_TEXT.pass.stopSharing }));
    expect(await screen.findByText('PASS consent status not changed. license ineligible')).toBeInTheDocument();
    expect(within(card).getByText(KIT_UI_TEXT.pass.status.SHARING)).toBeInTheDocument();
  });

  it('a non-member: Change Consent Status and Send result to PASS are disabled with the reason', async () => {
    answer(kit({ patient: { ...patient, passMember: false } }));
    render(['clinicians']);
    const card = await screen.findByRole('region', { name: 'Patient Details' });
    expect(within(card).getByText(KIT_UI_TEXT.pass.status.NOT_MEMBER)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Change Consent Status' })).toBeDisabled();
    expect(within(card).getByLabelText(`Change Consent Status: ${KIT_UI_TEXT.pass.reasons.notMember}`)).toBeInTheDocument();
    expect(
      within(screen.getByRole('complementary', { name: 'Select Action' })).getByLabelText(
        `Send result to PASS: ${KIT_UI_TEXT.pass.reasons.notMember}`,
      ),
    ).toBeInTheDocument();
  });

  it('an auditor sees the PASS status but cannot change it', async () => {
    answer(kit());
    render(['auditor_read_only']);
    const card = await screen.findByRole('region', { name: 'Patient Details' });
    expect(within(card).getByText(KIT_UI_TEXT.pass.status.NOT_SHARING)).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByLabelText(`Change Consent Status: ${KIT_UI_TEXT.pass.reasons.readOnly}`)).toBeInTheDocument());
  });

  it('Send result to PASS: disabled before release, even for a consenting member', async () => {
    answer(kit({ patient: sharingPatient }));
    render(['clinicians']);
    const actions = await screen.findByRole('complementary', { name: 'Select Action' });
    // labRow's result is NEEDS_CLINICIAN_REVIEW: not released yet
    expect(await within(actions).findByLabelText(`Send result to PASS: ${KIT_UI_TEXT.pass.reasons.notReleased}`)).toBeInTheDocument();
  });

  it('Send result to PASS on a released result: confirm first, then the call and the success toast; a refusal toasts its reason', async () => {
    answer(
      kit({ patient: sharingPatient, testResultStatus: 'RESULTS_RELEASED' }),
      HttpResponse.json(labRow({ kitId: 'KT0000007', status: 'RESULTS_RELEASED' })),
    );
    const sent: string[] = [];
    server.use(
      http.post(`${BASE}/secure/kit/:kitId/sendToPass`, ({ params }) => {
        sent.push(String(params.kitId));
        return sent.length === 1
          ? HttpResponse.json({ submittedAt: '2026-03-06T10:00:00.000Z' })
          : HttpResponse.json({ msg: 'Conflict', reason: KIT_UI_TEXT.pass.reasons.noConsent }, { status: 409 });
      }),
    );
    render(['clinicians']);
    const actions = await screen.findByRole('complementary', { name: 'Select Action' });
    // The button is drawn again once the viewer (licence states, break-glass sessions) is known: find it each time.
    const button = () => within(actions).getByRole('button', { name: 'Send result to PASS' });
    await waitFor(() => expect(button()).toBeEnabled());
    fireEvent.click(button());
    const dialog = await screen.findByRole('dialog', { name: KIT_UI_TEXT.pass.sendTitle });
    expect(within(dialog).getByText(/Send the released result of kit KT0000007 to PASS\?/)).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: KIT_UI_TEXT.pass.send }));
    expect(await screen.findByText(KIT_UI_TEXT.pass.sent)).toBeInTheDocument();
    expect(sent).toEqual(['KT0000007']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(within(actions).getByRole('button', { name: 'Send result to PASS' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: KIT_UI_TEXT.pass.sendTitle })).getByRole('button', { name: KIT_UI_TEXT.pass.send }),
    );
    expect(await screen.findByText(`Result not sent to PASS. ${KIT_UI_TEXT.pass.reasons.noConsent}`)).toBeInTheDocument();
  });

  it('a bad kit id (format or unknown to the server) reads "Kit ID is not valid"', async () => {
    answer(HttpResponse.json({ msg: 'Not Found', reason: KIT_TEXTS.kitIdInvalid }, { status: 404 }));
    render(['staff'], '/KitDetails?kitId=bad%20id!');
    expect(await screen.findByText(KIT_TEXTS.kitIdInvalid)).toBeInTheDocument();
  });

  it('an unknown kit id answered 404 reads "Kit ID is not valid"', async () => {
    answer(HttpResponse.json({ msg: 'Not Found', reason: KIT_TEXTS.kitIdInvalid }, { status: 404 }));
    render(['staff'], '/KitDetails?kitId=KT9999999');
    expect(await screen.findByText(KIT_TEXTS.kitIdInvalid)).toBeInTheDocument();
  });

  it('a kit outside the licence states (404): a clinician breaks the glass by the kit id, and the kit opens', async () => {
    let granted = false;
    const posts: unknown[] = [];
    server.use(
      http.get(`${BASE}/secure/kit/:kitId`, () =>
        granted ? HttpResponse.json(kit()) : HttpResponse.json({ msg: 'Not Found', reason: KIT_TEXTS.kitIdInvalid }, { status: 404 }),
      ),
      http.get(`${BASE}/secure/chartNote/kit/:kitId`, () => HttpResponse.json({ items: [], total: 0 })),
      http.get(`${BASE}/secure/testResult/:kitId`, () => HttpResponse.json(labRow({ kitId: 'KT0000007' }))),
      http.get(`${BASE}/secure/breakGlass/mine`, () => HttpResponse.json({ items: [], minutes: 60 })),
      http.post(`${BASE}/secure/breakGlass`, async ({ request }) => {
        posts.push(await request.json());
        granted = true;
        return HttpResponse.json(
          {
            id: '22222222-2222-4222-8222-222222222222',
            patientId: patient.userId,
            startedAt: '2099-01-01T11:00:00.000Z',
            expiresAt: '2099-01-01T12:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    render(['clinicians']);
    expect(await screen.findByText(KIT_TEXTS.kitIdInvalid)).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: BREAK_GLASS_TEXTS.action }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(new RegExp(BREAK_GLASS_TEXTS.reasonLabel)), { target: { value: 'Sepsis suspected' } });
    fireEvent.click(within(dialog).getByRole('button', { name: BREAK_GLASS_TEXTS.confirm }));
    expect(await screen.findByText('REQ-500007', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(posts).toEqual([{ kitId: 'KT0000007', reason: 'Sepsis suspected' }]);
  });

  it('Print Sample Labels: an unknown kit gives "No label found for this kit. Contact tech", another failure "Failed to get presigned URL"', async () => {
    answer(kit());
    server.use(http.get(`${BASE}/secure/kit/:kitId/label`, () => HttpResponse.json({ msg: 'Not Found', reason: 'x' }, { status: 404 })));
    render(['staff']);
    fireEvent.click(await screen.findByRole('button', { name: 'Print Sample Labels' }));
    expect(await screen.findByText(KIT_TEXTS.noLabel)).toBeInTheDocument();
    server.use(http.get(`${BASE}/secure/kit/:kitId/label`, () => HttpResponse.json({ msg: 'Internal server error', reason: 'x' }, { status: 500 })));
    fireEvent.click(screen.getByRole('button', { name: 'Print Sample Labels' }));
    expect(await screen.findByText(KIT_UI_TEXT.presignedUrlFailed)).toBeInTheDocument();
  });
});
