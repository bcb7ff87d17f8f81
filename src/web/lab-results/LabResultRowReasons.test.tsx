// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { LabViewer } from '../../domain/lab/lab-actions';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { labRow, maskedRow } from '../test-utils/labFixtures';
import { auditor, clinician, disabledButtons, mine, tooltipOf } from '../test-utils/labRowFixtures';
import { LabResultRowActions } from './LabResultRowActions';
import { OlderResultRowActions } from './OlderResultRowActions';
import { OverrideAutoReleaseButton } from './OverrideAutoReleaseButton';

function renderResult(record: ReturnType<typeof labRow>, viewer: LabViewer) {
  renderInAdmin(
    <RecordContextProvider value={record}>
      <LabResultRowActions viewer={viewer} />
    </RecordContextProvider>,
  );
}

describe('Lab Results: disabled actions say why', () => {
  it('the auditor on Lab Results: read-only on every disabled action', () => {
    renderResult(labRow({ status: 'NEEDS_CLINICIAN_REVIEW', clinician: null }), auditor);
    for (const b of disabledButtons()) expect(b.tooltip, b.name).toContain(`: ${LAB_TEXT.readOnly}`);
  });

  it.each(['PRE_PROCESS', 'PENDING_REVIEW'])('an unassigned %s result offers Assign To Me; the other actions say to assign first', (status) => {
    renderResult(labRow({ status, resultStatus: status, clinician: null }), clinician);
    expect(screen.getByRole('button', { name: LAB_TEXT.assignToMe })).toBeEnabled();
    for (const b of disabledButtons()) expect(b.tooltip, b.name).not.toBe('');
  });

  it('a masked row: every action disabled with a reason, Kit details included', () => {
    renderResult(maskedRow(), clinician);
    const disabled = disabledButtons();
    expect(disabled.map((b) => b.name)).toContain(LAB_TEXT.kitDetails);
    for (const b of disabled) expect(b.tooltip, b.name).not.toBe('');
  });
});

describe('Older Lab Results and rows without a patient: disabled actions say why', () => {
  it.each(['IN_PROGRESS', 'AUTO_RELEASE_SCHEDULED', 'RESULTS_RELEASED'])('Release on my %s result has a tooltip', (status) => {
    renderInAdmin(
      <RecordContextProvider value={labRow({ status, resultStatus: status, clinician: mine })}>
        <OlderResultRowActions viewer={clinician} />
      </RecordContextProvider>,
    );
    const release = screen.getByRole('button', { name: LAB_TEXT.release });
    expect(release).toBeDisabled();
    expect(tooltipOf(release)).not.toBe('');
  });

  it('a result of mine without a patient: Appointment Request and Message Patient say there is no patient', () => {
    renderResult(labRow({ status: 'NEEDS_CLINICIAN_REVIEW', clinician: mine, user: null }), clinician);
    for (const b of disabledButtons()) expect(b.tooltip, b.name).not.toBe('');
    expect(disabledButtons().map((b) => b.name)).toEqual(expect.arrayContaining([LAB_TEXT.appointmentRequest, LAB_TEXT.messagePatient]));
  });
});

describe('the auto-release override confirmation has unambiguous buttons', () => {
  it('"Keep auto release" closes it; "Cancel auto release" confirms', async () => {
    renderInAdmin(<OverrideAutoReleaseButton kitId="KT1" enabled />, { dataProvider: fakeDataProvider() });
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.cancelAutoRelease }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: LAB_TEXT.keepAutoRelease })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: LAB_TEXT.cancelAutoRelease })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: LAB_TEXT.ok })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: LAB_TEXT.cancel })).toBeNull();
  });
});
