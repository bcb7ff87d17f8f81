// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KIT_UI_TEXT } from '../../domain/kit-texts';
import { BASE, kitsMswServer, renderKitScreen } from './labOrderFixtures';
import { ShippingManifestPage } from './ShippingManifestPage';

const server = kitsMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('Shipping Manifest filter (field test finding 14)', () => {
  it('a From date after the To date is explained on the page and never sent; the server text never shows', async () => {
    const urls: URL[] = [];
    server.use(http.get(`${BASE}/secure/kit/manifests`, ({ request }) => {
      const url = new URL(request.url);
      urls.push(url);
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      if (from && to && from > to) return HttpResponse.json({ msg: 'Invalid request', reason: 'querystring.from: from must not be after to' }, { status: 400 });
      return HttpResponse.json({ items: [], total: 0 });
    }));
    renderKitScreen(<ShippingManifestPage />);
    await waitFor(() => expect(urls.length).toBeGreaterThan(0));
    fireEvent.change(screen.getByLabelText(KIT_UI_TEXT.fromDate), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText(KIT_UI_TEXT.toDate), { target: { value: '2026-11-10' } });
    expect(await screen.findByText(KIT_UI_TEXT.fromAfterTo)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(urls.some((u) => u.searchParams.get('from') === '2026-11-20' && u.searchParams.get('to') === '2026-11-10')).toBe(false);
    expect(screen.queryByText(/querystring/)).toBeNull();
  });
});
