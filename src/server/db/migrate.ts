import { migrateAsOwner } from './client';

/** `npm run migrate`: applies the migrations as the owner role (DATABASE_MIGRATION_URL), never as the server's role. */
const url = process.env.DATABASE_MIGRATION_URL;
if (!url) {
  console.error("Set DATABASE_MIGRATION_URL to the owner role's connection string (the server uses DATABASE_URL, the runtime role).");
  process.exit(2);
}
await migrateAsOwner(url);
console.log('migrations applied');
