import type { RepositoryFactory } from '../auth/access-context';
import { bookingRepository } from '../bookings/repository';
import { kitsRepository } from '../kits/repository';
import { labRepository } from '../lab/repository';
import { liveRepository } from '../live/repository';
import { messageRepository } from '../messages/repository';
import { ordersRepository } from '../orders/repository';

/**
 * Every feature's repository of patient data, by the name handlers reach it under (`req.data.<name>`). Adding a
 * feature's repository: export its factory from the feature's repository.ts and name it here.
 */
export const REPOSITORIES = {
  bookings: bookingRepository,
  kits: kitsRepository,
  lab: labRepository,
  live: liveRepository,
  messages: messageRepository,
  orders: ordersRepository,
} satisfies Record<string, RepositoryFactory<unknown>>;
