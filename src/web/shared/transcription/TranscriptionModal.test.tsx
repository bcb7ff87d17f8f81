// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { TranscriptionRecord } from '../../../domain/transcription/transcription';
import { TRANSCRIPTION_TEXT as TX } from '../../../domain/i18n/en/transcription';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { fakeDataProvider, renderInAdmin } from '../../test-utils/adminTestContext';
import { TranscriptionModal } from './TranscriptionModal';

vi.setConfig({ testTimeout: 20_000 });
const booking = { id: 'BK1', patientId: 'pat-1' };
const record = (o: Partial<TranscriptionRecord> = {}): TranscriptionRecord => ({
  id: 'f-1',
  fileUUID: 'f-1',
  status: 'IN_PROGRESS',
  isConsumed: false,
  referenceId: 'BK1',
  referenceType: 'BOOKING',
  patientId: 'pat-1',
  source: 'CLINICIAN_PATIENT_CONVERSATION',
  clinicianName: 'Jane Doe',
  createdEpoch: 1_795_000_000,
  hasAudio: false,
  summaryKind: null,
  failureReason: null,
  isAuthor: true,
  ...o,
});
const conversation = {
  Conversation: {
    TranscriptSegments: [
      { SegmentId: 's1', BeginAudioTime: 0, EndAudioTime: 1, Content: 'What brings you in?', ParticipantDetails: { ParticipantRole: 'CLINICIAN_0' } },
      {
        SegmentId: 's2',
        BeginAudioTime: 1,
        EndAudioTime: 2,
        Content: 'A headache for three days.',
        ParticipantDetails: { ParticipantRole: 'CLINICIAN_1' },
      },
    ],
  },
};
const summary = {
  summaryKind: 'LOCAL_DRAFT' as const,
  ClinicalDocumentation: { Sections: [{ SectionName: 'CHIEF_COMPLAINT', Summary: [{ SummarizedSegment: 'A headache for three days.' }] }] },
};
const conflict = (reason: string) => new HttpError(`Conflict.Reason: ${reason}`, 409, { msg: 'Conflict', reason });

function open(initial: TranscriptionRecord | null, methods: Partial<PortalDataProvider> = {}) {
  const onClose = vi.fn();
  const onNoteSaved = vi.fn();
  const dataProvider = fakeDataProvider({
    transcriptionAudioUrl: vi.fn(async () => ({ url: 'blob:audio' })),
    transcriptionOutput: vi.fn(async () => conversation),
    transcriptionSummary: vi.fn(async () => summary),
    getOne: vi.fn(async () => ({ data: initial! })),
    ...methods,
  } as Partial<PortalDataProvider>);
  renderInAdmin(<TranscriptionModal booking={booking} initial={initial} onClose={onClose} onNoteSaved={onNoteSaved} />, { dataProvider });
  return { dataProvider, onClose, onNoteSaved, dialog: () => screen.getByRole('dialog') };
}
const pick = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

describe('TranscriptionModal', () => {
  it('a new transcription starts at the consent form (beta, HIPAA notice), then the recorder; no MediaRecorder says so', async () => {
    const { dialog } = open(null);
    expect(within(dialog()).getByText(TX.beta)).toBeInTheDocument();
    expect(within(dialog()).getByText(TX.consentNotice)).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: TX.consentButton }));
    expect(await within(dialog()).findByText(TX.emailWhenReady)).toBeInTheDocument();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(TX.noRecorder);
    expect(within(dialog()).getByRole('button', { name: TX.record })).toBeDisabled();
  });

  it("awaiting the output: the one e-mail notice, and submitting again alerts 'Transcription is already in progress'", async () => {
    const submitTranscription = vi.fn();
    const { dialog } = open(record({ status: 'AWAITING_TRANSCRIBED_OUTPUT', hasAudio: true }), { submitTranscription });
    expect(await within(dialog()).findByText(TX.awaiting)).toBeInTheDocument();
    expect(within(dialog()).queryByText(TX.emailWhenReady)).not.toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: TX.submit }));
    expect(await within(dialog()).findByText('Transcription is already in progress')).toBeInTheDocument();
    expect(submitTranscription).not.toHaveBeenCalled();
  });

  it('uploaded audio plays and submits; a refused submit shows the reason', async () => {
    const submitTranscription = vi.fn(async () => {
      throw conflict('No audio has been uploaded for this transcription');
    });
    const { dialog } = open(record({ status: 'AUDIO_UPLOADED', hasAudio: true }), { submitTranscription });
    await waitFor(() => expect(dialog().querySelector('audio')).toHaveAttribute('src', 'blob:audio'));
    fireEvent.click(within(dialog()).getByRole('button', { name: TX.submit }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('No audio has been uploaded for this transcription');
    expect(submitTranscription).toHaveBeenCalledWith('f-1');
  });

  it('discard: the success toast and the modal closes', async () => {
    const ok = open(record({ status: 'AUDIO_UPLOADED' }), {
      setTranscriptionStatus: vi.fn(async () => record({ status: 'DISCARDED' })),
    });
    fireEvent.click(within(ok.dialog()).getByRole('button', { name: TX.discard }));
    expect(await screen.findByText(TX.discarded)).toBeInTheDocument();
    expect(ok.onClose).toHaveBeenCalled();
  });

  it('a failed discard alerts with the message and shows it as a red toast', async () => {
    const failing = open(record({ status: 'AUDIO_UPLOADED' }), {
      setTranscriptionStatus: vi.fn(async () => {
        throw conflict('The transcription is completed and can no longer change');
      }),
    });
    fireEvent.click(within(failing.dialog()).getByRole('button', { name: TX.discard }));
    expect(await within(failing.dialog()).findByRole('alert')).toHaveTextContent('can no longer change');
    // the alert in the modal and the red toast
    await waitFor(() => expect(screen.getAllByText('The transcription is completed and can no longer change')).toHaveLength(2));
    expect(failing.onClose).not.toHaveBeenCalled();
  });

  it('completed: Conversation with Person_1/Person_2, relabelled; Summary labelled a local draft, saved as a chart note', async () => {
    const consumeTranscription = vi.fn(async () => ({ ...record({ status: 'COMPLETED', isConsumed: true }), noteId: 'n-1' }));
    const { dialog, onClose, onNoteSaved } = open(record({ status: 'COMPLETED', summaryKind: 'LOCAL_DRAFT' }), { consumeTranscription });
    expect(await within(dialog()).findByText('Person_1:')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: TX.saveAs })).toBeNull();
    await pick(TX.speakers, TX.person1Clinician);
    expect(await within(dialog()).findByText('Clinician:')).toBeInTheDocument();
    expect(within(dialog()).getByText('Patient:')).toBeInTheDocument();
    await pick(TX.title, TX.summary);
    expect(await within(dialog()).findByText(TX.localDraft)).toBeInTheDocument();
    expect(await within(dialog()).findByText('Chief Complaint')).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: TX.saveAs }));
    expect(within(dialog()).getByRole('combobox', { name: TX.noteType })).toHaveTextContent('Clinical Notes');
    fireEvent.click(within(dialog()).getByRole('button', { name: TX.save }));
    expect(await screen.findByText(TX.savedAsNote)).toBeInTheDocument();
    expect(consumeTranscription).toHaveBeenCalledWith(
      'f-1',
      expect.objectContaining({ noteType: 'CLINICIAN_NOTE', status: 'PUBLISHED' }),
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
    expect(consumeTranscription).toHaveBeenCalledWith(
      'f-1',
      expect.objectContaining({ note: expect.stringContaining('A headache for three days.') }),
      expect.any(String),
    );
    expect(onNoteSaved).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('completed by the local engine: the transcript is labelled a draft to check against the recording, which plays beside it in both views', async () => {
    const { dialog } = open(record({ status: 'COMPLETED', summaryKind: 'LOCAL_DRAFT', hasAudio: true }));
    expect(await within(dialog()).findByText(TX.localTranscript)).toBeInTheDocument();
    const player = await within(dialog()).findByLabelText(TX.recording);
    expect(player.tagName).toBe('AUDIO');
    await waitFor(() => expect(player).toHaveAttribute('src', 'blob:audio'));
    expect(player).toHaveAttribute('controls');
    await pick(TX.title, TX.summary);
    expect(await within(dialog()).findByText(TX.localDraft)).toBeInTheDocument();
    expect(within(dialog()).getByLabelText(TX.recording)).toHaveAttribute('src', 'blob:audio');
  });

  it('completed by HealthScribe: no draft label on the transcript', async () => {
    const { dialog } = open(record({ status: 'COMPLETED', summaryKind: 'HEALTHSCRIBE', hasAudio: true }), {
      transcriptionSummary: vi.fn(async () => ({ ...summary, summaryKind: 'HEALTHSCRIBE' as const })),
    });
    expect(await within(dialog()).findByText('Person_1:')).toBeInTheDocument();
    expect(await within(dialog()).findByLabelText(TX.recording)).toBeInTheDocument();
    expect(within(dialog()).queryByText(TX.localTranscript)).toBeNull();
  });

  it("a failed save says 'Something went wrong' and closes", async () => {
    const failing = open(record({ status: 'COMPLETED' }), {
      consumeTranscription: vi.fn(async () => {
        throw new Error('boom');
      }),
    });
    await pick(TX.title, TX.summary);
    fireEvent.click(await within(failing.dialog()).findByRole('button', { name: TX.saveAs }));
    fireEvent.click(within(failing.dialog()).getByRole('button', { name: TX.saveDraft }));
    expect(await screen.findByText(TX.somethingWentWrong)).toBeInTheDocument();
    expect(failing.onClose).toHaveBeenCalled();
    expect(failing.onNoteSaved).not.toHaveBeenCalled();
  });

  it('a consumed transcript offers no Save as on the Summary view', async () => {
    const consumed = open(record({ status: 'COMPLETED', isConsumed: true }));
    await pick(TX.title, TX.summary);
    expect(await within(consumed.dialog()).findByText('Chief Complaint')).toBeInTheDocument();
    expect(within(consumed.dialog()).queryByRole('button', { name: TX.saveAs })).toBeNull();
  });
});
