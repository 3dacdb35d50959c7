import type { AccountDeps } from '../app/accounts.js';

/** What the program needs from the composition root (which alone reads the environment). */
export interface CliHost {
  serve(roles: { api: boolean; worker: boolean }): Promise<void>;
  withAccounts<T>(fn: (deps: AccountDeps) => Promise<T>): Promise<T>;
  print(text: string): void;
  /** Progress lines (stderr). */
  progress(text: string): void;
  /** SHOTS_API_KEY, when set. */
  defaultApiKey(): string | undefined;
}
