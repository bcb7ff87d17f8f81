// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSingleFlight } from './useSingleFlight';

const Save = ({ calls }: { calls: string[] }) => {
  const m = useSingleFlight(useMutation({ mutationFn: async (v: string) => { calls.push(v); await new Promise((r) => setTimeout(r, 30)); } }));
  return <button type="button" disabled={m.isPending} onClick={() => m.mutate('save')}>Save</button>;
};

describe('useSingleFlight', () => {
  it('sends one request for a double click, and the next one after it settled', async () => {
    const calls: string[] = [];
    render(<QueryClientProvider client={new QueryClient()}><Save calls={calls} /></QueryClientProvider>);
    const button = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(button);
    fireEvent.click(button);
    await act(() => new Promise((r) => setTimeout(r, 80)));
    expect(calls).toEqual(['save']);
    fireEvent.click(button);
    await act(() => new Promise((r) => setTimeout(r, 80)));
    expect(calls).toEqual(['save', 'save']);
  });
});
