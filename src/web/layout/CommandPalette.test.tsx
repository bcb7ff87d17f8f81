// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Location } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PALETTE_TEXTS } from '../../domain/i18n/en/palette';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { CommandPalette } from './CommandPalette';

vi.setConfig({ testTimeout: 20_000 });
const PATIENT = {
  id: 'p-1',
  firstName: 'Ann',
  lastName: 'Lee',
  name: 'Ann Lee',
  email: 'ann@example.com',
  dob: '1990-05-20',
  phoneNumber: '7025550101',
  state: 'NV',
  location: 'Las Vegas, NV',
  masked: false,
};
const MASKED = { ...PATIENT, id: 'XXXXXX', name: 'XXXXXX', email: 'XXXXXX', masked: true };

function setup() {
  let location: Location | undefined;
  const searchPatients = vi.fn(async () => [PATIENT, MASKED]);
  renderInAdmin(<CommandPalette />, {
    authProvider: fakeAuthProvider({ groups: ['clinicians'] }),
    dataProvider: fakeDataProvider({ searchPatients } as never),
    onLocation: (l) => (location = l),
  });
  return { searchPatients, location: () => location };
}
const openPalette = async () => {
  fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
  return screen.findByRole('combobox', { name: PALETTE_TEXTS.title });
};

describe('CommandPalette', () => {
  it('Ctrl-K opens it; a kit id typed whole goes to the kit with Enter', async () => {
    const { location } = setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    const input = await openPalette();
    fireEvent.change(input, { target: { value: 'kt0000655' } });
    expect(await screen.findByText('Kit KT0000655')).toBeInTheDocument();
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(`${location()?.pathname}${location()?.search}`).toBe('/KitDetails?kitId=KT0000655'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('finds patients by name through the patient search (masked ones left out) and screens by title', async () => {
    const { searchPatients, location } = setup();
    const input = await openPalette();
    fireEvent.change(input, { target: { value: 'ann lee' } });
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
    expect(searchPatients).toHaveBeenCalledWith('patient_name', 'ann lee', expect.anything());
    expect(screen.queryByText('XXXXXX')).toBeNull();
    fireEvent.change(input, { target: { value: 'lab res' } });
    fireEvent.click(await screen.findByText('Lab Results'));
    await waitFor(() => expect(location()?.pathname).toBe('/result'));
  });

  it('one Escape closes it, its list of targets open or not', async () => {
    setup();
    const input = await openPalette();
    expect(await screen.findByRole('listbox')).toBeInTheDocument(); // the list opens with the palette
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('? lists the keyboard shortcuts', async () => {
    setup();
    fireEvent.keyDown(document.body, { key: '?', code: 'Slash', shiftKey: true });
    expect(await screen.findByRole('heading', { name: PALETTE_TEXTS.helpTitle })).toBeInTheDocument();
    for (const s of PALETTE_TEXTS.shortcuts) expect(screen.getByText(s.action)).toBeInTheDocument();
  });
});
