// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { labRow } from '../test-utils/labFixtures';
import { RequestStatusField } from './RequestStatusField';

const renderStatus = (status: string, autoApproved: boolean | string) =>
  renderInAdmin(
    <RecordContextProvider value={labRow({ status, autoApproved })}>
      <RequestStatusField />
    </RecordContextProvider>,
  );

describe('lab request Status column', () => {
  it.each([true, 'true'])('autoApproved %j: "AUTO APPROVED" with the tooltip "per standing order"', async (autoApproved) => {
    renderStatus('APPROVED', autoApproved);
    const label = screen.getByText(LAB_TEXT.autoApproved);
    fireEvent.mouseOver(label);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LAB_TEXT.perStandingOrder);
  });

  it.each([false, 'false'])('autoApproved %j: APPROVED', (autoApproved) => {
    renderStatus('APPROVED', autoApproved);
    expect(screen.getByText('APPROVED')).toBeInTheDocument();
    expect(screen.queryByText(LAB_TEXT.autoApproved)).not.toBeInTheDocument();
  });

  it('other statuses as they are', () => {
    renderStatus('REGISTERED', true);
    expect(screen.getByText('REGISTERED')).toBeInTheDocument();
  });
});
