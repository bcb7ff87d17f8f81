import { Alert, Box, Button, CircularProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Form, required, TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { LazyRichNoteInput } from '../chart-notes/LazyRichNoteInput';
import { serverReason } from '../chart-notes/chartNotesApi';
import { formatDateTime } from '../lab-shared/labRow';
import { CLINICIAN_TEMPLATES_QUERY_KEY, useClinicianTemplates, useTemplatesApi, type ClinicianTemplate } from './templatesApi';
import { useIdempotencyKey } from '../providers/idempotencyKey';

type Editing = { mode: 'create' } | { mode: 'edit'; template: ClinicianTemplate } | null;

/**
 * Manage Templates of the clinician profile (spec 3 §2, §5, §8): the clinician's own templates, created and
 * edited with a name and a rich-text description. "Template Created Successfully" / "Template Updated
 * Successfully", else the server's message or "Failed to create template" / "Failed to update template".
 * A save asked for while one is running is ignored.
 */
export const ManageTemplates = () => {
  const translate = useTranslate();
  const templates = useClinicianTemplates();
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
      {templates.isPending ? (
        <CircularProgress size={24} />
      ) : templates.isError ? (
        <Alert severity="error">{translate('templates.loadFailed', { reason: (templates.error as Error).message })}</Alert>
      ) : templates.data.length === 0 ? (
        <Typography color="text.secondary">{translate('templates.noTemplates')}</Typography>
      ) : (
        <List dense aria-label={translate('templates.myTemplates')}>
          {templates.data.map((t) => (
            <ListItem
              key={t.id}
              divider
              secondaryAction={
                <Button size="small" onClick={() => setEditing({ mode: 'edit', template: t })} disabled={!!editing}>
                  {translate('templates.edit')}
                </Button>
              }
            >
              <ListItemText primary={t.name} secondary={t.updatedAt ? `${translate('templates.lastUpdated')}: ${formatDateTime(t.updatedAt)}` : null} />
            </ListItem>
          ))}
        </List>
      )}
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
  const api = useTemplatesApi();
  const queryClient = useQueryClient();
  const { handleSubmit } = useFormContext<{ name: string; description: string }>();
  const running = useRef(false);
  const withKey = useIdempotencyKey(); // a resend after a lost answer creates one template
  const [saving, setSaving] = useState(false);

  const save = handleSubmit(async ({ name, description }) => {
    if (running.current) return; // spec 3 §5: a request is ignored while a save is running
    running.current = true;
    setSaving(true);
    try {
      if (template) await api.update({ id: template.id, name: name.trim(), description });
      else await withKey((key) => api.create({ name: name.trim(), description }, key));
      notify(template ? 'templates.updated' : 'templates.created', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: CLINICIAN_TEMPLATES_QUERY_KEY });
      onDone();
    } catch (e) {
      notify(serverReason(e) ?? (template ? 'templates.updateFailedDefault' : 'templates.createFailedDefault'), { type: 'error' });
    } finally {
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
        <Button onClick={onDone}>{translate('templates.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} aria-busy={saving}>
          {translate('templates.save')}
        </Button>
      </Stack>
    </Stack>
  );
};

export default ManageTemplates;
