// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { BASE, labMswServer, testDataProvider } from '../test-utils/labFixtures';
import { TubeSerialDialog } from './TubeSerialDialog';

const server = labMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('Enter the test tube serial number', () => {
  it('posts kitId and serialNumber on Enter', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${BASE}/secure/kit/covid`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ tubeId: 'TUBE-1' });
      }),
    );
    const onClose = vi.fn();
    renderInAdmin(<TubeSerialDialog kitId="M19-0001" onClose={onClose} />, { dataProvider: testDataProvider() });
    expect(await screen.findByRole('dialog', { name: LAB_TEXT.tubeSerialTitle })).toBeInTheDocument();
    const field = screen.getByLabelText(new RegExp(LAB_TEXT.tubeSerialNumber));
    expect(field).toHaveFocus();
    fireEvent.change(field, { target: { value: 'TUBE-1' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ kitId: 'M19-0001', serialNumber: 'TUBE-1' }]);
  });

  it('a failure says "Error encountered while adding the test tube serial number"', async () => {
    server.use(http.post(`${BASE}/secure/kit/covid`, () => HttpResponse.json({ msg: 'Conflict', reason: 'tube taken' }, { status: 409 })));
    renderInAdmin(<TubeSerialDialog kitId="M19-0001" onClose={() => undefined} />, { dataProvider: testDataProvider() });
    fireEvent.change(await screen.findByLabelText(new RegExp(LAB_TEXT.tubeSerialNumber)), { target: { value: 'TUBE-1' } });
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.submit }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(`${LAB_TEXT.tubeError}: Conflict.Reason: tube taken`));
    await waitFor(() => expect(screen.getAllByText(new RegExp(LAB_TEXT.tubeError)).length).toBeGreaterThanOrEqual(2));
  });
});
