import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { HttpError, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import type { PatientDetail } from '../../domain/patients/patients';
import {
  firstLabcorpWarning,
  isPdfContent,
  LABCORP_FILE_TEXT,
  labcorpFileProblem,
  LABCORP_RESULT_TYPES,
  LABCORP_VENDOR,
  type EmailOrder,
  type LabcorpResultType,
} from '../../domain/super-admin/super-admin';
import { SubmitButton } from '../shared/SubmitButton';
import { useAction } from '../shared/useAction';

const T = 'superAdmin.labcorp';

/** The file's content as base64 (without the data: URL prefix). */
export const readAsBase64 = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/**
 * Upload Labcorp Results (spec 3 §5, §7, §8): the patient's orders by e-mail, kept to vendor LABCORP ('No orders found
 * for this email', 'No Labcorp orders found for this patient'); order, PDF and result type checked in that order; the
 * upload succeeds only on 201 ('Unexpected response from server' otherwise).
 */
export const LabcorpUpload = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const patientId = params.get('patientId');
  const patient = useGetOne<PatientDetail & { id: string }>('patients', { id: patientId ?? '' }, { enabled: !!patientId, retry: false });
  const [email, setEmail] = useState('');
  const [orders, setOrders] = useState<EmailOrder[]>([]);
  const [orderId, setOrderId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [resultType, setResultType] = useState<LabcorpResultType | ''>('');
  const [fileKey, setFileKey] = useState(0);
  useEffect(() => {
    if (patient.data?.email) setEmail(patient.data.email);
  }, [patient.data?.email]);

  const fetchOrders = useAction((dp, e: string) => dp.ordersByEmail(e), {
    failure: () => ({ key: `${T}.fetchFailed` }),
    onSuccess: (all) => {
      const labcorp = all.filter((o) => o.vendor === LABCORP_VENDOR);
      setOrders(labcorp);
      setOrderId(labcorp[0]?.id ?? '');
      if (all.length === 0) notify(`${T}.noOrders`, { type: 'info' });
      else if (labcorp.length === 0) notify(`${T}.noLabcorpOrders`, { type: 'info' });
    },
    onError: () => setOrders([]),
  });
  const findOrders = () => {
    const e = email.trim();
    if (!e) return notify(`${T}.emailRequired`, { type: 'warning' });
    fetchOrders.mutate(e);
  };

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
        setFile(null);
        setResultType('');
        setFileKey((k) => k + 1);
      },
      onError: (error) => {
        if (!(error instanceof HttpError) && error.message === 'notPdf') notify(LABCORP_FILE_TEXT.notPdf, { type: 'warning' });
      },
    },
  );
  const submit = () => {
    const warning = firstLabcorpWarning({ orderId, file, resultType });
    if (warning) return notify(warning, { type: 'warning' });
    // the rules the server applies, checked before the file is sent, naming the one that failed
    const problem = labcorpFileProblem(file as File);
    if (problem) return notify(problem, { type: 'warning' });
    upload.mutate({ orderId, resultType: resultType as LabcorpResultType, file: file as File });
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          label={translate(`${T}.email`)}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          size="small"
          sx={{ flex: 1 }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') findOrders();
          }}
        />
        <SubmitButton variant="outlined" onClick={findOrders} pending={fetchOrders.isPending}>
          {translate(`${T}.fetch`)}
        </SubmitButton>
      </Stack>
      <TextField
        select
        label={translate(`${T}.order`)}
        value={orderId}
        onChange={(e) => setOrderId(e.target.value)}
        size="small"
        disabled={orders.length === 0}
      >
        {orders.map((o) => (
          <MenuItem key={o.id} value={o.id}>{`${o.id}${o.productName ? ` - ${o.productName}` : ''}`}</MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={1} alignItems="center">
        <Button variant="outlined" component="label">
          {translate(`${T}.chooseFile`)}
          <input
            key={fileKey}
            hidden
            type="file"
            accept="application/pdf,.pdf"
            aria-label={translate(`${T}.file`)}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography variant="body2">{file?.name ?? ''}</Typography>
      </Stack>
      <TextField
        select
        label={translate(`${T}.resultType`)}
        value={resultType}
        onChange={(e) => setResultType(e.target.value as LabcorpResultType)}
        size="small"
      >
        {LABCORP_RESULT_TYPES.map((t) => (
          <MenuItem key={t.value} value={t.value}>{`${t.value} (${t.label})`}</MenuItem>
        ))}
      </TextField>
      <Box>
        <SubmitButton onClick={submit} pending={upload.isPending}>
          {translate(`${T}.upload`)}
        </SubmitButton>
      </Box>
    </Stack>
  );
};
