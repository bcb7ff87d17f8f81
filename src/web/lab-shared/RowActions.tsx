import { Stack } from '@mui/material';
import type { ReactNode, SyntheticEvent } from 'react';

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The actions cell of a lab row. React events bubble through portals, so clicks and keys inside the
 * dialogs opened from here are stopped before they reach the row (whose click opens the kit details).
 */
export const RowActions = ({ children }: { children: ReactNode }) => (
  <Stack
    direction="row"
    spacing={0.5}
    useFlexGap
    onClick={stop}
    onKeyDown={stop}
    sx={{ flexWrap: 'wrap', minWidth: 280, maxWidth: 420 }}
    data-testid="row-actions"
  >
    {children}
  </Stack>
);
