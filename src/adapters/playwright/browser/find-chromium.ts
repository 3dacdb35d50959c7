import { accessSync, constants, statSync } from 'node:fs';
import { AppError } from '../../../domain/errors.js';

/**
 * Where Debian puts Chromium, best first: the headless shell (package `chromium-headless-shell`,
 * about twice as fast to launch and lighter per page), then the full browser (package `chromium`).
 */
export const CHROMIUM_CANDIDATES: readonly string[] = Object.freeze([
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium',
]);

const INSTALL_HINT = 'run npm start once as root, or apt-get install chromium-headless-shell chromium';

/** True when `path` is a regular file this process may execute. */
export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves the Chromium executable: `override` (config `CHROMIUM_PATH`) when set, else the first
 * of {@link CHROMIUM_CANDIDATES} that exists.
 *
 * @throws AppError `CAPTURE_FAILED` (not retryable) naming the paths tried and how to install.
 */
export function findChromium(
  override: string | null,
  candidates: readonly string[] = CHROMIUM_CANDIDATES,
  isExecutable: (path: string) => boolean = isExecutableFile,
): string {
  const tried = override !== null ? [override] : candidates;
  const found = tried.find((path) => isExecutable(path));
  if (found !== undefined) return found;
  throw new AppError('CAPTURE_FAILED', `Chromium not found at ${tried.join(' or ')}: ${INSTALL_HINT}`, {
    retryable: false,
  });
}
