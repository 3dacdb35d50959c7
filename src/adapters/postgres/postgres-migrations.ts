/**
 * The PostgreSQL schema, as versioned migrations: version N is entry N-1. Append only; never edit an
 * entry that has shipped. `shots_migrations` records which versions ran.
 */
export const POSTGRES_MIGRATIONS: readonly string[] = [
  // 1: accounts, keys, webhook secrets, jobs, the webhook outbox and its attempt log.
  `
  CREATE TABLE accounts (
    id text PRIMARY KEY,
    name text NOT NULL,
    plan text NOT NULL,
    billing text NOT NULL DEFAULT 'active',
    monthly_quota_override integer,
    rate_limit_override integer,
    created_at timestamptz NOT NULL
  );
  CREATE TABLE webhook_secrets (
    seq bigserial PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts(id),
    sealed text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz
  );
  CREATE INDEX webhook_secrets_account ON webhook_secrets (account_id, created_at);
  CREATE TABLE api_keys (
    id text PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts(id),
    key_hash text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL,
    revoked_at timestamptz
  );
  CREATE TABLE jobs (
    id text PRIMARY KEY,
    account_id text NOT NULL,
    type text NOT NULL,
    status text NOT NULL,
    spec jsonb NOT NULL,
    webhook_url text,
    cache_key text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL,
    attempt_token text,
    created_at timestamptz NOT NULL,
    started_at timestamptz,
    completed_at timestamptz,
    error_code text,
    error_message text,
    result jsonb,
    capture_ms integer,
    storage jsonb,
    storage_credentials text
  );
  CREATE INDEX jobs_account_created ON jobs (account_id, created_at);
  CREATE INDEX jobs_cache ON jobs (account_id, cache_key, completed_at);
  CREATE INDEX jobs_unfinished ON jobs (created_at) WHERE status IN ('queued', 'processing');
  CREATE INDEX jobs_completed ON jobs (completed_at) WHERE capture_ms IS NOT NULL;
  CREATE TABLE webhook_deliveries (
    seq bigserial UNIQUE,
    id text PRIMARY KEY,
    job_id text NOT NULL,
    account_id text NOT NULL,
    event text NOT NULL,
    url text NOT NULL,
    occurred_at timestamptz NOT NULL,
    state text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL,
    lease_token text,
    lease_expires_at timestamptz,
    created_at timestamptz NOT NULL
  );
  CREATE INDEX webhook_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
  CREATE INDEX webhook_job ON webhook_deliveries (job_id);
  CREATE TABLE webhook_attempts (
    seq bigserial PRIMARY KEY,
    delivery_id text NOT NULL REFERENCES webhook_deliveries(id),
    attempt integer NOT NULL,
    started_at timestamptz NOT NULL,
    duration_ms integer NOT NULL,
    http_status integer,
    error text,
    next_attempt_at timestamptz
  );
  CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempt);
  `,
  // 2: client operations (issue 14): idempotency keys; the artifact each job points at (a job served
  // from cache shares the original's), so retention deletes an artifact only with its last job;
  // artifacts queued for deletion by the retention sweep; ended jobs by end time.
  `
  CREATE TABLE idempotency_keys (
    account_id text NOT NULL,
    idempotency_key text NOT NULL,
    request_hash text NOT NULL,
    job_id text NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, idempotency_key)
  );
  CREATE INDEX idempotency_keys_job ON idempotency_keys (job_id);
  CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
  ALTER TABLE jobs ADD COLUMN artifact_key text;
  UPDATE jobs SET artifact_key = result->>'artifactKey' WHERE result IS NOT NULL;
  CREATE INDEX jobs_artifact ON jobs (artifact_key) WHERE artifact_key IS NOT NULL;
  CREATE INDEX jobs_ended ON jobs (completed_at) WHERE status IN ('completed', 'failed');
  CREATE TABLE artifact_deletions (
    artifact_key text PRIMARY KEY,
    bytes bigint NOT NULL,
    queued_at timestamptz NOT NULL
  );
  `,
  // 3: settings shared by every process of a deployment (the secret key when SECRET_KEY is unset).
  `
  CREATE TABLE settings (
    name text PRIMARY KEY,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  `,
];
