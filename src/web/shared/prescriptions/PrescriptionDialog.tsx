import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { displayDate, displayTime } from '../../../domain/patients/patient-profile';
import { orderStateLabel, type Prescription } from '../../../domain/prescriptions/prescriptions';
import { LabelledValue } from '../LabelledValue';
import { LocalDataTable } from '../LocalDataTable';

const D = 'prescription.detail';
const C = 'prescription.card';
/** A fill, keyed by its id (or its place when the service gave none). */
type FillRow = Omit<Prescription['fills'][number], 'id'> & { id: string | number };

const when = (iso: string | undefined) => (iso ? `${displayDate(iso)} ${displayTime(iso)}` : null);

/**
 * View Prescription in the local sandbox: the whole prescription as the prescribing service answers it
 * (read through the dataProvider by the Prescriptions tab, which keeps refreshing it while an order moves on):
 * treatment, strength and form, instructions, quantity, refills, notes, prescriber, written date, state, and each fill
 * with its state, its order's state and when each last changed.
 */
export const PrescriptionDialog = ({ rx, open, onClose }: { rx: Prescription | null; open: boolean; onClose(): void }) => {
  const translate = useTranslate();
  const titleId = 'prescription-detail-title';
  return (
    <Dialog open={open && !!rx} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      {rx && (
        <>
          <DialogTitle id={titleId}>{rx.treatment.name}</DialogTitle>
          <DialogContent>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mb: 2 }}>
              <LabelledValue label={translate(`${D}.treatment`)} value={rx.treatment.name} />
              <LabelledValue label={translate(`${D}.strengthForm`)} value={[rx.treatment.strength, rx.treatment.form].filter(Boolean).join(' · ')} />
              <LabelledValue label={translate(`${C}.instructions`)} value={rx.instructions} />
              <LabelledValue
                label={translate(`${C}.quantity`)}
                value={rx.dispenseQuantity != null ? `${rx.dispenseQuantity} ${rx.dispenseUnit ?? ''}`.trim() : null}
              />
              <LabelledValue label={translate(`${C}.refills`)} value={rx.fillsAllowed != null ? String(rx.fillsAllowed - 1) : null} />
              <LabelledValue label={translate(`${C}.notes`)} value={rx.notes} />
              <LabelledValue label={translate(`${C}.prescriber`)} value={rx.prescriber.name.full} />
              <LabelledValue label={translate(`${C}.writtenAt`)} value={when(rx.writtenAt)} />
              <LabelledValue label={translate(`${D}.state`)} value={<Chip size="small" component="span" label={orderStateLabel(rx.state)} />} />
            </Box>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {translate(`${D}.fills`)}
            </Typography>
            <LocalDataTable<FillRow>
              resource="prescription-fills"
              data={rx.fills.map((f, i) => ({ ...f, id: f.id ?? i }))}
              aria-label={translate(`${D}.fills`)}
              emptyText={`${D}.noFills`}
            >
              <DataTable.Col<FillRow> label={`${C}.fill`} disableSort render={(f) => (f.state ? orderStateLabel(f.state) : '—')} />
              <DataTable.Col<FillRow> label={`${D}.fillRequested`} disableSort render={(f) => when(f.requestedAt) ?? '—'} />
              <DataTable.Col<FillRow> label={`${D}.orderState`} disableSort render={(f) => (f.order ? orderStateLabel(f.order.state) : '—')} />
              <DataTable.Col<FillRow> label={`${D}.orderUpdated`} disableSort render={(f) => when(f.order?.updatedAt) ?? '—'} />
            </LocalDataTable>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
};
