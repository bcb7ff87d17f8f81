import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSingleFlight } from '../providers/useSingleFlight';
import { BOOKING_TOAST_MS } from '../../domain/booking-texts';
import { BOOKING_TAGS, INVALID_TAG_TEXT, TAG_MAX_LENGTH, tagSchema } from '../../domain/bookings';
import type { CalendarEventRow } from '../providers/bookingMethods';
import type { PortalDataProvider } from '../providers/dataProvider';
import { errorReason } from '../providers/errorReason';

const CUSTOM = 'Custom Label';
const isListed = (tag: string | null) => !!tag && (BOOKING_TAGS as readonly string[]).includes(tag);

/**
 * Tag or label (spec 2 §4): one of the tags, or Custom Label with free text (empty: 'Please enter a valid Tag',
 * nothing sent); PATCH /addTagOrLabel/{id}; 'Tag {x} saved successfully...' for 4 s, or 'Error saving Tag...'.
 */
export const TagDialog = ({ booking, onClose }: { booking: CalendarEventRow; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const id = useId();
  const current = booking.tagOrLabel;
  const [choice, setChoice] = useState<string>(isListed(current) ? (current as string) : current ? CUSTOM : BOOKING_TAGS[0]);
  const [custom, setCustom] = useState(isListed(current) ? '' : (current ?? ''));
  const [invalid, setInvalid] = useState<string | false>(false);
  const save = useSingleFlight(useMutation({
    mutationFn: (label: string) => dataProvider.addBookingTag(booking.id, label),
    onSuccess: async (_, label) => {
      notify('booking.tagSaved', { type: 'success', autoHideDuration: BOOKING_TOAST_MS.tag, messageArgs: { tag: label } });
      await queryClient.invalidateQueries({ queryKey: ['bookings'] });
      onClose();
    },
    onError: () => notify('booking.tagFailed', { type: 'error' }),
  }));
  const submit = () => {
    const parsed = tagSchema.safeParse({ label: choice === CUSTOM ? custom : choice });
    setInvalid(parsed.success ? false : (parsed.error.issues[0]?.message ?? INVALID_TAG_TEXT));
    if (parsed.success) save.mutate(parsed.data.label);
  };
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-title`}>{translate('booking.tagDialogTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{booking.name} · {booking.id}</DialogContentText>
        <TextField select label={translate('booking.tag')} value={choice} sx={{ mt: 1 }}
          onChange={(e) => { setChoice(e.target.value); setInvalid(false); }}>
          {[...BOOKING_TAGS, CUSTOM].map((t) => (
            <MenuItem key={t} value={t}>{t === CUSTOM ? translate('booking.customLabel') : t}</MenuItem>
          ))}
        </TextField>
        {choice === CUSTOM && (
          <TextField
            label={translate('booking.customLabelText')}
            value={custom}
            onChange={(e) => { setCustom(e.target.value); setInvalid(false); }}
            error={!!invalid}
            helperText={invalid ? translate(invalid, { _: invalid }) : `${custom.trim().length}/${TAG_MAX_LENGTH}`}
            autoFocus
          />
        )}
        {save.isError && <Alert severity="error">{errorReason(save.error) ?? translate('booking.unknown')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
};
