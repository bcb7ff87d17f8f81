import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CARD_NUMBER_MAX, CVV_MAX, EXPIRY_MAX, formatCardNumber, formatCvv, formatExpiry } from '../../domain/payments/payment';
import { US_STATES_AND_TERRITORIES } from '../../domain/shared/states';

const F = 'payment.fields';
const STATE_CHOICES = US_STATES_AND_TERRITORIES.map((s) => ({ id: s, name: s }));
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The billing address (spec 2 §2.6): first and last name, phone, street, apartment/suite, city, state select, zip. */
export const BillingFields = () => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-label={translate('payment.billing')}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('payment.billing')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <TextInput source="firstName" label={`${F}.firstName`} autoComplete="given-name" />
          <TextInput source="lastName" label={`${F}.lastName`} autoComplete="family-name" />
          <TextInput source="phone" label={`${F}.phone`} autoComplete="tel" />
          <TextInput source="streetAddress1" label={`${F}.streetAddress1`} autoComplete="address-line1" />
          <TextInput source="streetAddress2" label={`${F}.streetAddress2`} autoComplete="address-line2" />
          <TextInput source="city" label={`${F}.city`} autoComplete="address-level2" />
          <SelectInput source="countryArea" label={`${F}.countryArea`} choices={STATE_CHOICES} translateChoice={false} emptyText="" />
          <TextInput source="postalCode" label={`${F}.postalCode`} autoComplete="postal-code" />
        </Box>
      </CardContent>
    </Card>
  );
};

/** A card-shaped preview of what is typed: the number grouped by 4 (the rest as dots), MM/YY, CVV and the name. */
export const CardPreview = () => {
  const translate = useTranslate();
  const [number, expDate, cvc, firstName, lastName] = useWatch({ name: ['number', 'expDate', 'cvc', 'firstName', 'lastName'] }) as unknown[];
  const digits = text(number).replace(/\D/g, '');
  const shown = (digits.slice(0, 16).padEnd(16, '•').match(/.{4}/g) ?? []).join(' ');
  const name = `${text(firstName)} ${text(lastName)}`.trim().toUpperCase() || translate('payment.previewName');
  return (
    <Box
      role="img"
      aria-label={translate('payment.card')}
      data-testid="card-preview"
      sx={{
        width: 320,
        maxWidth: '100%',
        height: 190,
        borderRadius: 3,
        p: 2.5,
        color: 'common.white',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        background: 'linear-gradient(135deg, #1e3c72 0%, #2a5298 100%)',
        boxShadow: 3,
        fontFamily: 'monospace',
      }}
    >
      <Box sx={{ width: 44, height: 32, borderRadius: 1, bgcolor: 'warning.light' }} />
      <Typography data-testid="preview-number" sx={{ fontFamily: 'inherit', fontSize: 20, letterSpacing: 2 }}>
        {shown}
      </Typography>
      <Stack direction="row" justifyContent="space-between" sx={{ fontSize: 13 }}>
        <span>{name}</span>
        <span data-testid="preview-expiry">{text(expDate) || 'MM/YY'}</span>
        <span data-testid="preview-cvv">{text(cvc) ? '•'.repeat(text(cvc).length) : 'CVV'}</span>
      </Stack>
    </Box>
  );
};

/** The card form (spec 2 §2.6, §5): number grouped by 4 (19 characters), MM/YY (5), CVV (3 to 4 digits), with the live preview. */
export const CardFields = () => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-label={translate('payment.card')}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('payment.card')}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems="flex-start">
          <CardPreview />
          <Box sx={{ flex: 1, width: '100%' }}>
            <TextInput
              source="number"
              label={`${F}.number`}
              parse={formatCardNumber}
              autoComplete="cc-number"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: CARD_NUMBER_MAX } }}
            />
            <Stack direction="row" spacing={2}>
              <TextInput
                source="expDate"
                label={`${F}.expDate`}
                parse={formatExpiry}
                autoComplete="cc-exp"
                placeholder="MM/YY"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: EXPIRY_MAX } }}
              />
              <TextInput
                source="cvc"
                label={`${F}.cvc`}
                parse={formatCvv}
                autoComplete="cc-csc"
                type="password"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: CVV_MAX } }}
              />
            </Stack>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
};
