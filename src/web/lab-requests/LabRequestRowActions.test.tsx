// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { LabViewer } from '../../domain/lab/lab-actions';
import type { LabRow } from '../../domain/lab/lab-api';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { labRow, maskedRow, ME, OTHER } from '../test-utils/labFixtures';
import { LabRequestRowActions } from './LabRequestRowActions';

const viewer: LabViewer = { sub: ME, validStates: ['NV'], clinicalWrite: true, licenceExempt: false };
const mine = { userId: ME, firstName: 'Jane', lastName: 'Doe' };
const other = { userId: OTHER, firstName: 'Mark', lastName: 'Lee' };

const L = {
  assign: LAB_TEXT.assignToMe,
  reassign: LAB_TEXT.reassignToMe,
  approve: LAB_TEXT.approve,
  reject: LAB_TEXT.reject,
  rejectNotes: LAB_TEXT.viewRejectNotes,
  create: LAB_TEXT.createTestReport,
  tube: LAB_TEXT.registerTube,
};
type Label = keyof typeof L;
type Expect = Partial<Record<Label, 'on' | 'off'>> & { noAction?: boolean };

function renderRow(record: ReturnType<typeof labRow>) {
  renderInAdmin(
    <RecordContextProvider value={record}>
      <LabRequestRowActions viewer={viewer} />
    </RecordContextProvider>,
  );
}

function check(expected: Expect) {
  for (const key of Object.keys(L) as Label[]) {
    const button = screen.queryByRole('button', { name: L[key] });
    if (!expected[key]) expect(button, `${L[key]} absent`).toBeNull();
    else if (expected[key] === 'on') expect(button, `${L[key]} enabled`).toBeEnabled();
    else expect(button, `${L[key]} disabled`).toBeDisabled();
  }
  expect(!!screen.queryByText(LAB_TEXT.noActionNeeded)).toBe(!!expected.noAction);
}

describe('lab request row actions, one row per status (spec 1 §4)', () => {
  it.each<[string, Partial<LabRow>, Expect]>([
    ['REGISTERED, mine: approve, reject, create', { status: 'REGISTERED', clinician: mine }, { approve: 'on', reject: 'on', create: 'on' }],
    ['APPROVED, mine: "No action needed", create', { status: 'APPROVED', clinician: mine }, { create: 'on', noAction: true }],
    ['REJECTED_BY_CLINICIAN: read-only reject notes, nothing else', { status: 'REJECTED_BY_CLINICIAN', clinician: mine }, { rejectNotes: 'on' }],
    ['REPORT_READY: no test result, no tube', { status: 'REPORT_READY', clinician: mine }, {}],
    ['COMPLETE: no test result, no tube', { status: 'COMPLETE', clinician: mine }, {}],
    [
      'unassigned REGISTERED: Assign To Me first',
      { status: 'REGISTERED', clinician: null },
      { assign: 'on', approve: 'off', reject: 'off', create: 'off' },
    ],
    [
      'assigned to another: Reassign To Me',
      { status: 'REGISTERED', clinician: other },
      { reassign: 'on', approve: 'off', reject: 'off', create: 'off' },
    ],
    [
      'M19 kit, APPROVED, mine: tube serial number',
      { status: 'APPROVED', clinician: mine, productName: 'COVID-19 PCR (M19)' },
      { create: 'on', tube: 'on', noAction: true },
    ],
    [
      'ineligible state',
      { status: 'REGISTERED', clinician: null, patientState: 'TX' },
      { assign: 'off', approve: 'off', reject: 'off', create: 'off' },
    ],
  ])('%s', (_, row, expected) => {
    renderRow(labRow(row));
    check(expected);
  });

  it('a masked row: every action disabled', () => {
    renderRow(maskedRow());
    check({ reassign: 'off', approve: 'off', reject: 'off', create: 'off' });
  });
});
