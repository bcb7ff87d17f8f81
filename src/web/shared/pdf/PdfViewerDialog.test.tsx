// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../test-utils/adminTestContext';

// pdf.js needs a canvas and a worker, which jsdom has not: the Document "loads" a 3-page PDF and each Page shows its number.
const loaded = vi.hoisted(() => ({ pages: 3, files: [] as string[] }));
vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: {} },
  Document: ({ file, onLoadSuccess, children }: { file: string; onLoadSuccess: (p: { numPages: number }) => void; children: React.ReactNode }) => {
    useEffect(() => {
      loaded.files.push(file);
      onLoadSuccess({ numPages: loaded.pages });
    }, [file, onLoadSuccess]);
    return <div>{children}</div>;
  },
  Page: ({ pageNumber }: { pageNumber: number }) => <div data-testid="rendered-page">page {pageNumber}</div>,
}));

const { PdfViewerDialog } = await import('./PdfViewerDialog');

afterEach(() => vi.restoreAllMocks());

describe('PDF viewer', () => {
  it('pages through the document: previous/next, "Page x of n", the ends disabled', async () => {
    renderInAdmin(<PdfViewerDialog open onClose={() => undefined} url="blob:manifest" title="Shipping manifest MF-000001" />);
    expect(await screen.findByRole('dialog', { name: 'Shipping manifest MF-000001' })).toBeInTheDocument();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('rendered-page')).toHaveTextContent('page 1');
    const prev = screen.getByRole('button', { name: 'Previous page' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(prev).toBeDisabled();
    fireEvent.click(next);
    fireEvent.click(next);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('rendered-page')).toHaveTextContent('page 3');
    expect(next).toBeDisabled();
    fireEvent.click(prev);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(loaded.files).toContain('blob:manifest');
  });

  it('shows progress until the URL is known, with download disabled', async () => {
    renderInAdmin(<PdfViewerDialog open onClose={() => undefined} url={null} title="Sample label – KT1" />);
    expect(await screen.findByLabelText('Loading PDF…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(screen.queryByTestId('rendered-page')).not.toBeInTheDocument();
  });

  it('open in new tab: a blocked window gives "Failed to open new window"', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderInAdmin(<PdfViewerDialog open onClose={() => undefined} url="https://files.example/label.pdf" title="Sample label – KT1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open in new tab' }));
    expect(open).toHaveBeenCalledWith('https://files.example/label.pdf', '_blank');
    expect(await screen.findByText('Failed to open new window')).toBeInTheDocument();
  });
});
