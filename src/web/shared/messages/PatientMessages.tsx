import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { MessageShow } from './MessageShow';
import { MessageTable } from './MessageTable';

/**
 * The patient profile's Message tab (spec 3 §2): the patient's messages (Inbox table) and, for the one chosen, the
 * message detail with Update Status, in place.
 */
export const PatientMessages = ({ patientId }: { patientId: string }) => {
  const translate = useTranslate();
  const [openId, setOpenId] = useState<string | null>(null);
  if (openId) {
    return (
      <Stack spacing={1}>
        <Button sx={{ alignSelf: 'flex-start' }} onClick={() => setOpenId(null)}>
          {translate('ra.action.back')}
        </Button>
        <MessageShow id={openId} resource="patient-messages" />
      </Stack>
    );
  }
  return <MessageTable kind="patient" filter={{ patientId }} onOpen={(m) => setOpenId(m.id)} />;
};
