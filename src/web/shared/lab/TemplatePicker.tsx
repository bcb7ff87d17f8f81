import { useQuery } from '@tanstack/react-query';
import { resultTemplates, type TemplateValues } from '../../../domain/lab-templates';
import { resultTemplateChoices } from '../../templates/templateChoices';
import { TemplatePicker as Picker } from '../../templates/TemplatePicker';

export const RESULT_TEMPLATES_QUERY_KEY = ['lab', 'resultTemplates'] as const;

/**
 * Result template picker of the release notes: the result templates (resultTemplates(), one entry point)
 * in the shared template picker, which applies the rules of spec 1 §5 (error text, missing-name confirms).
 */
export const TemplatePicker = ({ values, onApply, disabled }: { values: TemplateValues; onApply: (text: string) => void; disabled?: boolean }) => {
  const templates = useQuery({ queryKey: RESULT_TEMPLATES_QUERY_KEY, queryFn: resultTemplates, staleTime: 10_000 });
  return (
    <Picker
      choices={resultTemplateChoices(templates.data ?? [])}
      values={values}
      onApply={onApply}
      disabled={disabled}
      loading={templates.isPending}
    />
  );
};
