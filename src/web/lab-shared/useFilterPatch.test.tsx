// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ListBase } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { useFilterPatch } from './useFilterPatch';

vi.setConfig({ testTimeout: 20_000 });

const Patcher = () => {
  const patch = useFilterPatch();
  return (
    <>
      <button type="button" onClick={() => { patch({ myStates: true }); patch({ queryType: 'UNASSIGNED' }); }}>both at once</button>
      <button type="button" onClick={() => patch({ q: 'KT1' })}>search</button>
      <button type="button" onClick={() => patch({}, ['q'])}>clear search</button>
    </>
  );
};

describe('useFilterPatch', () => {
  it('keeps two changes made before the list re-renders, and later changes start from what the list applied', async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    renderInAdmin(<ListBase resource="lab-results" disableSyncWithLocation><Patcher /></ListBase>, { dataProvider: fakeDataProvider({ getList }) });
    await waitFor(() => expect(getList).toHaveBeenCalled());
    const lastFilter = () => (getList.mock.calls.at(-1) as unknown as [string, { filter: object }])[1].filter;
    fireEvent.click(screen.getByRole('button', { name: 'both at once' }));
    await waitFor(() => expect(lastFilter()).toEqual({ myStates: true, queryType: 'UNASSIGNED' }));
    fireEvent.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() => expect(lastFilter()).toEqual({ myStates: true, queryType: 'UNASSIGNED', q: 'KT1' }));
    fireEvent.click(screen.getByRole('button', { name: 'clear search' }));
    await waitFor(() => expect(lastFilter()).toEqual({ myStates: true, queryType: 'UNASSIGNED' }));
  });
});
