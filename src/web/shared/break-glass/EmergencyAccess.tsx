import { Alert, Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { TextInput, useDataProvider, useTranslate } from 'react-admin';
import {
  BREAK_GLASS,
  breakGlassStartSchema,
  mayBreakGlass,
  type BreakGlassGrant,
  type BreakGlassTarget,
} from '../../../domain/break-glass/break-glass';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { reasonOf } from '../../providers/errorReason';
import { usePortalPermissions } from '../../providers/permissions';
import { zodValidate } from '../../providers/zodValidate';
import { FormDialog } from '../FormDialog';
import { useAction } from '../useAction';

const T = 'breakGlass';
const endOf = (iso: string) => new Date(iso).toLocaleString();

/** Whether the signed-in user is a licence-bound clinician (the only one who may break the glass). */
export const useMayBreakGlass = () => {
  const { permissions } = usePortalPermissions();
  return !!permissions && mayBreakGlass(permissions.roles);
};

/** The caller's running break-glass sessions (licence-bound clinicians only); refreshed when a session starts. */
export function useMyBreakGlass() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const may = useMayBreakGlass();
  return useQuery({
    queryKey: ['break-glass', 'mine'],
    queryFn: ({ signal }) => dataProvider.getMyBreakGlass(signal),
    enabled: may,
    refetchInterval: 60_000,
  });
}

/**
 * "Emergency access" where a licence-bound clinician meets a patient outside its licence states (404 or masked):
 * a reason, a confirmation that says it is audited, then every query is refetched and the record opens. `target`
 * names the patient, or a masked kit or booking (the server finds its patient: a masked row never tells the portal
 * who it is); `onGranted` opens the record; `small` for a list row.
 */
export const EmergencyAccess = ({
  target,
  onGranted,
  small,
  startOpen = false,
}: {
  target: BreakGlassTarget;
  onGranted?: (grant: BreakGlassGrant) => void;
  small?: boolean;
  /** Opens the dialog at once (a row's light button was pressed: MaskedRowAccess). */
  startOpen?: boolean;
}) => {
  const translate = useTranslate();
  const may = useMayBreakGlass();
  const { data: mine } = useMyBreakGlass();
  const [open, setOpen] = useState(startOpen);
  // every query is read again: the patient's records open (the empty key: all of them)
  const start = useAction((dp, reason: string) => dp.startBreakGlass({ ...target, reason }), {
    success: (grant) => ({ key: `${T}.started`, args: { end: endOf(grant.expiresAt) } }),
    failure: (e) => ({ key: 'ra.notification.http_error', args: { message: reasonOf(e) } }),
    invalidate: [[]],
    onSuccess: (grant) => {
      setOpen(false);
      onGranted?.(grant);
    },
  });
  if (!may) return null;
  const validate = zodValidate<{ reason: string }>(breakGlassStartSchema, (v) => ({ ...target, reason: v.reason ?? '' }));
  return (
    <Box component={small ? 'span' : 'div'} onClick={small ? (e: MouseEvent) => e.stopPropagation() : undefined}>
      <Button variant={small ? 'text' : 'outlined'} size={small ? 'small' : 'medium'} color="warning" onClick={() => setOpen(true)}>
        {translate(`${T}.action`)}
      </Button>
      {open && (
        <FormDialog
          title={`${T}.dialogTitle`}
          submitLabel={`${T}.confirm`}
          defaultValues={{ reason: '' }}
          validate={validate}
          onSubmit={(v) => start.mutate(v.reason.trim())}
          onClose={() => setOpen(false)}
          pending={start.isPending}
        >
          <Typography>{translate(`${T}.dialogText`, { minutes: mine?.minutes ?? BREAK_GLASS.defaultMinutes })}</Typography>
          <TextInput
            source="reason"
            label={`${T}.reasonLabel`}
            multiline
            minRows={2}
            autoFocus
            helperText=" "
            slotProps={{ htmlInput: { maxLength: BREAK_GLASS.reasonMax } }}
          />
        </FormDialog>
      )}
    </Box>
  );
};

/** The banner on a patient opened by break-glass, while the session lasts, with its end time. */
export const BreakGlassBanner = ({ patientId }: { patientId: string }) => {
  const translate = useTranslate();
  const { data } = useMyBreakGlass();
  const grant = data?.items.find((g) => g.patientId === patientId.toLowerCase() && Date.parse(g.expiresAt) > Date.now());
  if (!grant) return null;
  return (
    <Alert severity="warning" role="status">
      {translate(`${T}.banner`, { end: endOf(grant.expiresAt) })}
    </Alert>
  );
};
