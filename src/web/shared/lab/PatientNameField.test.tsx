// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../../test-utils/adminTestContext';
import { labRow } from '../../test-utils/labFixtures';
import { DEFAULT_AVATAR_URL } from './PatientAvatar';
import { PatientNameField } from './PatientNameField';

const renderField = (patientProfilePic: (id: string) => Promise<Blob | null>) => {
  const dataProvider = fakeDataProvider({ patientProfilePic: vi.fn(patientProfilePic) });
  renderInAdmin(
    <RecordContextProvider value={labRow()}>
      <PatientNameField />
    </RecordContextProvider>,
    { dataProvider },
  );
  return dataProvider;
};

describe('Patient Name hover card: the patient picture (spec 1 §2)', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:picture-1'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches GET /secure/user/patientProfilePic/{userId} when the card opens, not before, and shows it', async () => {
    const dataProvider = renderField(async () => new Blob(['png'], { type: 'image/png' }));
    expect(dataProvider.patientProfilePic).not.toHaveBeenCalled();
    fireEvent.focus(screen.getByRole('link', { name: 'Ann Lee' }));
    const card = await screen.findByRole('tooltip');
    expect(dataProvider.patientProfilePic).toHaveBeenCalledWith('p-1', expect.anything());
    await expect.poll(() => within(card).getAllByRole('img', { name: 'Patient picture' })[0].getAttribute('src')).toBe('blob:picture-1');
  });

  it('a picture that cannot be fetched: the default picture', async () => {
    const dataProvider = renderField(async () => {
      throw new Error('boom');
    });
    fireEvent.focus(screen.getByRole('link', { name: 'Ann Lee' }));
    const card = await screen.findByRole('tooltip');
    await expect.poll(() => (dataProvider.patientProfilePic as ReturnType<typeof vi.fn>).mock.calls.length).toBe(1);
    expect(
      within(card)
        .getAllByRole('img', { name: 'Patient picture' })
        .map((i) => i.getAttribute('src')),
    ).toEqual([DEFAULT_AVATAR_URL]);
  });
});
