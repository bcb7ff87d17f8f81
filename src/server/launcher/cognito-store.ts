import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore.js';
import type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory.js';
import { StormDBDataStore } from 'cognito-local/lib/services/dataStore/stormDb.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import { createRequire } from 'node:module';

type StormDBInstance = ConstructorParameters<typeof StormDBDataStore>[0];
interface StormEngine {
  init(): object;
  read(): object;
  write(data: object): null;
}
type StormDBCtor = new (engine: StormEngine) => StormDBInstance;
const requireFromHere = createRequire(import.meta.url);
const requireFromCognitoLocal = createRequire(requireFromHere.resolve('cognito-local/package.json'));
const StormDB = requireFromCognitoLocal('stormdb') as StormDBCtor;

/** Same (de)serialisation as cognito-local's StormDB store: `*Date` fields as ISO strings. */
function serialize(obj: object): string {
  return JSON.stringify(
    obj,
    function (this: Record<string, unknown>, key: string, value: unknown) {
      if (!key.endsWith('Date')) return value;
      const v = this[key];
      return v instanceof Date ? v.toISOString() : value;
    },
    2,
  );
}
function deserialize(text: string): object {
  return JSON.parse(text, (key: string, value: unknown) => {
    if (!key.endsWith('Date')) return value;
    if (typeof value === 'number') return new Date(value);
    if (typeof value === 'string') return new Date(Date.parse(value));
    return value;
  }) as object;
}

/**
 * cognito-local's StormDB engine writes asynchronously with fs.writeFile, so two concurrent saves of one file
 * (e.g. parallel sign-ins storing refresh tokens) can interleave and corrupt it. This engine writes
 * synchronously (no interleaving inside one process) and atomically (temp file + rename).
 */
class AtomicFileEngine implements StormEngine {
  constructor(private readonly file: string) {}
  init(): object {
    if (!existsSync(this.file)) {
      this.write({});
      return {};
    }
    return this.read();
  }
  read(): object {
    const text = readFileSync(this.file, 'utf8');
    return text.trim() === '' ? {} : deserialize(text);
  }
  write(data: object): null {
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, serialize(data));
    renameSync(tmp, this.file);
    return null;
  }
}

export class AtomicStormDBDataStoreFactory implements DataStoreFactory {
  constructor(private readonly directory: string) {}
  async create(_ctx: Context, id: string, defaults: object): Promise<DataStore> {
    mkdirSync(this.directory, { recursive: true });
    const db = new StormDB(new AtomicFileEngine(path.join(this.directory, `${id}.json`)));
    db.default(defaults);
    await db.save();
    return new StormDBDataStore(db);
  }
}
