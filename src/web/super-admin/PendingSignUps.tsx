import { Button, Chip, MenuItem, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, ListBase, useListContext, useTranslate } from 'react-admin';
import { SIGN_UP_GROUPS, type PendingSignUp } from '../../domain/super-admin/sign-ups';
import { ActionConfirm } from '../shared/ActionConfirm';
import { CardList } from '../shared/CardList';
import { EmptyList, ListError } from '../shared/listStates';
import { failureWithReason, useAction } from '../shared/useAction';

type Group = (typeof SIGN_UP_GROUPS)[number];
const T = 'signUps';
const nameOf = (p: PendingSignUp) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || p.id;

/**
 * A row's group picker and its "Add to group" button, confirmed before the call; a pending sign-up is added once:
 * after the server confirmed it the row offers the action no more (it leaves the list when the list is read again).
 */
const AddToGroup = ({ record }: { record: PendingSignUp }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [group, setGroup] = useState<Group>('clinicians');
  const [confirming, setConfirming] = useState(false);
  const [added, setAdded] = useState<Group | null>(null);
  const groupLabel = translate(`${T}.groups.${group}`);
  const add = useAction((dp, g: Group) => dp.addToGroup(record.id, g), {
    success: (_r, g) => ({ key: `${T}.added`, args: { email: record.email ?? nameOf(record), group: translate(`${T}.groups.${g}`) } }),
    failure: failureWithReason(`${T}.failed`),
    onSuccess: (_r, g) => {
      setAdded(g); // at once: the row must not offer the action again while the list is read again
      void queryClient.invalidateQueries({ queryKey: ['pending-sign-ups'] });
    },
    onSettled: () => setConfirming(false),
  });
  if (added) return <Chip size="small" color="success" variant="outlined" label={translate(`${T}.groups.${added}`)} />;
  return (
    <Stack direction="row" spacing={1} alignItems="center" justifyContent="flex-end" useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <TextField
        select
        size="small"
        label={translate(`${T}.group`)}
        value={group}
        onChange={(e) => setGroup(e.target.value as Group)}
        sx={{ minWidth: 180 }}
        slotProps={{ htmlInput: { 'aria-label': `${translate(`${T}.group`)} ${nameOf(record)}` } }}
      >
        {SIGN_UP_GROUPS.map((g) => (
          <MenuItem key={g} value={g}>
            {translate(`${T}.groups.${g}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button size="small" variant="outlined" disabled={add.isPending} onClick={() => setConfirming(true)}>
        {translate(`${T}.addToGroup`)}
      </Button>
      <ActionConfirm
        isOpen={confirming}
        loading={add.isPending}
        title={translate(`${T}.confirmTitle`)}
        content={translate(`${T}.confirmContent`, { name: nameOf(record), email: record.email ?? '', group: groupLabel })}
        onConfirm={() => add.mutate(group)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
};

const ProfileChip = ({ record }: { record: PendingSignUp }) => {
  const translate = useTranslate();
  return record.hasProfile ? null : <Chip size="small" variant="outlined" label={translate(`${T}.noProfile`)} />;
};

/** On a phone each pending sign-up is a card (name, e-mail, profile, the group action) instead of a table row. */
const Cards = ({ data }: { data: PendingSignUp[] }) => (
  <CardList data={data}>
    {(p) => (
      <>
        <Typography sx={{ fontWeight: 600 }}>{nameOf(p)}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
          {p.email}
        </Typography>
        <Stack spacing={1} alignItems="flex-start">
          <ProfileChip record={p} />
          <AddToGroup record={p} />
        </Stack>
      </>
    )}
  </CardList>
);

const SignUpsTable = () => {
  const translate = useTranslate();
  const { data, isPending, error } = useListContext<PendingSignUp>();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  if (isPending) return null;
  if (error) return <ListError text={`${T}.loadFailed`} />;
  if (!data?.length) return <EmptyList text={`${T}.empty`} />;
  if (phone) return <Cards data={data} />;
  return (
    <DataTable<PendingSignUp> bulkActionButtons={false} rowClick={false}>
      <DataTable.Col<PendingSignUp> label={translate(`${T}.columns.name`)} disableSort render={(p) => nameOf(p)} />
      <DataTable.Col<PendingSignUp> source="email" label={translate(`${T}.columns.email`)} disableSort />
      <DataTable.Col<PendingSignUp> label={translate(`${T}.columns.profile`)} disableSort render={(p) => <ProfileChip record={p} />} />
      <DataTable.Col<PendingSignUp> label={translate(`${T}.columns.action`)} disableSort align="right" render={(p) => <AddToGroup record={p} />} />
    </DataTable>
  );
};

/**
 * The super admin's pending sign-ups: confirmed accounts in no group, each with an "Add to group" action
 * (confirmed first). The user's next sign-in reaches the portal with that role.
 */
export const PendingSignUps = () => {
  const translate = useTranslate();
  return (
    <section aria-labelledby="pending-sign-ups-title">
      <Typography id="pending-sign-ups-title" variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {translate(`${T}.title`)}
      </Typography>
      <ListBase<PendingSignUp> resource="pending-sign-ups" perPage={500} sort={{ field: 'createdAt', order: 'DESC' }} disableSyncWithLocation>
        <SignUpsTable />
      </ListBase>
    </section>
  );
};
