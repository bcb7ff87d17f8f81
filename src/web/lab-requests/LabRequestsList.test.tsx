// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { labListServer } from '../test-utils/labListFixtures';
import { LabRequestsPage } from './LabRequestsPage';

const { server, render } = labListServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const setup = (groups?: string[], approve?: () => Response) => render(<LabRequestsPage />, '/request', groups, approve);

describe('Lab Requests list', () => {
  it('a role without clinical access is told why, with no request, no error and no pager', async () => {
    const urls = setup(['staff']);
    expect(await screen.findByText(LAB_TEXT.noClinicalAccess)).toBeInTheDocument();
    expect(screen.queryByText(/Forbidden/)).toBeNull();
    expect(screen.queryByText(/of 50/)).toBeNull();
    expect(screen.queryByRole('button', { name: LAB_TEXT.export })).toBeNull();
    expect(urls).toEqual([]);
  });

  it('a row answered 409 is refreshed (no longer REGISTERED with Approve)', async () => {
    const urls = setup(['clinicians'], () =>
      HttpResponse.json({ msg: 'Conflict', reason: 'lab request is APPROVED; approve needs REGISTERED' }, { status: 409 }),
    );
    const approve = await screen.findByRole('button', { name: LAB_TEXT.approve });
    await waitFor(() => expect(approve).toBeEnabled());
    const before = urls.length;
    fireEvent.click(approve);
    expect(await screen.findByText(/approve needs REGISTERED/)).toBeInTheDocument();
    await waitFor(() => expect(urls.length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('button', { name: LAB_TEXT.approve })).toBeNull());
  });

  it('the My States toggle speaks of lab requests', async () => {
    setup();
    await screen.findByText('KT0000485');
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.myStates }));
    expect(await screen.findByText(LAB_TEXT.showingMyStatesRequests)).toBeInTheDocument();
  });
});
