import { Link, Stack } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { Form, SaveButton, TextInput, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { calendarLinkSchema } from '../../domain/clinician/clinician-profile';
import { zodValidate } from '../providers/zodValidate';
import { LabelledValue } from '../shared/LabelledValue';
import { CLINICIAN_QUERY_KEY } from '../shared/clinicianQueries';
import { failureWithReason, useAction } from '../shared/useAction';
import { useHoldWip } from './wip';

const validate = zodValidate(calendarLinkSchema, (v: { calendarLink?: string }) => ({ calendarLink: (v.calendarLink ?? '').trim() }));

const Actions = ({ pending }: { pending: boolean }) => {
  const translate = useTranslate();
  useHoldWip('calendar', useFormState().isDirty);
  return <SaveButton label={translate('profile.updateCalendar')} alwaysEnable disabled={pending} icon={<></>} sx={{ alignSelf: 'flex-end' }} />;
};

/**
 * Manage Calendar (spec 3 §2, §7, §8): the link patients book with, set or changed through PATCH updateCalendar (an
 * https URL); 'Calendar Link has been updated' / 'Calendar Link Update Failed. {message}'. A clinician sent here
 * because the link was missing goes on to the dashboard once it is saved.
 */
export const CalendarForm = ({ calendarLink, leaveTo }: { calendarLink: string | null; leaveTo?: string }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const mutation = useAction((dp, link: string) => dp.updateCalendarLink(link), {
    success: 'profile.calendarUpdated',
    failure: failureWithReason('profile.calendarUpdateFailed', 'message', translate('profile.unknownError')),
    invalidate: [CLINICIAN_QUERY_KEY],
    onSuccess: () => {
      if (leaveTo) navigate(leaveTo);
    },
  });
  return (
    <Stack spacing={2}>
      <LabelledValue
        label={translate('ui.calendarLink')}
        value={
          calendarLink ? (
            <Link href={calendarLink} target="_blank" rel="noreferrer">
              {calendarLink}
            </Link>
          ) : (
            translate('ui.noCalendarLink')
          )
        }
      />
      <Form
        key={calendarLink ?? ''}
        defaultValues={{ calendarLink: calendarLink ?? '' }}
        validate={validate}
        onSubmit={(v: Record<string, unknown>) => mutation.mutate(String(v.calendarLink ?? '').trim())}
        noValidate
      >
        <Stack spacing={1}>
          <TextInput
            source="calendarLink"
            label={translate('profile.field.calendarLink')}
            type="url"
            fullWidth
            helperText={translate('profile.calendarHelp')}
          />
          <Actions pending={mutation.isPending} />
        </Stack>
      </Form>
    </Stack>
  );
};
