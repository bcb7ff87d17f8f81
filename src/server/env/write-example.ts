import { writeFileSync } from 'node:fs';
import { envExample } from './example';

// npm run env:example: writes .env.example at the repository root from the schema.
writeFileSync(new URL('../../../.env.example', import.meta.url), envExample());
