import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DataTable, Form, ListBase, required, TextInput, useCreate, useListContext, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { LazyRichNoteInput } from '../shared/LazyRichNoteInput';
import { formatDateTime } from '../shared/formatDateTime';
import type { ClinicianTemplate } from '../../domain/templates';
import { serverReason } from '../providers/errorReason';
import { useIdempotencyKey } from '../providers/idempotencyKey';

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
      <DataTable.Col<ClinicianTemplate> label={translate('templates.lastUpdated')} disableSort
        render={(t) => (t.updatedAt ? formatDateTime(t.updatedAt) : '')} />
      <DataTable.Col<ClinicianTemplate> label="" disableSort align="right"
        render={(t) => <Button size="small" onClick={() => onEdit(t)} disabled={editing}>{translate('ra.action.edit')}</Button>} />
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
  const notify = useNotify();
  const [create] = useCreate<ClinicianTemplate>();
  const [update] = useUpdate<ClinicianTemplate>();
  const { handleSubmit } = useFormContext<{ name: string; description: string }>();
  const running = useRef(false);
  const withKey = useIdempotencyKey(); // a resend after a lost answer creates one template
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const save = handleSubmit(async ({ name, description }) => {
    if (running.current) return; // spec 3 §5: a request is ignored while a save is running
    running.current = true;
    setSaving(true);
    try {
      const data = { name: name.trim(), description };
      if (template) {
        await update('templates', { id: template.id, data: { id: template.id, ...data }, previousData: template }, { mutationMode: 'pessimistic', returnPromise: true });
      } else {
        await withKey((idempotencyKey) => create('templates', { data, meta: { idempotencyKey } }, { returnPromise: true }));
      }
      notify(template ? 'templates.updated' : 'templates.created', { type: 'success' });
      // the resource's lists and the pickers' cache (['templates', 'clinician']) share the prefix
      void queryClient.invalidateQueries({ queryKey: ['templates'] });
      onDone(); // the editor closes: the flag stays set so a click before it is gone sends nothing
    } catch (e) {
      notify(serverReason(e) ?? (template ? 'templates.updateFailedDefault' : 'templates.createFailedDefault'), { type: 'error' });
      running.current = false;
      setSaving(false);
    }
  });

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{translate(template ? 'templates.editTemplate' : 'templates.newTemplate')}</Typography>
      <TextInput source="name" label={translate('templates.name')} validate={required()} helperText={false} />
      <LazyRichNoteInput source="description" label={translate('templates.description')} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} aria-busy={saving}>
          {translate('ra.action.save')}
        </Button>
      </Stack>
    </Stack>
  );
};

export default ManageTemplates;
