import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../src/config/config.js';
import { loadConfig } from '../../src/config/config.js';

/** A temp DATA_DIR and a config for it; fixtures on 127.0.0.2 are the only private address allowed. */
export function testConfig(env: Record<string, string> = {}): {
  config: Config;
  dataDir: string;
  cleanup(): void;
} {
  const dataDir = mkdtempSync(join(tmpdir(), 'shots-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32',
    LOG_LEVEL: 'silent',
    CONCURRENCY: '2',
    ...env,
  });
  return { config, dataDir, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}
