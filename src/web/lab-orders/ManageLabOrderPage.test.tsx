// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KIT_TEXTS } from '../../domain/i18n/en/kit';
import { KIT_UI_TEXT } from '../../domain/i18n/en/kit';
import { BASE, kitRow, kitsMswServer, renderKitScreen } from '../test-utils/labOrderFixtures';
import { ManageLabOrderPage } from './ManageLabOrderPage';

const server = kitsMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const COLLECTED = 'SAMPLE_COLLECTED_PENDING_REVIEW';
const MANIFESTED = 'SAMPLE_SHIPMENT_MANIFEST_CREATED';

/** Answers the kit lists by status (counts and pages); records every PATCH body by path. */
function backend(byStatus: Record<string, ReturnType<typeof kitRow>[]>) {
  const patches: Array<{ path: string; body: Record<string, unknown> }> = [];
  const listed: URL[] = [];
  server.use(
    http.get(`${BASE}/secure/kit/status/:status`, ({ params, request }) => {
      const url = new URL(request.url);
      listed.push(url);
      const rows = byStatus[String(params.status)] ?? [];
      return HttpResponse.json({ items: rows.slice(0, Number(url.searchParams.get('perPage'))), total: rows.length });
    }),
    http.patch(`${BASE}/secure/kit/:action`, async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push({ path: String(params.action), body });
      return HttpResponse.json({ kitIds: String(body.kitIds).split(','), status: 'X', count: 1, message: 'ok' });
    }),
  );
  return { patches, listed };
}

const chooseLocation = () => fireEvent.change(screen.getByLabelText(KIT_UI_TEXT.careLocation), { target: { value: 'CHARLESTON_NV_89104' } });

describe('Manage Lab Order', { timeout: 30_000 }, () => {
  it('asks for a care location first, then lists the chosen step of that location with counts on the three cards', async () => {
    const { listed } = backend({ [COLLECTED]: [kitRow('KT0000020'), kitRow('KT0000050')] });
    renderKitScreen(<ManageLabOrderPage />);
    expect(await screen.findByText(KIT_TEXTS.selectCareLocation)).toBeInTheDocument();
    expect(screen.queryByText('Collected Samples')).not.toBeInTheDocument();
    chooseLocation();
    for (const title of ['Collected Samples', 'Approved Samples', 'Confirm Shipment']) {
      expect(
        screen.getByTestId(`step-${{ 'Collected Samples': 'COLLECTED', 'Approved Samples': 'APPROVED', 'Confirm Shipment': 'CONFIRM' }[title]}`),
      ).toHaveTextContent(title);
    }
    expect(await screen.findByText('KT0000050')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('step-count-COLLECTED')).toHaveTextContent('2 lab orders'));
    expect(screen.getByTestId('step-count-APPROVED')).toHaveTextContent('0 lab orders');
    expect(listed.every((u) => u.searchParams.get('careLocation') === 'CHARLESTON_NV_89104')).toBe(true);
  });

  it('gives the exact selection and comment texts, and sends the selected kits comma-joined with the comment', async () => {
    const { patches } = backend({ [COLLECTED]: [kitRow('KT0000020'), kitRow('KT0000050'), kitRow('KT0000080')] });
    renderKitScreen(<ManageLabOrderPage />);
    chooseLocation();
    await screen.findByText('KT0000080');

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(KIT_TEXTS.selectToApprove);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Orders' }));
    expect(screen.getByRole('alert')).toHaveTextContent(KIT_TEXTS.selectToCancel);

    fireEvent.click(screen.getByRole('checkbox', { name: /KT0000020/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /KT0000080/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve lab orders' });
    expect(dialog).toHaveTextContent('KT0000020, KT0000080');
    fireEvent.change(within(dialog).getByLabelText('Comment'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(KIT_TEXTS.commentForApproval);
    expect(patches).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Comment'), { target: { value: 'Samples look good' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(KIT_TEXTS.success.approve)).toBeInTheDocument();
    expect(patches).toEqual([
      { path: 'approveLabOrderSamples', body: { kitIds: 'KT0000020,KT0000080', comment: 'Samples look good', careLocation: 'CHARLESTON_NV_89104' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cancel needs its own comment text; a server refusal shows "Failed to cancel Lab Orders" with msg and reason', async () => {
    backend({ [COLLECTED]: [kitRow('KT0000020')] });
    server.use(
      http.patch(`${BASE}/secure/kit/cancelLabOrders`, () => HttpResponse.json({ msg: 'Conflict', reason: 'nothing was changed' }, { status: 409 })),
    );
    renderKitScreen(<ManageLabOrderPage />);
    chooseLocation();
    fireEvent.click(await screen.findByRole('checkbox', { name: /KT0000020/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel lab orders' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(KIT_TEXTS.commentForCancellation);
    fireEvent.change(within(dialog).getByLabelText('Comment'), { target: { value: 'Duplicate order' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/^Failed to cancel Lab Orders\. .*Conflict.*nothing was changed/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cancel lab orders' })).toBeInTheDocument();
  });

  it('the manifest needs a tracking number; once created it asks to print it and becomes read-only', async () => {
    const APPROVED = 'SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST';
    const { patches } = backend({ [APPROVED]: [kitRow('KT0000021', { kitStatus: APPROVED })] });
    server.use(
      http.patch(`${BASE}/secure/kit/updateLabOrderWithShippingManifest`, async ({ request }) => {
        patches.push({ path: 'manifest', body: (await request.json()) as Record<string, unknown> });
        return HttpResponse.json({
          kitIds: ['KT0000021'],
          status: MANIFESTED,
          count: 1,
          manifestId: 'MF-000123',
          message: KIT_TEXTS.success.manifest,
        });
      }),
    );
    renderKitScreen(<ManageLabOrderPage />);
    chooseLocation();
    fireEvent.click(screen.getByTestId('step-APPROVED'));
    fireEvent.click(screen.getByRole('button', { name: 'Create Shipping Manifest' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(KIT_TEXTS.selectForManifest);
    fireEvent.click(await screen.findByRole('checkbox', { name: /KT0000021/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Shipping Manifest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shipping Manifest' });
    expect(within(dialog).getByLabelText('Shipping provider')).toHaveValue('FEDEX');
    expect([...within(dialog).getByLabelText('Shipping provider').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['FEDEX', 'UPS']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(KIT_TEXTS.trackingNumberRequired);
    expect(patches).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Tracking number/), { target: { value: '1Z999AA10123456784' } });
    fireEvent.change(within(dialog).getByLabelText('Shipping provider'), { target: { value: 'UPS' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(KIT_TEXTS.success.manifest)).toBeInTheDocument();
    expect(patches[0].body).toEqual({
      kitIds: 'KT0000021',
      comment: KIT_TEXTS.manifestComment,
      careLocation: 'CHARLESTON_NV_89104',
      shipManifestId: '1Z999AA10123456784',
      provider: 'UPS',
    });
    expect(within(dialog).getByLabelText(/Tracking number/)).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Print manifest' })).toBeInTheDocument();
  });

  it('kits all in manifest-created status show their manifest read-only; confirm shipment needs a comment', async () => {
    const { patches } = backend({ [MANIFESTED]: [kitRow('KT0000022', { kitStatus: MANIFESTED, shipManifestNum: '771234567890' })] });
    renderKitScreen(<ManageLabOrderPage />);
    chooseLocation();
    fireEvent.click(screen.getByTestId('step-CONFIRM'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Shipment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(KIT_TEXTS.noneToConfirm);
    fireEvent.click(await screen.findByRole('checkbox', { name: /KT0000022/ }));

    fireEvent.click(screen.getByRole('button', { name: 'Shipping Manifest' }));
    const manifest = await screen.findByRole('dialog', { name: 'Shipping Manifest' });
    expect(within(manifest).getByText(KIT_UI_TEXT.manifestReadOnly)).toBeInTheDocument();
    expect(within(manifest).getByLabelText(/Tracking number/)).toHaveValue('771234567890');
    expect(within(manifest).getByLabelText(/Tracking number/)).toBeDisabled();
    expect(within(manifest).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    fireEvent.click(within(manifest).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Confirm Shipment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm shipment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(KIT_TEXTS.comment);
    fireEvent.change(within(dialog).getByLabelText('Comment'), { target: { value: 'Picked up by FedEx' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(KIT_TEXTS.success.confirmShipment)).toBeInTheDocument();
    expect(patches).toEqual([
      { path: 'confirmLabOrderShippingManifest', body: { kitIds: 'KT0000022', comment: 'Picked up by FedEx', careLocation: 'CHARLESTON_NV_89104' } },
    ]);
  });
});
