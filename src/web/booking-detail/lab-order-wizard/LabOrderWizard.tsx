import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Step, StepLabel, Stepper } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Form, useDataProvider, useGetIdentity, useNotify, useStore, useTranslate } from 'react-admin';
import type { BookingDetail } from '../../../domain/booking-detail/booking-detail';
import { BOOKING_TOAST_MS } from '../../../domain/bookings/booking-texts';
import { KIT_TEXTS } from '../../../domain/i18n/en/kit';
import {
  LAB_WIZARD_LAST_STEP,
  LAB_WIZARD_VENDOR,
  localDateTime,
  stepError,
  submitRefusal,
  toLabOrderRequest,
  wizardButtons,
  type LabWizardValues,
} from '../../../domain/lab/lab-order-wizard';
import { LAB_WIZARD_STEPS } from '../../../domain/i18n/en/lab-wizard';
import { patientProfilePath } from '../../shared/links';
import { openInNewTab } from '../../providers/newTab';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { SubmitButton } from '../../shared/SubmitButton';
import { useAction } from '../../shared/useAction';
import { CompleteStep, PatientStep, ReviewStep, TestsStep, VendorStep } from './WizardSteps';

interface Draft {
  step: number;
  values: LabWizardValues;
}

/**
 * Escape typed in a field (the Tests list, a date) belongs to that field (it closes its option list): it must not close
 * the wizard and lose the choices. Escape elsewhere in the wizard, and a click outside it, close it as usual.
 */
const escapeInField = (event: object, reason: string) =>
  reason === 'escapeKeyDown' &&
  (event as Event).target instanceof Element &&
  !!((event as Event).target as Element).closest('input, textarea, select, [role="combobox"], [role="listbox"]');
const emptyValues = (): LabWizardValues => ({ labName: LAB_WIZARD_VENDOR, tests: [], collection: localDateTime(Date.now()) });

/**
 * The Lab Order Requisition wizard of a booking (spec 2 §2.5, §4, §5, §8): Patient Name, Vendor (LIFESCAN), Tests
 * (the compendium of the booking's care location), Complete (sample collection time), Review. Back above step 0, Next
 * below step 4 (refused with the step's rule), Save as draft and Submit on step 4. The draft lives in react-admin's
 * store (memory: nothing of it reaches browser storage) for this booking until it is submitted. Submit without the
 * patient's genderAtBirth shows the spec's text and reveals Update Patient Profile; success toasts 'Lab Order Created
 * Successfully' and re-reads the booking, whose Kit/Lab Orders section then lists the new order.
 */
export const LabOrderWizard = ({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) => {
  const [draft, setDraft] = useStore<Draft | null>(`labOrderDraft.${booking.id}`, null);
  return (
    <Form defaultValues={draft?.values ?? emptyValues()} noValidate>
      <WizardBody booking={booking} onClose={onClose} startStep={draft?.step ?? 0} setDraft={setDraft} />
    </Form>
  );
};

function WizardBody({
  booking: b,
  onClose,
  startStep,
  setDraft,
}: {
  booking: BookingDetail;
  onClose: () => void;
  startStep: number;
  setDraft: (d: Draft | null) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { identity } = useGetIdentity();
  const { getValues } = useFormContext<LabWizardValues>();
  const [step, setStep] = useState(startStep);
  const [error, setError] = useState<string | null>(null);
  const [needsProfile, setNeedsProfile] = useState(false);
  const location = b.careLocation.name;
  const compendium = useQuery({
    queryKey: ['labOrder', 'testCompendium', LAB_WIZARD_VENDOR, location],
    queryFn: () => dataProvider.testCompendium(LAB_WIZARD_VENDOR, location),
    staleTime: 10 * 60_000,
    retry: false,
  });
  const entries = compendium.data ?? [];
  // a double click or a resend orders once (Idempotency-Key)
  const create = useAction(
    (dp, values: LabWizardValues, key?: string) =>
      dp.createLabOrder(
        toLabOrderRequest(
          values,
          { id: b.id, patientId: b.patientId, careLocation: location },
          entries,
          identity?.id ? String(identity.id) : null,
          Date.now(),
        ),
        key!,
      ),
    {
      idempotent: true,
      success: 'bookingDetail.labOrderCreated',
      // The server applies the genderAtBirth rule too (the patient may have changed meanwhile): said in the dialog.
      failure: (e) => (e.message?.includes(KIT_TEXTS.sexAtBirthMissing) ? null : { key: 'bookingDetail.labOrderFailed' }),
      autoHideDuration: BOOKING_TOAST_MS.default,
      invalidate: ['bookings'], // the booking, its parts and the lists
      onSuccess: () => {
        setDraft(null);
        onClose();
      },
      onError: (e) => {
        if (e.message?.includes(KIT_TEXTS.sexAtBirthMissing)) {
          setError(KIT_TEXTS.sexAtBirthMissing);
          setNeedsProfile(true);
          return;
        }
        setError(e.message || null);
      },
    },
  );
  const buttons = wizardButtons(step);
  const check = (at: number) => stepError(at, getValues(), { patientId: b.patientId, nowMs: Date.now() }, entries);
  const next = () => {
    const problem = check(step);
    setError(problem);
    if (!problem) setStep((s) => Math.min(LAB_WIZARD_LAST_STEP, s + 1));
  };
  const back = () => {
    setError(null);
    setStep((s) => Math.max(0, s - 1));
  };
  const saveDraft = () => {
    setDraft({ step, values: getValues() });
    notify('labWizard.draftSaved', { type: 'success', autoHideDuration: BOOKING_TOAST_MS.default });
    onClose();
  };
  const submit = () => {
    const refusal = submitRefusal(b.genderAtBirth);
    if (refusal) {
      setError(refusal);
      setNeedsProfile(true);
      return;
    }
    const problem = check(LAB_WIZARD_LAST_STEP);
    setError(problem);
    if (!problem) create.mutate(getValues());
  };
  const pending = create.isPending;
  return (
    <Dialog
      open
      onClose={
        pending
          ? undefined
          : (event, reason) => {
              if (!escapeInField(event, reason)) onClose();
            }
      }
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{translate('labWizard.title')}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 2 }}>
          {LAB_WIZARD_STEPS.map((s, i) => (
            <Step key={s}>
              <StepLabel>{translate(`labWizard.steps.${i}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {buttons.back && (
          <Button onClick={back} disabled={pending} sx={{ mb: 1 }}>
            {translate('labWizard.back')}
          </Button>
        )}
        <Box role="group" aria-label={translate(`labWizard.steps.${step}`)} sx={{ minHeight: 160 }}>
          {step === 0 && <PatientStep booking={b} />}
          {step === 1 && <VendorStep />}
          {step === 2 && <TestsStep compendium={entries} loading={compendium.isPending} failed={compendium.isError} />}
          {step === 3 && <CompleteStep />}
          {step === 4 && <ReviewStep booking={b} compendium={entries} />}
        </Box>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {translate(error, { _: error })}
          </Alert>
        )}
        {needsProfile && (
          <Button variant="outlined" sx={{ mt: 1 }} onClick={() => openInNewTab(patientProfilePath(b.patientId))}>
            {translate('labWizard.updatePatientProfile')}
          </Button>
        )}
        {buttons.next && (
          <Box sx={{ mt: 2 }}>
            <Button variant="contained" onClick={next}>
              {translate('labWizard.next')}
            </Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {translate('ra.action.close')}
        </Button>
        {buttons.saveDraft && (
          <Button onClick={saveDraft} disabled={pending}>
            {translate('labWizard.saveDraft')}
          </Button>
        )}
        {buttons.submit && (
          <SubmitButton onClick={submit} pending={pending}>
            {translate('labWizard.submit')}
          </SubmitButton>
        )}
      </DialogActions>
    </Dialog>
  );
}
