import { required, SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { KIT_FORM_LABELS, KIT_PANELS, orderKitSchema, type KitForm } from '../../domain/booking-detail/booking-kit-form';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';
import { LAB_NAMES } from '../../domain/shared/constants';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { zodValidate } from '../providers/zodValidate';
import { FormDialog } from '../shared/FormDialog';
import { FormErrorAlert } from '../shared/FormErrorAlert';
import { useBookingMutation } from '../shared/bookings/bookingHooks';

type Values = Record<keyof typeof KIT_FORM_LABELS, string | null>;
const L = KIT_FORM_LABELS;
const req = required();
const choicesOf = (names: readonly string[]) => names.map((n) => ({ id: n, name: n }));

/** The request body: the Lifescan number only for LIFESCAN; an emptied field as ''. */
const bodyOf = (v: Values): KitForm => {
  const text = (k: keyof Values) => v[k] ?? '';
  return {
    panelName: text('panelName'),
    labName: text('labName') as KitForm['labName'],
    lifescanReqNum: v.labName === 'LIFESCAN' ? text('lifescanReqNum') : undefined,
    sampleTakenDate: text('sampleTakenDate'),
    medications: text('medications'),
    symptoms: text('symptoms'),
    notes: text('notes'),
  };
};
/** The schema the server applies: the missing values named in one alert ('Missing required value for …'). */
const validate = zodValidate<Values>(orderKitSchema, bodyOf);

/** The Lifescan requisition number, asked for LIFESCAN only. */
const LifescanReqNum = () => {
  const lab = useWatch<Values>({ name: 'labName' });
  return lab === 'LIFESCAN' ? <TextInput source="lifescanReqNum" label={L.lifescanReqNum} validate={req} helperText={false} /> : null;
};

/** Create Kit (spec 2 §3, §5, §9): lab LIFESCAN/CDD/CLEAR, panel, required values (the Lifescan number for LIFESCAN). */
export const CreateKitDialog = ({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) => {
  const withKey = useIdempotencyKey(); // a double click or a resend creates one kit
  const create = useBookingMutation((dp, body: KitForm) => withKey((key) => dp.orderBookingKit(booking.id, body, key)), {
    success: 'bookingDetail.kitCreated',
    onSuccess: onClose,
  });
  const defaultValues: Values = {
    panelName: '',
    labName: 'LIFESCAN',
    lifescanReqNum: '',
    sampleTakenDate: new Date().toISOString().slice(0, 10),
    medications: booking.medications ?? '',
    symptoms: booking.symptoms ?? '',
    notes: '',
  };
  return (
    <FormDialog<Values>
      title="bookingDetail.ui.titles.createKit"
      submitLabel="bookingDetail.ui.submit"
      defaultValues={defaultValues}
      validate={validate}
      onSubmit={(v) => create.mutate(bodyOf(v))}
      onClose={onClose}
      pending={create.isPending}
    >
      <SelectInput source="labName" label={L.labName} choices={choicesOf(LAB_NAMES)} translateChoice={false} validate={req} helperText={false} />
      <SelectInput source="panelName" label={L.panelName} choices={choicesOf(KIT_PANELS)} translateChoice={false} validate={req} helperText={false} />
      <LifescanReqNum />
      <TextInput
        source="sampleTakenDate"
        label={L.sampleTakenDate}
        type="date"
        validate={req}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText={false}
      />
      <TextInput source="medications" label={L.medications} validate={req} multiline helperText={false} />
      <TextInput source="symptoms" label={L.symptoms} multiline helperText={false} />
      <TextInput source="notes" label={L.notes} validate={req} multiline minRows={2} helperText={false} />
      <FormErrorAlert />
    </FormDialog>
  );
};
