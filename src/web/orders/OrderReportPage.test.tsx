// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderReportRow } from '../../domain/kits/kit-reports';
import { BASE, kitsMswServer, renderKitScreen } from '../test-utils/labOrderFixtures';
import { OrderReportPage } from './OrderReportPage';

const saved = vi.hoisted(() => [] as Array<{ name: string; size: number }>);
vi.mock('../providers/saveBlob', () => ({ saveBlob: (blob: Blob, name: string) => saved.push({ name, size: blob.size }) }));

const server = kitsMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const order = (orderId: string, o: Partial<OrderReportRow> = {}): OrderReportRow => ({
  orderId,
  kitId: 'KT0000001',
  status: 'SHIPPED',
  orderEmail: 'orders@example.com',
  createDateTime: '2026-03-04T14:30:00.000Z',
  masked: false,
  address: { first_name: 'Ann', last_name: 'Lee', address1: '1 Main St', city: 'Las Vegas', province_code: 'NV', zip: '89104', phone: '7025550101' },
  inboundTracking: 'https://tools.usps.com/in',
  outboundTracking: 'https://tools.usps.com/out',
  patientUser: { firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.com', phoneNumber: '7025550101' },
  ...o,
});

describe('Order Report', { timeout: 30_000 }, () => {
  it('shows each column of the spec, "No Address" without a patient, pages on the server and exports the CSV', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(`${BASE}/secure/report/orders`, ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json({
          items: [order('ORD-1'), order('ORD-2', { kitId: null, address: null, patientUser: null, inboundTracking: null })],
          total: 120,
        });
      }),
      http.get(`${BASE}/secure/report/orders/export`, () => new HttpResponse('Order ID\nORD-1\n', { headers: { 'content-type': 'text/csv' } })),
    );
    renderKitScreen(<OrderReportPage />);
    const first = (await screen.findByText('ORD-1')).closest('tr')!;
    for (const text of ['1 Main St', 'Las Vegas, NV 89104', 'orders@example.com', 'KT0000001', 'Ann Lee', 'ann.lee@example.com', 'SHIPPED']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    expect(within(first).getByRole('link', { name: 'Inbound tracking' })).toHaveAttribute('href', 'https://tools.usps.com/in');
    expect(within(first).getByRole('link', { name: 'Outbound tracking' })).toHaveAttribute('target', '_blank');
    const second = screen.getByText('ORD-2').closest('tr')!;
    expect(within(second).getByText('No Address')).toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: 'Inbound tracking' })).not.toBeInTheDocument();
    expect(urls[0].searchParams.get('page')).toBe('1');
    expect(urls[0].searchParams.get('perPage')).toBe('50');

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('page')).toBe('2'));
    fireEvent.change(screen.getByLabelText('Order status'), { target: { value: 'DELIVERED' } });
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('status')).toBe('DELIVERED'));
    expect(urls.at(-1)?.searchParams.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(saved[0].size).toBeGreaterThan(0);
  });
});
