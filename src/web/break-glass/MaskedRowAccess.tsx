import { useNavigate } from 'react-router';
import type { BreakGlassTarget } from '../../domain/break-glass';
import { EmergencyAccess } from './EmergencyAccess';

/**
 * "Emergency access" on a masked row: a kit (Lab Requests, Lab Results, the kit lists) or a booking (Find Appointments).
 * The server finds the record's patient, so the row never tells the portal who it is; once granted, `to` (the record's
 * screen) opens. Nothing for users who may not break the glass.
 */
export const MaskedRowAccess = ({ target, to }: { target: { kitId: string } | { bookingId: string }; to: string }) => {
  const navigate = useNavigate();
  return <EmergencyAccess small target={target satisfies BreakGlassTarget} onGranted={() => navigate(to)} />;
};
