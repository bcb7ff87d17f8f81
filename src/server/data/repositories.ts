import type { RepositoryFactory } from '../auth/access-context';
import { bookingRepository } from '../bookings/repository';
import { liveRepository } from '../live/repository';
import { messageRepository } from '../messages/repository';

/**
 * Every feature's repository of patient data, by the name handlers reach it under (`req.data.<name>`). Adding a
 * feature's repository: export its factory from the feature's repository.ts and name it here.
 */
export const REPOSITORIES = {
  bookings: bookingRepository,
  live: liveRepository,
  messages: messageRepository,
} satisfies Record<string, RepositoryFactory<unknown>>;
