import { execFileSync } from 'node:child_process';

/**
 * Makes sure dependencies, Debian packages and the build (used by the e2e tests) are in place, then
 * Redis and PostgreSQL for the scale-out tests (the machine's, or throwaway ones stopped at the end):
 * their URLs reach the tests as TEST_REDIS_URL and TEST_DATABASE_URL.
 */
export default async function setup(): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ['scripts/setup.mjs'], { stdio: 'inherit' });
  const { ensureTestServices } = await import('./helpers/services.js');
  const services = await ensureTestServices();
  Object.assign(process.env, services.env);
  return () => services.stop();
}
