// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { labRow } from '../test-utils/labFixtures';
import { ReleaseNotesForm } from './ReleaseNotesForm';

/** A second click while the first request runs is ignored, before React has re-rendered the disabled button. */
const slow = <T,>(value: T) => vi.fn(() => new Promise<T>((resolve) => setTimeout(() => resolve(value), 30)));

describe('a lab result write runs once however fast the user clicks', () => {
  it('Send Results, the confirmation clicked twice: the notes are saved and released once', async () => {
    const saveResultNotes = slow({});
    const releaseResultNotes = slow({});
    renderInAdmin(
      <ReleaseNotesForm
        record={labRow({ status: 'NEEDS_CLINICIAN_REVIEW', externalNotes: 'Your results are normal.' })}
        releasedMessage="lab.resultReleaseSuccess"
        onDone={() => undefined}
        onCancel={() => undefined}
      />,
      { dataProvider: fakeDataProvider({ saveResultNotes, releaseResultNotes, getTemplates: vi.fn(async () => []) } as never) },
    );
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.send }));
    const confirm = await screen.findByRole('dialog');
    const send = within(confirm).getByRole('button', { name: LAB_TEXT.send });
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(releaseResultNotes).toHaveBeenCalled());
    expect(await screen.findByText(LAB_TEXT.resultReleaseSuccess)).toBeInTheDocument();
    expect(saveResultNotes).toHaveBeenCalledTimes(1);
    expect(releaseResultNotes).toHaveBeenCalledTimes(1);
  });
});
