// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { useStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { UI_TEXT } from '../../domain/i18n/en/ui';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { DensityButton } from './DensityButton';

const Shown = () => {
  const [density] = useStore('density', 'comfortable');
  return <output>{String(density)}</output>;
};

describe('DensityButton', () => {
  it('switches the tables between comfortable and compact, its label saying what a click does', async () => {
    renderInAdmin(
      <>
        <DensityButton />
        <Shown />
      </>,
    );
    const toCompact = await screen.findByRole('button', { name: UI_TEXT.density.compact });
    expect(toCompact).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('comfortable');
    fireEvent.click(toCompact);
    const toComfortable = await screen.findByRole('button', { name: UI_TEXT.density.comfortable });
    expect(toComfortable).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('compact');
  });
});
