// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingProduct } from '../../domain/booking-detail/booking-detail';
import { answerDetail, detailServer, detail, renderDetail } from '../test-utils/bookingDetailFixtures';
import { EditProductDialog } from './EditProductDialog';

const server = detailServer();

const product = (o: Partial<BookingProduct> = {}): BookingProduct => ({
  uniqueId: 'u1',
  id: 'p1',
  slug: 'hiv',
  name: 'HIV test',
  variantId: null,
  variantName: null,
  unitPrice: 49,
  qty: 1,
  paymentStatus: 'UNPAID',
  reasonOrComment: null,
  discountType: null,
  discountValue: null,
  ...o,
});

describe('Edit Product', () => {
  it('needs a reason, then sends the change', async () => {
    const writes = answerDetail(server, detail());
    renderDetail(<EditProductDialog booking={detail()} product={product()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Qty' }), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please enter the reason for updating the name, quantity, or price of the product.',
    );
    expect(writes).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'two kits' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'PATCH',
        path: '/secure/booking/v1/updateProduct/BK1',
        body: { uniqueId: 'u1', name: 'HIV test', qty: 2, unitPrice: 49, reasonOrComment: 'two kits' },
      },
    ]);
  });

  it('a paid product: quantity, price and reason read-only, delete disabled with the reason', () => {
    answerDetail(server, detail());
    renderDetail(
      <EditProductDialog booking={detail()} product={product({ paymentStatus: 'PAID', reasonOrComment: 'as booked' })} onClose={() => undefined} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Qty' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('spinbutton', { name: 'Unit Price' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Delete: Paid products cannot be edited or deleted')).toBeInTheDocument();
    // no dead end: the name is read-only too and Save is disabled
    expect(within(dialog).getByRole('textbox', { name: 'Product' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('says why Save is disabled for an impossible quantity or price', async () => {
    answerDetail(server, detail());
    renderDetail(<EditProductDialog booking={detail()} product={product()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Qty' }), { target: { value: '10000' } });
    expect(await within(dialog).findByText('Quantity is a whole number from 1 to 100')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Unit Price' }), { target: { value: '-10' } });
    expect(await within(dialog).findByText('Price is from $0.00 to $100,000.00, in cents')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Qty' }), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Unit Price' }), { target: { value: '10' } });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('an emptied name says so and Save is disabled', async () => {
    answerDetail(server, detail());
    renderDetail(<EditProductDialog booking={detail()} product={product()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Product' }), { target: { value: ' ' } });
    expect(await within(dialog).findByText('Please enter the product name')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('deletes an unpaid product after a confirmation', async () => {
    const writes = answerDetail(server, detail());
    renderDetail(<EditProductDialog booking={detail()} product={product()} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(writes).toEqual([]);
    fireEvent.click(within(await screen.findByRole('dialog', { name: '' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted from Booking')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'POST', path: '/secure/booking/v1/deleteProduct/BK1', body: { uniqueId: 'u1' } }]);
  });
});
