// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { BASE } from '../../test-utils/bookingFixtures';
import { detail, detailServer, renderDetail } from '../../test-utils/bookingDetailFixtures';
import { clinicianProfile, fakeDataProvider, renderInAdmin } from '../../test-utils/adminTestContext';
import { FollowUpDialog } from './FollowUpDialog';

const server = detailServer();
const CONFIG = {
  region: 'local',
  userPoolId: 'p',
  userPoolClientId: 'c',
  authFlowType: 'USER_PASSWORD_AUTH',
  bookingPublicUrl: 'https://book.example.com',
  followUpCalendarUrls: { NV: 'https://cal.example.com/las-vegas', CO: 'https://cal.example.com/denver' },
};

function answer(profile: Record<string, unknown>) {
  server.use(
    http.get('*/config.json', () => HttpResponse.json(CONFIG)),
    http.get(`${BASE}/secure/clinician/profile`, () =>
      HttpResponse.json({ id: 'c', email: 'jane@sign-in.test', tbdEmail: 'jane@tbd.test', firstName: 'Jane', lastName: 'Doe', ...profile }),
    ),
  );
}
const choice = async (name: string) => {
  const item = await screen.findByRole('menuitem', { name });
  await vi.waitFor(() => expect(item).not.toHaveAttribute('aria-disabled', 'true'));
  return item;
};
const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('Schedule Follow-up Appointment', () => {
  it('Vegas and Denver open their configured calendar link with {name, email, phone, notes, patientId}; the Reminder the city of the booking state', async () => {
    answer({});
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const onClose = vi.fn();
    renderDetail(<FollowUpDialog booking={detail({ careStateRegion: 'CO', state: 'CO' })} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Schedule Follow-up Appointment' })).toBeInTheDocument();
    fireEvent.click(await choice('Vegas'));
    const [url, target] = open.mock.calls[0] as [string, string];
    expect(target).toBe('_blank');
    expect(url.startsWith('https://cal.example.com/las-vegas?')).toBe(true);
    expect(query(url)).toEqual({
      name: 'Ann Lee',
      email: 'ann.lee@example.com',
      phone: '7025550101',
      notes: 'Follow-up appointment for booking BK1',
      patientId: 'pat-1',
    });
    expect(onClose).toHaveBeenCalled();
    fireEvent.click(await choice('Reminder'));
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(2));
    expect((open.mock.calls[1][0] as string).startsWith('https://cal.example.com/denver?')).toBe(true);
  });

  it('missing clinician or patient details are refused with the spec texts', async () => {
    answer({});
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { unmount } = renderInAdmin(<FollowUpDialog booking={detail({ careStateRegion: null, state: null })} onClose={() => undefined} />, {
      dataProvider: fakeDataProvider({ getClinicianProfile: vi.fn(async () => clinicianProfile({ lastName: '' })) }),
    });
    await new Promise((r) => setTimeout(r, 300)); // the clinician profile has arrived
    fireEvent.click(await choice('Reminder'));
    expect(await screen.findByText('Clinician details are missing')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    unmount();
    answer({});
    renderDetail(<FollowUpDialog booking={detail({ careStateRegion: null, state: null, firstName: '' })} onClose={() => undefined} />);
    await new Promise((r) => setTimeout(r, 300));
    fireEvent.click(await choice('Reminder'));
    expect(await screen.findByText('Patient details are missing')).toBeInTheDocument();
    answer({});
  });

  it('the Reminder of a booking without a state opens the NV link', async () => {
    answer({});
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    renderDetail(<FollowUpDialog booking={detail({ careStateRegion: null, state: null })} onClose={() => undefined} />);
    await new Promise((r) => setTimeout(r, 300));
    fireEvent.click(await choice('Reminder'));
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const url = open.mock.calls[0][0] as string;
    expect(url.startsWith('https://cal.example.com/las-vegas?')).toBe(true);
    expect(query(url).notes).toBe('Reminder appointment with Jane Doe (jane@tbd.test)');
  });

  it('the Reminder needs the clinician\'s work e-mail (tbdEmail), not the sign-in e-mail: "Clinician details are missing" (spec 3 §5)', async () => {
    answer({ tbdEmail: null });
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    renderDetail(<FollowUpDialog booking={detail({ careStateRegion: null, state: null })} onClose={() => undefined} />);
    await new Promise((r) => setTimeout(r, 300));
    fireEvent.click(await choice('Reminder'));
    expect(await screen.findByText('Clinician details are missing')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });
});
