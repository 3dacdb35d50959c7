import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key that seals stored secrets: SECRET_KEY when set (required when several machines share a
 * database), otherwise `DATA_DIR/secret.key`, created with mode 0600 on first use.
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
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}
