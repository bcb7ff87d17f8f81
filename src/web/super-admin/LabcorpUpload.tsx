import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { Form, HttpError, useGetOne, useInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { PatientDetail } from '../../domain/patients/patients';
import {
  isPdfContent,
  LABCORP_FILE_TEXT,
  LABCORP_RESULT_TYPES,
  LABCORP_VENDOR,
  labcorpUploadFormSchema,
  type LabcorpResultType,
} from '../../domain/super-admin/super-admin';
import { zodAlert } from '../providers/zodValidate';
import { FormErrorAlert } from '../shared/FormErrorAlert';
import { SubmitButton } from '../shared/SubmitButton';
import { useAction } from '../shared/useAction';

const T = 'superAdmin.labcorp';
type Values = { email: string; orderId: string; file: File | null; resultType: LabcorpResultType | '' };
const EMPTY: Values = { email: '', orderId: '', file: null, resultType: '' };
/** The spec's warnings in their order and the file's rules, checked before the file is sent (the server checks again). */
const validate = zodAlert<Values>(labcorpUploadFormSchema, (v) => ({ orderId: v.orderId, file: v.file, resultType: v.resultType }));

/** The file's content as base64 (without the data: URL prefix). */
export const readAsBase64 = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** A select of the form (MUI's, bound to one value). */
const SelectField = ({ source, label, disabled, children }: { source: string; label: string; disabled?: boolean; children: ReactNode }) => {
  const translate = useTranslate();
  const { field } = useInput<string>({ source, parse: (v: string) => v });
  return (
    <TextField
      select
      label={translate(label)}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      size="small"
      disabled={disabled}
    >
      {children}
    </TextField>
  );
};

/** The PDF chooser: the browser's file control inside a themed button, the chosen file named beside it. */
const PdfChooser = () => {
  const translate = useTranslate();
  const { field } = useInput<File | null>({ source: 'file' });
  const input = useRef<HTMLInputElement>(null);
  // A cleared value (after an upload) clears the browser's control too, so the same file can be chosen again.
  useEffect(() => {
    if (!field.value && input.current) input.current.value = '';
  }, [field.value]);
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Button variant="outlined" component="label">
        {translate(`${T}.chooseFile`)}
        <input
          ref={input}
          hidden
          type="file"
          accept="application/pdf,.pdf"
          aria-label={translate(`${T}.file`)}
          onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
        />
      </Button>
      <Typography variant="body2">{field.value?.name ?? ''}</Typography>
    </Stack>
  );
};

/** The e-mail and Fetch: the patient's orders by e-mail, kept to vendor LABCORP; the first is chosen. */
const OrderFinder = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { getValues, setValue } = useFormContext<Values>();
  const fetchOrders = useAction((dp, e: string) => dp.ordersByEmail(e), {
    failure: () => ({ key: `${T}.fetchFailed` }),
    onSuccess: (all) => {
      const labcorp = all.filter((o) => o.vendor === LABCORP_VENDOR);
      setValue('orderId', labcorp[0]?.id ?? '');
      if (all.length === 0) notify(`${T}.noOrders`, { type: 'info' });
      else if (labcorp.length === 0) notify(`${T}.noLabcorpOrders`, { type: 'info' });
    },
  });
  const orders = (fetchOrders.data ?? []).filter((o) => o.vendor === LABCORP_VENDOR);
  const findOrders = () => {
    const e = (getValues('email') ?? '').trim();
    if (!e) return notify(`${T}.emailRequired`, { type: 'warning' });
    fetchOrders.mutate(e);
  };
  const { field: email } = useInput<string>({ source: 'email', parse: (v: string) => v });
  return (
    <>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          label={translate(`${T}.email`)}
          value={email.value ?? ''}
          onChange={(e) => email.onChange(e.target.value)}
          size="small"
          sx={{ flex: 1 }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault(); // Enter fetches the orders; it does not upload
              findOrders();
            }
          }}
        />
        <SubmitButton type="button" variant="outlined" onClick={findOrders} pending={fetchOrders.isPending}>
          {translate(`${T}.fetch`)}
        </SubmitButton>
      </Stack>
      <SelectField source="orderId" label={`${T}.order`} disabled={orders.length === 0}>
        {orders.map((o) => (
          <MenuItem key={o.id} value={o.id}>{`${o.id}${o.productName ? ` - ${o.productName}` : ''}`}</MenuItem>
        ))}
      </SelectField>
    </>
  );
};

/** The PDF, its result type, the form's one message and Upload. */
const UploadFields = ({ pending }: { pending: boolean }) => (
  <>
    <PdfChooser />
    <SelectField source="resultType" label={`${T}.resultType`}>
      {LABCORP_RESULT_TYPES.map((t) => (
        <MenuItem key={t.value} value={t.value}>{`${t.value} (${t.label})`}</MenuItem>
      ))}
    </SelectField>
    <FormErrorAlert />
    <Box>
      <UploadButton pending={pending} />
    </Box>
  </>
);

const UploadButton = ({ pending }: { pending: boolean }) => {
  const translate = useTranslate();
  return (
    <SubmitButton type="submit" pending={pending}>
      {translate(`${T}.upload`)}
    </SubmitButton>
  );
};

/**
 * Upload Labcorp Results (spec 3 §5, §7, §8): the patient's orders by e-mail, kept to vendor LABCORP ('No orders found
 * for this email', 'No Labcorp orders found for this patient'); order, PDF and result type checked in that order; the
 * upload succeeds only on 201 ('Unexpected response from server' otherwise).
 */
export const LabcorpUpload = () => {
  const notify = useNotify();
  // The patient's e-mail is the form's starting value, not set after mount: the form's own first reset runs after its
  // fields' effects, and would clear a value a cached patient gave at once. A patient read later starts the form anew.
  const [params] = useSearchParams();
  const patientId = params.get('patientId');
  const patient = useGetOne<PatientDetail & { id: string }>('patients', { id: patientId ?? '' }, { enabled: !!patientId, retry: false });
  const prefill = patient.data?.email ?? '';
  const initial = useMemo<Values>(() => ({ ...EMPTY, email: prefill }), [prefill]);
  const form = useRef<{ clear: () => void } | null>(null);
  const upload = useAction(
    async (dp, v: { orderId: string; resultType: LabcorpResultType; file: File }) => {
      let content: string;
      try {
        content = await readAsBase64(v.file);
      } catch {
        throw new Error('read');
      }
      if (!isPdfContent(content)) throw new Error('notPdf');
      return dp.uploadLabcorpResult(v.orderId, v.resultType, { fileName: v.file.name, fileContent: content });
    },
    {
      // the upload succeeds only on 201
      success: (res) => (res.status === 201 ? `${T}.uploaded` : null),
      failure: (error) => {
        if (error instanceof HttpError) return { key: `${T}.uploadFailed` };
        if (error.message === 'notPdf') return null; // a warning, below
        return { key: error.message === 'read' ? `${T}.readError` : `${T}.unhandled` };
      },
      onSuccess: (res) => {
        if (res.status !== 201) return notify(`${T}.unexpected`, { type: 'error' });
        form.current?.clear();
      },
      onError: (error) => {
        if (!(error instanceof HttpError) && error.message === 'notPdf') notify(LABCORP_FILE_TEXT.notPdf, { type: 'warning' });
      },
    },
  );
  return (
    <Form
      key={prefill}
      record={initial}
      defaultValues={initial}
      validate={validate as never}
      onSubmit={(raw: FieldValues) => {
        const v = raw as Values;
        if (!upload.isPending && v.file && v.resultType) upload.mutate({ orderId: v.orderId, resultType: v.resultType, file: v.file });
      }}
      noValidate
      disableInvalidFormNotification
    >
      <ClearHandle handle={form} />
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <OrderFinder />
        <UploadFields pending={upload.isPending} />
      </Stack>
    </Form>
  );
};

/** Lets the upload's success clear the file and the result type of the form. */
const ClearHandle = ({ handle }: { handle: RefObject<{ clear: () => void } | null> }) => {
  const { setValue } = useFormContext<Values>();
  useEffect(() => {
    handle.current = {
      clear: () => {
        setValue('file', null);
        setValue('resultType', '');
      },
    };
  }, [handle, setValue]);
  return null;
};
