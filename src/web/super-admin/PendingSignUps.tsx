import { Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, DataTable, ListBase, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { TOAST_MS } from '../../domain/constants';
import { SIGN_UP_GROUPS, type PendingSignUp } from '../../domain/sign-ups';
import type { PortalDataProvider } from '../providers/dataProvider';
import { reasonOf } from '../providers/errorReason';

type Group = (typeof SIGN_UP_GROUPS)[number];
const T = 'signUps';
const nameOf = (p: PendingSignUp) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || p.id;

/** A row's group picker and its "Add to group" button, confirmed before the call. */
const AddToGroup = ({ record }: { record: PendingSignUp }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [group, setGroup] = useState<Group>('clinicians');
  const [confirming, setConfirming] = useState(false);
  const groupLabel = translate(`${T}.groups.${group}`);
  const add = useMutation({
    mutationFn: () => dataProvider.addToGroup(record.id, group),
    onSuccess: () => {
      notify(`${T}.added`, { type: 'success', autoHideDuration: TOAST_MS.default, messageArgs: { email: record.email ?? nameOf(record), group: groupLabel } });
      void queryClient.invalidateQueries({ queryKey: ['pending-sign-ups'] });
    },
    onError: (e) => notify(`${T}.failed`, { type: 'error', messageArgs: { reason: reasonOf(e) } }),
    onSettled: () => setConfirming(false),
  });
  return (
    <Stack direction="row" spacing={1} alignItems="center" justifyContent="flex-end">
      <TextField select size="small" label={translate(`${T}.group`)} value={group} onChange={(e) => setGroup(e.target.value as Group)}
        sx={{ minWidth: 180 }} slotProps={{ htmlInput: { 'aria-label': `${translate(`${T}.group`)} ${nameOf(record)}` } }}>
        {SIGN_UP_GROUPS.map((g) => <MenuItem key={g} value={g}>{translate(`${T}.groups.${g}`)}</MenuItem>)}
      </TextField>
      <Button size="small" variant="outlined" disabled={add.isPending} onClick={() => setConfirming(true)}>{translate(`${T}.addToGroup`)}</Button>
      <Confirm
        isOpen={confirming}
        loading={add.isPending}
        title={translate(`${T}.confirmTitle`)}
        content={translate(`${T}.confirmContent`, { name: nameOf(record), email: record.email ?? '', group: groupLabel })}
        onConfirm={() => add.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
};

const Table = () => {
  const translate = useTranslate();
  const { data, isPending } = useListContext<PendingSignUp>();
  if (isPending) return null;
  if (!data?.length) return <Typography color="text.secondary">{translate(`${T}.empty`)}</Typography>;
  return (
    <DataTable<PendingSignUp> bulkActionButtons={false} rowClick={false}>
      <DataTable.Col<PendingSignUp> label={translate(`${T}.columns.name`)} disableSort render={(p) => nameOf(p)} />
      <DataTable.Col<PendingSignUp> source="email" label={translate(`${T}.columns.email`)} disableSort />
      <DataTable.Col<PendingSignUp> label={translate(`${T}.columns.profile`)} disableSort render={(p) => (p.hasProfile ? null : <Chip size="small" variant="outlined" label={translate(`${T}.noProfile`)} />)} />
      <DataTable.Col<PendingSignUp> label={translate(`${T}.columns.action`)} disableSort align="right" render={(p) => <AddToGroup record={p} />} />
    </DataTable>
  );
};

/**
 * The super admin's pending sign-ups (issue 17): confirmed accounts in no group, each with an "Add to group" action
 * (confirmed first). The user's next sign-in reaches the portal with that role.
 */
export const PendingSignUps = () => {
  const translate = useTranslate();
  return (
    <section aria-labelledby="pending-sign-ups-title">
      <Typography id="pending-sign-ups-title" variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>{translate(`${T}.title`)}</Typography>
      <ListBase<PendingSignUp> resource="pending-sign-ups" perPage={500} disableSyncWithLocation>
        <Table />
      </ListBase>
    </section>
  );
};
