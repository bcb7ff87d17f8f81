import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { greetingFor, UNKNOWN_NAME } from '../../domain/dashboard/greeting';
import { GREETING_KEYS } from '../../domain/shared/ui-texts';

/** "<Good Morning|Good Afternoon|Good Evening>, <first name>" in the browser's time zone (spec 1 §1). */
export const Greeting = ({ firstName, fallbackName, now = new Date() }: { firstName?: string; fallbackName?: string; now?: Date }) => {
  const translate = useTranslate();
  const greeting = translate(`ui.${GREETING_KEYS[greetingFor(now.getHours())]}`);
  // The id token's given_name wins; the clinician profile's first name stands in for UNKNOWN.
  const name = firstName && firstName !== UNKNOWN_NAME ? firstName : fallbackName || firstName || UNKNOWN_NAME;
  return (
    <Typography variant="h4" component="h1">
      {translate('ui.greeting', { greeting, name })}
    </Typography>
  );
};
