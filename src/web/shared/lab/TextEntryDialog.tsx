import type { KeyboardEvent, ReactNode } from 'react';
import { TextInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { labTextEntrySchema } from '../../../domain/lab/lab-api';
import { zodAlert } from '../../providers/zodValidate';
import { FormDialog } from '../FormDialog';
import { FormErrorAlert } from '../FormErrorAlert';

export interface TextEntryDialogProps {
  /** i18n keys. */
  title: string;
  label: string;
  submitLabel?: string;
  /** Shown after the title (the kit id). */
  subtitle?: string;
  initialText?: string;
  pending?: boolean;
  onSubmit: (text: string) => void;
  onClose: () => void;
  /** Shown above the text (a template picker); receives the setter of the text. */
  tools?: (setText: (text: string) => void) => ReactNode;
}

type Values = { text: string | null };
/** An empty text is not sent: 'Make sure you add text' (the lab text schema's message, translated). */
const validate = zodAlert<Values>(labTextEntrySchema, (v) => ({ text: v.text ?? '' }), 'lab.makeSureAddText');

/** The tools above the text, writing into the form's text. */
const Tools = ({ tools }: { tools: NonNullable<TextEntryDialogProps['tools']> }) => {
  const { setValue } = useFormContext<Values>();
  return <>{tools((t) => setValue('text', t, { shouldDirty: true }))}</>;
};

/** Ctrl/⌘+Enter sends the form the text is in. */
const submitOnCtrlEnter = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) (event.target as HTMLElement).closest('form')?.requestSubmit();
};

/**
 * A dialog with one text (internal notes, appointment request, message to the patient): the field has
 * focus, Ctrl/⌘+Enter submits, and an empty text is not sent ("Make sure you add text").
 */
export const TextEntryDialog = ({
  title,
  label,
  submitLabel = 'lab.send',
  subtitle,
  initialText = '',
  pending = false,
  onSubmit,
  onClose,
  tools,
}: TextEntryDialogProps) => (
  <FormDialog<Values>
    title={title}
    subtitle={subtitle}
    submitLabel={submitLabel}
    defaultValues={{ text: initialText }}
    validate={validate}
    onSubmit={(v) => onSubmit(v.text ?? '')}
    onClose={onClose}
    pending={pending}
  >
    {tools && <Tools tools={tools} />}
    <TextInput source="text" label={label} autoFocus multiline minRows={5} onKeyDown={submitOnCtrlEnter} helperText={false} />
    <FormErrorAlert />
  </FormDialog>
);
