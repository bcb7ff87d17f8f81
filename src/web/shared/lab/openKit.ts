import { createContext, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { kitDetailsPath, type KitDetailsState, type LabRecord } from './labRow';

/** Opens /KitDetails?kitId= carrying the record in router state (spec 1 §2); nothing for a masked row. */
export function useOpenKit(): (record: LabRecord) => void {
  const navigate = useNavigate();
  return useCallback(
    (record: LabRecord) => {
      if (record.masked) return;
      const state: KitDetailsState = { record };
      void navigate(kitDetailsPath(record.kitId), { state });
    },
    [navigate],
  );
}

/**
 * The lab grid's useOpenKit, for the Kit Details button of each of its rows: one router subscription for the grid
 * rather than one per row (a page of 200 rows). Outside a grid the button asks the router itself.
 */
export const OpenKitContext = createContext<((record: LabRecord) => void) | null>(null);
