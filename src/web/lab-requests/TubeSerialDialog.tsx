import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { causeOf, useLabAction } from '../lab-shared/useLabAction';

/** "Enter the test tube serial number" (M19 kits only): POST /secure/kit/covid; Enter submits. */
export const TubeSerialDialog = ({ kitId, onClose }: { kitId: string; onClose: () => void }) => {
  const translate = useTranslate();
  const [serialNumber, setSerialNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const register = useLabAction((dp, serial: string) => dp.registerCovidTube(kitId, serial), {
    success: 'lab.tubeRegistered',
    failure: () => ({ key: 'lab.tubeError' }),
    onSuccess: onClose,
    onError: (error) => setProblem(`${translate('lab.tubeError')}: ${causeOf(error)}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!serialNumber.trim()) return setProblem(translate('lab.enterRequiredValues'));
    setProblem(null);
    register.mutate(serialNumber.trim());
  };
  return (
    <Dialog open onClose={register.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="tube-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="tube-title">{translate('lab.tubeSerialTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField autoFocus required label={translate('lab.tubeSerialNumber')} value={serialNumber}
              onChange={(e) => setSerialNumber(e.target.value)} disabled={register.isPending} />
            {problem && <Alert severity="error" role="alert">{problem}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={register.isPending}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={register.isPending}>{translate('lab.submit')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

export default TubeSerialDialog;
