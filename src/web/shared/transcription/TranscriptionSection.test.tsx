// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TranscriptionRecord } from '../../../domain/transcription/transcription';
import { TRANSCRIPTION_TEXT as TX } from '../../../domain/i18n/en/transcription';
import { fakeDataProvider, renderInAdmin } from '../../test-utils/adminTestContext';
import { TranscriptionSection } from './TranscriptionSection';

vi.setConfig({ testTimeout: 20_000 });
const row = (o: Partial<TranscriptionRecord>): TranscriptionRecord => ({
  id: 'f-1',
  fileUUID: 'f-1',
  status: 'COMPLETED',
  isConsumed: true,
  referenceId: 'BK1',
  referenceType: 'BOOKING',
  patientId: 'pat-1',
  source: 'CLINICIAN_PATIENT_CONVERSATION',
  clinicianName: 'Jane Doe',
  createdEpoch: 1_795_000_000,
  hasAudio: false,
  summaryKind: 'LOCAL_DRAFT',
  failureReason: null,
  isAuthor: true,
  ...o,
});

describe('TranscriptionSection', () => {
  it("lists the booking's transcriptions (Status, Reference ID, Author or 'clinician Required', Created) and opens one at the record stage", async () => {
    const getList = vi.fn(async () => ({
      data: [row({ id: 'f-2', status: 'AWAITING_TRANSCRIBED_OUTPUT', clinicianName: null }), row({})] as never[],
      total: 2,
    }));
    renderInAdmin(<TranscriptionSection booking={{ id: 'BK1', patientId: 'pat-1' }} onNoteSaved={vi.fn()} />, {
      dataProvider: fakeDataProvider({
        getList,
        getOne: vi.fn(async () => ({ data: row({ id: 'f-2', status: 'AWAITING_TRANSCRIBED_OUTPUT' }) as never })),
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Transcription' }));
    expect(await screen.findByText('AWAITING_TRANSCRIBED_OUTPUT')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('transcriptions', expect.objectContaining({ filter: { referenceId: 'BK1' } }));
    for (const header of Object.values(TX.columns)) expect(screen.getByText(header)).toBeInTheDocument();
    expect(screen.getByText(TX.clinicianRequired)).toBeInTheDocument();
    expect(screen.getByText('Jane Doe')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: TX.viewTranscription })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(TX.awaiting)).toBeInTheDocument();
    expect(within(dialog).queryByText(TX.consentButton)).toBeNull();
  });
});
