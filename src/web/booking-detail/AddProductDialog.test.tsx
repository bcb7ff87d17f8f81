// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogueGroup } from '../../domain/booking-detail/booking-detail';
import { BASE } from '../test-utils/bookingFixtures';
import { answerDetail, detail, detailServer, keysSent, renderDetail } from '../test-utils/bookingDetailFixtures';
import { AddProductDialog } from './AddProductDialog';

const server = detailServer();

const catalogue = (price: number): CatalogueGroup[] => [
  { title: 'Tests', bookingProducts: [{ id: 'p1', slug: 'sti', title: 'STI panel', variantId: 'v1', variantName: 'Full', price }] },
];
const answerCatalogue = (groups: CatalogueGroup[]) => server.use(http.get(`${BASE}/api/cms/bookingServices`, () => HttpResponse.json(groups)));

async function pick(dialog: HTMLElement) {
  fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Pick a product' }));
  fireEvent.click(await screen.findByRole('option', { name: /STI panel/ }));
}

describe('Add Product', () => {
  it('adds the picked catalogue product, quantity 1, with an Idempotency-Key; Add waits for a pick', async () => {
    const writes = answerDetail(server, detail());
    const keys = keysSent(server);
    answerCatalogue(catalogue(49.5));
    const onClose = vi.fn();
    renderDetail(<AddProductDialog booking={detail()} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add Product' });
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
    await pick(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/secure/booking/v1/addProduct/BK1',
        body: { id: 'p1', name: 'STI panel', slug: 'sti', variantId: 'v1', qty: 1, unitPrice: 49.5 },
      },
    ]);
    expect(keys['/secure/booking/v1/addProduct/BK1']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a line the server would refuse (a price in fractions of a cent) shows the reason and sends nothing', async () => {
    const writes = answerDetail(server, detail());
    answerCatalogue(catalogue(10.005));
    renderDetail(<AddProductDialog booking={detail()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Add Product' });
    await pick(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Price is from $0.00 to $100,000.00, in cents')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(writes).toEqual([]);
  });
});
