import { accessLogRepository } from '../access-log/repository';
import type { RepositoryFactory } from '../auth/access-context';
import { breakGlassRepository } from '../break-glass/repository';
import { cliniciansRepository } from '../clinician/repository';
import { dashboardRepository } from '../dashboard/repository';
import { filesRepository } from '../files/repository';
import { paymentsRepository } from '../payments/repository';
import { superAdminRepository } from '../super-admin/repository';

/**
 * Every feature's repository of patient data, by the name handlers reach it under (`req.data.<name>`). Adding a
 * feature's repository: export its factory from the feature's repository.ts and name it here.
 */
export const REPOSITORIES = {
  accessLog: accessLogRepository,
  breakGlass: breakGlassRepository,
  clinicians: cliniciansRepository,
  dashboard: dashboardRepository,
  files: filesRepository,
  payments: paymentsRepository,
  superAdmin: superAdminRepository,
} satisfies Record<string, RepositoryFactory<unknown>>;
