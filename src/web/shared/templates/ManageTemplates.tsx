import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, Form, ListBase, required, TextInput, useListContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { LazyRichNoteInput } from '../LazyRichNoteInput';
import { formatDateTime } from '../formatDateTime';
import type { ClinicianTemplate } from '../../../domain/templates/templates';
import { serverReason } from '../../providers/errorReason';
import { SubmitButton } from '../SubmitButton';
import { useAction } from '../useAction';

type Editing = { mode: 'create' } | { mode: 'edit'; template: ClinicianTemplate } | null;

/** The clinician's templates (resource `templates`), newest change first, each with Edit. */
const TemplateTable = ({ editing, onEdit }: { editing: boolean; onEdit: (t: ClinicianTemplate) => void }) => {
  const translate = useTranslate();
  const { data, isPending, error } = useListContext<ClinicianTemplate>();
  if (isPending) return <CircularProgress size={24} />;
  if (error) return <Alert severity="error">{translate('templates.loadFailed', { reason: (error as Error).message })}</Alert>;
  if (!data?.length) return <Typography color="text.secondary">{translate('templates.noTemplates')}</Typography>;
  return (
    <DataTable<ClinicianTemplate> bulkActionButtons={false} rowClick={false} aria-label={translate('templates.myTemplates')}>
      <DataTable.Col<ClinicianTemplate> source="name" label={translate('templates.name')} disableSort />
      <DataTable.Col<ClinicianTemplate>
        label={translate('templates.lastUpdated')}
        disableSort
        render={(t) => (t.updatedAt ? formatDateTime(t.updatedAt) : '')}
      />
      <DataTable.Col<ClinicianTemplate>
        label=""
        disableSort
        align="right"
        render={(t) => (
          <Button size="small" onClick={() => onEdit(t)} disabled={editing}>
            {translate('ra.action.edit')}
          </Button>
        )}
      />
    </DataTable>
  );
};

/**
 * Manage Templates of the clinician profile (spec 3 §2, §5, §8): the clinician's own templates (the `templates`
 * resource: list, create, update), created and edited with a name and a rich-text description. "Template Created
 * Successfully" / "Template Updated Successfully", else the server's message or "Failed to create template" / "Failed
 * to update template". A save asked for while one is running is ignored.
 */
export const ManageTemplates = () => {
  const translate = useTranslate();
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h2">
          {translate('templates.manageTemplates')}
        </Typography>
        <Button variant="outlined" onClick={() => setEditing({ mode: 'create' })} disabled={!!editing}>
          {translate('templates.newTemplate')}
        </Button>
      </Stack>
      {editing && (
        <TemplateEditor
          key={editing.mode === 'edit' ? editing.template.id : 'new'}
          template={editing.mode === 'edit' ? editing.template : null}
          onDone={() => setEditing(null)}
        />
      )}
      <ListBase<ClinicianTemplate> resource="templates" perPage={100} sort={{ field: 'updatedAt', order: 'DESC' }} disableSyncWithLocation>
        <TemplateTable editing={!!editing} onEdit={(template) => setEditing({ mode: 'edit', template })} />
      </ListBase>
    </Stack>
  );
};

const TemplateEditor = ({ template, onDone }: { template: ClinicianTemplate | null; onDone: () => void }) => (
  <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
    <Form defaultValues={{ name: template?.name ?? '', description: template?.description ?? '' }} noValidate>
      <TemplateFields template={template} onDone={onDone} />
    </Form>
  </Box>
);

const TemplateFields = ({ template, onDone }: { template: ClinicianTemplate | null; onDone: () => void }) => {
  const translate = useTranslate();
  const { handleSubmit } = useFormContext<{ name: string; description: string }>();
  // spec 3 §5: a request is ignored while a save is running (single flight); a resend after a lost answer creates one
  // template (Idempotency-Key); the resource's lists and the pickers' cache (['templates', 'clinician']) are read again
  const save = useAction(
    (dp, data: { name: string; description: string }, idempotencyKey?: string) =>
      template
        ? dp.update<ClinicianTemplate>('templates', { id: template.id, data: { id: template.id, ...data }, previousData: template })
        : dp.create<ClinicianTemplate>('templates', { data, meta: { idempotencyKey } }),
    {
      idempotent: true,
      success: template ? 'templates.updated' : 'templates.created',
      failure: (e) => ({ key: serverReason(e) ?? (template ? 'templates.updateFailedDefault' : 'templates.createFailedDefault') }),
      invalidate: ['templates'],
      onSuccess: onDone,
    },
  );
  const submit = handleSubmit(({ name, description }) => save.mutate({ name: name.trim(), description }));

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{translate(template ? 'templates.editTemplate' : 'templates.newTemplate')}</Typography>
      <TextInput source="name" label={translate('templates.name')} validate={required()} helperText={false} />
      <LazyRichNoteInput source="description" label={translate('templates.description')} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={save.isPending}>
          {translate('ra.action.cancel')}
        </Button>
        <SubmitButton onClick={() => void submit()} pending={save.isPending}>
          {translate('ra.action.save')}
        </SubmitButton>
      </Stack>
    </Stack>
  );
};

export default ManageTemplates;
