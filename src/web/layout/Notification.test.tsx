// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { renderInAdmin } from '../test-utils/adminTestContext';

const TwoToasts = () => {
  const notify = useNotify();
  useEffect(() => {
    notify('Sending Message...', { type: 'info' });
    setTimeout(() => notify('Message Sent!', { type: 'success' }), 50);
  }, [notify]);
  return null;
};

describe('PortalNotification', () => {
  it('shows a newer toast at once, replacing the one on screen (no 6 s wait)', async () => {
    renderInAdmin(<TwoToasts />);
    expect(await screen.findByText('Sending Message...')).toBeInTheDocument();
    expect(await screen.findByText('Message Sent!', undefined, { timeout: 2000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Sending Message...')).not.toBeInTheDocument());
  });

  it('shows toasts at the top centre, errors as alerts', async () => {
    const Error = () => {
      const notify = useNotify();
      useEffect(() => notify('Boom', { type: 'error' }), [notify]);
      return null;
    };
    renderInAdmin(<Error />);
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Boom');
    expect(toast.closest('.MuiSnackbar-anchorOriginTopCenter')).not.toBeNull();
  });
});
