import type { AccessLogMethods } from './accessLogMethods';
import type { BookingMethods } from './bookingMethods';
import type { ChartNoteMethods } from './chartNoteMethods';
import type { ClinicianMethods } from './clinicianMethods';
import type { DashboardMethods } from './dashboardMethods';
import type { ApiFetch } from './httpClient';
import type { KitMethods } from './kitMethods';
import type { LabMethods } from './labMethods';
import type { LabOrderMethods } from './labOrderMethods';
import type { MessageMethods } from './messageMethods';
import type { PatientMethods } from './patientMethods';
import type { PaymentMethods } from './paymentMethods';
import type { PrescriptionMethods } from './prescriptionMethods';
import type { SuperAdminMethods } from './superAdminMethods';
import type { TemplateMethods } from './templateMethods';
import type { TranscriptionMethods } from './transcriptionMethods';

/*
 * The features' named dataProvider methods (providers/<feature>Methods.ts), each feature's module downloaded on the
 * first call of one of its methods: the sign-in page and the dashboard do not load every feature's calls. Every
 * method of these modules answers a promise, so a method that first waits for its module keeps its exact signature.
 */

/** Each method name of T (a compile error when one is missing or unknown), for methods that all return promises. */
type MethodNames<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? true : never };

type Methods = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** A feature's method names (checked against its interface) and its module's factory, loaded on demand. */
interface Feature {
  names: string[];
  load: () => Promise<(api: ApiFetch) => Methods>;
}

const feature = <T>(names: MethodNames<T>, load: () => Promise<(api: ApiFetch) => T>): Feature => ({
  names: Object.keys(names),
  load: load as unknown as Feature['load'],
});

/** Every feature module: its method names and how to load its factory. A new feature adds one line here. */
const FEATURES: Feature[] = [
  feature<LabMethods>(
    {
      labAssign: true,
      labApprove: true,
      labReject: true,
      saveResultNotes: true,
      releaseResultNotes: true,
      overrideAutoRelease: true,
      registerCovidTube: true,
      requestAppointment: true,
      messagePatient: true,
      getResultForm: true,
      createTestResult: true,
      uploadResultFile: true,
    },
    () => import('./labMethods').then((m) => m.createLabMethods),
  ),
  feature<TranscriptionMethods>(
    {
      startTranscription: true,
      latestTranscription: true,
      setTranscriptionStatus: true,
      submitTranscription: true,
      transcriptionAudioUrl: true,
      transcriptionOutput: true,
      transcriptionSummary: true,
      consumeTranscription: true,
      putTranscriptionAudio: true,
      startTranscriptionUpload: true,
      uploadTranscriptionPart: true,
      completeTranscriptionUpload: true,
      abortTranscriptionUpload: true,
    },
    () => import('./transcriptionMethods').then((m) => m.createTranscriptionMethods),
  ),
  feature<MessageMethods>(
    {
      newMessageCount: true,
      annotateMessages: true,
      sendSecureMessage: true,
      replyToMessage: true,
      searchRecipients: true,
      messageRecipient: true,
      uploadMessageAttachment: true,
      deleteMessageAttachment: true,
      downloadMessageAttachment: true,
    },
    () => import('./messageMethods').then((m) => m.createMessageMethods),
  ),
  feature<PatientMethods>({ searchPatients: true, patientProfilePic: true, kitTestResult: true }, () =>
    import('./patientMethods').then((m) => m.createPatientMethods),
  ),
  feature<AccessLogMethods>({ getAuditChainStatus: true, getAuditChainSummary: true, getDisclosuresPdf: true }, () =>
    import('./accessLogMethods').then((m) => m.createAccessLogMethods),
  ),
  feature<SuperAdminMethods>(
    {
      commerceProducts: true,
      commerceShippingMethods: true,
      createSaleorOrder: true,
      ordersByEmail: true,
      uploadLabcorpResult: true,
      addToGroup: true,
    },
    () => import('./superAdminMethods').then((m) => m.createSuperAdminMethods),
  ),
  feature<PaymentMethods>({ orderPaySummary: true, createCheckout: true, payBookingWithCheckout: true }, () =>
    import('./paymentMethods').then((m) => m.createPaymentMethods),
  ),
  feature<BookingMethods>(
    {
      calendarBookings: true,
      updateBookingStatus: true,
      addBookingTag: true,
      assignBookingToMe: true,
      bookingOnboardStatus: true,
      bookingDocuments: true,
      bookingOrderSummary: true,
      bookingOutbox: true,
      bookingOrderPaySummary: true,
      bookingCatalogue: true,
      portalContent: true,
      updateBookingPatientInfo: true,
      addBookingNotes: true,
      addBookingClinicalNotes: true,
      verifyBookingIdentity: true,
      cancelBooking: true,
      preMarkBooking: true,
      completeBookingClinical: true,
      completeBooking: true,
      confirmBooking: true,
      updateBookingProduct: true,
      deleteBookingProduct: true,
      addBookingProduct: true,
      collectBookingPayment: true,
      sendBookingPatientSummary: true,
      sendBookingSignUpLink: true,
      sendBookingPayLink: true,
      orderBookingKit: true,
      uploadBookingDocument: true,
    },
    () => import('./bookingMethods').then((m) => m.createBookingMethods),
  ),
  feature<ChartNoteMethods>({ listChartNotes: true, latestChartNoteDraft: true, createChartNote: true, updateChartNote: true, npiByName: true }, () =>
    import('./chartNoteMethods').then((m) => m.createChartNoteMethods),
  ),
  feature<KitMethods>(
    {
      changePassConsent: true,
      sendResultToPass: true,
      kitLabelUrl: true,
      presignedFileUrl: true,
      usersReport: true,
      runKitAction: true,
      manifestPdf: true,
    },
    () => import('./kitMethods').then((m) => m.createKitMethods),
  ),
  feature<LabOrderMethods>({ testCompendium: true, createLabOrder: true, clinicianBookingSummary: true }, () =>
    import('./labOrderMethods').then((m) => m.createLabOrderMethods),
  ),
  feature<PrescriptionMethods>(
    {
      createPrescribingPatient: true,
      updatePhotonErxPatientId: true,
      patientPrescriptions: true,
      createPrescription: true,
      prescribingFormulary: true,
    },
    () => import('./prescriptionMethods').then((m) => m.createPrescriptionMethods),
  ),
  feature<ClinicianMethods>({ createClinicianProfile: true, updateClinicianProfile: true, updateCalendarLink: true, verifyLicence: true }, () =>
    import('./clinicianMethods').then((m) => m.createClinicianMethods),
  ),
  feature<DashboardMethods>({ dashboardSummary: true, dashboardCard: true }, () =>
    import('./dashboardMethods').then((m) => m.createDashboardMethods),
  ),
  feature<TemplateMethods>({ resultTemplates: true }, () => import('./templateMethods').then((m) => m.createTemplateMethods)),
];

export type FeatureMethods = LabMethods &
  TranscriptionMethods &
  MessageMethods &
  PatientMethods &
  AccessLogMethods &
  SuperAdminMethods &
  PaymentMethods &
  BookingMethods &
  ChartNoteMethods &
  KitMethods &
  LabOrderMethods &
  PrescriptionMethods &
  ClinicianMethods &
  DashboardMethods &
  TemplateMethods;

/**
 * Every feature method over `api`: a call loads the feature's module once (per provider), then runs the real method.
 * A failed download is not kept, so the next call tries again.
 */
export function createLazyFeatureMethods(api: ApiFetch): FeatureMethods {
  const methods: Methods = {};
  for (const { names, load } of FEATURES) {
    let loaded: Promise<Methods> | null = null;
    const ready = () => {
      loaded ??= load()
        .then((create) => create(api))
        .catch((error: unknown) => {
          loaded = null;
          throw error;
        });
      return loaded;
    };
    for (const name of names) methods[name] = async (...args) => (await ready())[name](...args);
  }
  return methods as unknown as FeatureMethods;
}
