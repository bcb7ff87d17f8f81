// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ManifestRow, OrderReportRow } from '../../domain/kit-reports';
import { BASE, kitsMswServer, renderKitScreen } from '../lab-orders/labOrderFixtures';
import { ShippingManifestPage } from '../lab-orders/ShippingManifestPage';
import { OrderReportPage } from './OrderReportPage';

const saved = vi.hoisted(() => [] as Array<{ name: string; size: number }>);
vi.mock('../providers/saveBlob', () => ({ saveBlob: (blob: Blob, name: string) => saved.push({ name, size: blob.size }) }));

const server = kitsMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const order = (orderId: string, o: Partial<OrderReportRow> = {}): OrderReportRow => ({
  orderId, kitId: 'KT0000001', status: 'SHIPPED', orderEmail: 'orders@example.com', createDateTime: '2026-03-04T14:30:00.000Z', masked: false,
  address: { first_name: 'Ann', last_name: 'Lee', address1: '1 Main St', city: 'Las Vegas', province_code: 'NV', zip: '89104', phone: '7025550101' },
  inboundTracking: 'https://tools.usps.com/in', outboundTracking: 'https://tools.usps.com/out',
  patientUser: { firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.com', phoneNumber: '7025550101' }, ...o,
});

describe('Order Report', { timeout: 30_000 }, () => {
  it('shows each column of the spec, "No Address" without a patient, pages on the server and exports the CSV', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(`${BASE}/secure/report/orders`, ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json({ items: [order('ORD-1'), order('ORD-2', { kitId: null, address: null, patientUser: null, inboundTracking: null })], total: 120 });
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

describe('Shipping Manifest page', { timeout: 30_000 }, () => {
  it('lists real manifests filtered by date range and care location', async () => {
    const urls: URL[] = [];
    const manifest: ManifestRow = {
      id: 'MF-000123', trackingNumber: '1Z999AA10123456784', provider: 'UPS', careLocation: 'Care Hub Las Vegas Charleston',
      careLocationCode: 'CHARLESTON_NV_89104', comment: 'Shipping Manifest Created', createdBy: { id: 's', name: 'Sarah Kim' },
      createdAt: '2026-03-04T14:30:00.000Z', kitIds: ['KT0000050', 'KT0000080'], kitCount: 2,
    };
    server.use(http.get(`${BASE}/secure/kit/manifests`, ({ request }) => {
      urls.push(new URL(request.url));
      return HttpResponse.json({ items: [manifest], total: 1 });
    }));
    renderKitScreen(<ShippingManifestPage />);
    const row = (await screen.findByText('MF-000123')).closest('tr')!;
    for (const text of ['1Z999AA10123456784', 'UPS', 'Care Hub Las Vegas Charleston', 'KT0000050, KT0000080', 'Sarah Kim']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByRole('button', { name: 'Print' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByLabelText('Care location'), { target: { value: 'CHARLESTON_NV_89104' } });
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('careLocation')).toBe('CHARLESTON_NV_89104'));
    expect(urls.at(-1)?.searchParams.get('from')).toBe('2026-03-01');
    expect(urls.at(-1)?.searchParams.get('to')).toBe('2026-03-31');
  });
});
