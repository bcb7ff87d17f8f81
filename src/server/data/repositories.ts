import type { RepositoryFactory } from '../auth/access-context';
import { chartNotesRepository } from '../chart-notes/repository';
import { patientsRepository } from '../patients/repository';
import { prescriptionsRepository } from '../prescriptions/repository';
import { transcriptionRepository } from '../transcription/repository';

/**
 * Every feature's repository of patient data, by the name handlers reach it under (`req.data.<name>`). Adding a
 * feature's repository: export its factory from the feature's repository.ts and name it here.
 */
export const REPOSITORIES = {
  chartNotes: chartNotesRepository,
  patients: patientsRepository,
  prescriptions: prescriptionsRepository,
  transcription: transcriptionRepository,
} satisfies Record<string, RepositoryFactory<unknown>>;
