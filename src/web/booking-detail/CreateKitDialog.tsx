import { Alert, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { KIT_FORM_LABELS, KIT_PANELS, kitFormMissing, kitFormMissingText, type BookingDetail, type KitForm } from '../../domain/booking-detail';
import { LAB_NAMES } from '../../domain/constants';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { useBookingMutation } from './hooks';
import { DialogFrame } from './parts';

type Values = Record<keyof typeof KIT_FORM_LABELS, string>;

/** Create Kit (spec 2 §3, §5, §9): lab LIFESCAN/CDD/CLEAR, panel, required values (the Lifescan number for LIFESCAN). */
export const CreateKitDialog = ({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) => {
  const translate = useTranslate();
  const [v, setV] = useState<Values>({
    panelName: '', labName: 'LIFESCAN', lifescanReqNum: '', sampleTakenDate: new Date().toISOString().slice(0, 10),
    medications: booking.medications ?? '', symptoms: booking.symptoms ?? '', notes: '',
  });
  const [missing, setMissing] = useState<string | null>(null);
  const withKey = useIdempotencyKey(); // a double click or a resend creates one kit
  const create = useBookingMutation((dp, body: KitForm) => withKey((key) => dp.orderBookingKit(booking.id, body, key)), {
    success: 'bookingDetail.kitCreated', onSuccess: onClose,
  });
  const submit = () => {
    const gaps = kitFormMissing(v);
    if (gaps.length) return setMissing(kitFormMissingText(gaps));
    setMissing(null);
    create.mutate({ ...v, labName: v.labName as KitForm['labName'], lifescanReqNum: v.labName === 'LIFESCAN' ? v.lifescanReqNum : undefined });
  };
  const field = (k: keyof Values, extra: Record<string, unknown> = {}) => (
    <TextField key={k} label={KIT_FORM_LABELS[k]} value={v[k]} disabled={create.isPending} onChange={(e) => setV((o) => ({ ...o, [k]: e.target.value }))} {...extra} />
  );
  return (
    <DialogFrame title="bookingDetail.ui.titles.createKit" onClose={onClose} onSubmit={submit} pending={create.isPending}>
      {field('labName', { select: true, children: LAB_NAMES.map((l) => <MenuItem key={l} value={l}>{l}</MenuItem>), required: true })}
      {field('panelName', { select: true, children: KIT_PANELS.map((p) => <MenuItem key={p} value={p}>{p}</MenuItem>), required: true })}
      {v.labName === 'LIFESCAN' && field('lifescanReqNum', { required: true })}
      {field('sampleTakenDate', { type: 'date', required: true, slotProps: { inputLabel: { shrink: true } } })}
      {field('medications', { required: true, multiline: true })}
      {field('symptoms', { multiline: true })}
      {field('notes', { required: true, multiline: true, minRows: 2 })}
      {missing && <Alert severity="error" role="alert">{translate(missing, { _: missing })}</Alert>}
    </DialogFrame>
  );
};
