// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { clinicianProfile, fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { ProfilePage } from './ProfilePage';

const LICENCES = [
  { id: 'a', state: 'NV', licenseId: 'NV-1', expirationDate: '2999-01-01', goodStanding: true, acknowledgement: true, verified: true },
  { id: 'b', state: 'CO', licenseId: 'CO-1', expirationDate: '2000-01-01', goodStanding: true, acknowledgement: true, verified: false },
];
const withLicences = (more = {}) =>
  fakeDataProvider({
    getList: vi.fn(async () => ({ data: LICENCES as never[], total: 2 })),
    ...more,
  });

const at = (url: string, dataProvider = fakeDataProvider(), groups = ['clinicians']) =>
  renderInAdmin(
    <Routes>
      <Route path="/" element={<p>Dashboard</p>} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/license" element={<ProfilePage />} />
      <Route path="/calendar" element={<ProfilePage />} />
    </Routes>,
    { authProvider: fakeAuthProvider({ groups }), dataProvider, initialEntries: [url] },
  );

const tab = (name: string) => screen.getByRole('tab', { name });
const row = (name: string) => screen.getByRole('listitem', { name });

describe('ProfilePage', () => {
  it('has the left menu of four sections and the personal information form', async () => {
    at('/profile');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Personal Information',
      'Manage Licences',
      'Manage Calendar',
      'Manage Templates',
    ]);
    expect(await screen.findByLabelText('First Name')).toHaveValue('Jane');
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument();
    // an untouched form holds no work in progress: the other tabs open
    fireEvent.click(tab('Manage Templates'));
    await waitFor(() => expect(tab('Manage Templates')).toHaveAttribute('aria-selected', 'true'));
  });

  it('Clear empties the inputs and then holds the work-in-progress flag', async () => {
    at('/profile');
    expect(await screen.findByLabelText('First Name')).toHaveValue('Jane');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue(''));
    expect(screen.getByLabelText('Last Name')).toHaveValue('');
    fireEvent.click(tab('Manage Calendar'));
    expect(await screen.findByText('Update or discard changes.')).toBeInTheDocument();
    expect(tab('Personal Information')).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the licences with an Access Restricted banner for reason=noLicense', async () => {
    at('/profile?reason=noLicense', withLicences());
    expect(screen.getByText('Access Restricted')).toBeInTheDocument();
    expect(tab('Manage Licences')).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('list', { name: 'Licences' });
    expect(within(row('NV NV-1')).getByText('Valid')).toBeInTheDocument();
    expect(within(row('NV NV-1')).getByText('Verified')).toBeInTheDocument();
    expect(within(row('CO CO-1')).getByText('Invalid')).toBeInTheDocument();
  });

  it('shows Action Required for expired or invalid licences', () => {
    at('/profile?reason=expiredOrInvalidLicense');
    expect(screen.getByText('Action Required')).toBeInTheDocument();
  });

  it('personal information: No changes to update, then a confirmed update', async () => {
    const updateClinicianProfile = vi.fn(async () => clinicianProfile());
    const profile = clinicianProfile({
      dob: '1980-01-02',
      personalEmail: 'jane@home.test',
      address1: '1 Main',
      address2: 'Apt 2',
      city: 'Reno',
      state: 'NV',
      zip: '89501',
    } as never);
    at('/profile', fakeDataProvider({ getClinicianProfile: vi.fn(async () => profile), updateClinicianProfile } as never));
    await screen.findByLabelText('First Name');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('No changes to update')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Las Vegas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(updateClinicianProfile).toHaveBeenCalledWith(expect.objectContaining({ id: 'sub-1', city: 'Las Vegas', zip: '89501', hobbies: '' })),
    );
    expect(await screen.findByText('Profile has been updated')).toBeInTheDocument();
  });

  it('a profile seeded without its required fields: an untouched submit is No changes to update, not field errors', async () => {
    const updateClinicianProfile = vi.fn(async () => clinicianProfile());
    at('/profile', fakeDataProvider({ getClinicianProfile: vi.fn(async () => clinicianProfile()), updateClinicianProfile } as never));
    await screen.findByLabelText('First Name');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('No changes to update')).toBeInTheDocument();
    expect(screen.queryByText('address1 is required')).toBeNull();
    expect(updateClinicianProfile).not.toHaveBeenCalled();
  });

  it('refuses a birth date in the future and a mobile that is not a phone, with plain texts', async () => {
    const updateClinicianProfile = vi.fn(async () => clinicianProfile());
    const profile = clinicianProfile({
      dob: '1980-01-02',
      personalEmail: 'jane@home.test',
      address1: '1 Main',
      address2: 'Apt 2',
      city: 'Reno',
      state: 'NV',
      zip: '89501',
    } as never);
    at('/profile', fakeDataProvider({ getClinicianProfile: vi.fn(async () => profile), updateClinicianProfile } as never));
    await screen.findByLabelText('First Name');
    fireEvent.change(screen.getByLabelText('Date of Birth'), { target: { value: '2090-01-01' } });
    fireEvent.change(screen.getByLabelText('Mobile'), { target: { value: 'call me maybe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Date of birth cannot be in the future')).toBeInTheDocument();
    expect(screen.getByText('Phone must be 10 digits, or 11 with a leading 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(updateClinicianProfile).not.toHaveBeenCalled();
  });

  it('a double-clicked Confirm saves the profile once and says it was updated, with no failure', async () => {
    // The server refuses a second identical save ("No changes to update"), as the first one already saved it.
    const updateClinicianProfile = vi
      .fn()
      .mockImplementationOnce(async () => clinicianProfile())
      .mockRejectedValue(
        new HttpError('No changes to update.Reason: No changes to update', 400, { msg: 'No changes to update', reason: 'No changes to update' }),
      );
    const profile = clinicianProfile({
      dob: '1980-01-02',
      personalEmail: 'jane@home.test',
      address1: '1 Main',
      address2: 'Apt 2',
      city: 'Reno',
      state: 'NV',
      zip: '89501',
    } as never);
    at('/profile', fakeDataProvider({ getClinicianProfile: vi.fn(async () => profile), updateClinicianProfile } as never));
    await screen.findByLabelText('First Name');
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Las Vegas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // the second click of a double-clicked Submit lands outside the confirmation it opened: it stays open
    const outside = (await screen.findByRole('dialog')).closest('.MuiDialog-container')!;
    fireEvent.mouseDown(outside);
    fireEvent.click(outside);
    await new Promise((r) => setTimeout(r, 300));
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Profile has been updated')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(updateClinicianProfile).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Profile update failed/)).not.toBeInTheDocument();
  });

  it('a double-clicked Update saves the licence once and says it was updated, with no failure', async () => {
    const update = vi
      .fn()
      .mockImplementationOnce(async (_r: string, p: { data: object }) => ({ data: p.data }))
      .mockRejectedValue(
        new HttpError('Invalid request.Reason: No change in license details to update', 400, {
          msg: 'Invalid request',
          reason: 'No change in license details to update',
        }),
      );
    at('/license', withLicences({ update }));
    await screen.findByRole('list', { name: 'Licences' });
    fireEvent.click(within(row('NV NV-1')).getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('NPI Number'), { target: { value: 'NV-2' } });
    const button = screen.getByRole('button', { name: 'Update' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Updated license details successfully')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(update).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Licence update failed/)).not.toBeInTheDocument();
    // the row is back in display mode: another row's Delete is not blocked by an edit in progress
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('the work-in-progress flag blocks switching tabs until the edit is discarded', async () => {
    at('/license', withLicences());
    await screen.findByRole('list', { name: 'Licences' });
    fireEvent.click(within(row('NV NV-1')).getByRole('button', { name: 'Edit' }));
    fireEvent.click(tab('Manage Calendar'));
    expect(await screen.findByText('Update or discard changes.')).toBeInTheDocument();
    expect(tab('Manage Licences')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Cancelled license update. No changes found anyway')).toBeInTheDocument();
    fireEvent.click(tab('Manage Calendar'));
    await waitFor(() => expect(tab('Manage Calendar')).toHaveAttribute('aria-selected', 'true'));
  });

  it('licence rows: one edit or add at a time, no-change update, then an update', async () => {
    const update = vi.fn(async (_r: string, p: { data: object }) => ({ data: p.data }));
    const { dataProvider } = at('/license', withLicences({ update }));
    await screen.findByRole('list', { name: 'Licences' });
    fireEvent.click(within(row('NV NV-1')).getByRole('button', { name: 'Edit' }));
    fireEvent.click(within(row('CO CO-1')).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Please complete the in-progress edit/add')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Licence' }));
    expect(await screen.findByText('Please complete or discard the in-progress edit/add')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('No change in license details to update')).toBeInTheDocument();
    expect(dataProvider.update).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('NPI Number'), { target: { value: 'NV-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'licenses',
        expect.objectContaining({
          id: 'a',
          data: { id: 'a', state: 'NV', licenseId: 'NV-2', expirationDate: '2999-01-01', goodStanding: true, acknowledgement: true },
        }),
      ),
    );
    expect(await screen.findByText('Updated license details successfully')).toBeInTheDocument();
  });

  it('a new licence for a state that already has one, or already expired, is refused on the form before anything is sent', async () => {
    const create = vi.fn(async (_r: string, p: { data: object }) => ({ data: { id: 'n', ...p.data } }));
    at('/license', withLicences({ create }));
    await screen.findByRole('list', { name: 'Licences' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Licence' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /State/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'NV' }));
    fireEvent.change(screen.getByLabelText(/NPI Number/), { target: { value: 'NV-9' } });
    fireEvent.change(screen.getByLabelText(/Expiration date/), { target: { value: '2020-01-01' } });
    for (const group of screen.getAllByRole('radiogroup')) fireEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You already have a licence for this state: edit that one')).toBeInTheDocument();
    expect(screen.getByText('The expiration date is in the past')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 200));
    expect(create).not.toHaveBeenCalled();
  }, 60_000);

  it("calendar for an account without a clinician profile (an auditor): a plain sentence, not the server's wording", async () => {
    at(
      '/calendar',
      fakeDataProvider({
        getCalendarLink: vi.fn(async () => {
          throw new HttpError('Not found', 404, { msg: 'Not found', reason: 'no clinician profile for this user' });
        }),
      }),
      ['auditor_read_only'],
    );
    expect(await screen.findByText('No clinician profile was found for your account. Please contact support.')).toBeInTheDocument();
    expect(screen.queryByText(/no clinician profile for this user/)).toBeNull();
  });

  it('calendar: an https link is saved and a clinician sent for it goes on to the dashboard', async () => {
    const updateCalendarLink = vi.fn(async (calendarLink: string) => ({ calendarLink }));
    at('/profile?reason=invalidOrNoCalendar', fakeDataProvider({ updateCalendarLink } as never));
    expect(tab('Manage Calendar')).toHaveAttribute('aria-selected', 'true');
    const input = await screen.findByLabelText('Calendar Link');
    fireEvent.change(input, { target: { value: 'http://cal.example/jane' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Calendar Link' }));
    expect(await screen.findByText('Please enter a valid https link')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'https://cal.example/jane' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Calendar Link' }));
    await waitFor(() => expect(updateCalendarLink).toHaveBeenCalledWith('https://cal.example/jane'));
    expect(await screen.findByText('Calendar Link has been updated')).toBeInTheDocument();
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
  });

  it("a super admin also sees every clinician's licences and marks one verified", async () => {
    const verifyLicence = vi.fn(async () => ({}));
    const getList = vi.fn(async (resource: string) =>
      resource === 'all-licences'
        ? { data: [{ ...LICENCES[1], expirationDate: '2999-01-01', id: 'x', clinicianName: 'Mark Lee', verified: false }] as never[], total: 1 }
        : { data: LICENCES as never[], total: 2 },
    );
    at('/license', fakeDataProvider({ getList, verifyLicence } as never), ['super_admin']);
    expect(await screen.findByText('Licences of every clinician')).toBeInTheDocument();
    expect(await screen.findByText('Mark Lee')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mark verified' }));
    await waitFor(() => expect(verifyLicence).toHaveBeenCalledWith('x'));
    expect(await screen.findByText('Licence marked verified')).toBeInTheDocument();
  });

  it("every clinician's licences that cannot be read say so with the reason; none says so too", async () => {
    const failing = vi.fn(async (resource: string) => {
      if (resource === 'all-licences')
        throw new HttpError('Internal Server Error.Reason: db down', 500, { msg: 'Internal Server Error', reason: 'db down' });
      return { data: LICENCES as never[], total: 2 };
    });
    at('/license', fakeDataProvider({ getList: failing } as never), ['super_admin']);
    expect(await screen.findByText('Licences of every clinician could not be read. Internal Server Error.Reason: db down')).toBeInTheDocument();
    cleanup();
    const none = vi.fn(async (resource: string) =>
      resource === 'all-licences' ? { data: [] as never[], total: 0 } : { data: LICENCES as never[], total: 2 },
    );
    at('/license', fakeDataProvider({ getList: none } as never), ['super_admin']);
    expect(await screen.findByText('No clinician has a licence yet.')).toBeInTheDocument();
  });

  it('an expired licence cannot be verified: its verify action is disabled with the reason', async () => {
    const verifyLicence = vi.fn(async () => ({}));
    const getList = vi.fn(async (resource: string) =>
      resource === 'all-licences'
        ? { data: [{ ...LICENCES[1], id: 'x', clinicianName: 'Mark Lee', verified: false }] as never[], total: 1 }
        : { data: LICENCES as never[], total: 2 },
    );
    at('/license', fakeDataProvider({ getList, verifyLicence } as never), ['super_admin']);
    expect(await screen.findByText('Mark Lee')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Mark verified' });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('An expired licence cannot be verified')).toBeInTheDocument();
    expect(verifyLicence).not.toHaveBeenCalled();
  });

  it("a licence awaiting verification says so on the clinician's licence screen", async () => {
    const pending = {
      id: 'c',
      state: 'FL',
      licenseId: 'FL-1',
      expirationDate: '2999-01-01',
      goodStanding: true,
      acknowledgement: true,
      verified: false,
    };
    at('/license', fakeDataProvider({ getList: vi.fn(async () => ({ data: [LICENCES[0], pending] as never[], total: 2 })) }));
    await screen.findByRole('list', { name: 'Licences' });
    expect(within(row('FL FL-1')).getByText('Pending verification')).toBeInTheDocument();
    expect(within(row('NV NV-1')).getByText('Verified')).toBeInTheDocument();
    expect(
      screen.getByText(
        /FL: pending verification\. A licence you add or change gives access to its state's patients once a super admin has verified it\./,
      ),
    ).toBeInTheDocument();
  });

  it('a clinician does not get the list of every licence', async () => {
    const { dataProvider } = at('/license', withLicences());
    await screen.findByRole('list', { name: 'Licences' });
    expect(screen.queryByText('Licences of every clinician')).not.toBeInTheDocument();
    expect(vi.mocked(dataProvider.getList).mock.calls.map((c) => c[0])).not.toContain('all-licences');
  });
});
