// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KIT_TEXTS } from '../../domain/i18n/en/kit';
import { KIT_UI_TEXT } from '../../domain/i18n/en/kit';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { fakeAuthProvider } from '../test-utils/adminTestContext';
import { BASE, kitRow, kitsMswServer, renderKitScreen } from '../test-utils/labOrderFixtures';
import { ManageLabOrderPage } from './ManageLabOrderPage';

/** Manage Lab Order: one approval per submit, read-only auditors, the manifest's own provider, kits named in confirmations. */
const server = kitsMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const COLLECTED = 'SAMPLE_COLLECTED_PENDING_REVIEW';
const MANIFESTED = 'SAMPLE_SHIPMENT_MANIFEST_CREATED';

function backend(byStatus: Record<string, ReturnType<typeof kitRow>[]>) {
  const patches: string[] = [];
  server.use(
    http.get(`${BASE}/secure/kit/status/:status`, ({ params, request }) => {
      const rows = byStatus[String(params.status)] ?? [];
      return HttpResponse.json({ items: rows.slice(0, Number(new URL(request.url).searchParams.get('perPage'))), total: rows.length });
    }),
    http.patch(`${BASE}/secure/kit/:action`, async ({ params }) => {
      patches.push(String(params.action));
      await new Promise((r) => setTimeout(r, 30));
      return HttpResponse.json({ kitIds: ['KT0000020'], status: 'X', count: 1, message: 'ok' });
    }),
  );
  return patches;
}
const chooseLocation = () => fireEvent.change(screen.getByLabelText(KIT_UI_TEXT.careLocation), { target: { value: 'CHARLESTON_NV_89104' } });

describe('Manage Lab Order', { timeout: 30_000 }, () => {
  it('Submit clicked twice approves once, with the success toast and no error', async () => {
    const patches = backend({ [COLLECTED]: [kitRow('KT0000020')] });
    renderKitScreen(<ManageLabOrderPage />);
    chooseLocation();
    fireEvent.click(await screen.findByRole('checkbox', { name: /KT0000020/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve lab orders' });
    fireEvent.change(within(dialog).getByLabelText('Comment'), { target: { value: 'ok' } });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText(KIT_TEXTS.success.approve)).toBeInTheDocument();
    expect(patches).toEqual(['approveLabOrderSamples']);
    expect(screen.queryByText(/^Failed to/)).not.toBeInTheDocument();
  });

  it('the auditor gets every write disabled, with the reason "read-only"; rows cannot be ticked', async () => {
    backend({ [COLLECTED]: [kitRow('KT0000020')] });
    renderKitScreen(<ManageLabOrderPage />, { authProvider: fakeAuthProvider({ groups: ['auditor_read_only'] }) });
    chooseLocation();
    expect(await screen.findByText('KT0000020')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled());
    for (const name of ['Approve', 'Cancel Orders']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button.closest('span[aria-label]')?.getAttribute('aria-label')).toContain(LAB_TEXT.readOnly);
    }
    expect(screen.getByRole('checkbox', { name: /KT0000020/ })).toBeDisabled();
  });

  it('the read-only manifest shows its own provider (UPS) and offers Print manifest', async () => {
    backend({
      [MANIFESTED]: [
        kitRow('KT0000022', { kitStatus: MANIFESTED, shipManifestNum: '1Z999AA10123456784', shipProvider: 'UPS', manifestId: 'MF-000001' }),
      ],
    });
    renderKitScreen(<ManageLabOrderPage />);
    chooseLocation();
    fireEvent.click(screen.getByTestId('step-CONFIRM'));
    fireEvent.click(await screen.findByRole('checkbox', { name: /KT0000022/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Shipping Manifest' }));
    const manifest = await screen.findByRole('dialog', { name: 'Shipping Manifest' });
    expect(within(manifest).getByText(KIT_UI_TEXT.manifestReadOnly)).toBeInTheDocument();
    expect(within(manifest).getByLabelText('Shipping provider')).toHaveValue('UPS');
    expect(within(manifest).getByRole('button', { name: 'Print manifest' })).toBeInTheDocument();
  });

  it('the confirmation names kits, not patients', async () => {
    backend({ [COLLECTED]: [kitRow('KT0000020')] });
    renderKitScreen(<ManageLabOrderPage />);
    chooseLocation();
    fireEvent.click(await screen.findByRole('checkbox', { name: /KT0000020/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve lab orders' });
    expect(dialog).toHaveTextContent('This changes 1 lab order, kit: KT0000020');
    expect(dialog).not.toHaveTextContent('of patients');
  });
});
