import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { displayDate, displayTime } from '../../domain/patients';
import { orderStateLabel, type Prescription } from '../../domain/prescriptions';
import { LabelledValue } from '../layout/LabelledValue';

const D = 'prescription.detail';
const C = 'prescription.card';
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
              <LabelledValue label={translate(`${C}.quantity`)} value={rx.dispenseQuantity != null ? `${rx.dispenseQuantity} ${rx.dispenseUnit ?? ''}`.trim() : null} />
              <LabelledValue label={translate(`${C}.refills`)} value={rx.fillsAllowed != null ? String(rx.fillsAllowed - 1) : null} />
              <LabelledValue label={translate(`${C}.notes`)} value={rx.notes} />
              <LabelledValue label={translate(`${C}.prescriber`)} value={rx.prescriber.name.full} />
              <LabelledValue label={translate(`${C}.writtenAt`)} value={when(rx.writtenAt)} />
              <LabelledValue label={translate(`${D}.state`)} value={<Chip size="small" component="span" label={orderStateLabel(rx.state)} />} />
            </Box>
            <Typography variant="subtitle2" component="h3" gutterBottom>{translate(`${D}.fills`)}</Typography>
            {rx.fills.length === 0 ? <Alert severity="info">{translate(`${D}.noFills`)}</Alert> : (
              <Table size="small" aria-label={translate(`${D}.fills`)}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate(`${C}.fill`)}</TableCell>
                    <TableCell>{translate(`${D}.fillRequested`)}</TableCell>
                    <TableCell>{translate(`${D}.orderState`)}</TableCell>
                    <TableCell>{translate(`${D}.orderUpdated`)}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rx.fills.map((f, i) => (
                    <TableRow key={f.id ?? i}>
                      <TableCell>{f.state ? orderStateLabel(f.state) : '—'}</TableCell>
                      <TableCell>{when(f.requestedAt) ?? '—'}</TableCell>
                      <TableCell>{f.order ? orderStateLabel(f.order.state) : '—'}</TableCell>
                      <TableCell>{when(f.order?.updatedAt) ?? '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
};
