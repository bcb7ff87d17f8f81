import { useState, type MouseEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import type { BreakGlassTarget } from '../../../domain/break-glass/break-glass';
import { RowButton } from '../RowButton';
import { EmergencyAccess, useMayBreakGlass } from './EmergencyAccess';

/**
 * "Emergency access" on a masked row: a kit (Lab Requests, Lab Results, the kit lists) or a booking (Find Appointments).
 * The server finds the record's patient, so the row never tells the portal who it is; once granted, `to` (the record's
 * screen) opens. Nothing for users who may not break the glass. Until pressed it is a light RowButton: a page of 200
 * masked rows should not hold 200 dialogs and mutations; the press mounts EmergencyAccess with its dialog open.
 */
export const MaskedRowAccess = ({ target, to }: { target: { kitId: string } | { bookingId: string }; to: string }) => {
  const navigate = useNavigate();
  const translate = useTranslate();
  const may = useMayBreakGlass();
  const [pressed, setPressed] = useState(false);
  if (!may) return null;
  if (pressed) return <EmergencyAccess small startOpen target={target satisfies BreakGlassTarget} onGranted={() => navigate(to)} />;
  const press = (event: MouseEvent) => {
    event.stopPropagation();
    setPressed(true);
  };
  return (
    <RowButton variant="text" color="warning" onClick={press}>
      {translate('breakGlass.action')}
    </RowButton>
  );
};
