// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { useGetList } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { PortalAppBar } from './AppBar';

/** A list that never finishes loading: the app bar shows its loading spinner. */
const StillLoading = () => {
  useGetList('lab-order-kits');
  return null;
};

describe('PortalAppBar', () => {
  it('names its loading spinner (a progressbar needs a name: axe aria-progressbar-name)', async () => {
    const dataProvider = fakeDataProvider({ getList: () => new Promise(() => undefined) });
    renderInAdmin(
      <>
        <PortalAppBar />
        <StillLoading />
      </>,
      { dataProvider },
    );
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  });
});
