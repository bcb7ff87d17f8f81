// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { BREAK_GLASS_TEXTS } from '../../domain/i18n/en/break-glass';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { giveReason, setupBreakGlass, viewer } from '../test-utils/breakGlassFixtures';
import { labRow, maskedRow } from '../test-utils/labFixtures';
import { LabRequestRowActions } from './LabRequestRowActions';

vi.setConfig({ testTimeout: 20_000 });

describe('Emergency access on masked lab request rows', () => {
  it('a masked lab row sends only its kit id and a reason, then opens the kit details', async () => {
    const { dataProvider, paths, options } = setupBreakGlass(['clinicians']);
    renderInAdmin(
      <RecordContextProvider value={maskedRow('KT0000099')}>
        <LabRequestRowActions viewer={viewer} />
      </RecordContextProvider>,
      options,
    );
    fireEvent.click(await screen.findByRole('button', { name: BREAK_GLASS_TEXTS.action }));
    await giveReason('Seizure in the waiting room');
    await vi.waitFor(() => expect(paths.at(-1)).toBe('/KitDetails?kitId=KT0000099'));
    expect(dataProvider.startBreakGlass).toHaveBeenCalledWith({ kitId: 'KT0000099', reason: 'Seizure in the waiting room' });
  });

  it('staff and auditors are never offered it; rows in clear never show it', async () => {
    for (const groups of [['staff'], ['auditor_read_only']]) {
      const { options } = setupBreakGlass(groups);
      const { unmount } = renderInAdmin(
        <RecordContextProvider value={maskedRow()}>
          <LabRequestRowActions viewer={viewer} />
        </RecordContextProvider>,
        options,
      );
      await screen.findByRole('button', { name: /kit details/i });
      expect(screen.queryByRole('button', { name: BREAK_GLASS_TEXTS.action })).toBeNull();
      unmount();
    }
    const { options } = setupBreakGlass(['clinicians']);
    renderInAdmin(
      <RecordContextProvider value={labRow({ patientState: 'NV' })}>
        <LabRequestRowActions viewer={viewer} />
      </RecordContextProvider>,
      options,
    );
    await screen.findByRole('button', { name: /kit details/i });
    expect(screen.queryByRole('button', { name: BREAK_GLASS_TEXTS.action })).toBeNull();
  });
});
