import type { AccountDeps } from '../app/accounts.js';
import { AesSecretBox } from '../adapters/crypto/secret-box.js';
import { PostgresAccountStore } from '../adapters/postgres/postgres-account-store.js';
import { PostgresDatabase } from '../adapters/postgres/postgres-database.js';
import type { Config } from '../config/config.js';
import { resolveDatabaseSecretKey } from './secret-key.js';
import { openStores } from './stores.js';
import { within } from './within.js';

/** What the `accounts` and `keys` commands use: the account store and the sealing key. */
export interface AccountStores {
  deps: AccountDeps;
  close(): Promise<void>;
}

/**
 * The account store alone. With DATABASE_URL (alone or with REDIS_URL): PostgreSQL and nothing
 * else — no Redis, no queue — sealing with SECRET_KEY or the deployment's key kept in
 * the database (made here when this is the deployment's first process). Without it: the embedded
 * SQLite file and key under DATA_DIR. Safe while servers run on the same database or DATA_DIR.
 */
export async function openAccountStores(config: Config): Promise<AccountStores> {
  if (config.databaseUrl === null) {
    const stores = openStores(config);
    return {
      deps: { accounts: stores.accounts, secrets: stores.secrets },
      close: () => stores.closeAndWait(),
    };
  }
  const db = new PostgresDatabase({ connectionString: config.databaseUrl });
  try {
    const secretKey = await within(
      db.ready().then(() => resolveDatabaseSecretKey(config.secretKey, db)),
      30_000,
      'PostgreSQL (DATABASE_URL) did not answer within 30 s',
    );
    return {
      deps: { accounts: new PostgresAccountStore(db), secrets: new AesSecretBox(secretKey) },
      close: () => db.close(),
    };
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}
