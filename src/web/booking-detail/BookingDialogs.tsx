import type { BookingDetail } from '../../domain/booking-detail/booking-detail';
import { ChartNoteDialog } from '../shared/chart-notes/ChartNoteDialog';
import { AddProductDialog } from './AddProductDialog';
import { CollectPaymentDialog } from './CollectPaymentDialog';
import { CompleteBookingDialog, CompleteClinicalDialog } from './CompleteDialogs';
import { CreateKitDialog } from './CreateKitDialog';
import type { DialogState } from './dialogState';
import { EditProductDialog } from './EditProductDialog';
import { EnterPaymentInfoDialog } from './EnterPaymentInfoDialog';
import { IdentityDocumentsDialog, VerifyIdentityDialog } from './IdentityDialogs';
import { SendPayLinkDialog, SendSignUpLinkDialog } from './LinkDialogs';
import { PatientInfoDialog } from './PatientInfoDialog';
import { PreMarkDialog } from './PreMarkDialog';
import { AppointmentNotesDialog, CancelDialog, ClinicalNotesDialog, MarkConfirmedDialog } from './ReasonDialogs';
import { VisitSummaryDialog } from '../shared/bookings/VisitSummaryDialog';
import { LabOrderWizard } from './lab-order-wizard/LabOrderWizard';
import { FollowUpDialog } from '../shared/follow-up/FollowUpDialog';
import { SendPrescriptionDialog } from '../shared/prescriptions/SendPrescriptionDialog';

/** The open modal of the screen (mounted only while open, so each starts empty). */
export const BookingDialogs = ({ booking, dialog, onClose }: { booking: BookingDetail; dialog: DialogState | null; onClose: () => void }) => {
  if (!dialog) return null;
  const p = { booking, onClose };
  switch (dialog.kind) {
    case 'markConfirmed':
      return <MarkConfirmedDialog {...p} />;
    case 'appointmentNotes':
      return <AppointmentNotesDialog {...p} />;
    case 'bookingNote':
      return <AppointmentNotesDialog {...p} withDemographics />;
    case 'clinicalNotes':
      return <ClinicalNotesDialog {...p} />;
    case 'cancel':
      return <CancelDialog {...p} isNoShow={false} />;
    case 'noShow':
      return <CancelDialog {...p} isNoShow />;
    case 'patientInfo':
      return <PatientInfoDialog {...p} />;
    case 'collectPayment':
      return <CollectPaymentDialog {...p} />;
    case 'createKit':
      return <CreateKitDialog {...p} />;
    case 'sendSignUpLink':
      return <SendSignUpLinkDialog {...p} />;
    case 'sendPayLink':
      return <SendPayLinkDialog {...p} />;
    case 'completeClinical':
      return <CompleteClinicalDialog {...p} />;
    case 'completeBooking':
      return <CompleteBookingDialog {...p} />;
    case 'addProduct':
      return <AddProductDialog {...p} />;
    case 'editProduct':
      return <EditProductDialog {...p} product={dialog.product} />;
    case 'preMark':
      return <PreMarkDialog {...p} isNoShow={dialog.isNoShow} />;
    case 'enterPaymentInfo':
      return <EnterPaymentInfoDialog {...p} />;
    case 'identityDocuments':
      return <IdentityDocumentsDialog {...p} />;
    case 'verifyIdentity':
      return <VerifyIdentityDialog {...p} />;
    case 'visitSummary':
      return <VisitSummaryDialog {...p} />;
    case 'labOrder':
      return <LabOrderWizard {...p} />;
    case 'followUp':
      return <FollowUpDialog {...p} />;
    case 'chartingNotes':
      return (
        <ChartNoteDialog
          open
          onClose={onClose}
          personId={booking.patientId}
          patientName={`${booking.firstName} ${booking.lastName}`}
          referenceId={booking.id}
          referenceType="BOOKING"
        />
      );
    case 'sendPrescription': // e-prescribing
      return (
        <SendPrescriptionDialog
          source={{ patientId: booking.patientId, patientName: `${booking.firstName} ${booking.lastName}`, bookingId: booking.id }}
          onClose={onClose}
        />
      );
    default:
      return null;
  }
};
