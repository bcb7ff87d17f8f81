import { memoryStore, type Store } from 'react-admin';

/** Store keys that are the user's display preferences (no patient data): kept in localStorage across sessions. */
export const PREFERENCE_KEYS = ['theme', 'density'] as const;
const PREFIX = 'portal.preference.';

/**
 * react-admin's store in memory (list parameters can hold patient search text: nothing of that outlives the tab),
 * except the display preferences (light or dark theme, table density), which are written through to localStorage
 * and read back whenever the store is set up or reset (sign-out resets the store; the preferences stay).
 */
export function preferencesStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = safeLocalStorage()): Store {
  const saved = () => Object.fromEntries(PREFERENCE_KEYS.map((key) => [key, read(storage, key)]).filter(([, v]) => v !== undefined));
  // The saved preferences are the store's initial content: the first render already has them (no flash of the default).
  const inner = memoryStore(saved());
  const isPreference = (key: string) => (PREFERENCE_KEYS as readonly string[]).includes(key);
  const restore = () => {
    for (const [key, value] of Object.entries(saved())) inner.setItem(key, value);
  };
  return {
    ...inner,
    setup() {
      inner.setup();
      restore();
    },
    setItem(key, value) {
      inner.setItem(key, value);
      if (isPreference(key)) storage?.setItem(PREFIX + key, JSON.stringify(value));
    },
    removeItem(key) {
      inner.removeItem(key);
      if (isPreference(key)) storage?.removeItem(PREFIX + key);
    },
    reset() {
      inner.reset();
      restore();
    },
  };
}

function read(storage: Pick<Storage, 'getItem'> | null, key: string): unknown {
  const raw = storage?.getItem(PREFIX + key);
  if (raw == null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled: preferences last for the tab only
  }
}
