import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../../src/adapters/sqlite/database.js';
import { SqliteAccountStore } from '../../src/adapters/sqlite/sqlite-account-store.js';
import { SqliteJobQueue } from '../../src/adapters/sqlite/sqlite-job-queue.js';
import { SqliteJobStore } from '../../src/adapters/sqlite/sqlite-job-store.js';
import type { AccountStore } from '../../src/ports/account-store.js';
import type { JobQueue } from '../../src/ports/job-queue.js';
import type { JobStore } from '../../src/ports/job-store.js';

export interface StoreFixture {
  jobs: JobStore;
  queue: JobQueue;
  accounts: AccountStore;
  /** Webhook outbox rows of a job (event names), to check terminal transitions wrote exactly one. */
  outboxEvents(jobId: string): Promise<string[]>;
  /** A second handle on the same data, as another process would have. */
  reopen(): Promise<{ jobs: JobStore; queue: JobQueue; close(): Promise<void> }>;
  close(): Promise<void>;
}

/** Every implementation the contract suites run against. Scale-out adapters join this list. */
export const STORE_ADAPTERS: { name: string; open(): Promise<StoreFixture> }[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'shots-contract-'));
      const file = join(dir, 'shots.db');
      const db = openSqlite(file);
      return {
        jobs: new SqliteJobStore(db),
        queue: new SqliteJobQueue(db, { pollMs: 20 }),
        accounts: new SqliteAccountStore(db),
        outboxEvents: async (jobId) =>
          (db.prepare(`SELECT event FROM webhook_deliveries WHERE job_id = ?`).all(jobId) as { event: string }[]).map((r) => r.event),
        async reopen() {
          const other = openSqlite(file);
          return {
            jobs: new SqliteJobStore(other),
            queue: new SqliteJobQueue(other, { pollMs: 20 }),
            close: async () => {
              other.close();
            },
          };
        },
        async close() {
          db.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];
