import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_LOCK_KEY } from '../../../src/adapters/postgres/postgres-job-housekeeping.js';
import type { Job } from '../../../src/domain/job.js';
import { newJobId } from '../../../src/domain/ids.js';
import { createMetrics } from '../../../src/main/metrics.js';
import type { RetentionSweeper } from '../../../src/worker/retention-sweeper.js';
import { runRetentionSweeper } from '../../../src/worker/retention-sweeper.js';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';
import type { FakeClock } from '../../helpers/fake-clock.js';
import { fakeClock } from '../../helpers/fake-clock.js';
import { memoryLogger } from '../../helpers/fake-ports.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { newJob, OPEN_QUOTA, PNG_RESULT } from '../../helpers/job-fixture.js';
import { jobClient } from '../../helpers/jobs.js';
import { until } from '../../helpers/poll.js';
import type { ModeEnv } from '../../helpers/modes.js';
import { MODES } from '../../helpers/modes.js';
import type { TestS3 } from '../../helpers/services.js';
import { startTestS3 } from '../../helpers/services.js';

// Retention (CONTRACT §4b, RETENTION_DAYS=30) in both modes: a real capture (real Chromium, real
// SQLite/local folder or PostgreSQL/S3) ages on the sweeper's fake clock. At 29 days it stays; at
// 31 days its row, its links and its artifact are gone — except that an artifact stays while a job
// served from cache still points at it — and a customer's own bucket keeps its copy.
const DAY = 86_400_000;

describe.each(MODES)('retention ($name)', (mode) => {
  let modeEnv: ModeEnv;
  let customer: TestS3;
  let pages: FixtureServer;
  let api: TestApi;
  let apiKey: string;
  let accountId: string;
  const client = jobClient(
    () => api.app,
    () => apiKey,
  );

  beforeAll(async () => {
    modeEnv = await mode.open();
    customer = await startTestS3(['customer']);
    pages = await startFixtureServer();
    api = await startTestApi(modeEnv.env, { api: true, worker: true });
    await api.service.start();
    ({ apiKey, accountId } = await api.account('BUSINESS'));
  });
  afterAll(async () => {
    await api?.close();
    await pages?.close();
    await customer?.close();
    await modeEnv?.close();
  });

  const get = (url: string) => api.app.inject({ url, headers: client.auth() });
  const artifactKey = (jobId: string) => `${accountId}/${jobId}.png`;
  const artifact = (jobId: string) => api.service.stores.artifacts.get(artifactKey(jobId));
  const customerObject = (jobId: string) =>
    join(customer.directory, 'customer', `shots/${jobId}.png._S3rver_object`);

  /** A job served from cache `days` after now, sharing `original`'s artifact (as submit would insert it). */
  async function cachedCopy(original: Job, days: number): Promise<string> {
    const at = new Date(Date.now() + days * DAY).toISOString();
    const copy: Job = {
      ...original,
      id: newJobId(),
      createdAt: at,
      startedAt: at,
      completedAt: at,
      result: { ...original.result!, cached: true },
    };
    expect(
      await api.service.stores.jobs.createWithinQuota(copy, { monthlyQuota: 1000, monthStart: at }),
    ).toBe('created');
    return copy.id;
  }

  it('deletes a job 31 days after it ended, with its artifact once no job points at it; 29 days keeps it', async () => {
    const jobId = await client.submit({
      url: `${pages.baseUrl}/simple.html`,
      storage: {
        bucket: 'customer',
        region: 'us-east-1',
        accessKeyId: customer.accessKeyId,
        secretAccessKey: customer.secretAccessKey,
        endpoint: customer.endpoint,
      },
    });
    expect((await client.finished(jobId)).status).toBe('completed');
    const original = (await api.service.stores.jobs.get(jobId, accountId))!;
    const bytes = original.result!.bytes;
    expect((await artifact(jobId))?.size).toBe(bytes);
    if (mode.name === 'embedded')
      expect(existsSync(join(api.dataDir, 'artifacts', artifactKey(jobId)))).toBe(true);
    expect(existsSync(customerObject(jobId))).toBe(true);
    const copyId = await cachedCopy(original, 2);

    // The sweeper of the worker role, on a clock 29 days ahead: first sweep after a minute, then every 2 days.
    const clock: FakeClock = fakeClock(new Date(Date.now() + 29 * DAY).toISOString());
    const metrics = createMetrics();
    const reports: unknown[] = [];
    // The sweeps run on the fake clock's timer only; each ends with its report.
    const sweeps = (n: number) => until(async () => (reports.length >= n ? true : undefined));
    const sweeper: RetentionSweeper = runRetentionSweeper(
      {
        jobs: api.service.stores.jobs,
        artifacts: api.service.stores.artifacts,
        clock,
        logger: memoryLogger(),
        onSweep: (report) => {
          reports.push(report);
          metrics.observeRetention(report);
        },
      },
      { retentionDays: 30, firstAfterMs: 60_000, everyMs: 2 * DAY },
    );
    try {
      await clock.advance(60_000);
      await sweeps(1);
      expect((await get(`/jobs/${jobId}/status`)).statusCode).toBe(200);

      // 31 days: the original goes; the copy (ended 29 days ago) keeps the artifact.
      await clock.advance(2 * DAY);
      await sweeps(2);
      for (const link of ['status', 'result', 'webhooks']) {
        const res = await get(`/jobs/${jobId}/${link}`);
        expect(res.statusCode, link).toBe(404);
        expect(res.json().code).toBe('JOB_NOT_FOUND');
      }
      expect((await artifact(jobId))?.size).toBe(bytes);
      expect((await get(`/jobs/${copyId}/result`)).rawPayload.length).toBe(bytes);

      // 33 days: the copy goes, and with it the artifact; the customer's bucket keeps its object.
      await clock.advance(2 * DAY);
      await sweeps(3);
      expect((await get(`/jobs/${copyId}/status`)).statusCode).toBe(404);
      expect(await artifact(jobId)).toBeNull();
      if (mode.name === 'embedded')
        expect(existsSync(join(api.dataDir, 'artifacts', artifactKey(jobId)))).toBe(false);
      expect(existsSync(customerObject(jobId))).toBe(true);
      expect(reports).toEqual([
        expect.objectContaining({ rows: expect.objectContaining({ jobs: 0 }), artifacts: 0 }),
        expect.objectContaining({ rows: expect.objectContaining({ jobs: 1 }), artifacts: 0 }),
        expect.objectContaining({ rows: expect.objectContaining({ jobs: 1 }), artifacts: 1, bytes }),
      ]);
      const text = await metrics.render();
      expect(text).toContain('shots_retention_deleted_rows_total{table="jobs"} 2');
      expect(text).toContain(`shots_retention_deleted_bytes_total ${bytes}`);
    } finally {
      await sweeper.stop();
    }

    // Nothing of it is served from cache any more: the same request is captured afresh.
    const again = await client.submit({ url: `${pages.baseUrl}/simple.html` });
    expect((await client.finished(again)).status).toBe('completed');
    const record = await api.app.inject({
      url: `/jobs/${again}/result`,
      headers: { ...client.auth(), accept: 'application/json' },
    });
    expect(record.json().cached).toBe(false);
  });

  it('deletes an artifact a sweep queued but could not delete (it died) at the next sweep', async () => {
    const jobId = await client.submit({ url: `${pages.baseUrl}/simple.html`, bypassCache: true });
    expect((await client.finished(jobId)).status).toBe('completed');
    // A sweep that committed its batch and died before deleting the artifact.
    const batch = await api.service.stores.jobs.deleteExpired(new Date(Date.now() + DAY).toISOString(), 100);
    expect(batch?.rows.jobs).toBeGreaterThanOrEqual(1);
    expect(await artifact(jobId)).not.toBeNull();
    const clock = fakeClock();
    const sweeper = runRetentionSweeper(
      {
        jobs: api.service.stores.jobs,
        artifacts: api.service.stores.artifacts,
        clock,
        logger: memoryLogger(),
      },
      { retentionDays: 0 },
    );
    try {
      const report = await sweeper.sweepNow();
      expect(report.artifacts).toBeGreaterThanOrEqual(1);
      expect(await artifact(jobId)).toBeNull();
      expect(await api.service.stores.jobs.pendingArtifactDeletions(10)).toEqual([]);
    } finally {
      await sweeper.stop();
    }
  });
});

describe('retention in scale-out: one sweeper at a time', () => {
  const scaleOut = MODES.find((m) => m.name === 'scale-out')!;
  let modeEnv: ModeEnv;
  let api: TestApi;
  beforeAll(async () => {
    modeEnv = await scaleOut.open();
    api = await startTestApi(modeEnv.env);
  });
  afterAll(async () => {
    await api?.close();
    await modeEnv?.close();
  });

  it('skips its turn while another process sweeps', async () => {
    const { jobs, artifacts } = api.service.stores;
    const job: Job = { ...newJob('acc_lock'), webhookUrl: null };
    await jobs.createWithinQuota(job, OPEN_QUOTA);
    await jobs.startAttempt(job.id, 't', new Date().toISOString());
    await jobs.complete(
      job.id,
      't',
      { ...PNG_RESULT, artifactKey: `acc_lock/${job.id}.png` },
      new Date().toISOString(),
    );
    await artifacts.put(`acc_lock/${job.id}.png`, Buffer.from('png'), 'image/png');
    const other = new pg.Client({ connectionString: modeEnv.env.DATABASE_URL });
    await other.connect();
    const sweeper = runRetentionSweeper(
      {
        jobs,
        artifacts,
        clock: fakeClock(new Date(Date.now() + 31 * DAY).toISOString()),
        logger: memoryLogger(),
      },
      { retentionDays: 30 },
    );
    try {
      await other.query('SELECT pg_advisory_lock($1)', [RETENTION_LOCK_KEY]);
      expect(await sweeper.sweepNow()).toMatchObject({ busy: true, rows: { jobs: 0 }, artifacts: 0 });
      expect(await jobs.get(job.id, 'acc_lock')).not.toBeNull();
      await other.query('SELECT pg_advisory_unlock($1)', [RETENTION_LOCK_KEY]);
      expect(await sweeper.sweepNow()).toMatchObject({
        busy: false,
        rows: { jobs: 1 },
        artifacts: 1,
        bytes: 10,
      });
      expect(await jobs.get(job.id, 'acc_lock')).toBeNull();
      expect(await artifacts.get(`acc_lock/${job.id}.png`)).toBeNull();
    } finally {
      await sweeper.stop();
      await other.end();
    }
  });

  it('never lets a job served from cache point at an artifact a concurrent sweep is deleting', async () => {
    const { jobs } = api.service.stores;
    const original: Job = { ...newJob('acc_race'), webhookUrl: null };
    await jobs.createWithinQuota(original, OPEN_QUOTA);
    await jobs.startAttempt(original.id, 't', new Date().toISOString());
    const result = { ...PNG_RESULT, artifactKey: `acc_race/${original.id}.png` };
    await jobs.complete(original.id, 't', result, new Date().toISOString());
    // A sweep's transaction has deleted the last job holding the artifact, and not committed yet.
    const sweep = new pg.Client({ connectionString: modeEnv.env.DATABASE_URL });
    await sweep.connect();
    try {
      await sweep.query('BEGIN');
      await sweep.query('DELETE FROM jobs WHERE id = $1', [original.id]);
      const copy: Job = {
        ...newJob('acc_race'),
        status: 'completed',
        completedAt: new Date().toISOString(),
        result: { ...result, cached: true },
      };
      let outcome: unknown = 'waiting';
      const insert = jobs.createWithinQuota(copy, OPEN_QUOTA).then((o) => (outcome = o));
      await new Promise((r) => setTimeout(r, 300));
      expect(outcome).toBe('waiting');
      await sweep.query('COMMIT');
      await insert;
      expect(outcome).toBe('cache_gone');
      expect(await jobs.get(copy.id, 'acc_race')).toBeNull();
    } finally {
      await sweep.end();
    }
  });
});
