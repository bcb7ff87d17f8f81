import type { RepositoryFactory } from '../auth/access-context';
import { accessLogRepository } from '../access-log/repository';
import { bookingRepository } from '../bookings/repository';
import { breakGlassRepository } from '../break-glass/repository';
import { chartNotesRepository } from '../chart-notes/repository';
import { cliniciansRepository } from '../clinician/repository';
import { dashboardRepository } from '../dashboard/repository';
import { filesRepository } from '../files/repository';
import { kitsRepository } from '../kits/repository';
import { labRepository } from '../lab/repository';
import { liveRepository } from '../live/repository';
import { messageRepository } from '../messages/repository';
import { ordersRepository } from '../orders/repository';
import { patientsRepository } from '../patients/repository';
import { paymentsRepository } from '../payments/repository';
import { prescriptionsRepository } from '../prescriptions/repository';
import { superAdminRepository } from '../super-admin/repository';
import { transcriptionRepository } from '../transcription/repository';

/**
 * Every feature's repository of patient data, by the name handlers reach it under (`req.data.<name>`). Adding a
 * feature's repository: export its factory from the feature's repository.ts and name it here.
 */
export const REPOSITORIES = {
  accessLog: accessLogRepository,
  bookings: bookingRepository,
  breakGlass: breakGlassRepository,
  chartNotes: chartNotesRepository,
  clinicians: cliniciansRepository,
  dashboard: dashboardRepository,
  files: filesRepository,
  kits: kitsRepository,
  lab: labRepository,
  live: liveRepository,
  messages: messageRepository,
  orders: ordersRepository,
  patients: patientsRepository,
  payments: paymentsRepository,
  prescriptions: prescriptionsRepository,
  superAdmin: superAdminRepository,
  transcription: transcriptionRepository,
} satisfies Record<string, RepositoryFactory<unknown>>;
