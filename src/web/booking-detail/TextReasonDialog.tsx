import { Box, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { required, TextInput } from 'react-admin';
import type { z } from 'zod';
import { FormDialog } from '../shared/FormDialog';
import { FormErrorAlert } from '../shared/FormErrorAlert';

export interface TextReasonDialogProps {
  title: string;
  label: string;
  /** The domain schema of the request body the text goes in, and the text's key there (its other keys in `body`). */
  schema: z.ZodType;
  field: string;
  body?: Record<string, unknown>;
  pending?: boolean;
  onSubmit: (text: string) => void;
  onClose: () => void;
  /** Shown beside the field (the booking's demographics). */
  aside?: ReactNode;
  submitLabel?: string;
  closeLabel?: string;
}

type Values = { text: string | null };

/**
 * A modal with one required text (a reason or notes), checked by the request's domain schema before anything is sent:
 * an empty text is not sent and raises the schema's message (the spec's alert) below the field.
 */
export const TextReasonDialog = ({
  title,
  label,
  schema,
  field,
  body,
  pending = false,
  onSubmit,
  onClose,
  aside,
  submitLabel = 'bookingDetail.ui.submit',
  closeLabel,
}: TextReasonDialogProps) => {
  const validate = (v: Values) => {
    const parsed = schema.safeParse({ ...body, [field]: (v.text ?? '').trim() });
    return parsed.success ? {} : { _: parsed.error.issues[0].message };
  };
  const input = (
    <Stack spacing={2} sx={{ flex: 1 }}>
      <TextInput source="text" autoFocus multiline minRows={4} label={label} validate={required()} helperText={false} />
      <FormErrorAlert />
    </Stack>
  );
  return (
    <FormDialog<Values>
      title={title}
      defaultValues={{ text: '' }}
      validate={validate}
      onSubmit={(v) => onSubmit((v.text ?? '').trim())}
      onClose={onClose}
      pending={pending}
      maxWidth={aside ? 'md' : 'sm'}
      submitLabel={submitLabel}
      cancelLabel={closeLabel}
    >
      {aside ? (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          {input}
          <Box sx={{ flex: 1 }}>{aside}</Box>
        </Stack>
      ) : (
        input
      )}
    </FormDialog>
  );
};
