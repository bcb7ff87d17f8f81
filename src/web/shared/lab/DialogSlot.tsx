import { Backdrop, CircularProgress } from '@mui/material';
import { Suspense, type ReactNode } from 'react';

/**
 * Mounts a lazily loaded dialog only while it is open (heavy dialogs are separate chunks), with a
 * progress backdrop while its code loads.
 */
export const DialogSlot = ({ open, children }: { open: boolean; children: ReactNode }) =>
  open ? (
    <Suspense
      fallback={
        <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}>
          <CircularProgress />
        </Backdrop>
      }
    >
      {children}
    </Suspense>
  ) : null;
