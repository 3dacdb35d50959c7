import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../../src/adapters/egress/address-policy.js';
import { createUrlGuard } from '../../../src/adapters/egress/url-guard.js';
import { createPlaywrightDevices } from '../../../src/adapters/playwright/devices.js';
import { createAccount } from '../../../src/app/accounts.js';
import { AppError } from '../../../src/domain/errors.js';
import { buildApp } from '../../../src/http/app.js';
import type { Stores } from '../../../src/main/compose.js';
import { accountDeps, openStores } from '../../../src/main/compose.js';
import { bindHttpDeps } from '../../../src/main/http-deps.js';
import { createMetrics } from '../../../src/main/metrics.js';
import type { JobQueue } from '../../../src/ports/job-queue.js';
import { systemClock } from '../../../src/ports/clock.js';
import { sweepOrphans } from '../../../src/worker/worker.js';
import { testConfig } from '../../helpers/config.js';

// The queue fails in the moment between the rate check and the enqueue of a submit (Redis lost just
// then). The job's row is written by then — quota counted, idempotency key taken — so the submit is
// accepted (202) and the job runs later: the workers' sweep of unfinished jobs queues it. Never a
// 503 for a job that would run anyway.

const made = testConfig();
let stores: Stores;
let app: FastifyInstance;
const logLines: { level: number; msg: string; jobId?: string; err?: { message: string } }[] = [];

const lostRedis = (): AppError =>
  new AppError('SERVICE_UNAVAILABLE', 'The job queue (Redis) cannot be reached.');

beforeAll(async () => {
  stores = openStores(made.config);
  const real = stores.queue;
  const failing: JobQueue = {
    enqueue: () => Promise.reject(lostRedis()),
    depth: () => Promise.reject(lostRedis()),
    take: (...args) => real.take(...args),
    extend: (...args) => real.extend(...args),
    ack: (...args) => real.ack(...args),
    stopTaking: () => real.stopTaking(),
  };
  const policy = createAddressPolicy({ allowedPrivateNetworks: made.config.allowedPrivateNetworks });
  const deps = bindHttpDeps({
    config: made.config,
    stores: { ...stores, queue: failing },
    urlGuard: createUrlGuard({ policy, dnsServers: made.config.dnsServers }),
    metrics: createMetrics(),
    proxyLocations: new Set(),
    devices: createPlaywrightDevices(),
    version: 'test',
  });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()) as (typeof logLines)[number]);
      done();
    },
  });
  app = await buildApp(deps, { logger: pino({ level: 'warn' }, sink) });
});
afterAll(async () => {
  await app?.close();
  stores?.close();
  made.cleanup();
});

describe('a submit whose enqueue fails after the job is written', () => {
  it('is accepted, logged, and queued by the sweep of unfinished jobs', async () => {
    const { apiKey, accountId } = await createAccount(accountDeps(stores), { plan: 'STARTER' });
    const res = await app.inject({
      method: 'POST',
      url: '/screenshots/web',
      headers: { authorization: `Bearer ${apiKey}` },
      payload: { url: 'http://127.0.0.2:9/page' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId, estimatedSeconds } = res.json<{ jobId: string; estimatedSeconds: number }>();
    expect(estimatedSeconds).toBeGreaterThanOrEqual(1);
    expect(await stores.jobs.get(jobId, accountId)).toMatchObject({ status: 'queued' });
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 40,
        jobId,
        err: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }),
      }),
    );
    expect(await stores.queue.depth()).toEqual({ waiting: 0, active: 0 });
    // The workers' sweep (at start, then every minute for jobs older than ten) queues it.
    expect(await sweepOrphans({ jobs: stores.jobs, queue: stores.queue, clock: systemClock }, 0)).toBe(1);
    expect(await stores.queue.depth()).toEqual({ waiting: 1, active: 0 });
  });
});
