import { Alert, Link, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { KitDetail } from '../../domain/kits/kits';
import { personName } from '../../domain/lab/lab-templates';
import { MASK } from '../../domain/shared/masking';
import { consentChangeRefusal, PASS_STATUS_KEYS, passStatus } from '../../domain/kits/pass';
import { msgReasonOf } from '../providers/errorReason';
import { usePortalPermissions } from '../providers/permissions';
import { ActionConfirm } from '../shared/ActionConfirm';
import { useAction } from '../shared/useAction';
import { FieldGrid, Section } from './KitFields';

/**
 * Patient Details (spec 1 §2): the red PENDING PATIENT REGISTRATION banner without a patient; name, email, DOB,
 * sex, phone, state and PASS status (src/domain/kits/pass); Change Consent Status asks for confirmation, then sets the
 * PASS member's consent (pessimistic: the dialog waits for the server; success or failure toast; the kit is
 * re-read). Not offered, with the reason in a tooltip, for non-members, masked rows and read-only roles.
 */
export const PatientDetailsCard = ({ kit }: { kit: KitDetail }) => {
  const translate = useTranslate();
  const { permissions } = usePortalPermissions();
  const [consentOpen, setConsentOpen] = useState(false);
  const p = kit.patient;
  const refusal = consentChangeRefusal(p);
  const disabledReason = refusal ? `kit.pass.reasons.${refusal}` : permissions?.readOnly ? 'kit.pass.reasons.readOnly' : null;
  const sharing = p?.shareWIthPass === true;
  const change = useAction((dp) => dp.changePassConsent(p!.userId, !sharing), {
    success: 'kit.pass.consentChanged',
    failure: (error) => ({ key: 'kit.pass.consentFailed', args: { reason: msgReasonOf(error).reason } }),
    invalidate: [['kits', 'getOne', { id: kit.kitId }]],
    onSettled: () => setConsentOpen(false),
  });
  const status = !p
    ? ''
    : p.passMember === MASK || p.shareWIthPass === MASK
      ? MASK
      : translate(PASS_STATUS_KEYS[passStatus({ passMember: p.passMember, shareWIthPass: p.shareWIthPass })]);
  const link = (
    <Link
      component="button"
      type="button"
      disabled={!!disabledReason}
      onClick={() => setConsentOpen(true)}
      sx={{ alignSelf: 'flex-start', '&[disabled]': { color: 'text.disabled', cursor: 'default', textDecoration: 'none' } }}
    >
      {translate('kit.changeConsentStatus')}
    </Link>
  );
  return (
    <Section id="kit-patient" title="kit.patientDetails">
      {!p ? (
        <Alert severity="error" variant="filled" icon={false} sx={{ fontWeight: 700, justifyContent: 'center' }} data-testid="pending-registration">
          {translate('kit.rules.pendingPatientRegistration')}
        </Alert>
      ) : (
        <Stack spacing={1}>
          <FieldGrid
            fields={[
              ['kit.name', personName(p.firstName, p.lastName) || p.name],
              ['kit.email', p.email],
              ['kit.dob', p.dob],
              ['kit.sex', p.genderAtBirth ?? p.gender],
              ['kit.phone', p.phoneNumber],
              ['kit.state', p.address.region],
              ['kit.passStatus', status],
            ]}
          />
          {disabledReason ? (
            <Tooltip title={translate(disabledReason)}>
              {/* a disabled button fires no events: the span carries the tooltip and is focusable for keyboard users */}
              <span
                tabIndex={0}
                aria-label={`${translate('kit.changeConsentStatus')}: ${translate(disabledReason)}`}
                style={{ alignSelf: 'flex-start' }}
              >
                {link}
              </span>
            </Tooltip>
          ) : (
            link
          )}
        </Stack>
      )}
      <ActionConfirm
        isOpen={consentOpen}
        title="kit.changeConsentTitle"
        content={sharing ? 'kit.pass.stopSharingQuestion' : 'kit.pass.startSharingQuestion'}
        confirm={sharing ? 'kit.pass.stopSharing' : 'kit.pass.startSharing'}
        cancel="ra.action.cancel"
        loading={change.isPending}
        onConfirm={() => change.mutate()}
        onClose={() => !change.isPending && setConsentOpen(false)}
      />
    </Section>
  );
};
