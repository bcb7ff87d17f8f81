import { Box } from '@mui/material';
import type { ReactNode, SyntheticEvent } from 'react';

const stop = (event: SyntheticEvent) => event.stopPropagation();

/** One style object for every row (a page of 200 rows: issue 14); the buttons' no-wrap is set here, not per button. */
const rowActionsSx = { display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 280, maxWidth: 420, '& .MuiButton-root': { whiteSpace: 'nowrap' } } as const;

/**
 * The actions cell of a lab row. React events bubble through portals, so clicks and keys inside the
 * dialogs opened from here are stopped before they reach the row (whose click opens the kit details).
 */
export const RowActions = ({ children }: { children: ReactNode }) => (
  <Box onClick={stop} onKeyDown={stop} sx={rowActionsSx} data-testid="row-actions">
    {children}
  </Box>
);
