import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useRef, useState } from 'react';
import { Form, TextInput, useInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { SHIPPING_PROVIDERS } from '../../domain/shared/constants';
import { type KitRow } from '../../domain/kits/kits';
import { KIT_TEXTS } from '../../domain/i18n/en/kit';
import { kitActionBody, manifestReadOnly } from '../../domain/lab/lab-orders';
import { FormErrorAlert } from '../shared/FormErrorAlert';
import { useKitAction, useRuleText } from './useKitAction';

type Values = { trackingNumber: string | null; provider: string; comment: string | null };

/** The shipping provider as the browser's own select (FEDEX, UPS), a react-admin input of the form. */
const ProviderInput = ({ readOnly }: { readOnly: boolean }) => {
  const translate = useTranslate();
  const { field } = useInput<string>({ source: 'provider' });
  return (
    <TextField
      select
      label={translate('kit.provider')}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      disabled={readOnly}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {SHIPPING_PROVIDERS.map((p) => (
        <option key={p} value={p}>
          {p}
        </option>
      ))}
    </TextField>
  );
};

/**
 * The shipping manifest of the selected approved kits (spec 1 §5, §8): a tracking number is required, the provider is
 * FEDEX or UPS (the manifest's domain schema, checked before sending). Once created the dialog asks to print the
 * manifest and attach it to the package, and offers the print. Kits all in manifest-created status show their manifest
 * read-only.
 */
export const ManifestDialog = ({
  kits,
  careLocation,
  onClose,
  onDone,
  onPrint,
}: {
  kits: KitRow[];
  careLocation: string;
  onClose: () => void;
  onDone: () => void;
  onPrint: (manifestId: string) => void;
}) => {
  const ruleText = useRuleText();
  const existing = manifestReadOnly(kits.map((k) => k.kitStatus));
  const kitIds = kits.map((k) => k.kitId);
  const check = (v: Values) =>
    kitActionBody('manifest', { kitIds, comment: v.comment ?? '', careLocation, trackingNumber: v.trackingNumber ?? '', provider: v.provider });
  const validate = (v: Values) => {
    if (existing) return {};
    const checked = check(v);
    return checked.ok ? {} : { _: ruleText(checked.message) };
  };
  // The first values, kept: the kits read again after the manifest is created must not reset the form.
  const first = useRef<Values | null>(null);
  first.current ??= {
    trackingNumber: existing ? [...new Set(kits.map((k) => k.shipManifestNum ?? ''))].join(', ') : '',
    // A stored manifest shows its own provider, a new one starts on the first.
    provider: (existing && kits.find((k) => k.shipProvider)?.shipProvider) || SHIPPING_PROVIDERS[0],
    comment: KIT_TEXTS.manifestComment,
  };
  const defaultValues = first.current;
  return (
    <Form
      record={defaultValues}
      defaultValues={defaultValues}
      validate={validate as never}
      onSubmit={() => undefined}
      noValidate
      disableInvalidFormNotification
    >
      <ManifestForm kits={kits} existing={existing} check={check} onClose={onClose} onDone={onDone} onPrint={onPrint} />
    </Form>
  );
};

const ManifestForm = ({
  kits,
  existing,
  check,
  onClose,
  onDone,
  onPrint,
}: {
  kits: KitRow[];
  existing: boolean;
  check: (v: Values) => ReturnType<typeof kitActionBody>;
  onClose: () => void;
  onDone: () => void;
  onPrint: (manifestId: string) => void;
}) => {
  const translate = useTranslate();
  const { handleSubmit } = useFormContext<Values>();
  const [created, setCreated] = useState<string | null>(null);
  const printable = created ?? (existing ? (kits.find((k) => k.manifestId)?.manifestId ?? null) : null);
  const run = useKitAction('manifest', (result) => {
    setCreated(result.manifestId ?? null);
    onDone();
  });
  const readOnly = existing || created !== null;
  const kitIds = kits.map((k) => k.kitId);
  const submit = handleSubmit((v) => {
    const checked = check(v);
    if (!readOnly && checked.ok) run.mutate(checked.body);
  });
  return (
    <Dialog open onClose={run.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="manifest-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!run.isPending) void submit(e);
        }}
        noValidate
      >
        <DialogTitle id="manifest-title">{translate('kit.manifestTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{translate('kit.confirmQuestion', { smart_count: kitIds.length, kitIds: kitIds.join(', ') })}</DialogContentText>
            {created && <Alert severity="success">{translate('kit.rules.success.manifest')}</Alert>}
            {existing && <Alert severity="info">{translate('kit.manifestReadOnly')}</Alert>}
            <TextInput source="trackingNumber" label="kit.trackingNumber" isRequired autoFocus={!readOnly} readOnly={readOnly} helperText={false} />
            <ProviderInput readOnly={readOnly} />
            {!existing && <TextInput source="comment" label="kit.comment" readOnly={readOnly} helperText={false} />}
            <FormErrorAlert />
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
