import {
  Alert,
  Autocomplete,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useController, useWatch } from 'react-hook-form';
import { TextInput, useTranslate } from 'react-admin';
import type { BookingDetail } from '../../../domain/booking-detail/booking-detail';
import type { CompendiumEntry } from '../../../domain/kits/kits';
import { careLocationLabel } from '../../../domain/kits/kits';
import {
  chooseEntry,
  compendiumGroup,
  groupedCompendium,
  LAB_WIZARD_MAX_CHIPS,
  LAB_WIZARD_VENDOR,
  subTestDisabled,
  toggleSubTest,
  type WizardTest,
} from '../../../domain/lab/lab-order-wizard';

const L = 'labWizard.labels';

const Line = ({ label, value }: { label: string; value: string | null | undefined }) => {
  const translate = useTranslate();
  return (
    <Typography variant="body2">
      <strong>{translate(label)}:</strong> {value?.trim() ? value : translate(`${L}.notSet`)}
    </Typography>
  );
};

/** Step 0, Patient Name: who the order is for (from the booking). */
export const PatientStep = ({ booking: b }: { booking: BookingDetail }) => (
  <Stack spacing={1} data-testid="lab-wizard-patient">
    <Line label={`${L}.patientName`} value={`${b.firstName} ${b.lastName}`} />
    <Line label={`${L}.dob`} value={b.dob} />
    <Line label={`${L}.sexAtBirth`} value={b.genderAtBirth} />
    <Line label={`${L}.email`} value={b.email} />
    <Line label={`${L}.booking`} value={b.id} />
  </Stack>
);

/** Step 1, Vendor: fixed at LIFESCAN (spec 2 §9). */
export const VendorStep = () => {
  const translate = useTranslate();
  return (
    <TextField select label={translate(`${L}.vendor`)} value={LAB_WIZARD_VENDOR} disabled fullWidth>
      <MenuItem value={LAB_WIZARD_VENDOR}>{LAB_WIZARD_VENDOR}</MenuItem>
    </TextField>
  );
};

/**
 * Step 2, Tests: the compendium of the booking's care location in one multi-select grouped 'Panel' / 'Individual
 * Test' (at most 4 chips shown), then each chosen panel's sub-tests, the non-editable ones disabled.
 */
export const TestsStep = ({ compendium, loading, failed }: { compendium: CompendiumEntry[]; loading: boolean; failed: boolean }) => {
  const translate = useTranslate();
  const { field } = useController<{ tests: WizardTest[] }, 'tests'>({ name: 'tests' });
  const tests = field.value ?? [];
  const options = groupedCompendium(compendium);
  const chosen = tests.map((t) => options.find((o) => o.testCode === t.testCode)).filter((e): e is CompendiumEntry => !!e);
  if (failed) return <Alert severity="error">{translate(`${L}.compendiumFailed`)}</Alert>;
  return (
    <Stack spacing={2}>
      <Autocomplete<CompendiumEntry, true>
        multiple
        options={options}
        loading={loading}
        value={chosen}
        groupBy={(o) => compendiumGroup(o)}
        getOptionLabel={(o) => o.testOrPanelName}
        isOptionEqualToValue={(o, v) => o.testCode === v.testCode}
        limitTags={LAB_WIZARD_MAX_CHIPS}
        disableCloseOnSelect
        onChange={(_, next) => field.onChange(next.map((e) => tests.find((t) => t.testCode === e.testCode) ?? chooseEntry(e)))}
        renderValue={(value, getItemProps) =>
          value.map((o, index) => {
            const { key, ...props } = getItemProps({ index });
            return <Chip key={key} size="small" label={o.testOrPanelName} {...props} />;
          })
        }
        renderInput={(params) => (
          <TextField {...params} label={translate(`${L}.tests`)} helperText={loading ? translate(`${L}.compendiumLoading`) : undefined} />
        )}
        renderOption={(props, o) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              {o.testOrPanelName}
            </li>
          );
        }}
      />
      {chosen
        .filter((e) => e.panel)
        .map((e) => {
          const kept = tests.find((t) => t.testCode === e.testCode)?.specs ?? [];
          return (
            <FormGroup key={e.testCode} aria-label={translate(`${L}.subTests`, { panel: e.testOrPanelName })}>
              <FormLabel>{translate(`${L}.subTests`, { panel: e.testOrPanelName })}</FormLabel>
              {e.specifications.map((s) => (
                <FormControlLabel
                  key={s.testCode}
                  label={s.testName}
                  control={
                    <Checkbox
                      size="small"
                      checked={kept.includes(s.testCode)}
                      disabled={subTestDisabled(s)}
                      onChange={() => field.onChange(toggleSubTest(tests, e, s.testCode))}
                    />
                  }
                />
              ))}
            </FormGroup>
          );
        })}
      {loading && <CircularProgress size={20} aria-label={translate(`${L}.compendiumLoading`)} />}
    </Stack>
  );
};

/** Step 3, Complete: when the sample was collected (the request time is the submission's). */
export const CompleteStep = () => (
  <TextInput
    source="collection"
    type="datetime-local"
    label={`${L}.collection`}
    parse={(v: string) => v}
    helperText={false}
    slotProps={{ inputLabel: { shrink: true } }}
  />
);

/** Step 4, Review: everything the order will carry. */
export const ReviewStep = ({ booking: b, compendium }: { booking: BookingDetail; compendium: CompendiumEntry[] }) => {
  const translate = useTranslate();
  const tests = useWatch<{ tests: WizardTest[] }, 'tests'>({ name: 'tests' }) ?? [];
  const collection = useWatch<{ collection: string }, 'collection'>({ name: 'collection' });
  return (
    <Stack spacing={1} data-testid="lab-wizard-review">
      <Line label={`${L}.patientName`} value={`${b.firstName} ${b.lastName}`} />
      <Line label={`${L}.sexAtBirth`} value={b.genderAtBirth} />
      <Line label={`${L}.vendor`} value={LAB_WIZARD_VENDOR} />
      <Line label={`${L}.careLocation`} value={careLocationLabel(b.careLocation.name)} />
      <Line label={`${L}.collection`} value={collection ? new Date(collection).toLocaleString() : null} />
      <Typography variant="body2">
        <strong>{translate(`${L}.tests`)}:</strong>
      </Typography>
      <Stack component="ul" sx={{ m: 0, pl: 3 }}>
        {tests.map((t) => {
          const e = compendium.find((c) => c.testCode === t.testCode);
          if (!e) return null;
          const names = e.specifications.filter((s) => t.specs.includes(s.testCode)).map((s) => s.testName);
          return (
            <li key={t.testCode}>
              <Typography variant="body2">
                {e.testOrPanelName}
                {names.length ? ` (${names.join(', ')})` : ''}
              </Typography>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
};
