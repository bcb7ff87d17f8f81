import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import {
  applyTemplate, isUsableTemplate, missingTemplateValues, resultTemplates, type ResultTemplate, type TemplateValues,
} from '../../domain/lab-templates';
import { ConfirmDialog } from './ConfirmDialog';

export const RESULT_TEMPLATES_QUERY_KEY = ['lab', 'resultTemplates'] as const;

interface Choice {
  value: string;
  label: string;
  name: string;
  content: string;
}

const choicesOf = (templates: ResultTemplate[]): Choice[] =>
  templates.flatMap((t, i) =>
    (t.types ?? []).map((type, j) => ({
      value: `${i}:${j}`,
      label: [t.name, type?.name].filter(Boolean).join(' – '),
      name: t.name && type?.name ? type.name : '',
      content: type?.content ?? '',
    })),
  );

type Pending = { content: string; step: 'patientName' | 'clinicianName' } | null;

/**
 * Result template picker of the release notes (spec 1 §5): a template without name or content gives the
 * spec's error; a missing patient name asks to enter it manually; a clinician without a name in the
 * profile is pointed to the profile page or signs manually. Missing values keep their placeholder.
 */
export const TemplatePicker = ({ values, onApply, disabled }: { values: TemplateValues; onApply: (text: string) => void; disabled?: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const templates = useQuery({ queryKey: RESULT_TEMPLATES_QUERY_KEY, queryFn: resultTemplates, staleTime: 10_000 });
  const choices = choicesOf(templates.data ?? []);
  const [selected, setSelected] = useState('');
  const [pending, setPending] = useState<Pending>(null);

  const finish = (content: string) => {
    setPending(null);
    onApply(applyTemplate(content, values));
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
      notify('lab.templateError', { type: 'error' });
      return;
    }
    next(choice.content, 'start');
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        variant="outlined"
        fullWidth={false}
        label={translate('lab.template')}
        value={selected}
        onChange={(e) => setSelected(e.target.value)}
        disabled={disabled || templates.isPending}
        sx={{ minWidth: 260 }}
      >
        <MenuItem value="">{translate('lab.noTemplate')}</MenuItem>
        {choices.map((c) => (
          <MenuItem key={c.value} value={c.value}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      <Button size="small" onClick={apply} disabled={disabled || !selected}>
        {translate('lab.applyTemplate')}
      </Button>
      <ConfirmDialog
        open={pending?.step === 'patientName'}
        content="lab.patientNameMissing"
        onConfirm={() => pending && next(pending.content, 'patientName')}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending?.step === 'clinicianName'}
        content="lab.clinicianNameMissing"
        confirmLabel="lab.signManually"
        cancelLabel="lab.goToProfile"
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
