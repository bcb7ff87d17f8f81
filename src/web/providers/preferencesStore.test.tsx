// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { preferencesStore } from './preferencesStore';

const fakeStorage = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
};

describe('preferencesStore', () => {
  it('keeps the theme and density across stores (sessions), and nothing else', () => {
    const storage = fakeStorage();
    const first = preferencesStore(storage);
    first.setup();
    first.setItem('theme', 'dark');
    first.setItem('density', 'compact');
    first.setItem('patients.listParams', { filter: { name: 'Ann Lee' } });
    expect([...storage.map.keys()].sort()).toEqual(['portal.preference.density', 'portal.preference.theme']);
    const next = preferencesStore(storage);
    next.setup();
    expect(next.getItem('theme')).toBe('dark');
    expect(next.getItem('density')).toBe('compact');
    expect(next.getItem('patients.listParams')).toBeUndefined();
  });

  it('a reset (sign-out) clears the rest but keeps the preferences; removing one forgets it', () => {
    const storage = fakeStorage();
    const store = preferencesStore(storage);
    store.setup();
    store.setItem('theme', 'dark');
    store.setItem('bookings.listParams', { page: 2 });
    store.reset();
    expect(store.getItem('theme')).toBe('dark');
    expect(store.getItem('bookings.listParams')).toBeUndefined();
    store.removeItem('theme');
    expect(storage.map.size).toBe(0);
  });

  it('ignores a stored value that is not JSON, and works without storage', () => {
    const storage = fakeStorage();
    storage.map.set('portal.preference.theme', '{oops');
    const store = preferencesStore(storage);
    store.setup();
    expect(store.getItem('theme', 'light')).toBe('light');
    const none = preferencesStore(null);
    none.setup();
    none.setItem('theme', 'dark');
    expect(none.getItem('theme')).toBe('dark');
  });
});

describe('preferencesStore in react-admin', () => {
  it('a saved preference is what useStore gives from the first render', async () => {
    const { render, screen } = await import('@testing-library/react');
    const { AdminContext, useStore } = await import('react-admin');
    const storage = fakeStorage();
    storage.map.set('portal.preference.density', '"compact"');
    const Shown = () => {
      const [density] = useStore('density', 'comfortable');
      return <output>{String(density)}</output>;
    };
    render(
      <AdminContext store={preferencesStore(storage)}>
        <Shown />
      </AdminContext>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('compact');
  });
});
