// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { LabViewer } from '../../domain/lab/lab-actions';
import type { LabRow } from '../../domain/lab/lab-api';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { labRow } from '../test-utils/labFixtures';
import { auditor, clinician, disabledButtons, mine, other, tooltipOf } from '../test-utils/labRowFixtures';
import { LabRequestRowActions } from './LabRequestRowActions';
import { RejectNotesDialog } from './RejectNotesDialog';

function renderRequest(record: ReturnType<typeof labRow>, viewer: LabViewer) {
  renderInAdmin(
    <RecordContextProvider value={record}>
      <LabRequestRowActions viewer={viewer} />
    </RecordContextProvider>,
  );
}

describe('Lab Requests: disabled actions say why', () => {
  it('the auditor is told "read-only", not "Assigned to another clinician OR license ineligible"', () => {
    renderRequest(labRow({ status: 'REGISTERED', clinician: other }), auditor);
    const disabled = disabledButtons();
    expect(disabled.length).toBeGreaterThan(2);
    for (const b of disabled) expect(b.tooltip, b.name).toContain(`: ${LAB_TEXT.readOnly}`);
    expect(disabled.some((b) => b.tooltip.includes(LAB_TEXT.tooltipAssignedOrIneligible))).toBe(false);
  });

  it('Create Test Report on my own request whose result is already released says so', () => {
    renderRequest(labRow({ status: 'REGISTERED', clinician: mine, resultStatus: 'COMPLETE' }), clinician);
    const button = screen.getByRole('button', { name: LAB_TEXT.createTestReport });
    expect(button).toBeDisabled();
    expect(tooltipOf(button)).toContain(LAB_TEXT.resultAlreadyReleased);
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
