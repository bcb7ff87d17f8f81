// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookingStatusChip } from './BookingStatusChip';

describe('BookingStatusChip', () => {
  it("a long status wraps inside its cell (at most the cell's width) instead of running over the next field", () => {
    render(<BookingStatusChip status="CL_RESCHEDULED_PENDING_CONFIRMATION" />);
    const label = screen.getByText('Cl Rescheduled Pending Confirmation');
    const chip = label.closest('.MuiChip-root') as HTMLElement;
    expect(getComputedStyle(chip).maxWidth).toBe('100%');
    expect(getComputedStyle(chip).height).toBe('auto');
    expect(getComputedStyle(label).whiteSpace).toBe('normal');
  });

  it('a masked status is shown as it is, without a chip', () => {
    const { container } = render(<BookingStatusChip status="XXXXXX" />);
    expect(container.textContent).toBe('XXXXXX');
    expect(container.querySelector('.MuiChip-root')).toBeNull();
  });
});
