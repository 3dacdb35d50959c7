import { findChromium } from '../src/adapters/playwright/browser/find-chromium.js';

/** One setting of a bench: its environment variable, default and bounds (whole numbers). */
export interface BenchSetting {
  env: string;
  default: number;
  min: number;
  max: number;
}

/**
 * Reads the bench's settings from the environment: each a whole number within its bounds, or its
 * default when unset. Every problem is reported at once, and the bench does not start.
 */
export function benchSettings<S extends Record<string, BenchSetting>>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): { readonly [K in keyof S]: number } {
  const problems: string[] = [];
  const out: Record<string, number> = {};
  for (const [key, setting] of Object.entries(schema)) {
    const raw = env[setting.env]?.trim();
    if (raw === undefined || raw === '') {
      out[key] = setting.default;
      continue;
    }
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < setting.min || value > setting.max) {
      problems.push(
        `${setting.env} must be a whole number from ${setting.min} to ${setting.max}, got "${raw}"`,
      );
      continue;
    }
    out[key] = value;
  }
  if (problems.length > 0) throw new Error(`Invalid bench settings:\n  - ${problems.join('\n  - ')}`);
  return Object.freeze(out) as { readonly [K in keyof S]: number };
}

/** The Chromium the benches drive: CHROMIUM_PATH, else the one the service would pick. */
export function benchChromium(env: Record<string, string | undefined> = process.env): string {
  return findChromium(env.CHROMIUM_PATH?.trim() || null);
}

/**
 * An account without practical limits on the `shots` whose environment is `env`, for a bench that
 * submits far more than a plan allows; its API key.
 */
export async function unlimitedAccount(
  shots: (args: string[], env: Record<string, string>) => Promise<string>,
  env: Record<string, string>,
): Promise<string> {
  const created = await shots(
    [
      'accounts',
      'create',
      '--plan',
      'ENTERPRISE',
      '--rate-limit',
      '1000000',
      '--monthly-quota',
      '100000000',
      '--json',
    ],
    env,
  );
  return (JSON.parse(created) as { apiKey: string }).apiKey;
}
