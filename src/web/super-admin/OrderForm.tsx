import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Form, SelectInput, TextInput, useDataProvider, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { normaliseEmail, normaliseName, normalisePhone, normaliseZip } from '../../domain/shared/contact';
import type { PatientDetail } from '../../domain/patients/patients';
import {
  firstOrderWarning,
  invoiceAmount,
  invoiceAmountError,
  matchProduct,
  PREP_PARTNER_ID,
  type CommerceProduct,
  type OrderFormValues,
  type ProductKind,
  type SaleorOrderInput,
  type ShippingMethod,
} from '../../domain/super-admin/super-admin';
import type { PortalDataProvider } from '../providers/dataProvider';
import { SubmitButton } from '../shared/SubmitButton';
import { useAction } from '../shared/useAction';

const T = 'superAdmin';
const F = `${T}.form`;

const blank = (shipping: ShippingMethod[], kind: ProductKind): OrderFormValues => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  street_address: '',
  street_address2: '',
  locality: '',
  region: '',
  postal_code: '',
  variantId: '',
  // spec 3 §9: the $0 USPS Priority method is the default
  shippingMethodId: shipping.find((m) => m.price === 0)?.id ?? '',
  amountPaid: kind === 'KIT' ? '0' : '',
});

/** The variant for the patient's sex at birth (else the first) of the product matched from kitName. */
function prefilledVariant(products: CommerceProduct[], kitName: string | null, sex: string | null | undefined): string {
  const product = matchProduct(kitName, products);
  if (!product) return '';
  return (product.variants.find((v) => v.sexAtBirth === sex) ?? product.variants[0])?.id ?? '';
}

function prefilled(base: OrderFormValues, p: PatientDetail | undefined, variantId: string): OrderFormValues {
  if (!p) return { ...base, variantId };
  return {
    ...base,
    variantId,
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    email: p.email ?? '',
    // the record's phone in the form's own format, so the form accepts what it prefilled
    phone: p.phoneNumber ? normalisePhone(p.phoneNumber) : '',
    street_address: p.address?.street_address ?? '',
    street_address2: p.address?.street_address2 ?? '',
    locality: p.address?.locality ?? '',
    region: p.address?.region ?? '',
    postal_code: p.address?.postal_code ?? '',
  };
}

/** An input's text (an emptied input may hold null). */
const t = (v: string | null | undefined) => (v ?? '').trim();
/** The payload, trimmed and normalised as the server stores it (the server normalises again). */
const bodyOf = (v: OrderFormValues, kind: ProductKind, amountPaid: number | null, patientId: string | null): SaleorOrderInput => ({
  firstName: normaliseName(t(v.firstName)),
  lastName: normaliseName(t(v.lastName)),
  email: normaliseEmail(t(v.email)),
  phone: normalisePhone(t(v.phone)),
  variantId: v.variantId,
  shippingMethodId: v.shippingMethodId,
  userAddress: {
    street_address: t(v.street_address),
    street_address2: t(v.street_address2),
    locality: t(v.locality),
    region: t(v.region),
    postal_code: normaliseZip(t(v.postal_code)),
  },
  amountPaid,
  ...(kind === 'PREP' ? { partnerId: PREP_PARTNER_ID } : {}),
  ...(patientId ? { patientId } : {}),
});

/**
 * Create a Kit Order / Create a PrEP Order (spec 3 §5, §8): the patient (patientId) and the product (kitName, first 6
 * letters) prefilled; on submit the spec's checks in order, each a warning; the invoice amount numeric (empty: 0 on
 * the kit form, null on the PrEP form); 'Order created successfully!' clears the form; the failure text of each form.
 */
export const OrderForm = ({ kind }: { kind: ProductKind }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params] = useSearchParams();
  const patientId = params.get('patientId');
  const kitName = params.get('kitName');
  const [cleared, setCleared] = useState(0);
  const products = useQuery({ queryKey: ['super-admin', 'products'], queryFn: ({ signal }) => dataProvider.commerceProducts(signal), retry: false });
  const shipping = useQuery({
    queryKey: ['super-admin', 'shipping'],
    queryFn: ({ signal }) => dataProvider.commerceShippingMethods(signal),
    retry: false,
  });
  const patient = useGetOne<PatientDetail & { id: string }>('patients', { id: patientId ?? '' }, { enabled: !!patientId, retry: false });
  const ofKind = useMemo(() => (products.data ?? []).filter((p) => p.kind === kind), [products.data, kind]);
  const create = useAction((dp, body: SaleorOrderInput, key?: string) => dp.createSaleorOrder(body, key!), {
    // idempotent: always a key
    idempotent: true,
    success: `${T}.created`,
    failure: () => ({ key: kind === 'KIT' ? `${T}.kitFailed` : `${T}.prepFailed` }),
    invalidate: ['orders', 'patient-orders'],
    onSuccess: () => setCleared((n) => n + 1),
  });

  // Reorder (a kit's product and its patient) needs the patient: without it the form would open empty (spec 3 §8).
  if (kitName && patientId && patient.isError) return <Typography color="error">{translate('patients.kits.reorderError')}</Typography>;
  if (products.isError || shipping.isError) return <Typography color="error">{translate(`${T}.loadFailed`)}</Typography>;
  if (products.isPending || shipping.isPending || (patientId && patient.isPending)) return <CircularProgress size={24} />;
  const base = blank(shipping.data, kind);
  const defaults = cleared ? base : prefilled(base, patient.data, prefilledVariant(ofKind, kitName, patient.data?.genderAtBirth));

  const submit = (raw: Record<string, unknown>) => {
    const values = raw as unknown as OrderFormValues;
    const warning = firstOrderWarning(values);
    if (warning) return notify(warning, { type: 'warning' });
    const amountError = invoiceAmountError(values.amountPaid);
    if (amountError) return notify(amountError, { type: 'warning' });
    const amount = invoiceAmount(values.amountPaid, kind);
    if (amount === undefined) return notify(`${T}.warnings.invoice`, { type: 'warning' });
    create.mutate(bodyOf(values, kind, amount, cleared ? null : patientId));
  };
  const productChoices = ofKind.flatMap((p) => p.variants.map((v) => ({ id: v.id, name: v.name })));
  const shippingChoices = shipping.data.map((m) => ({ id: m.id, name: `${m.name} - ${m.price === 0 ? translate(`${F}.free`) : `$${m.price}`}` }));
  return (
    <Form key={cleared} defaultValues={defaults} onSubmit={submit} noValidate>
      <Stack spacing={1} sx={{ maxWidth: 900 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
          <TextInput source="firstName" label={`${F}.firstName`} />
          <TextInput source="lastName" label={`${F}.lastName`} />
          <TextInput source="email" label={`${F}.email`} />
          <TextInput source="phone" label={`${F}.phone`} helperText={`${F}.phoneHint`} />
          <TextInput source="street_address" label={`${F}.street`} />
          <TextInput source="street_address2" label={`${F}.street2`} />
          <TextInput source="locality" label={`${F}.city`} />
          <TextInput source="region" label={`${F}.region`} />
          <TextInput source="postal_code" label={`${F}.postalCode`} />
          <TextInput source="amountPaid" label={`${F}.amountPaid`} type="number" />
          <SelectInput source="variantId" label={`${F}.product`} choices={productChoices} translateChoice={false} emptyText="" />
          <SelectInput source="shippingMethodId" label={`${F}.shipping`} choices={shippingChoices} translateChoice={false} emptyText="" />
        </Box>
        <Box>
          <SubmitButton type="submit" pending={create.isPending}>
            {translate(`${F}.submit`)}
          </SubmitButton>
        </Box>
      </Stack>
    </Form>
  );
};
