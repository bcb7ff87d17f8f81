// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAB_TEXT } from '../../../domain/i18n/en/lab';
import { fakeDataProvider, renderInAdmin } from '../../test-utils/adminTestContext';
import { AssignKitButton } from './AssignKitButton';

/** A second click while the first request runs is ignored, before React has re-rendered the disabled button. */
const slow = <T,>(value: T) => vi.fn(() => new Promise<T>((resolve) => setTimeout(() => resolve(value), 30)));

describe('Assign To Me runs once however fast the user clicks', () => {
  it('Assign To Me, double-clicked: one request', async () => {
    const labAssign = slow({});
    renderInAdmin(<AssignKitButton kind="result" kitId="KT1" enabled />, { dataProvider: fakeDataProvider({ labAssign }) });
    const button = screen.getByRole('button', { name: LAB_TEXT.assignToMe });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(LAB_TEXT.assignedToYou)).toBeInTheDocument();
    expect(labAssign).toHaveBeenCalledTimes(1);
  });
});
