// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { BASE } from '../test-utils/bookingFixtures';
import { BOOKING_API } from '../providers/bookingMethods';
import { answerDetail, detail, detailServer, renderDetail } from '../test-utils/bookingDetailFixtures';
import { PreMarkDialog } from './PreMarkDialog';

const server = detailServer();

describe('Cancel / No Show more than 40 minutes ahead', () => {
  it("a refused pre-mark (already pre-marked) says the server's reason and leads to the scheduling page", async () => {
    answerDetail(server, detail());
    server.use(
      http.post(`${BASE}${BOOKING_API}/markPreNoShowCancel`, () =>
        HttpResponse.json(
          { msg: 'Conflict', reason: 'The booking is already pre-marked; finish the cancellation on the scheduling page' },
          { status: 409 },
        ),
      ),
    );
    const opened = vi.spyOn(window, 'open').mockImplementation(() => ({}) as Window);
    const onClose = vi.fn();
    renderDetail(<PreMarkDialog booking={detail()} isNoShow={false} onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to cancel booking')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/already pre-marked; finish the cancellation on the scheduling page/)).toBeInTheDocument();
    expect(opened).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open scheduling page' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(String(opened.mock.calls[0]![0])).toMatch(/^https:\/\/book\.example\.com\/.*BK1.*noShow=false$/);
    expect(onClose).toHaveBeenCalled();
  });
});
