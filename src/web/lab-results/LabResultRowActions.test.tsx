// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { LabViewer } from '../../domain/lab/lab-actions';
import type { LabRow } from '../../domain/lab/lab-api';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { labRow, maskedRow, ME, OTHER } from '../test-utils/labFixtures';
import { LabResultRowActions } from './LabResultRowActions';

const viewer: LabViewer = { sub: ME, validStates: ['NV', 'CO'], clinicalWrite: true, licenceExempt: false };
const mine = { userId: ME, firstName: 'Jane', lastName: 'Doe' };
const other = { userId: OTHER, firstName: 'Mark', lastName: 'Lee' };

const L = {
  assign: LAB_TEXT.assignToMe,
  reassign: LAB_TEXT.reassignToMe,
  override: LAB_TEXT.cancelAutoRelease,
  send: LAB_TEXT.sendResults,
  view: LAB_TEXT.viewNotesForPatient,
  internal: LAB_TEXT.internalNotes,
  appointment: LAB_TEXT.appointmentRequest,
  message: LAB_TEXT.messagePatient,
};
type Label = keyof typeof L;
type Expect = Partial<Record<Label, 'on' | 'off'>>;

function renderRow(overrides: Partial<LabRow> | ReturnType<typeof maskedRow>, v: LabViewer | null = viewer) {
  const record = 'id' in overrides ? overrides : labRow(overrides);
  renderInAdmin(
    <RecordContextProvider value={record}>
      <LabResultRowActions viewer={v} />
    </RecordContextProvider>,
  );
}

function check(expected: Expect, tooltip?: string) {
  for (const key of Object.keys(L) as Label[]) {
    const button = screen.queryByRole('button', { name: L[key] });
    if (!expected[key]) {
      expect(button, `${L[key]} should be absent`).toBeNull();
      continue;
    }
    expect(button, `${L[key]} should be shown`).not.toBeNull();
    if (expected[key] === 'on') expect(button, `${L[key]} enabled`).toBeEnabled();
    else {
      expect(button, `${L[key]} disabled`).toBeDisabled();
      if (tooltip) expect(button!.closest('span[aria-label]')?.getAttribute('aria-label')).toContain(tooltip);
    }
  }
}

describe('lab result row actions, one row per status (spec 1 §4)', () => {
  it.each<[string, Partial<LabRow>, Expect]>([
    [
      'NEEDS_CLINICIAN_REVIEW, mine',
      { status: 'NEEDS_CLINICIAN_REVIEW', clinician: mine },
      { send: 'on', internal: 'on', appointment: 'on', message: 'on' },
    ],
    ['IN_PROGRESS, mine: no Send Results', { status: 'IN_PROGRESS', clinician: mine }, { internal: 'on', appointment: 'on', message: 'on' }],
    ['NEEDS_CONSULT, mine: no appointment request', { status: 'NEEDS_CONSULT', clinician: mine }, { send: 'on', internal: 'on', message: 'on' }],
    [
      'AUTO_RELEASE_SCHEDULED, mine: the override, no Send Results',
      { status: 'AUTO_RELEASE_SCHEDULED', clinician: mine },
      { override: 'on', internal: 'on', appointment: 'on', message: 'on' },
    ],
    [
      'RESULTS_RELEASED, mine: notes read-only, no send or appointment',
      { status: 'RESULTS_RELEASED', clinician: mine },
      { view: 'on', internal: 'on', message: 'on' },
    ],
    [
      'COMPLETE, mine: notes read-only, no send or appointment',
      { status: 'COMPLETE', clinician: mine },
      { view: 'on', internal: 'on', message: 'on' },
    ],
    ['PENDING_REVIEW, mine', { status: 'PENDING_REVIEW', clinician: mine }, { send: 'on', internal: 'on', appointment: 'on', message: 'on' }],
  ])('%s', (_, row, expected) => {
    renderRow(row);
    check(expected);
  });

  it('unassigned NEEDS_CLINICIAN_REVIEW: Assign To Me; the rest waits for the assignment', () => {
    renderRow({ status: 'NEEDS_CLINICIAN_REVIEW', clinician: null });
    check({ assign: 'on', send: 'off', internal: 'off', appointment: 'off', message: 'off' }, LAB_TEXT.assignFirst);
  });

  it('unassigned AUTO_RELEASE_SCHEDULED: the override is open to an eligible clinician, assigning is not offered', () => {
    renderRow({ status: 'AUTO_RELEASE_SCHEDULED', clinician: null });
    check({ override: 'on', internal: 'off', appointment: 'off', message: 'off' });
  });

  it('unassigned PRE_PROCESS: Assign To Me; the rest waits for the assignment', () => {
    renderRow({ status: 'PRE_PROCESS', clinician: null });
    check({ assign: 'on', send: 'off', internal: 'off', appointment: 'off', message: 'off' }, LAB_TEXT.assignFirst);
  });

  it('assigned to another clinician: Reassign To Me; other actions greyed with the spec tooltip', () => {
    renderRow({ status: 'NEEDS_CLINICIAN_REVIEW', clinician: other });
    check({ reassign: 'on', send: 'off', internal: 'off', appointment: 'off', message: 'off' }, LAB_TEXT.tooltipAssignedOrIneligible);
  });

  it('a state without a valid licence: everything disabled with "license ineligible"', () => {
    renderRow({ status: 'NEEDS_CLINICIAN_REVIEW', clinician: null, patientState: 'TX' });
    check({ assign: 'off', send: 'off', internal: 'off', appointment: 'off', message: 'off' }, LAB_TEXT.tooltipIneligible);
  });

  it('a masked row: every action disabled', () => {
    renderRow(maskedRow());
    check({ reassign: 'off', send: 'off', internal: 'off', appointment: 'off', message: 'off' }, LAB_TEXT.tooltipAssignedOrIneligible);
  });

  it('a viewer without clinical writes: nothing enabled, "license ineligible"; a read-only one is told "read-only"', () => {
    renderRow({ status: 'NEEDS_CLINICIAN_REVIEW', clinician: null }, { ...viewer, clinicalWrite: false });
    check({ assign: 'off', send: 'off', internal: 'off', appointment: 'off', message: 'off' }, LAB_TEXT.tooltipIneligible);
  });

  it('a row without viewer yet offers nothing', () => {
    renderRow({ status: 'NEEDS_CLINICIAN_REVIEW', clinician: mine }, null);
    const actions = screen.getAllByRole('button').filter((b) => b.textContent !== LAB_TEXT.kitDetails);
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getByRole('button', { name: LAB_TEXT.kitDetails })).toBeEnabled();
  });
});
