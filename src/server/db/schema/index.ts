/** The drizzle schema of every table, one file per feature (the SQL migrations in ../migrations are the source of truth). */
export * from './staff';
export * from './patients';
export * from './lab';
export * from './bookings';
export * from './messages';
export * from './audit';
export * from './system';
export * from './services';
export * from './payments';
export * from './prescribing';
