// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthProvider, fakeDataProvider, renderPortal } from '../test-utils/adminTestContext';

/** A message the viewer may not open (masked, another clinician's) or an id that is not one: the spec's failure text. */
describe('Message Details that cannot be opened', () => {
  it.each([
    ['a masked or unknown message (404)', new HttpError('no such message', 404, { msg: 'no such message', reason: 'not found' })],
    ['a malformed id (400)', new HttpError('id is not a message id', 400, { msg: 'id is not a message id', reason: 'bad request' })],
  ])('%s: "failed loading message details…", not the Not Found page', async (_name, error) => {
    const dataProvider = fakeDataProvider({
      getOne: vi.fn(async () => {
        throw error;
      }),
    });
    const paths: string[] = [];
    renderPortal('/MessageDetails?messageId=3d6b824f-d8c1-520e-9a04-7d21fee6fb1f', {
      dataProvider,
      authProvider: fakeAuthProvider({ groups: ['clinicians'] }),
      onLocation: (l) => paths.push(l.pathname),
    });
    expect(await screen.findByText(/^failed loading message details,cause: .+\.Please try again with refresh$/)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 1000)); // react-admin's default on a failed read: a redirect to the resource's list
    expect(paths.every((p) => p === '/MessageDetails')).toBe(true);
    expect(screen.getByText(/^failed loading message details,cause: /)).toBeInTheDocument();
    expect(screen.queryByText(/Either you typed a wrong URL/)).toBeNull();
  });
});
