import type { RepositoryFactory } from '../auth/access-context';
import { kitsRepository } from '../kits/repository';
import { labRepository } from '../lab/repository';
import { ordersRepository } from '../orders/repository';

/**
 * Every feature's repository of patient data, by the name handlers reach it under (`req.data.<name>`). Adding a
 * feature's repository: export its factory from the feature's repository.ts and name it here.
 */
export const REPOSITORIES = {
  lab: labRepository,
  kits: kitsRepository,
  orders: ordersRepository,
} satisfies Record<string, RepositoryFactory<unknown>>;
