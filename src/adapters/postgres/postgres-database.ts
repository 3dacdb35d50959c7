import pg from 'pg';
import { AppError, isAppError } from '../../domain/errors.js';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.js';

/** What runs a query: a pooled connection inside a transaction, or the database itself. */
export interface Queryable {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** Node's socket errors of a server that cannot be reached or went away. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server that is shutting down, starting up or out of connections (class 08: connection exception). */
const UNAVAILABLE_STATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg's and pg-pool's messages of a connection that broke, was closed, or did not come in time. */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed|Cannot use a pool after calling end/i;

/** Node's or PostgreSQL's code of a failure to reach the server or to keep the connection; null for any other error. */
export function connectionFailure(err: unknown): string | null {
  if (!(err instanceof Error)) return null;
  const code = (err as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))
  )
    return code;
  if (err instanceof AggregateError) {
    for (const inner of err.errors as unknown[]) {
      const found = connectionFailure(inner);
      if (found) return found;
    }
  }
  if (!CONNECTION_MESSAGES.test(err.message)) return null;
  return /timeout/i.test(err.message) ? 'connect timeout' : 'connection lost';
}

/**
 * A connection failure as a request sees it: `503 SERVICE_UNAVAILABLE` whose message names the
 * kind of failure but no address (the cause, which does, is for the server log). Any other error is
 * returned unchanged.
 */
export function asStoreError(err: unknown): unknown {
  if (isAppError(err)) return err;
  const failure = connectionFailure(err);
  if (failure === null) return err;
  return new AppError(
    'SERVICE_UNAVAILABLE',
    `The service's database cannot be reached (${failure}); try again in a few seconds.`,
    { cause: err, retryAfterSeconds: 5 },
  );
}

export interface PostgresDatabaseOptions {
  /** `postgres://user:password@host:port/database` (DATABASE_URL). */
  connectionString: string;
  /** Connections in the pool. Default 10. */
  maxConnections?: number;
  /**
   * Longest wait for a connection (a free one of the pool, or a new one to the server), ms; past it
   * the query fails with `503 SERVICE_UNAVAILABLE` instead of holding its request. Default 5000.
   */
  connectTimeoutMs?: number;
  /** Called with errors of idle connections (the server restarted …); they are dropped and replaced. */
  onError?: (err: Error) => void;
}

/** Key of the advisory lock that serializes migrations between processes starting together. */
const MIGRATION_LOCK_KEY = 0x5_3407_5001;

/**
 * A PostgreSQL connection pool whose schema is brought up to date before the first query: the
 * migrations of `POSTGRES_MIGRATIONS` run in order, each in its own transaction, under an advisory
 * lock, so any number of processes may start at once and each migration runs exactly once. A
 * server that cannot be reached, or a connection lost during a query, fails `query`, `transaction`
 * and `ready` with `503 SERVICE_UNAVAILABLE` (see `asStoreError`) within `connectTimeoutMs`.
 */
export class PostgresDatabase implements Queryable {
  readonly pool: pg.Pool;
  private migrated: Promise<void> | null = null;

  constructor(options: PostgresDatabaseOptions) {
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    });
    this.pool.on('error', (err) => options.onError?.(err));
  }

  /** Resolves once the schema is current (runs the migrations on first call). */
  ready(): Promise<void> {
    this.migrated ??= this.migrate().catch((err: unknown) => {
      this.migrated = null;
      throw asStoreError(err);
    });
    return this.migrated;
  }

  async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    await this.ready();
    try {
      return await this.pool.query<R>(text, values);
    } catch (err) {
      throw asStoreError(err);
    }
  }

  /** Runs `fn` in one transaction on one connection; rolls back when it throws. */
  async transaction<T>(fn: (client: Queryable) => Promise<T>): Promise<T> {
    await this.ready();
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw asStoreError(err);
    }
    // A connection that broke is destroyed rather than given back to the pool.
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      if (connectionFailure(err) !== null) broken = err as Error;
      else await client.query('ROLLBACK').catch(() => undefined);
      throw asStoreError(err);
    } finally {
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private async migrate(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await client.query(
          `CREATE TABLE IF NOT EXISTS shots_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
        );
        const done = await client.query<{ version: number }>('SELECT version FROM shots_migrations');
        const applied = new Set(done.rows.map((r) => r.version));
        for (const [index, sql] of POSTGRES_MIGRATIONS.entries()) {
          const version = index + 1;
          if (applied.has(version)) continue;
          await client.query('BEGIN');
          try {
            await client.query(sql);
            await client.query('INSERT INTO shots_migrations (version) VALUES ($1)', [version]);
            await client.query('COMMIT');
          } catch (err) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw new Error(
              `PostgreSQL migration ${version} failed: ${err instanceof Error ? err.message : String(err)}`,
              {
                cause: err,
              },
            );
          }
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  }
}

/** An ISO string of a timestamptz column (pg returns a Date), or null. */
export function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
