// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { PortalDataProvider } from '../providers/dataProvider';
import { fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { failureWithReason, useAction, type ActionOptions } from './useAction';

vi.setConfig({ testTimeout: 20_000 });

type Run = (dp: PortalDataProvider, vars: string, key?: string) => Promise<unknown>;

/** A button running one action, and a query of the `things` resource counting its reads. */
const Save = ({ run, options, reads }: { run: Run; options: ActionOptions<string, unknown>; reads: () => void }) => {
  useQuery({
    queryKey: ['things', 'list'],
    queryFn: async () => {
      reads();
      return 1;
    },
  });
  const action = useAction(run, options);
  return (
    <button type="button" disabled={action.isPending} onClick={() => action.mutate('v')}>
      Save
    </button>
  );
};

function setup(run: Run, options: ActionOptions<string, unknown> = {}) {
  const reads = vi.fn();
  renderInAdmin(<Save run={run} options={options} reads={reads} />, { dataProvider: fakeDataProvider() });
  return { button: screen.getByRole('button', { name: 'Save' }), reads };
}

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('useAction', () => {
  it('sends one request for a double click, disables its trigger meanwhile, then says so and reads the resource again', async () => {
    let release: () => void = () => undefined;
    const run = vi.fn(
      () =>
        new Promise<void>((r) => {
          release = r;
        }),
    );
    const { button, reads } = setup(run, { success: 'profile.profileUpdated', invalidate: ['things'] });
    await waitFor(() => expect(reads).toHaveBeenCalledTimes(1));
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    await settle();
    expect(run).toHaveBeenCalledTimes(1);
    release();
    expect(await screen.findByText('Profile has been updated')).toBeInTheDocument();
    await waitFor(() => expect(reads).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(run).toHaveBeenCalledTimes(2));
  });

  it('gives an idempotent call one key until the server answers, and a new key to the next action', async () => {
    const keys: Array<string | undefined> = [];
    const run = vi.fn(async (_dp: PortalDataProvider, _v: string, key?: string) => {
      keys.push(key);
    });
    const { button } = setup(run, { idempotent: true });
    fireEvent.click(button);
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('sends no key to a call the server does not de-duplicate', async () => {
    const run = vi.fn(async () => undefined);
    const { button } = setup(run);
    fireEvent.click(button);
    await waitFor(() => expect(run).toHaveBeenCalled());
    expect(run.mock.calls[0]).toHaveLength(2);
  });

  it("shows the spec's failure text with the server's reason (a validation refusal names the field and its limit)", async () => {
    const run = vi.fn(async () => {
      throw new HttpError('Invalid request.Reason: Fun fact must be at most 500 characters', 400, {
        msg: 'Invalid request',
        reason: 'Fun fact must be at most 500 characters',
        field: 'funFact',
      });
    });
    const { button } = setup(run, { failure: failureWithReason('profile.profileUpdateFailed') });
    fireEvent.click(button);
    expect(await screen.findByText('Profile update failed. Fun fact must be at most 500 characters')).toBeInTheDocument();
  });

  it("without a failure text of its own, shows the server's reason", async () => {
    const run = vi.fn(async () => {
      throw new HttpError('Forbidden.Reason: read-only role cannot write', 403, { msg: 'Forbidden', reason: 'read-only role cannot write' });
    });
    const { button } = setup(run);
    fireEvent.click(button);
    expect(await screen.findByText('read-only role cannot write')).toBeInTheDocument();
  });
});
