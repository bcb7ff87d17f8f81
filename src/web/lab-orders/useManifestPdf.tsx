import { useRef, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider';
import { reasonOf } from '../providers/errorReason';
import { LazyPdfViewer } from '../shared/pdf/LazyPdfViewer';

/**
 * Prints a shipping manifest: its PDF (GET /secure/kit/manifests/{id}/pdf, fetched with the bearer token) shown
 * in the PDF viewer from an object URL, released when the viewer closes.
 */
export function useManifestPdf() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [shown, setShown] = useState<{ id: string; url: string | null; data?: Uint8Array } | null>(null);
  const current = useRef<string | null>(null);
  const release = () => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = null;
  };
  const print = async (id: string) => {
    release();
    setShown({ id, url: null });
    try {
      const blob = await dataProvider.manifestPdf(id);
      const url = URL.createObjectURL(blob);
      current.current = url;
      setShown({ id, url, data: new Uint8Array(await blob.arrayBuffer()) });
    } catch (error) {
      setShown(null);
      notify('kit.manifestsFailed', { type: 'error', messageArgs: { reason: reasonOf(error) } });
    }
  };
  const close = () => {
    release();
    setShown(null);
  };
  const viewer = (
    <LazyPdfViewer
      open={shown !== null}
      onClose={close}
      url={shown?.url ?? null}
      data={shown?.data ?? null}
      title={translate('kit.manifestPdfTitle', { id: shown?.id ?? '' })}
      fileName={`manifest-${shown?.id ?? ''}.pdf`}
    />
  );
  return { print, viewer };
}
