import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Form, useGetList, useNotify, useTranslate } from 'react-admin';
import { TOAST_MS } from '../../domain/shared/constants';
import { isLicenceValid, LICENCE_RULE_TEXT, licenceStates, todayUtc, type Licence, type LicenceInput } from '../../domain/clinician/licenses';
import { LicenceInputs } from '../shared/licences/LicenceForm';
import { EMPTY_LICENCE_FORM, licenceInputOf, validateLicenceForm, type LicenceFormValues } from '../shared/licences/licenceFormValues';
import { CLINICIAN_QUERY_KEY } from '../shared/clinicianQueries';
import { ActionConfirm } from '../shared/ActionConfirm';
import { SubmitButton } from '../shared/SubmitButton';
import { failureWithReason, useAction } from '../shared/useAction';
import { useHoldWip } from './wip';
import { usePortalPermissions } from '../providers/permissions';
import { AllLicences } from './AllLicences';

type Row = Licence & { verified?: boolean };
/** Which row is being edited, or the add row; only one at a time (spec 3 §4 "Licence row"). */
type Mode = { kind: 'display' } | { kind: 'edit'; id: string } | { kind: 'add' };

const yesNo = (b: boolean) => (b ? 'yes' : 'no');
export const formValuesOf = (l: Licence): LicenceFormValues => ({
  state: l.state,
  licenseId: l.licenseId,
  expirationDate: l.expirationDate,
  goodStanding: yesNo(l.goodStanding),
  acknowledgement: yesNo(l.acknowledgement),
});
const sameLicence = (l: Licence, input: LicenceInput) =>
  l.state === input.state &&
  l.licenseId === input.licenseId &&
  l.expirationDate === input.expirationDate &&
  l.goodStanding === input.goodStanding &&
  l.acknowledgement === input.acknowledgement;

/** Nothing has the focus: the control that had it was removed (an edit row's button once the row closed). */
const focusLost = () => !document.activeElement || document.activeElement === document.body;

const DisplayRow = ({
  licence,
  onEdit,
  onDelete,
  focusEdit,
}: {
  licence: Row;
  onEdit: () => void;
  onDelete: () => void;
  /** Just back from its edit row: the focus, lost with that row, goes to this row's Edit button. */
  focusEdit: boolean;
}) => {
  const translate = useTranslate();
  const valid = isLicenceValid(licence, todayUtc());
  const edit = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit && focusLost()) edit.current?.focus();
  }, [focusEdit]);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
      <Box sx={{ flex: 1 }}>
        <Typography fontWeight={600}>
          {licence.state} · {licence.licenseId}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('profile.licence.expires')} {licence.expirationDate} · {translate('profile.licence.goodStanding')}:{' '}
          {translate(licence.goodStanding ? 'ui.yes' : 'ui.no')}
          {' · '}
          {translate('profile.licence.acknowledgement')}: {translate(licence.acknowledgement ? 'ui.yes' : 'ui.no')}
        </Typography>
      </Box>
      <Chip size="small" color={valid ? 'success' : 'error'} label={translate(valid ? 'ui.licenceValid' : 'ui.licenceInvalid')} />
      <Chip
        size="small"
        variant="outlined"
        color={licence.verified ? 'info' : valid ? 'warning' : 'default'}
        label={translate(licence.verified ? 'profile.licence.verified' : valid ? 'profile.licence.pending' : 'profile.licence.unverified')}
      />
      <Button size="small" onClick={onEdit} ref={edit}>
        {translate('ra.action.edit')}
      </Button>
      <Button size="small" color="error" onClick={onDelete}>
        {translate('ra.action.delete')}
      </Button>
    </Stack>
  );
};

/** Which states still wait for a super admin (licenses.ts: their patients stay closed until then). */
const PendingNote = ({ rows }: { rows: Row[] }) => {
  const translate = useTranslate();
  const { pendingStates } = licenceStates(
    rows.map((l) => ({ ...l, verified: l.verified ?? false })),
    todayUtc(),
  );
  if (!pendingStates.length) return null;
  return (
    <Alert severity="info" data-banner="pendingLicences">
      {translate('profile.licence.pendingNote', { states: pendingStates.join(', ') })}
    </Alert>
  );
};

/** Discard reads the values as they are now, to tell whether anything was dropped. */
const DiscardButton = ({ pending, onDiscard }: { pending: boolean; onDiscard: (input: LicenceInput | null) => void }) => {
  const translate = useTranslate();
  const { getValues } = useFormContext();
  return (
    <Button onClick={() => onDiscard(licenceInputOf(getValues() as LicenceFormValues))} disabled={pending}>
      {translate('profile.licence.discard')}
    </Button>
  );
};

/**
 * The form's checks plus one licence per state (the server's rule, 409 otherwise): a state that another of the
 * clinician's licences already holds is refused on the form, before anything is sent.
 */
const validateRow = (takenStates: string[]) => (v: Record<string, unknown>) => {
  const errors = validateLicenceForm(v as LicenceFormValues);
  if (!errors.state && typeof v.state === 'string' && takenStates.includes(v.state)) errors.state = LICENCE_RULE_TEXT.duplicateState;
  return errors;
};

const EditRow = ({
  initial,
  takenStates,
  submitLabel,
  pending,
  onSubmit,
  onDiscard,
}: {
  initial: LicenceFormValues;
  takenStates: string[];
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: LicenceInput) => void;
  onDiscard: (input: LicenceInput | null) => void;
}) => {
  const translate = useTranslate();
  // Opened from a button that is gone now (Edit, Add Licence): the focus goes to the row's first field, not lost.
  const fields = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusLost()) fields.current?.querySelector<HTMLElement>('[role="combobox"], input:not([type="hidden"]):not([aria-hidden="true"])')?.focus();
  }, []);
  return (
    <Form
      defaultValues={initial}
      validate={validateRow(takenStates)}
      onSubmit={(v: Record<string, unknown>) => {
        const input = licenceInputOf(v as LicenceFormValues);
        if (input) onSubmit(input);
      }}
      noValidate
    >
      <Stack spacing={0.5} ref={fields}>
        <LicenceInputs />
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <DiscardButton pending={pending} onDiscard={onDiscard} />
          <SubmitButton type="submit" pending={pending}>
            {translate(submitLabel)}
          </SubmitButton>
        </Stack>
      </Stack>
    </Form>
  );
};

/**
 * Manage Licences (spec 3 §2, §4, §5, §8): each licence in display mode, one edit or add row at a time; Update of an
 * unchanged licence says 'No change in license details to update'; Discard says whether anything was dropped; while a
 * row is open the page's work-in-progress flag blocks tab switches. Saves through the `licenses` resource.
 */
export const LicenceRows = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [mode, setMode] = useState<Mode>({ kind: 'display' });
  const [deleting, setDeleting] = useState<Row | null>(null);
  // The licence edited last: its display row takes back the focus its edit row had when it closes.
  const [edited, setEdited] = useState<string | null>(null);
  const toDisplay = () => setMode({ kind: 'display' });
  const { data, isPending, error } = useGetList<Row>('licenses', { pagination: { page: 1, perPage: 100 }, sort: { field: 'state', order: 'ASC' } });
  const { permissions } = usePortalPermissions();
  useHoldWip('licences', mode.kind !== 'display');

  const toast = (key: string, type: 'success' | 'error' | 'info' | 'warning', messageArgs?: Record<string, string>) =>
    notify(key, { type, messageArgs, autoHideDuration: TOAST_MS.default });
  // A saved or deleted licence changes the licence states of the profile (its banners and access) too.
  const saves = {
    failure: failureWithReason('profile.licenceUpdateFailed', 'message', translate('profile.unknownError')),
    invalidate: ['licenses', CLINICIAN_QUERY_KEY],
  };
  const saved = { ...saves, success: 'profile.licenceUpdated', onSuccess: toDisplay };
  const update = useAction(
    (dp, { licence, input }: { licence: Row; input: LicenceInput }) =>
      dp.update('licenses', { id: licence.id, data: { id: licence.id, ...input }, previousData: licence }),
    saved,
  );
  // a double submit or a resend records one licence (the server honours the Idempotency-Key)
  const create = useAction((dp, input: LicenceInput, idempotencyKey?: string) => dp.create('licenses', { data: input, meta: { idempotencyKey } }), {
    ...saved,
    idempotent: true,
  });
  const remove = useAction((dp, licence: Row) => dp.delete('licenses', { id: licence.id, previousData: licence }), {
    ...saves,
    success: 'profile.licence.deleted',
    onSettled: () => setDeleting(null),
  });
  const open = (next: Mode) => {
    if (mode.kind !== 'display') {
      toast(next.kind === 'add' ? 'profile.completeOrDiscardInProgress' : 'profile.completeInProgress', 'warning');
      return;
    }
    if (next.kind === 'edit') setEdited(next.id);
    setMode(next);
  };
  const pending = create.isPending || update.isPending || remove.isPending;

  if (isPending) return <Typography color="text.secondary">{translate('ui.loading')}</Typography>;
  if (error) return <Typography color="error">{(error as Error).message}</Typography>;
  const rows = data ?? [];

  return (
    <Stack spacing={1.5}>
      {rows.length === 0 && mode.kind !== 'add' && <Typography color="text.secondary">{translate('ui.noLicences')}</Typography>}
      <PendingNote rows={rows} />
      {/* A list of licences, each named by its state and number: its buttons and, while edited, its form are its content. */}
      <Stack component="ul" spacing={1.5} aria-label={translate('ui.licences')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((licence) => (
          <Paper key={licence.id} component="li" variant="outlined" sx={{ p: 1.5 }} aria-label={`${licence.state} ${licence.licenseId}`}>
            {mode.kind === 'edit' && mode.id === licence.id ? (
              <EditRow
                initial={formValuesOf(licence)}
                takenStates={rows.filter((l) => l.id !== licence.id).map((l) => l.state)}
                submitLabel="ra.action.update"
                pending={pending}
                onSubmit={(input) => {
                  if (sameLicence(licence, input)) return toast('profile.licenceNoChange', 'info');
                  update.mutate({ licence, input });
                }}
                onDiscard={(input) => {
                  toast(input && sameLicence(licence, input) ? 'profile.licenceCancelledNoChange' : 'profile.licenceCancelled', 'info');
                  toDisplay();
                }}
              />
            ) : (
              <DisplayRow
                licence={licence}
                focusEdit={edited === licence.id}
                onEdit={() => open({ kind: 'edit', id: licence.id })}
                onDelete={() => (mode.kind !== 'display' ? open({ kind: 'edit', id: licence.id }) : setDeleting(licence))}
              />
            )}
          </Paper>
        ))}
      </Stack>
      {mode.kind === 'add' ? (
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="subtitle1" component="h2">
            {translate('profile.licence.add')}
          </Typography>
          <EditRow
            initial={EMPTY_LICENCE_FORM}
            takenStates={rows.map((l) => l.state)}
            submitLabel="ra.action.save"
            pending={pending}
            onSubmit={(input) => create.mutate(input)}
            onDiscard={(input) => {
              toast(input ? 'profile.licenceCancelled' : 'profile.licenceCancelledNoChange', 'info');
              setMode({ kind: 'display' });
            }}
          />
        </Paper>
      ) : (
        <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => open({ kind: 'add' })}>
          {translate('profile.licence.add')}
        </Button>
      )}
      <ActionConfirm
        isOpen={deleting !== null}
        loading={remove.isPending}
        title={translate('profile.licence.deleteTitle', { state: deleting?.state ?? '' })}
        content={translate('profile.licence.deleteContent', { licenseId: deleting?.licenseId ?? '' })}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
      {permissions?.superAdmin && <AllLicences />}
    </Stack>
  );
};
