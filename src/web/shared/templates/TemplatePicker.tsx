import { Button, ListSubheader, MenuItem, Stack, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { applyTemplate, isUsableTemplate, missingTemplateValues, type TemplateValues } from '../../../domain/lab/lab-templates';
import { applyTemplateAsHtml, htmlToText } from '../../../domain/templates/note-templates';
import { ConfirmDialog } from '../ConfirmDialog';
import type { TemplateChoice } from './templateChoices';

type Pending = { content: string; step: 'patientName' | 'clinicianName' } | null;

export interface TemplatePickerProps {
  choices: TemplateChoice[];
  values: TemplateValues;
  /** Receives the template with its placeholders substituted: HTML for rich-text editors, plain text otherwise. */
  onApply: (text: string) => void;
  format?: 'html' | 'text';
  disabled?: boolean;
  loading?: boolean;
}

/**
 * Template application wherever a message or note is written (spec 1 §5, spec 3 §5): a template without
 * name or content gives "There was an error applying the template. Please reset & try again."; a missing
 * patient name asks to enter it manually; a clinician without a name in the profile is pointed to the
 * profile page or signs manually. A missing value keeps its placeholder.
 */
export const TemplatePicker = ({ choices, values, onApply, format = 'text', disabled, loading }: TemplatePickerProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [selected, setSelected] = useState('');
  const [pending, setPending] = useState<Pending>(null);

  const finish = (content: string) => {
    setPending(null);
    onApply(format === 'html' ? applyTemplateAsHtml(content, values) : applyTemplate(htmlToText(content), values));
  };
  const next = (content: string, after: 'start' | 'patientName') => {
    const missing = missingTemplateValues(content, values);
    if (after === 'start' && missing.includes('patientName')) return setPending({ content, step: 'patientName' });
    if (missing.includes('clinicianName')) return setPending({ content, step: 'clinicianName' });
    finish(content);
  };
  const apply = () => {
    const choice = choices.find((c) => c.value === selected);
    if (!choice) return;
    if (!isUsableTemplate({ name: choice.name, content: choice.content })) {
      notify('templates.applyError', { type: 'error' });
      return;
    }
    next(choice.content, 'start');
  };

  const items: ReactNode[] = [];
  let group: string | undefined;
  for (const c of choices) {
    if (c.group && c.group !== group) items.push(<ListSubheader key={`group:${c.group}`}>{translate(c.group)}</ListSubheader>);
    group = c.group;
    items.push(
      <MenuItem key={c.value} value={c.value}>
        {c.label}
      </MenuItem>,
    );
  }

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        variant="outlined"
        label={translate('templates.template')}
        value={selected}
        onChange={(e) => setSelected(e.target.value)}
        disabled={disabled || loading}
        sx={{ minWidth: 260 }}
      >
        <MenuItem value="">{translate('templates.noTemplate')}</MenuItem>
        {items}
      </TextField>
      <Button size="small" onClick={apply} disabled={disabled || !selected}>
        {translate('templates.applyTemplate')}
      </Button>
      <ConfirmDialog
        open={pending?.step === 'patientName'}
        content="templates.patientNameMissing"
        confirmLabel="templates.ok"
        onConfirm={() => pending && next(pending.content, 'patientName')}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending?.step === 'clinicianName'}
        content="templates.clinicianNameMissing"
        confirmLabel="templates.signManually"
        cancelLabel="templates.goToProfile"
        onConfirm={() => pending && finish(pending.content)}
        onDismiss={() => setPending(null)}
        onCancel={() => {
          setPending(null);
          navigate('/profile');
        }}
      />
    </Stack>
  );
};
