import {
  Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { SHIPPING_PROVIDERS } from '../../domain/constants';
import { KIT_TEXTS, type KitRow } from '../../domain/kits';
import { kitActionBody, manifestReadOnly } from '../../domain/lab-orders';
import { useKitAction, useRuleText } from './useKitAction';

/**
 * The shipping manifest of the selected approved kits (spec 1 §5, §8): a tracking number is required, the provider is
 * FEDEX or UPS. Once created the dialog asks to print the manifest and attach it to the package, and offers the
 * print. Kits all in manifest-created status show their manifest read-only.
 */
export const ManifestDialog = ({ kits, careLocation, onClose, onDone, onPrint }: {
  kits: KitRow[]; careLocation: string; onClose: () => void; onDone: () => void; onPrint: (manifestId: string) => void;
}) => {
  const translate = useTranslate();
  const ruleText = useRuleText();
  const existing = manifestReadOnly(kits.map((k) => k.kitStatus));
  const [trackingNumber, setTrackingNumber] = useState(existing ? [...new Set(kits.map((k) => k.shipManifestNum ?? ''))].join(', ') : '');
  // A stored manifest shows its own provider, a new one starts on the first.
  const [provider, setProvider] = useState<string>((existing && kits.find((k) => k.shipProvider)?.shipProvider) || SHIPPING_PROVIDERS[0]);
  const [comment, setComment] = useState<string>(KIT_TEXTS.manifestComment);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const printable = created ?? (existing ? (kits.find((k) => k.manifestId)?.manifestId ?? null) : null);
  const run = useKitAction('manifest', (result) => {
    setCreated(result.manifestId ?? null);
    onDone();
  });
  const readOnly = existing || created !== null;
  const kitIds = kits.map((k) => k.kitId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const checked = kitActionBody('manifest', { kitIds, comment, careLocation, trackingNumber, provider });
    if (!checked.ok) return setProblem(ruleText(checked.message));
    setProblem(null);
    run.mutate(checked.body);
  };
  return (
    <Dialog open onClose={run.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="manifest-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="manifest-title">{translate('kit.manifestTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{translate('kit.confirmQuestion', { smart_count: kitIds.length, kitIds: kitIds.join(', ') })}</DialogContentText>
            {created && <Alert severity="success">{translate('kit.rules.success.manifest')}</Alert>}
            {existing && <Alert severity="info">{translate('kit.manifestReadOnly')}</Alert>}
            <TextField
              autoFocus={!readOnly}
              required
              label={translate('kit.trackingNumber')}
              value={trackingNumber}
              onChange={(e) => setTrackingNumber(e.target.value)}
              disabled={readOnly || run.isPending}
            />
            <TextField
              select
              label={translate('kit.provider')}
              value={provider}
              onChange={(e) => setProvider(e.target.value)}
              disabled={readOnly || run.isPending}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {SHIPPING_PROVIDERS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </TextField>
            {!existing && (
              <TextField label={translate('kit.comment')} value={comment} onChange={(e) => setComment(e.target.value)} disabled={readOnly || run.isPending} />
            )}
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={run.isPending}>
            {translate(readOnly ? 'ra.action.close' : 'ra.action.cancel')}
          </Button>
          {printable && (
            <Button variant="contained" onClick={() => onPrint(printable)}>
              {translate('kit.printManifest')}
            </Button>
          )}
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={run.isPending} startIcon={run.isPending ? <CircularProgress size={16} /> : null}>
              {translate('kit.submit')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
};
