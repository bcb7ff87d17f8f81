import { Alert, Box, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { PatientDetail } from '../../domain/patients/patients';
import { ChartNoteDialog } from '../shared/chart-notes/ChartNoteDialog';
import { ChartNoteList } from '../shared/chart-notes/ChartNoteList';
import { usePortalPermissions } from '../providers/permissions';

/** Charting Notes tab: search, reset and Create Charting Note (clinical access). */
export const ChartingNotesTab = ({ patient }: { patient: PatientDetail }) => {
  const translate = useTranslate();
  const { permissions } = usePortalPermissions();
  const [writing, setWriting] = useState(false);
  const canRead = !!permissions && (permissions.clinicalAccess || permissions.unmasked);
  const canWrite = !!permissions && permissions.clinicalAccess && !permissions.readOnly && !patient.masked;
  if (!canRead) return <Alert severity="info">{translate('patient.noClinicalAccess')}</Alert>;
  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="contained" onClick={() => setWriting(true)} disabled={!canWrite}>
          {translate('chartNote.createChartingNote')}
        </Button>
      </Box>
      <ChartNoteList by="patient" id={patient.id} personId={patient.id} patientName={patient.name} searchable />
      {/* A save invalidates the chart note queries: the list shows the new note. */}
      <ChartNoteDialog open={writing} onClose={() => setWriting(false)} personId={patient.id} patientName={patient.name} />
    </Stack>
  );
};

export default ChartingNotesTab;
