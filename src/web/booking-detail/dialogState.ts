import type { BookingProduct } from '../../domain/booking-detail/booking-detail';

/** The modal the screen shows (one at a time). */
export type DialogKind =
  | 'markConfirmed'
  | 'appointmentNotes'
  | 'bookingNote'
  | 'clinicalNotes'
  | 'cancel'
  | 'noShow'
  | 'patientInfo'
  | 'collectPayment'
  | 'createKit'
  | 'sendSignUpLink'
  | 'sendPayLink'
  | 'completeClinical'
  | 'completeBooking'
  | 'addProduct'
  | 'enterPaymentInfo'
  | 'identityDocuments'
  | 'verifyIdentity'
  | 'visitSummary'
  | 'chartingNotes'
  | 'labOrder'
  | 'followUp' // the lab order requisition wizard and the follow-up choices
  | 'sendPrescription'; // e-prescribing
export type DialogState = { kind: DialogKind } | { kind: 'editProduct'; product: BookingProduct } | { kind: 'preMark'; isNoShow: boolean };
export type OpenDialog = (dialog: DialogState) => void;
