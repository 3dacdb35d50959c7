import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AesSecretBox } from '../adapters/crypto/secret-box.js';
import type { PostgresDatabase } from '../adapters/postgres/postgres-database.js';
import { PostgresSettings } from '../adapters/postgres/postgres-settings.js';
import type { SecretBox } from '../ports/secret-box.js';

/** A new sealing key: 32 random bytes, base64url. */
function newSecretKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The embedded mode's sealing key: SECRET_KEY when set, otherwise `DATA_DIR/secret.key`, created
 * with mode 0600 on first use.
 */
export function resolveSecretKey(secretKey: string | null, dataDir: string): string {
  if (secretKey) return secretKey;
  const file = join(dataDir, 'secret.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, newSecretKey(), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}

/** Name of the deployment's sealing key in PostgreSQL's `settings` table. */
export const SECRET_KEY_SETTING = 'secret_key';

/** Name of the setting that holds a known text sealed with the deployment's key. */
export const KEY_CHECK_SETTING = 'secret_key_check';
const KEY_CHECK_TEXT = 'shots: the key that sealed this database';

/**
 * The sealing key of a deployment on PostgreSQL (scale-out, or the account commands on
 * DATABASE_URL): SECRET_KEY when set, otherwise the key kept in the database, made by whichever
 * process (api, worker or CLI) comes first; every other one reads it. Either way the key must open
 * the known text the first process sealed (`secret_key_check`): a process whose key differs from
 * the one its database's secrets were sealed with — SECRET_KEY left out of one shell, or another
 * value — refuses to start instead of sealing what the others cannot open. Without SECRET_KEY, a
 * database with no key of its own but a key check or accounts was sealed with a SECRET_KEY: refused
 * too, before any key is made.
 */
export async function resolveDatabaseSecretKey(
  secretKey: string | null,
  db: PostgresDatabase,
): Promise<string> {
  const settings = new PostgresSettings(db);
  let key = secretKey;
  if (!key) {
    key = await settings.get(SECRET_KEY_SETTING);
    if (key === null) {
      // No key of the database's own, but something sealed already: it was a SECRET_KEY.
      if ((await settings.get(KEY_CHECK_SETTING)) !== null || (await settings.anyAccount()))
        throw new Error(DIFFERENT_KEY);
      key = await settings.getOrInit(SECRET_KEY_SETTING, newSecretKey);
    }
  }
  const box = new AesSecretBox(key);
  const check = await settings.getOrInit(KEY_CHECK_SETTING, () => box.seal(KEY_CHECK_TEXT));
  let opened: string | null = null;
  try {
    opened = box.open(check);
  } catch {
    // another key sealed it
  }
  if (opened !== KEY_CHECK_TEXT) throw new Error(DIFFERENT_KEY);
  return key;
}

const DIFFERENT_KEY =
  "this database's secrets were sealed with another key: set SECRET_KEY to the value the other api " +
  `and worker processes use (or, if they run without it, leave it unset: the key is then the "${SECRET_KEY_SETTING}" ` +
  'row of the settings table)';

/** Logged once at the start of a process that seals with the key kept in the database. */
export const SECRET_KEY_IN_DATABASE_WARNING =
  'SECRET_KEY is not set: the key that seals stored secrets (webhook signing secrets, bucket credentials, ' +
  'capture headers and cookies) is kept in the database (DATABASE_URL), beside what it seals, so whoever ' +
  'reads the database can open them. Set SECRET_KEY, the same on every api and worker process, to keep ' +
  `it apart (to keep the secrets sealed so far, use the value of the "${SECRET_KEY_SETTING}" row of the settings table)`;

/**
 * A SecretBox whose key may arrive later: in scale-out without SECRET_KEY, once the stores are ready
 * (read from PostgreSQL). Sealing or opening before it has a key throws.
 */
export class PendingSecretBox implements SecretBox {
  private box: SecretBox | null = null;

  /** Gives the box its key; later calls are ignored (a process has one key). */
  setKey(secretKey: string): void {
    this.box ??= new AesSecretBox(secretKey);
  }

  seal(plain: string): string {
    return this.current().seal(plain);
  }

  open(sealed: string): string {
    return this.current().open(sealed);
  }

  digest(plain: string): string {
    return this.current().digest(plain);
  }

  private current(): SecretBox {
    if (this.box === null)
      throw new Error('the secret key is not loaded yet: it is read from the database by stores.ready()');
    return this.box;
  }
}
