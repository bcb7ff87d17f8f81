import { Alert, Button, Checkbox, DialogActions, DialogContent, FormControlLabel, List, ListItem, ListItemText, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { LabRow } from '../../domain/lab/lab-api';
import { groupResults } from '../../domain/lab/result-classification';

/**
 * The rejected-results notice (spec 1 §4): lists the results that are neither positive nor negative;
 * continuing needs "This has been resolved", else "you must check that this has been resolved before moving on".
 */
export const ResolutionStep = ({ results, onContinue, onCancel }: { results: LabRow['results']; onContinue: () => void; onCancel: () => void }) => {
  const translate = useTranslate();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState(false);
  const groups = groupResults(results);
  const unresolved = [...groups.INCONCLUSIVE, ...groups.OTHER];
  const next = () => {
    if (!checked) return setError(true);
    onContinue();
  };
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning" role="note">
            {translate('lab.rejectedResultsNotice')}
          </Alert>
          <List dense aria-label={translate('lab.colResults')}>
            {unresolved.map((line, i) => (
              <ListItem key={`${line.testName}-${i}`} divider>
                <ListItemText primary={line.testName} secondary={[line.result, line.units].filter(Boolean).join(' ') || '—'} />
              </ListItem>
            ))}
          </List>
          <FormControlLabel
            control={
              <Checkbox
                autoFocus
                checked={checked}
                onChange={(_, value) => {
                  setChecked(value);
                  setError(false);
                }}
              />
            }
            label={translate('lab.thisHasBeenResolved')}
          />
          {error && (
            <Alert severity="error" role="alert">
              {translate('lab.mustResolve')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={next}>
          {translate('lab.continue')}
        </Button>
      </DialogActions>
    </>
  );
};
