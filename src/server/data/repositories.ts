import type { RepositoryFactory } from '../auth/access-context';
import { bookingRepository } from '../bookings/repository';
import { chartNotesRepository } from '../chart-notes/repository';
import { kitsRepository } from '../kits/repository';
import { labRepository } from '../lab/repository';
import { liveRepository } from '../live/repository';
import { messageRepository } from '../messages/repository';
import { ordersRepository } from '../orders/repository';
import { patientsRepository } from '../patients/repository';
import { prescriptionsRepository } from '../prescriptions/repository';
import { transcriptionRepository } from '../transcription/repository';

/**
 * Every feature's repository of patient data, by the name handlers reach it under (`req.data.<name>`). Adding a
 * feature's repository: export its factory from the feature's repository.ts and name it here.
 */
export const REPOSITORIES = {
  bookings: bookingRepository,
  chartNotes: chartNotesRepository,
  kits: kitsRepository,
  lab: labRepository,
  live: liveRepository,
  messages: messageRepository,
  orders: ordersRepository,
  patients: patientsRepository,
  prescriptions: prescriptionsRepository,
  transcription: transcriptionRepository,
} satisfies Record<string, RepositoryFactory<unknown>>;
