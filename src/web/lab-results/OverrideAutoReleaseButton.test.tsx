// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { BASE, labMswServer, testDataProvider } from '../test-utils/labFixtures';
import { OverrideAutoReleaseButton } from './OverrideAutoReleaseButton';

const server = labMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function setup(status = 200) {
  const calls: string[] = [];
  server.use(
    http.post(`${BASE}/secure/testResult/overrideForManualClinicianReview/:kitId`, ({ params }) => {
      calls.push(String(params.kitId));
      return status === 200
        ? HttpResponse.json({ status: 'NEEDS_CLINICIAN_REVIEW' })
        : HttpResponse.json({ msg: 'Conflict', reason: 'already released' }, { status });
    }),
  );
  renderInAdmin(<OverrideAutoReleaseButton kitId="KT1" enabled />, { dataProvider: testDataProvider() });
  return calls;
}

describe('auto release override', () => {
  it('needs a confirmation; cancelling does nothing; confirming says "Test result auto release cancelled."', async () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.cancelAutoRelease }));
    let dialog = await screen.findByRole('dialog', { name: LAB_TEXT.overrideTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: LAB_TEXT.keepAutoRelease }));
    expect(calls).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.cancelAutoRelease }));
    dialog = await screen.findByRole('dialog', { name: LAB_TEXT.overrideTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: LAB_TEXT.cancelAutoRelease }));
    expect(await screen.findByText(LAB_TEXT.overrideSuccess)).toBeInTheDocument();
    expect(calls).toEqual(['KT1']);
  });

  it('a failure says "Test result auto release override failed. cause: ..."', async () => {
    setup(409);
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.cancelAutoRelease }));
    const dialog = await screen.findByRole('dialog', { name: LAB_TEXT.overrideTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: LAB_TEXT.cancelAutoRelease }));
    expect(await screen.findByText('Test result auto release override failed. cause: Conflict.Reason: already released')).toBeInTheDocument();
  });
});
