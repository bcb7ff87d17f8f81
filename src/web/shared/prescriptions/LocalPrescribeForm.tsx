import { Box, Button, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, NumberInput, RadioButtonGroupInput, SaveButton, SelectInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { z } from 'zod';
import { FULFILLMENT_TYPES, prescriptionItemSchema, type PrescriptionItem } from '../../../domain/prescriptions/prescriptions';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { zodValidate } from '../../providers/zodValidate';
import { ActionConfirm } from '../ActionConfirm';
import { useSendPrescription, type PrescriptionSource } from './useSendPrescription';

const formSchema = prescriptionItemSchema.extend({ fulfillment: z.enum(FULFILLMENT_TYPES) });
const validate = zodValidate(formSchema);
type Values = PrescriptionItem & { fulfillment: (typeof FULFILLMENT_TYPES)[number] };
const F = 'prescription.form';

/**
 * The local sandbox's prescribe form, in place of the provider's widget: a treatment of the seeded formulary (strength
 * and form), instructions, quantity, refills, notes and fulfillment (local pickup or send to patient), validated by the
 * domain schema the server applies; the clinician confirms before it is sent.
 */
export const LocalPrescribeForm = ({ source, onSent, onCancel }: { source: PrescriptionSource; onSent: () => void; onCancel: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const formulary = useQuery({
    queryKey: ['prescribing', 'formulary'],
    queryFn: ({ signal }) => dataProvider.prescribingFormulary(signal),
    staleTime: 300_000,
  });
  const [pending, setPending] = useState<Values | null>(null);
  const send = useSendPrescription(source, onSent);
  const choices = (formulary.data ?? []).map((t) => ({ id: t.id, name: `${t.name} (${t.strength}, ${t.form})` }));
  const confirm = () => {
    if (!pending) return;
    const { fulfillment, ...item } = pending;
    send.mutate({ fulfillment, prescriptions: [item] }, { onSettled: () => setPending(null) });
  };

  return (
    <>
      <Form
        defaultValues={{ quantity: 30, refills: 0, fulfillment: 'PICK_UP' }}
        validate={validate}
        onSubmit={(v: Record<string, unknown>) => setPending(v as Values)}
        noValidate
      >
        <Stack spacing={1} sx={{ minWidth: { sm: 480 } }}>
          <SelectInput
            source="treatmentId"
            label={`${F}.treatment`}
            choices={choices}
            translateChoice={false}
            isPending={formulary.isPending}
            fullWidth
          />
          <TextInput source="instructions" label={`${F}.instructions`} multiline minRows={2} fullWidth />
          <Box sx={{ display: 'flex', gap: 2 }}>
            <NumberInput source="quantity" label={`${F}.quantity`} min={1} />
            <NumberInput source="refills" label={`${F}.refills`} min={0} max={11} />
          </Box>
          <TextInput source="notes" label={`${F}.notes`} multiline fullWidth />
          <RadioButtonGroupInput
            source="fulfillment"
            label={`${F}.fulfillment`}
            choices={[
              { id: 'PICK_UP', name: `${F}.pickUp` },
              { id: 'MAIL_ORDER', name: `${F}.mailOrder` },
            ]}
          />
          <Stack direction="row" spacing={1} justifyContent="flex-end">
            <Button onClick={onCancel} disabled={send.isPending}>
              {translate('ra.action.cancel')}
            </Button>
            <SaveButton label={`${F}.submit`} icon={<span />} disabled={send.isPending} alwaysEnable={!send.isPending} />
          </Stack>
        </Stack>
      </Form>
      <ActionConfirm
        isOpen={!!pending}
        loading={send.isPending}
        title="prescription.confirmTitle"
        content="prescription.confirmBody"
        translateOptions={{ name: source.patientName ?? '' }}
        confirm={`${F}.submit`}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </>
  );
};
