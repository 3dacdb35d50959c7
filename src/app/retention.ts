import type { ArtifactStore } from '../ports/artifact-store.js';
import type { Clock } from '../ports/clock.js';
import type { JobStore } from '../ports/job-store.js';
import type { Logger } from '../ports/logger.js';
import { IDEMPOTENCY_WINDOW_SECONDS } from './idempotency.js';

export interface RetentionDeps {
  jobs: JobStore;
  artifacts: ArtifactStore;
  clock: Clock;
  logger: Logger;
}

export interface RetentionOptions {
  /** Days after a job ended before it is deleted (RETENTION_DAYS); 0 keeps jobs forever. */
  retentionDays: number;
  /** Jobs deleted per transaction. Default 500. */
  batchSize?: number;
  /** Batches per sweep at most, so that one sweep stays short; the next sweep goes on. Default 100. */
  maxBatches?: number;
}

/** What one sweep deleted. */
export interface RetentionReport {
  rows: { jobs: number; deliveries: number; attempts: number; idempotencyKeys: number };
  /** Artifacts deleted from the ArtifactStore, and their bytes. */
  artifacts: number;
  bytes: number;
  /** True when another process was sweeping (scale-out): this sweep deleted no jobs. */
  busy: boolean;
}

/** Artifacts deleted per round trip of the deletion queue. */
const ARTIFACT_BATCH = 100;

function emptyReport(): RetentionReport {
  return {
    rows: { jobs: 0, deliveries: 0, attempts: 0, idempotencyKeys: 0 },
    artifacts: 0,
    bytes: 0,
    busy: false,
  };
}

/**
 * Deletes the artifacts queued for deletion, then forgets them. One that cannot be deleted now
 * (S3 down) stays queued for the next sweep; the queue survives a crash between the two steps.
 */
async function drainArtifacts(deps: RetentionDeps, report: RetentionReport): Promise<void> {
  for (;;) {
    const queued = await deps.jobs.pendingArtifactDeletions(ARTIFACT_BATCH);
    const gone: string[] = [];
    for (const artifact of queued) {
      try {
        await deps.artifacts.delete(artifact.key);
        gone.push(artifact.key);
        report.artifacts += 1;
        report.bytes += artifact.bytes;
      } catch (err) {
        deps.logger.warn(
          { err, artifactKey: artifact.key },
          'retention: artifact not deleted; tried again next sweep',
        );
      }
    }
    await deps.jobs.forgetArtifactDeletions(gone);
    if (queued.length < ARTIFACT_BATCH || gone.length < queued.length) return;
  }
}

/**
 * One retention sweep (CONTRACT §4b, RETENTION_DAYS), off the request path: jobs that ended more
 * than `retentionDays` ago — never one in flight, never one with a webhook delivery still pending —
 * go in batches, each batch in one transaction with its deliveries, their attempts and its
 * idempotency records; then the artifacts no remaining job points at (a job served from cache shares
 * the original's artifact) are deleted from the service's ArtifactStore. A customer's own bucket
 * (`storage`) is never touched. Idempotency records past their 24 hours go too, whatever the
 * retention.
 */
export async function sweepRetention(
  deps: RetentionDeps,
  options: RetentionOptions,
): Promise<RetentionReport> {
  const report = emptyReport();
  const batchSize = options.batchSize ?? 500;
  const now = deps.clock.now().getTime();
  await drainArtifacts(deps, report);
  if (options.retentionDays > 0) {
    const endedBefore = new Date(now - options.retentionDays * 86_400_000).toISOString();
    for (let i = 0; i < (options.maxBatches ?? 100); i++) {
      const batch = await deps.jobs.deleteExpired(endedBefore, batchSize);
      if (batch === null) {
        report.busy = true;
        break;
      }
      for (const table of ['jobs', 'deliveries', 'attempts', 'idempotencyKeys'] as const)
        report.rows[table] += batch.rows[table];
      if (batch.artifactsQueued > 0) await drainArtifacts(deps, report);
      if (batch.rows.jobs < batchSize) break;
    }
  }
  const lapsed = new Date(now - IDEMPOTENCY_WINDOW_SECONDS * 1000).toISOString();
  for (let i = 0; i < (options.maxBatches ?? 100); i++) {
    const pruned = await deps.jobs.pruneIdempotencyKeys(lapsed, batchSize);
    report.rows.idempotencyKeys += pruned;
    if (pruned < batchSize) break;
  }
  return report;
}
