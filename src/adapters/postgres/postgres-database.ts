import pg from 'pg';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.js';

export type Queryable = Pick<pg.PoolClient, 'query'>;

export interface PostgresDatabaseOptions {
  /** `postgres://user:password@host:port/database` (DATABASE_URL). */
  connectionString: string;
  /** Connections in the pool. Default 10. */
  maxConnections?: number;
  /** Called with errors of idle connections (the server restarted …); they are dropped and replaced. */
  onError?: (err: Error) => void;
}

/** Key of the advisory lock that serializes migrations between processes starting together. */
const MIGRATION_LOCK_KEY = 0x5_3407_5001;

/**
 * A PostgreSQL connection pool whose schema is brought up to date before the first query: the
 * migrations of `POSTGRES_MIGRATIONS` run in order, each in its own transaction, under an advisory
 * lock, so any number of processes may start at once and each migration runs exactly once.
 */
export class PostgresDatabase {
  readonly pool: pg.Pool;
  private migrated: Promise<void> | null = null;

  constructor(options: PostgresDatabaseOptions) {
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: 10_000,
    });
    this.pool.on('error', (err) => options.onError?.(err));
  }

  /** Resolves once the schema is current (runs the migrations on first call). */
  ready(): Promise<void> {
    this.migrated ??= this.migrate().catch((err: unknown) => {
      this.migrated = null;
      throw err;
    });
    return this.migrated;
  }

  async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    await this.ready();
    return this.pool.query<R>(text, values);
  }

  /** Runs `fn` in one transaction on one connection; rolls back when it throws. */
  async transaction<T>(fn: (client: Queryable) => Promise<T>): Promise<T> {
    await this.ready();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
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
