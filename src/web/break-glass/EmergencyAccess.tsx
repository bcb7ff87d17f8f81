import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { BREAK_GLASS, breakGlassStartSchema, mayBreakGlass, type BreakGlassGrant, type BreakGlassTarget } from '../../domain/break-glass';
import type { PortalDataProvider } from '../providers/dataProvider';
import { reasonOf } from '../providers/errorReason';
import { usePortalPermissions } from '../providers/permissions';
import { useSingleFlight } from '../providers/useSingleFlight';

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
export const EmergencyAccess = ({ target, onGranted, small, startOpen = false }: {
  target: BreakGlassTarget; onGranted?: (grant: BreakGlassGrant) => void; small?: boolean;
  /** Opens the dialog at once (a row's light button was pressed: MaskedRowAccess). */
  startOpen?: boolean;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const may = useMayBreakGlass();
  const { data: mine } = useMyBreakGlass();
  const [open, setOpen] = useState(startOpen);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useSingleFlight(useMutation({
    mutationFn: (r: string) => dataProvider.startBreakGlass({ ...target, reason: r }),
    onSuccess: async (grant) => {
      setOpen(false);
      notify(`${T}.started`, { type: 'info', messageArgs: { end: endOf(grant.expiresAt) } });
      await queryClient.invalidateQueries();
      onGranted?.(grant);
    },
    onError: (e) => notify('ra.notification.http_error', { type: 'error', messageArgs: { message: reasonOf(e) } }),
  }));
  if (!may) return null;
  const confirm = () => {
    const parsed = breakGlassStartSchema.shape.reason.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    start.mutate(parsed.data);
  };
  return (
    <Box component={small ? 'span' : 'div'} onClick={small ? (e: MouseEvent) => e.stopPropagation() : undefined}>
      <Button variant={small ? 'text' : 'outlined'} size={small ? 'small' : 'medium'} color="warning"
        onClick={() => { setReason(''); setError(null); setOpen(true); }}>
        {translate(`${T}.action`)}
      </Button>
      <Confirm isOpen={open} loading={start.isPending} title={`${T}.dialogTitle`} confirm={`${T}.confirm`}
        onConfirm={confirm} onClose={() => setOpen(false)}
        content={(
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>{translate(`${T}.dialogText`, { minutes: mine?.minutes ?? BREAK_GLASS.defaultMinutes })}</Typography>
            <TextField label={translate(`${T}.reasonLabel`)} value={reason} required multiline minRows={2} autoFocus
              onChange={(e) => { setReason(e.target.value); setError(null); }} error={!!error} helperText={error ?? ' '}
              slotProps={{ htmlInput: { maxLength: BREAK_GLASS.reasonMax } }} />
          </Stack>
        )} />
    </Box>
  );
};

/** The banner on a patient opened by break-glass, while the session lasts, with its end time. */
export const BreakGlassBanner = ({ patientId }: { patientId: string }) => {
  const translate = useTranslate();
  const { data } = useMyBreakGlass();
  const grant = data?.items.find((g) => g.patientId === patientId.toLowerCase() && Date.parse(g.expiresAt) > Date.now());
  if (!grant) return null;
  return <Alert severity="warning" role="status">{translate(`${T}.banner`, { end: endOf(grant.expiresAt) })}</Alert>;
};
