// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { LabViewer } from '../../domain/lab-actions';
import type { LabRow } from '../../domain/lab-api';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { LabRequestRowActions } from '../lab-requests/LabRequestRowActions';
import { RejectNotesDialog } from '../lab-requests/RejectNotesDialog';
import { LabResultRowActions } from '../lab-results/LabResultRowActions';
import { OlderResultRowActions } from '../lab-results/OlderResultRowActions';
import { OverrideAutoReleaseButton } from '../lab-results/OverrideAutoReleaseButton';
import { fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { labRow, maskedRow, ME, OTHER } from '../test-utils/labFixtures';

/** The lab tables' row actions after the field test of 2026-11-23 (findings 3, 8, 9, 21). */
const clinician: LabViewer = { sub: ME, validStates: ['NV'], clinicalWrite: true, licenceExempt: false };
const auditor: LabViewer = { sub: 'auditor-1', validStates: [], clinicalWrite: false, licenceExempt: false, readOnly: true };
const other = { userId: OTHER, firstName: 'Mark', lastName: 'Lee' };
const mine = { userId: ME, firstName: 'Jane', lastName: 'Doe' };

const tooltipOf = (button: HTMLElement) => button.closest('span[aria-label]')?.getAttribute('aria-label') ?? '';

/** Every disabled button of the row, with its tooltip. */
function disabledButtons() {
  return within(screen.getByTestId('row-actions'))
    .getAllByRole('button')
    .filter((b) => b.hasAttribute('disabled'))
    .map((b) => ({ name: b.textContent ?? '', tooltip: tooltipOf(b) }));
}

function renderRequest(record: ReturnType<typeof labRow>, viewer: LabViewer) {
  renderInAdmin(
    <RecordContextProvider value={record}>
      <LabRequestRowActions viewer={viewer} />
    </RecordContextProvider>,
  );
}
function renderResult(record: ReturnType<typeof labRow>, viewer: LabViewer) {
  renderInAdmin(
    <RecordContextProvider value={record}>
      <LabResultRowActions viewer={viewer} />
    </RecordContextProvider>,
  );
}

describe('disabled actions say why (findings 8, 9)', () => {
  it('the auditor is told "read-only", not "Assigned to another clinician OR license ineligible"', () => {
    renderRequest(labRow({ status: 'REGISTERED', clinician: other }), auditor);
    const disabled = disabledButtons();
    expect(disabled.length).toBeGreaterThan(2);
    for (const b of disabled) expect(b.tooltip, b.name).toContain(`: ${LAB_TEXT.readOnly}`);
    expect(disabled.some((b) => b.tooltip.includes(LAB_TEXT.tooltipAssignedOrIneligible))).toBe(false);
  });

  it('the auditor on Lab Results: read-only on every disabled action', () => {
    renderResult(labRow({ status: 'NEEDS_CLINICIAN_REVIEW', clinician: null }), auditor);
    for (const b of disabledButtons()) expect(b.tooltip, b.name).toContain(`: ${LAB_TEXT.readOnly}`);
  });

  it('Create Test Report on my own request whose result is already released says so', () => {
    renderRequest(labRow({ status: 'REGISTERED', clinician: mine, resultStatus: 'COMPLETE' }), clinician);
    const button = screen.getByRole('button', { name: LAB_TEXT.createTestReport });
    expect(button).toBeDisabled();
    expect(tooltipOf(button)).toContain(LAB_TEXT.resultAlreadyReleased);
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

describe('plain-text notes are shown as text', () => {
  it('the reject notes keep angle brackets and load no image', () => {
    const internalNote = 'Culture <no growth> after 48h. Ratio <1:2 vs >1:8 <b>check</b>.';
    const externalNote = 'The sample arrived <leaking> and could not be tested <img src=x>';
    const { container } = renderInAdmin(
      <RejectNotesDialog
        record={labRow({ status: 'REJECTED_BY_CLINICIAN', internalNote, externalNote } as Partial<LabRow>)}
        readOnly
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText(internalNote)).toBeInTheDocument();
    expect(screen.getByText(externalNote)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
    expect(container).toBeTruthy();
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
