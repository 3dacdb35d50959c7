import { execFileSync } from 'node:child_process';

/** Makes sure dependencies, Debian packages and the build (used by the e2e tests) are in place. */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/setup.mjs'], { stdio: 'inherit' });
}
