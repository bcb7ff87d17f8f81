// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KIT_UI_TEXT } from '../../domain/i18n/en/kit';
import { testDataProvider } from '../test-utils/labFixtures';
import { BASE, kitsMswServer, renderKitScreen } from '../test-utils/labOrderFixtures';
import { ShippingManifestPage } from './ShippingManifestPage';

const server = kitsMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const manifest = (id: string, o: Record<string, unknown> = {}) => ({
  id,
  trackingNumber: '1Z999AA10123456784',
  provider: 'UPS',
  careLocation: 'Care Hub Denver',
  careLocationCode: 'DENVER_CO_80202',
  comment: null,
  createdBy: { id: 'u1', name: 'Sarah Kim' },
  createdAt: '2026-11-23T02:25:00.000Z',
  kitIds: ['KT0001060', 'KT0000610'],
  kitCount: 2,
  ...o,
});

describe('Shipping Manifest list (react-admin List over the shipping-manifests resource)', () => {
  it('asks for page 1 of 50, newest first, all locations; shows the manifests; a care location narrows the query', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(`${BASE}/secure/kit/manifests`, ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json({ items: [manifest('MF-000001'), manifest('MF-000002', { provider: 'FEDEX' })], total: 2 });
      }),
    );
    renderKitScreen(<ShippingManifestPage />, { dataProvider: testDataProvider(), initialEntries: ['/shipping-manifest'] });
    expect(await screen.findByText('MF-000002')).toBeInTheDocument();
    expect(screen.getAllByText('KT0001060, KT0000610')).toHaveLength(2);
    expect(screen.getByText('FEDEX')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: KIT_UI_TEXT.print })).toHaveLength(2);
    const first = urls[0].searchParams;
    expect([first.get('page'), first.get('perPage'), first.get('sort'), first.get('order'), first.get('careLocation')]).toEqual([
      '1',
      '50',
      'createdAt',
      'DESC',
      'ALL',
    ]);
    fireEvent.change(screen.getByLabelText(KIT_UI_TEXT.careLocation), { target: { value: 'CHARLESTON_NV_89104' } });
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('careLocation')).toBe('CHARLESTON_NV_89104'));
  });
});

describe('Shipping Manifest filter', () => {
  it('a From date after the To date is explained on the page and never sent; the server text never shows', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(`${BASE}/secure/kit/manifests`, ({ request }) => {
        const url = new URL(request.url);
        urls.push(url);
        const from = url.searchParams.get('from');
        const to = url.searchParams.get('to');
        if (from && to && from > to)
          return HttpResponse.json({ msg: 'Invalid request', reason: 'querystring.from: from must not be after to' }, { status: 400 });
        return HttpResponse.json({ items: [], total: 0 });
      }),
    );
    renderKitScreen(<ShippingManifestPage />, { dataProvider: testDataProvider(), initialEntries: ['/shipping-manifest'] });
    await waitFor(() => expect(urls.length).toBeGreaterThan(0));
    fireEvent.change(screen.getByLabelText(KIT_UI_TEXT.fromDate), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText(KIT_UI_TEXT.toDate), { target: { value: '2026-11-10' } });
    expect(await screen.findByText(KIT_UI_TEXT.fromAfterTo)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(urls.some((u) => u.searchParams.get('from') === '2026-11-20' && u.searchParams.get('to') === '2026-11-10')).toBe(false);
    expect(screen.queryByText(/querystring/)).toBeNull();
  });
});
