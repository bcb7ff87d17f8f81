import { Button, Chip, MenuItem, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, Form, ListBase, useInput, useListContext, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { addToGroupBodySchema, SIGN_UP_GROUPS, type AddToGroupBody, type PendingSignUp } from '../../domain/super-admin/sign-ups';
import { zodValidate } from '../providers/zodValidate';
import { ActionConfirm } from '../shared/ActionConfirm';
import { CardList } from '../shared/CardList';
import { FormErrorAlert } from '../shared/FormErrorAlert';
import { EmptyList, ListError } from '../shared/listStates';
import { failureWithReason, useAction } from '../shared/useAction';

type Group = (typeof SIGN_UP_GROUPS)[number];
const T = 'signUps';
/** The group must be one the server accepts (its own body schema). */
const validate = zodValidate<AddToGroupBody>(addToGroupBodySchema, (v) => ({ group: v.group }));
const DEFAULTS: AddToGroupBody = { group: 'clinicians' };
const nameOf = (p: PendingSignUp) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || p.id;

/** The row's group picker, the form's one value (a group the server accepts: addToGroupBodySchema). */
const GroupSelect = ({ record }: { record: PendingSignUp }) => {
  const translate = useTranslate();
  const { field } = useInput<Group>({ source: 'group' });
  return (
    <TextField
      select
      size="small"
      label={translate(`${T}.group`)}
      value={field.value}
      onChange={(e) => field.onChange(e.target.value)}
      sx={{ minWidth: 180 }}
      slotProps={{ htmlInput: { 'aria-label': `${translate(`${T}.group`)} ${nameOf(record)}` } }}
    >
      {SIGN_UP_GROUPS.map((g) => (
        <MenuItem key={g} value={g}>
          {translate(`${T}.groups.${g}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};

/**
 * A row's form: its group picker and its "Add to group" button, confirmed before the call; a pending sign-up is added
 * once: after the server confirmed it the row offers the action no more (it leaves the list when the list is read again).
 */
const AddToGroup = ({ record }: { record: PendingSignUp }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  // The group asked about while the confirmation is open; the group added once the server confirmed it.
  const [confirming, setConfirming] = useState<Group | null>(null);
  const [added, setAdded] = useState<Group | null>(null);
  const add = useAction((dp, g: Group) => dp.addToGroup(record.id, g), {
    success: (_r, g) => ({ key: `${T}.added`, args: { email: record.email ?? nameOf(record), group: translate(`${T}.groups.${g}`) } }),
    failure: failureWithReason(`${T}.failed`),
    onSuccess: (_r, g) => {
      setAdded(g); // at once: the row must not offer the action again while the list is read again
      void queryClient.invalidateQueries({ queryKey: ['pending-sign-ups'] });
    },
    onSettled: () => setConfirming(null),
  });
  if (added) return <Chip size="small" color="success" variant="outlined" label={translate(`${T}.groups.${added}`)} />;
  return (
    <>
      {/* Its own value only, not the row's record (the form sits in the row). */}
      <Form
        record={DEFAULTS}
        defaultValues={DEFAULTS}
        validate={validate as never}
        onSubmit={(v: FieldValues) => setConfirming((v as AddToGroupBody).group)}
        noValidate
        disableInvalidFormNotification
      >
        <Stack direction="row" spacing={1} alignItems="center" justifyContent="flex-end" useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <GroupSelect record={record} />
          <Button type="submit" size="small" variant="outlined" disabled={add.isPending}>
            {translate(`${T}.addToGroup`)}
          </Button>
        </Stack>
        <FormErrorAlert name="group" />
      </Form>
      <ActionConfirm
        isOpen={!!confirming}
        loading={add.isPending}
        title={translate(`${T}.confirmTitle`)}
        content={translate(`${T}.confirmContent`, {
          name: nameOf(record),
          email: record.email ?? '',
          group: confirming ? translate(`${T}.groups.${confirming}`) : '',
        })}
        onConfirm={() => confirming && add.mutate(confirming)}
        onClose={() => setConfirming(null)}
      />
    </>
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
