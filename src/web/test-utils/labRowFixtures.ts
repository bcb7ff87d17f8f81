import { screen, within } from '@testing-library/react';
import type { LabViewer } from '../../domain/lab/lab-actions';
import { ME, OTHER } from './labFixtures';

/** Lab viewers and row helpers of the row-action tests (not shipped). */
export const clinician: LabViewer = { sub: ME, validStates: ['NV'], clinicalWrite: true, licenceExempt: false };
export const auditor: LabViewer = { sub: 'auditor-1', validStates: [], clinicalWrite: false, licenceExempt: false, readOnly: true };
export const other = { userId: OTHER, firstName: 'Mark', lastName: 'Lee' };
export const mine = { userId: ME, firstName: 'Jane', lastName: 'Doe' };

/** The tooltip of a (disabled) action: the aria-label of its wrapper. */
export const tooltipOf = (button: HTMLElement) => button.closest('span[aria-label]')?.getAttribute('aria-label') ?? '';

/** Every disabled button of the row, with its tooltip. */
export function disabledButtons() {
  return within(screen.getByTestId('row-actions'))
    .getAllByRole('button')
    .filter((b) => b.hasAttribute('disabled'))
    .map((b) => ({ name: b.textContent ?? '', tooltip: tooltipOf(b) }));
}
