// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { usePrintLabel } from './usePrintLabel';

vi.mock('../shared/pdf/LazyPdfViewer', () => ({
  LazyPdfViewer: ({ open, url, onClose }: { open: boolean; url: string | null; onClose: () => void }) =>
    open ? (
      <div role="dialog">
        {url}
        <button onClick={onClose}>close viewer</button>
      </div>
    ) : null,
}));
vi.setConfig({ testTimeout: 30_000 });

const Printer = ({ kitId }: { kitId: string }) => {
  const { print, viewer } = usePrintLabel(kitId);
  return (
    <>
      <button onClick={print}>print</button>
      {viewer}
    </>
  );
};

async function printOnce(url: string) {
  fireEvent.click(screen.getByRole('button', { name: 'print' }));
  expect(await screen.findByText(url)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'close viewer' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

afterEach(() => vi.useRealTimers());

describe('Print Sample Labels: the signed label URL is reused for under 29 minutes (spec 1 §7)', () => {
  it('a second print within that time makes no second request; after it, a fresh URL is asked for', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let n = 0;
    const kitLabelUrl = vi.fn(async () => ({ url: `https://files.test/label-${++n}.pdf` }));
    renderInAdmin(<Printer kitId="KT0000825" />, { dataProvider: fakeDataProvider({ kitLabelUrl } as never) });
    await printOnce('https://files.test/label-1.pdf');
    vi.setSystemTime(Date.now() + 20 * 60_000);
    await printOnce('https://files.test/label-1.pdf');
    expect(kitLabelUrl).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 9 * 60_000);
    await printOnce('https://files.test/label-2.pdf');
    expect(kitLabelUrl).toHaveBeenCalledTimes(2);
  });

  it('a failed or empty answer is not kept: the next print asks again', async () => {
    const kitLabelUrl = vi.fn().mockResolvedValueOnce({ url: null }).mockResolvedValueOnce({ url: 'https://files.test/l.pdf' });
    renderInAdmin(<Printer kitId="KT1" />, { dataProvider: fakeDataProvider({ kitLabelUrl } as never) });
    fireEvent.click(screen.getByRole('button', { name: 'print' }));
    expect(await screen.findByText('Sample label not available')).toBeInTheDocument();
    await printOnce('https://files.test/l.pdf');
    expect(kitLabelUrl).toHaveBeenCalledTimes(2);
  });
});
