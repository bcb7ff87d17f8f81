import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { DataTable, ListBase, useTranslate } from 'react-admin';
import type { TranscriptionRecord } from '../../../domain/transcription/transcription';
import { Section } from '../Section';
import { TranscriptionModal } from './TranscriptionModal';

const X = 'transcription';
const created = (r: TranscriptionRecord) => new Date(r.createdEpoch * 1000).toLocaleString();

/**
 * The Transcription accordion of the booking detail (spec 2 §2.3, §2.4), for clinicians and super admins: the
 * booking's transcriptions (the `transcriptions` resource) with Status, Reference ID, Author ('clinician Required'
 * when none), Created and View Transcription; a new one starts at the consent form.
 */
export const TranscriptionSection = ({ booking, onNoteSaved }: { booking: { id: string; patientId: string }; onNoteSaved?(): void }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState<{ record: TranscriptionRecord | null } | null>(null);
  return (
    <Section title="bookingDetail.sections.transcription" testId="transcription" defaultExpanded={false}>
      <Stack spacing={1}>
        <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setOpen({ record: null })}>
          {translate(`${X}.newTranscription`)}
        </Button>
        <ListBase
          resource="transcriptions"
          filter={{ referenceId: booking.id }}
          perPage={25}
          disableSyncWithLocation
          sort={{ field: 'createdEpoch', order: 'DESC' }}
        >
          <DataTable<TranscriptionRecord> bulkActionButtons={false} rowClick={false} empty={<span>{translate(`${X}.empty`)}</span>}>
            <DataTable.Col source="status" label={`${X}.columns.status`} disableSort />
            <DataTable.Col source="referenceId" label={`${X}.columns.referenceId`} disableSort />
            <DataTable.Col<TranscriptionRecord>
              label={`${X}.columns.author`}
              disableSort
              render={(r) => r.clinicianName ?? translate(`${X}.clinicianRequired`)}
            />
            <DataTable.Col<TranscriptionRecord> label={`${X}.columns.created`} disableSort render={created} />
            <DataTable.Col<TranscriptionRecord>
              label=""
              disableSort
              render={(r) => (
                <Button size="small" onClick={() => setOpen({ record: r })}>
                  {translate(`${X}.viewTranscription`)}
                </Button>
              )}
            />
          </DataTable>
        </ListBase>
      </Stack>
      {open && <TranscriptionModal booking={booking} initial={open.record} onClose={() => setOpen(null)} onNoteSaved={onNoteSaved} />}
    </Section>
  );
};
