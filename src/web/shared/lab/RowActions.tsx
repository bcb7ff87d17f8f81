import type { ReactNode, SyntheticEvent } from 'react';

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The actions cell of a lab row (laid out by the `.row-actions` rule of LabDataTable: one rule for every row).
 * React events bubble through portals, so clicks and keys inside the dialogs opened from here are stopped before they
 * reach the row (whose click opens the kit details).
 */
export const RowActions = ({ children }: { children: ReactNode }) => (
  <div className="row-actions" onClick={stop} onKeyDown={stop} data-testid="row-actions">
    {children}
  </div>
);
