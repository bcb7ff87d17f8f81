// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_CARDS } from '../../domain/dashboard/dashboard';
import type { ApiFetch } from '../providers/httpClient';
import { answerDashboard, dashboardMswServer, query, renderOverview, summaryAnswer, testApiFetch } from '../test-utils/dashboardFixtures';

vi.setConfig({ testTimeout: 20_000 }); // MUI screens in jsdom are slow on a loaded machine

const server = dashboardMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const TITLES = [
  'Unread Messages',
  "Today's Appointment",
  'Rejected Samples',
  'Order Pending Shipment',
  'Test results with no patients',
  'Inconclusive results',
  'Needing review',
  'Pending consultation',
  'Lab Order Pending Results',
];
const card = (key: string) => screen.getByTestId(`dashboard-card-${key}`);
const statePicker = () => screen.queryByRole('combobox', { name: 'States' });

describe('Overview cards', () => {
  it('shows the nine cards in order with their counts, the attention marker only on the four cards above 0', async () => {
    const { summaryUrls } = answerDashboard(server, () =>
      HttpResponse.json(
        summaryAnswer({
          unreadMessages: 3,
          todaysAppointments: 2,
          rejectedSamples: 1,
          orderPendingShipment: 4,
          noPatientResults: 0,
          inconclusiveResults: 5,
          needingReview: 6,
          pendingConsultation: 7,
          labOrderPendingResults: 8,
        }),
      ),
    );
    renderOverview(['clinicians']);
    await screen.findAllByTestId('card-count');
    const cards = screen.getAllByTestId(/^dashboard-card-/);
    expect(cards.map((c) => c.getAttribute('data-testid'))).toEqual(DASHBOARD_CARDS.map((c) => `dashboard-card-${c.key}`));
    expect(cards.map((c) => within(c).getByTestId('card-title').textContent)).toEqual(TITLES);
    expect(cards.map((c) => within(c).getByTestId('card-count').textContent)).toEqual(['3', '2', '1', '4', '0', '5', '6', '7', '8']);
    const marked = cards.filter((c) => within(c).queryByRole('img', { name: 'Needs attention' }));
    expect(marked.map((c) => c.getAttribute('data-testid'))).toEqual([
      'dashboard-card-orderPendingShipment',
      'dashboard-card-pendingConsultation',
      'dashboard-card-labOrderPendingResults',
    ]);
    expect(summaryUrls).toHaveLength(1);
    expect(query(summaryUrls[0])).toEqual({ careLocation: 'ALL', stateMode: 'MY', perPage: '5' });
  });

  it('shows "Not available for your role" on the cards the role cannot see, and All States by default for staff', async () => {
    const hidden = ['unreadMessages', 'noPatientResults', 'inconclusiveResults', 'needingReview', 'pendingConsultation'] as const;
    const { summaryUrls } = answerDashboard(server, () => HttpResponse.json(summaryAnswer({ rejectedSamples: 2 }, [...hidden])));
    renderOverview(['staff']);
    await screen.findAllByTestId('card-count');
    for (const key of hidden) {
      expect(within(card(key)).getByText('Not available for your role')).toBeInTheDocument();
      expect(within(card(key)).queryByTestId('card-count')).toBeNull();
      expect(within(card(key)).queryByRole('button')).toBeNull();
    }
    expect(within(card('rejectedSamples')).getByTestId('card-count')).toHaveTextContent('2');
    expect(query(summaryUrls[0])).toEqual({ careLocation: 'ALL', stateMode: 'ALL', perPage: '5' });
    expect(screen.getByRole('button', { name: 'All States' })).toHaveAttribute('aria-pressed', 'true');
    expect(statePicker()).toBeInTheDocument();
  });

  it('Unread Messages goes to /inbox', async () => {
    answerDashboard(server, () => HttpResponse.json(summaryAnswer({ unreadMessages: 2 })));
    renderOverview();
    await screen.findAllByTestId('card-count');
    expect(within(card('unreadMessages')).getByRole('link')).toHaveAttribute('href', '/inbox');
  });

  it('a failing summary is only logged (no PHI) and the cards show the unavailable state', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerDashboard(server, () => HttpResponse.json({ message: 'db down for ann.lee@example.com' }, { status: 500 }));
    renderOverview(['clinicians']);
    expect(await screen.findAllByTestId('card-count-unavailable', {}, { timeout: 8000 })).toHaveLength(9);
    expect(screen.getAllByLabelText('Count unavailable right now')).toHaveLength(9);
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    const logged = log.mock.calls.map((c) => c.join(' ')).join('\n');
    expect(logged).toMatch(/Dashboard summary could not be loaded \(status 500\)/);
    expect(logged).not.toMatch(/ann\.lee|db down/);
  });
});

describe('Overview filters', () => {
  it('shows the state picker only with All States', async () => {
    answerDashboard(server);
    renderOverview(['clinicians']);
    await screen.findAllByTestId('card-count');
    expect(screen.getByRole('button', { name: 'My States' })).toHaveAttribute('aria-pressed', 'true');
    expect(statePicker()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'All States' }));
    expect(statePicker()).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'My States' }));
    expect(statePicker()).toBeNull();
  });

  it('offers the four care locations and the 50 states plus DC', async () => {
    answerDashboard(server);
    renderOverview(['clinicians']);
    await screen.findAllByTestId('card-count');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Care location' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Online', 'Denver hub', 'Las Vegas hub']);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'All States' }));
    fireEvent.mouseDown(statePicker()!);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(51);
    expect(options.map((o) => o.textContent)).toContain('DC');
  });

  it('debounces filter changes: one fetch 300 ms after several quick changes, with the filters in the query', async () => {
    const { summaryUrls } = answerDashboard(server);
    const api = vi.fn(testApiFetch());
    renderOverview(['clinicians'], api as ApiFetch);
    await screen.findAllByTestId('card-count');
    expect(api).toHaveBeenCalledTimes(1);

    vi.useFakeTimers();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Care location' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Denver hub' }));
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.click(screen.getByRole('button', { name: 'All States' }));
    const picker = statePicker()!;
    for (const state of ['NV', 'CO']) {
      fireEvent.change(picker, { target: { value: state } });
      fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: state }));
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    await act(() => vi.advanceTimersByTimeAsync(199)); // 299 ms after the last change
    expect(api).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(20)); // react-query schedules the fetch with a 0 ms timer
    expect(api).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    await waitFor(() => expect(summaryUrls).toHaveLength(2));
    expect(query(summaryUrls[1])).toEqual({ careLocation: 'DENVER_CAREHUB_01', stateMode: 'ALL', states: 'CO,NV', perPage: '5' });
    await new Promise((r) => setTimeout(r, 400));
    expect(summaryUrls).toHaveLength(2);
  });
});
