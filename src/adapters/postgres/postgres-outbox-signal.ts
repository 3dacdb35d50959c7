import pg from 'pg';
import type { OutboxSignal } from '../../ports/outbox-signal.js';
import type { Queryable } from './postgres-database.js';

/** The PostgreSQL channel of job events; its payload is the job's id. */
export const JOB_EVENTS_CHANNEL = 'shots_job_events';

/** Pause before listening again after the listening connection broke, ms. */
const RECONNECT_MS = 1000;

/**
 * Announces a job event inside the caller's transaction: PostgreSQL delivers it to every listening
 * process when (and only when) the transaction commits.
 */
export async function notifyJobEvent(client: Queryable, jobId: string): Promise<void> {
  await client.query('SELECT pg_notify($1, $2)', [JOB_EVENTS_CHANNEL, jobId]);
}

export interface PostgresOutboxSignalOptions {
  connectionString: string;
  /** Errors of the listening connection (it reconnects by itself). */
  onError?: (err: Error) => void;
}

/**
 * The outbox signal of the scale-out mode: `LISTEN` on one dedicated connection, opened on the
 * first subscription and re-opened after it breaks. A notification lost while it was down only
 * costs latency: listeners poll too.
 */
export class PostgresOutboxSignal implements OutboxSignal {
  private readonly listeners = new Set<(jobId: string) => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: PostgresOutboxSignalOptions) {}

  subscribe(listener: (jobId: string) => void): () => void {
    this.listeners.add(listener);
    void this.listen();
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the listening connection is up (tests; subscribers need not wait). */
  async ready(): Promise<void> {
    await this.listen();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private listen(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.connectionString });
    const broken = (err: Error): void => {
      this.options.onError?.(err);
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
      if (!this.closed && this.listeners.size > 0 && !this.retry) {
        this.retry = setTimeout(() => {
          this.retry = null;
          void this.listen();
        }, RECONNECT_MS);
        this.retry.unref();
      }
    };
    client.on('error', broken);
    client.on('notification', (message) => {
      if (message.channel !== JOB_EVENTS_CHANNEL || !message.payload) return;
      for (const listener of this.listeners) listener(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${JOB_EVENTS_CHANNEL}`);
    } catch (err) {
      broken(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }
}
