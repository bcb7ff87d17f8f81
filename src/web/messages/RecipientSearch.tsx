import { Alert, Box, Button, List, ListItemButton, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useInput, useTranslate } from 'react-admin';
import {
  PATIENT_SEARCH_DELAY_MS,
  RECIPIENT_SEARCH_LABELS,
  RECIPIENT_SEARCH_TYPES,
  recipientPreview,
  type Recipient,
  type RecipientSearchType,
} from '../../domain/messages/secure-messages';
import { MESSAGE_TEXT } from '../../domain/i18n/en/message';
import type { PortalDataProvider } from '../providers/dataProvider';
import { useInboxNotify } from '../shared/messages/useInboxNotify';

/** A recipient's preview line (name, e-mail, DOB, state), cut at 50 characters. */
export const recipientLine = (r: Recipient) =>
  recipientPreview(`${r.firstName} ${r.lastName} · ${r.email ?? ''} · ${r.dob ?? ''} · ${r.state ?? ''}`);

/**
 * The New Message patient search (spec 3 §5): a search type first (else 'Patient search failed. Select an option
 * before typing'), a term of more than 1 character, lowercased, searched after 200 ms; picking a result sets patientId.
 */
export const RecipientSearch = ({ selected, onSelected }: { selected: Recipient | null; onSelected: (r: Recipient | null) => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useInboxNotify();
  const { field, fieldState } = useInput<string>({ source: 'patientId', defaultValue: '' });
  const [type, setType] = useState<RecipientSearchType | ''>('');
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTerm(typed.trim().toLowerCase()), PATIENT_SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [typed]);
  const results = useQuery({
    queryKey: ['messages', 'recipients', type, term],
    queryFn: ({ signal }) => dataProvider.searchRecipients(type as RecipientSearchType, term, signal),
    enabled: !!type && term.length > 1,
  });
  const onType = (value: string) => {
    if (!type && value) notify('message.patientSearchFailed', 'warning');
    setTyped(value);
  };
  // react-admin keeps a validation message as a string or as { message, args }.
  const rawError = fieldState.error?.message as unknown;
  const errorText = typeof rawError === 'string' ? rawError : (rawError as { message?: string } | undefined)?.message;
  const pick = (r: Recipient | null) => {
    onSelected(r);
    field.onChange(r?.id ?? '');
  };
  if (selected && field.value === selected.id) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} aria-label={translate('message.ui.compose.selected')}>
        <Typography>
          {translate('message.ui.compose.selected')}: <strong>{recipientLine(selected)}</strong>
        </Typography>
        <Button size="small" onClick={() => pick(null)}>
          {translate('message.ui.compose.clear')}
        </Button>
      </Stack>
    );
  }
  return (
    <Box>
      <Stack direction="row" spacing={1}>
        <TextField
          select
          size="small"
          sx={{ minWidth: 140 }}
          label={translate('message.ui.compose.searchType')}
          value={type}
          onChange={(e) => setType(e.target.value as RecipientSearchType)}
        >
          {RECIPIENT_SEARCH_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {RECIPIENT_SEARCH_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          fullWidth
          label={translate('message.ui.compose.searchTerm')}
          value={typed}
          onChange={(e) => onType(e.target.value)}
          placeholder={type === 'patient_dob' ? 'YYYY-MM-DD' : undefined}
        />
      </Stack>
      {errorText && (
        <Typography color="error" variant="body2" role="alert">
          {translate(errorText, { _: errorText })}
        </Typography>
      )}
      {results.isError && <Alert severity="error">{MESSAGE_TEXT.patientSearchFailed}</Alert>}
      {results.data &&
        (results.data.length === 0 ? (
          <Typography color="text.secondary" variant="body2">
            {translate('message.ui.compose.noResults')}
          </Typography>
        ) : (
          <List dense aria-label={translate('message.ui.compose.searchTerm')} sx={{ maxHeight: 240, overflow: 'auto' }}>
            {results.data.map((r) => (
              <ListItemButton key={r.id} onClick={() => pick(r)}>
                <ListItemText primary={recipientLine(r)} />
              </ListItemButton>
            ))}
          </List>
        ))}
    </Box>
  );
};
