// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSingleFlight } from './useSingleFlight';

/** A save whose request stays open until the test releases it. */
const Save = ({ calls, releases }: { calls: string[]; releases: Array<() => void> }) => {
  const m = useSingleFlight(
    useMutation({
      mutationFn: (v: string) => {
        calls.push(v);
        return new Promise<void>((r) => {
          releases.push(r);
        });
      },
    }),
  );
  return (
    <button type="button" disabled={m.isPending} onClick={() => m.mutate('save')}>
      Save
    </button>
  );
};

describe('useSingleFlight', () => {
  it('sends one request for a double click, and the next one after it settled', async () => {
    const calls: string[] = [];
    const releases: Array<() => void> = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Save calls={calls} releases={releases} />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(calls).toEqual(['save']));
    await act(() => new Promise((r) => setTimeout(r, 50))); // the request is still open: no second one came
    expect(calls).toEqual(['save']);
    await act(async () => releases[0]());
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(calls).toEqual(['save', 'save']));
  });
});
