import { Alert, DialogContentText } from '@mui/material';
import { required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { BOOKING_TOAST_MS } from '../../domain/bookings/booking-texts';
import { BOOKING_TAGS, TAG_MAX_LENGTH, tagSchema } from '../../domain/bookings/bookings';
import type { CalendarEventRow } from '../providers/bookingMethods';
import { zodValidate } from '../providers/zodValidate';
import { FormDialog } from '../shared/FormDialog';
import { actionReason, useAction } from '../shared/useAction';

const CUSTOM = 'Custom Label';
const isListed = (tag: string | null) => !!tag && (BOOKING_TAGS as readonly string[]).includes(tag);

type Values = { choice: string; custom: string };
const labelOf = (v: Values) => (v.choice === CUSTOM ? (v.custom ?? '') : v.choice);
const tagErrors = zodValidate<Values>(tagSchema, (v) => ({ label: labelOf(v) }));
/** The schema the server applies to the label, its message under the custom label's input. */
const validate = (v: Values) => {
  const { label } = tagErrors(v);
  return label ? { custom: label } : {};
};

/** The custom label's input while Custom Label is chosen, counting its characters against the limit. */
const CustomLabelInput = () => {
  const [choice, custom] = useWatch<Values>({ name: ['choice', 'custom'] }) as [string, string | undefined];
  if (choice !== CUSTOM) return null;
  return <TextInput source="custom" label="booking.customLabelText" helperText={`${(custom ?? '').trim().length}/${TAG_MAX_LENGTH}`} />;
};

/**
 * Tag or label (spec 2 §4): one of the tags, or Custom Label with free text (empty: 'Please enter a valid Tag',
 * nothing sent); PATCH /addTagOrLabel/{id}; 'Tag {x} saved successfully...' for 4 s, or 'Error saving Tag...'.
 */
export const TagDialog = ({ booking, onClose }: { booking: CalendarEventRow; onClose: () => void }) => {
  const translate = useTranslate();
  const current = booking.tagOrLabel;
  const save = useAction((dp, label: string) => dp.addBookingTag(booking.id, label), {
    success: (_, label) => ({ key: 'booking.tagSaved', args: { tag: label }, autoHideDuration: BOOKING_TOAST_MS.tag }),
    failure: () => ({ key: 'booking.tagFailed' }),
    invalidate: ['bookings'],
    onSuccess: onClose,
  });
  const choices = [...BOOKING_TAGS, CUSTOM].map((t) => ({ id: t, name: t === CUSTOM ? translate('booking.customLabel') : t }));
  const defaultValues = {
    choice: isListed(current) ? (current as string) : current ? CUSTOM : BOOKING_TAGS[0],
    custom: isListed(current) ? '' : (current ?? ''),
  };
  return (
    <FormDialog<Values>
      title="booking.tagDialogTitle"
      defaultValues={defaultValues}
      validate={validate}
      maxWidth="xs"
      onSubmit={(v) => save.mutate(labelOf(v).trim())}
      onClose={onClose}
      pending={save.isPending}
    >
      <DialogContentText>
        {booking.name} · {booking.id}
      </DialogContentText>
      <SelectInput source="choice" label="booking.tag" choices={choices} translateChoice={false} validate={required()} helperText={false} />
      <CustomLabelInput />
      {save.isError && <Alert severity="error">{actionReason(save.error, translate('booking.unknown'))}</Alert>}
    </FormDialog>
  );
};
