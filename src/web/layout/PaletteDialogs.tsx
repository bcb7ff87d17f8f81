import {
  Autocomplete,
  Box,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  ListSubheader,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { patientQueryOf, patientTarget, recordTargets, screenTargets, type PaletteTarget } from '../../domain/shared/palette';
import { PALETTE_TEXTS } from '../../domain/i18n/en/palette';
import type { PortalDataProvider } from '../providers/dataProvider';
import { usePortalPermissions } from '../providers/permissions';
import { useDebouncedValue } from '../shared/useDebouncedValue';

const T = 'ui.palette';

/** The command palette's dialogs (CommandPalette.tsx), downloaded the first time one of them is opened. */
export const PaletteDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { permissions } = usePortalPermissions();
  const roles = permissions?.roles ?? [];
  const [text, setText] = useState('');
  const query = patientQueryOf(useDebouncedValue(text, 250));
  const patients = useQuery({
    queryKey: ['palette', 'patients', query],
    queryFn: ({ signal }) => dataProvider.searchPatients(query!.type, query!.term, signal),
    enabled: query !== null && roles.length > 0,
    staleTime: 30_000,
  });
  const options: PaletteTarget[] = [
    ...recordTargets(text),
    ...(patients.data ?? [])
      .filter((p) => !p.masked)
      .slice(0, 8)
      .map(patientTarget),
    ...screenTargets(roles, text),
  ];
  const go = (target: PaletteTarget | null) => {
    if (!target) return;
    onClose();
    navigate(target.to);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="palette-title">
      <DialogTitle id="palette-title">{translate(`${T}.title`)}</DialogTitle>
      <DialogContent>
        <Autocomplete<PaletteTarget>
          openOnFocus
          autoHighlight
          options={options}
          filterOptions={(o) => o}
          getOptionLabel={(o) => o.label}
          groupBy={(o) => translate(`${T}.kinds.${o.kind}`)}
          // A group of options as ARIA has it (listbox > group > option, named by its heading): MUI's default wraps the
          // options in a plain list item and list, which a listbox may not contain.
          renderGroup={({ key, group, children }) => (
            <li key={key} role="group" aria-labelledby={`palette-group-${key}`}>
              <ListSubheader id={`palette-group-${key}`} component="div" sx={{ top: -8 }}>
                {group}
              </ListSubheader>
              <Box component="ul" role="none" sx={{ p: 0 }}>
                {children}
              </Box>
            </li>
          )}
          isOptionEqualToValue={(a, b) => a.to === b.to}
          loading={patients.isFetching}
          loadingText={translate(`${T}.searching`)}
          noOptionsText={translate(`${T}.noMatch`)}
          inputValue={text}
          onInputChange={(_e, value) => setText(value)}
          onChange={(_e, value) => go(value)}
          // A palette closes on one Escape, as in editors: the list of targets is the palette itself, so MUI's own
          // first Escape (close the list, keep the dialog) would only leave an empty box.
          onKeyDown={(e: KeyboardEvent & { defaultMuiPrevented?: boolean }) => {
            if (e.key === 'Escape') e.defaultMuiPrevented = true;
          }}
          renderOption={({ key, ...props }, o) => (
            <Box component="li" key={key} {...props}>
              <Box>
                <Typography variant="body2">
                  {o.kind === 'kit' || o.kind === 'booking' ? translate(`${T}.${o.kind}`, { id: o.label }) : o.label}
                </Typography>
                {o.kind === 'patient' && o.detail && (
                  <Typography variant="caption" color="text.secondary">
                    {o.detail}
                  </Typography>
                )}
              </Box>
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              size="small"
              placeholder={translate(`${T}.placeholder`)}
              inputProps={{ ...params.inputProps, 'aria-label': translate(`${T}.title`) }}
            />
          )}
        />
      </DialogContent>
    </Dialog>
  );
};

export const ShortcutsDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcuts-title">
      <DialogTitle id="shortcuts-title">{translate(`${T}.helpTitle`)}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {PALETTE_TEXTS.shortcuts.map((s, i) => (
              <TableRow key={s.keys}>
                <TableCell>
                  <Chip size="small" label={s.keys} />
                </TableCell>
                <TableCell>{translate(`${T}.shortcuts.${i}.action`, { _: s.action })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
    </Dialog>
  );
};
