import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type SqliteDatabase = Database.Database;

/** Versioned migrations; `user_version` records how many have run. */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    plan TEXT NOT NULL,
    billing TEXT NOT NULL DEFAULT 'active',
    monthly_quota_override INTEGER,
    rate_limit_override INTEGER,
    created_at TEXT NOT NULL
  );
  CREATE TABLE webhook_secrets (
    account_id TEXT NOT NULL REFERENCES accounts(id),
    sealed TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT
  );
  CREATE INDEX webhook_secrets_account ON webhook_secrets(account_id, created_at);
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    key_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    revoked_at TEXT
  );
  CREATE TABLE jobs (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    type TEXT NOT NULL,
    status TEXT NOT NULL,
    spec TEXT NOT NULL,
    webhook_url TEXT,
    cache_key TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    attempt_token TEXT,
    created_at TEXT NOT NULL,
    started_at TEXT,
    completed_at TEXT,
    error_code TEXT,
    error_message TEXT,
    result TEXT,
    capture_ms INTEGER
  );
  CREATE INDEX jobs_account_created ON jobs(account_id, created_at);
  CREATE INDEX jobs_cache ON jobs(account_id, cache_key, completed_at);
  CREATE INDEX jobs_unfinished ON jobs(status, created_at);
  CREATE INDEX jobs_completed ON jobs(completed_at);
  CREATE TABLE queue_items (
    job_id TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    run_at INTEGER NOT NULL,
    token TEXT,
    worker_id TEXT,
    lease_expires_at INTEGER
  );
  CREATE INDEX queue_due ON queue_items(state, run_at);
  CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    job_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    event TEXT NOT NULL,
    url TEXT NOT NULL,
    occurred_at TEXT NOT NULL,
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_token TEXT,
    lease_expires_at INTEGER,
    created_at TEXT NOT NULL
  );
  CREATE INDEX webhook_due ON webhook_deliveries(state, next_attempt_at);
  CREATE INDEX webhook_job ON webhook_deliveries(job_id);
  CREATE TABLE webhook_attempts (
    delivery_id TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    started_at TEXT NOT NULL,
    duration_ms INTEGER NOT NULL,
    http_status INTEGER,
    error TEXT,
    next_attempt_at TEXT
  );
  CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, attempt);
  `,
  // 2: custom storage (issue 8): the bucket without secrets, and its sealed credentials while the job lives.
  `
  ALTER TABLE jobs ADD COLUMN storage TEXT;
  ALTER TABLE jobs ADD COLUMN storage_credentials TEXT;
  `,
  // 3: client operations (issue 14): idempotency keys; the artifact each job points at (a job served
  // from cache shares the original's), so retention deletes an artifact only with its last job;
  // artifacts queued for deletion by the retention sweep.
  `
  CREATE TABLE idempotency_keys (
    account_id TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    job_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (account_id, idempotency_key)
  );
  CREATE INDEX idempotency_keys_job ON idempotency_keys(job_id);
  CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
  ALTER TABLE jobs ADD COLUMN artifact_key TEXT;
  UPDATE jobs SET artifact_key = json_extract(result, '$.artifactKey') WHERE result IS NOT NULL;
  CREATE INDEX jobs_artifact ON jobs(artifact_key) WHERE artifact_key IS NOT NULL;
  CREATE TABLE artifact_deletions (
    artifact_key TEXT PRIMARY KEY,
    bytes INTEGER NOT NULL,
    queued_at TEXT NOT NULL
  );
  `,
];

/** Opens (creating when needed) the SQLite file in WAL mode and brings its schema up to date. */
export function openSqlite(file: string): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

function migrate(db: SqliteDatabase): void {
  const run = db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    for (let i = version; i < MIGRATIONS.length; i++) {
      db.exec(MIGRATIONS[i] ?? '');
      db.pragma(`user_version = ${i + 1}`);
    }
  });
  run.immediate();
}

const statements = new WeakMap<SqliteDatabase, Map<string, Database.Statement>>();

/** `db.prepare(sql)`, compiled once per database and SQL text and reused after. */
export function prepared(db: SqliteDatabase, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}
