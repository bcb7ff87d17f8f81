import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * The profile page's work-in-progress flag (spec 3 §4 "Profile edit"): a section with an unsaved edit or add holds it,
 * and switching tabs is blocked until the update or discard.
 */
interface Wip {
  busy: string | null;
  hold(section: string, on: boolean): void;
}

const WipContext = createContext<Wip>({ busy: null, hold: () => undefined });

export const WipProvider = ({ children }: { children: ReactNode }) => {
  const [busy, setBusy] = useState<string | null>(null);
  const hold = useCallback((section: string, on: boolean) => {
    setBusy((was) => (on ? section : was === section ? null : was));
  }, []);
  const value = useMemo(() => ({ busy, hold }), [busy, hold]);
  return <WipContext.Provider value={value}>{children}</WipContext.Provider>;
};

export const useWip = () => useContext(WipContext);

/** Holds the flag for `section` while `on`, and lets it go when the section unmounts. */
export function useHoldWip(section: string, on: boolean) {
  const { hold } = useWip();
  useEffect(() => {
    hold(section, on);
    return () => hold(section, false);
  }, [hold, section, on]);
}
