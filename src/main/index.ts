import { ConfigError, loadConfig } from '../config/config.js';
import { allocatorWarning, takeAllocator } from './allocator.js';
import { buildProgram } from '../cli/program.js';
import { openAccountStores } from './account-stores.js';
import { createService, VERSION } from './compose.js';
import { createLogger } from './logger.js';
import { ownTempDir } from './temp-dir.js';

/** Entry point of the `shots` program: the only module that reads process.env. */
export async function main(argv: string[]): Promise<void> {
  const program = buildProgram(
    {
      async serve(roles) {
        const malloc = takeAllocator(process.env);
        const cfg = loadConfig(process.env);
        const logger = createLogger(cfg.logLevel);
        const warning = allocatorWarning(malloc, process.env);
        if (warning !== null) logger.warn(warning);
        // Chromium's profiles, Playwright's artifacts and video work files go to a folder this
        // process owns under DATA_DIR (os.tmpdir() follows TMPDIR), swept at the next start.
        const temp = ownTempDir(cfg.dataDir);
        process.env.TMPDIR = temp.path;
        if (temp.swept > 0)
          logger.info({ folders: temp.swept }, 'removed temporary folders of dead processes');
        const service = await createService(cfg, roles, logger);
        let stopping = false;
        const shutdown = (signal: string) => {
          if (stopping) return;
          stopping = true;
          logger.info({ signal }, 'shutting down');
          service.stop().then(
            () => {
              temp.remove();
              logger.flush(() => process.exit(0));
            },
            (err: unknown) => {
              logger.error({ err }, 'shutdown failed');
              logger.flush(() => process.exit(1));
            },
          );
        };
        process.on('SIGINT', () => shutdown('SIGINT'));
        process.on('SIGTERM', () => shutdown('SIGTERM'));
        const { url } = await service.start();
        const mode = cfg.databaseUrl === null ? 'embedded' : 'scale-out';
        logger.info(
          { url, roles, mode, concurrency: cfg.concurrency, dataDir: cfg.dataDir, malloc },
          'shots is running',
        );
      },
      async withAccounts(fn) {
        // Only the account store: DATABASE_URL alone is enough, Redis is not needed.
        const stores = await openAccountStores(loadConfig(process.env, { use: 'accounts' }));
        try {
          return await fn(stores.deps);
        } finally {
          await stores.close();
        }
      },
      print: (text) => process.stdout.write(`${text}\n`),
      progress: (text) => process.stderr.write(`${text}\n`),
      defaultApiKey: () => process.env.SHOTS_API_KEY,
    },
    VERSION,
  );
  try {
    await program.parseAsync(argv);
  } catch (err) {
    const message = err instanceof ConfigError || err instanceof Error ? err.message : String(err);
    process.stderr.write(`shots: ${message}\n`);
    process.exitCode = 1;
  }
}
