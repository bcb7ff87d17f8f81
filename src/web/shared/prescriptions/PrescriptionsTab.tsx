import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useState } from 'react';
import { orderInProgress, orderStateLabel, type Prescription } from '../../../domain/prescriptions/prescriptions';
import { displayDate } from '../../../domain/patients/patient-profile';
import { type PatientDetail } from '../../../domain/patients/patients';
import { useRuntimeConfig } from '../../providers/useRuntimeConfig';
import { LabelledValue } from '../LabelledValue';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { usePortalPermissions } from '../../providers/permissions';
import { PrescriptionDialog } from './PrescriptionDialog';
import { SendPrescriptionButton } from './SendPrescriptionButton';
import { prescriptionsKey } from './useSendPrescription';

const C = 'prescription.card';
/** How often the tab re-reads the prescriptions while an order is in progress. */
const REFRESH_MS = 5_000;

/** One prescription card (spec 3 §2): expands and collapses; treatment, instructions, notes, prescriber, written date, fill state. */
const PrescriptionCard = ({ rx, expanded, siteUrl, onView }: { rx: Prescription; expanded: boolean; siteUrl: string | null; onView(): void }) => {
  const translate = useTranslate();
  const fill = rx.fills.find((f) => f.order)?.order?.state;
  return (
    <Accordion defaultExpanded={expanded} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`rx-${rx.id}-content`} id={`rx-${rx.id}-header`}>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ flex: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{rx.treatment.name}</Typography>
          <Chip size="small" label={orderStateLabel(rx.state)} />
          <Typography variant="body2" color="text.secondary">
            {displayDate(rx.writtenAt)}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <LabelledValue label={translate(`${C}.instructions`)} value={rx.instructions} />
          <LabelledValue label={translate(`${C}.notes`)} value={rx.notes} />
          <LabelledValue label={translate(`${C}.prescriber`)} value={rx.prescriber.name.full} />
          <LabelledValue label={translate(`${C}.writtenAt`)} value={displayDate(rx.writtenAt)} />
          <LabelledValue
            label={translate(`${C}.quantity`)}
            value={rx.dispenseQuantity != null ? `${rx.dispenseQuantity} ${rx.dispenseUnit ?? ''}`.trim() : null}
          />
          <LabelledValue label={translate(`${C}.fill`)} value={fill ? orderStateLabel(fill) : null} />
        </Box>
        {siteUrl ? (
          <Button
            sx={{ mt: 1 }}
            size="small"
            href={`${siteUrl}/prescriptions/${encodeURIComponent(rx.id)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {translate('prescription.view')}
          </Button>
        ) : (
          <Button sx={{ mt: 1 }} size="small" onClick={onView}>
            {translate('prescription.view')}
          </Button>
        )}
      </AccordionDetails>
    </Accordion>
  );
};

/**
 * The patient profile's Prescriptions tab (spec 3 §2): Send Prescription, then the patient's prescriptions as cards
 * (`viewId` expands one), or 'No Prescription Found'. View Prescription opens the provider's site when it has one
 * (Photon), else the prescription's dialog (local sandbox).
 */
export const PrescriptionsTab = ({ patient, viewId }: { patient: PatientDetail; viewId?: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { permissions } = usePortalPermissions();
  const config = useRuntimeConfig();
  const canRead = !!permissions && (permissions.clinicalAccess || permissions.unmasked);
  const [viewing, setViewing] = useState<string | null>(null);
  const list = useQuery({
    queryKey: prescriptionsKey(patient.id),
    queryFn: ({ signal }) => dataProvider.patientPrescriptions(patient.id, signal),
    enabled: canRead && !patient.masked,
    // While an order is still moving (local pharmacy: PLACED → … → COMPLETED), the fill states are refreshed.
    refetchInterval: (q) => (q.state.data?.some((rx) => rx.fills.some((f) => orderInProgress(f.order?.state))) ? REFRESH_MS : false),
  });
  if (!canRead) return <Alert severity="info">{translate('patient.noClinicalAccess')}</Alert>;
  const settings = config.data?.prescribing;
  const siteUrl = settings?.provider === 'photon' ? settings.appUrl : null;
  return (
    <Stack spacing={2}>
      <Box>
        <SendPrescriptionButton variant="contained" patientId={patient.id} patientName={patient.name} />
      </Box>
      {list.isPending ? (
        <CircularProgress size={24} />
      ) : list.isError ? (
        <Alert severity="error">{(list.error as Error).message}</Alert>
      ) : list.data.length === 0 ? (
        <Typography>{translate('prescription.none')}</Typography>
      ) : (
        <Stack spacing={1} aria-label={translate('patients.tabs.Prescriptions')}>
          {list.data.map((rx) => (
            <PrescriptionCard key={rx.id} rx={rx} expanded={rx.id === viewId} siteUrl={siteUrl} onView={() => setViewing(rx.id)} />
          ))}
        </Stack>
      )}
      <PrescriptionDialog rx={list.data?.find((rx) => rx.id === viewing) ?? null} open={!!viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
};

export default PrescriptionsTab;
