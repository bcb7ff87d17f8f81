import { fireEvent, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { BREAK_GLASS_TEXTS } from '../../domain/i18n/en/break-glass';
import { fakeAuthProvider, fakeDataProvider } from './adminTestContext';
import { ME } from './labFixtures';

/** Emergency access on masked rows (not shipped): a granted session, a clinician viewer, the reason dialog. */
export const GRANT = {
  id: '22222222-2222-4222-8222-222222222222',
  patientId: '33333333-3333-4333-8333-333333333333',
  startedAt: '2099-01-01T11:00:00.000Z',
  expiresAt: '2099-01-01T12:00:00.000Z',
};
export const viewer = { sub: ME, validStates: ['NV'], clinicalWrite: true, licenceExempt: false };

export function setupBreakGlass(groups: string[]) {
  const dataProvider = fakeDataProvider({
    getMyBreakGlass: vi.fn(async () => ({ items: [], minutes: 60 })),
    startBreakGlass: vi.fn(async () => GRANT),
  });
  const paths: string[] = [];
  return {
    dataProvider,
    paths,
    options: {
      dataProvider,
      authProvider: fakeAuthProvider({ groups }),
      onLocation: (l: { pathname: string; search: string }) => paths.push(l.pathname + l.search),
    },
  };
}

export async function giveReason(reason: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText(new RegExp(BREAK_GLASS_TEXTS.reasonLabel)), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: BREAK_GLASS_TEXTS.confirm }));
}
