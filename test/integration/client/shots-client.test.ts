import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shots, ShotsError } from '../../../src/client/index.js';
import type { JobStatus } from '../../../src/client/index.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import type { LiveService } from '../../helpers/live-service.js';
import { startLiveService } from '../../helpers/live-service.js';
import { recordingFetch } from '../../helpers/recording-fetch.js';

let pages: FixtureServer;
let live: LiveService;
let shots: Shots;
/** Every URL the client asked for, to check that no key ever travels in one. */
const urls: string[] = [];
let apiKey = '';

beforeAll(async () => {
  pages = await startFixtureServer();
  live = await startLiveService({ NAVIGATION_TIMEOUT_MS: '3000' });
  apiKey = (await live.account('STARTER')).apiKey;
  shots = new Shots({ baseUrl: live.baseUrl, apiKey, fetch: recordingFetch(urls) });
});
afterAll(async () => {
  await live?.close();
  await pages?.close();
});

/** The ShotsError `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<ShotsError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ShotsError);
  return err as ShotsError;
}

describe('the client against shots serve', () => {
  it('capture(): submits, follows the job, downloads an image of the asked size', async () => {
    const seen: JobStatus[] = [];
    const shot = await shots.capture(
      { url: `${pages.baseUrl}/simple.html`, dimensions: { width: 640, height: 480 }, bypassCache: true },
      { onProgress: (s) => seen.push(s) },
    );
    expect(shot.contentType).toBe('image/png');
    expect(imageSize(shot.bytes)).toMatchObject({ width: 640, height: 480 });
    expect(shot.job.status).toBe('completed');
    expect(shot.jobId).toMatch(/^job_web_/);
    expect(seen.at(-1)?.status).toBe('completed');
  });

  it('submit(), status(), waitFor(), result() and resultRecord() one by one', async () => {
    const accepted = await shots.submit(
      { url: `${pages.baseUrl}/simple.html`, format: 'jpeg', bypassCache: true },
      { idempotencyKey: 'client-test-1' },
    );
    expect(accepted).toMatchObject({ status: 'queued', statusUrl: `/jobs/${accepted.jobId}/status` });
    const first = await shots.status(accepted.jobId, { waitSeconds: 0 });
    expect(first.jobId).toBe(accepted.jobId);
    expect(['queued', 'processing', 'completed']).toContain(first.status);
    const done = await shots.waitFor(accepted.jobId);
    expect(done).toMatchObject({ status: 'completed', resultUrl: `/jobs/${accepted.jobId}/result` });
    const artifact = await shots.result(accepted.jobId);
    expect(artifact.contentType).toBe('image/jpeg');
    expect(imageSize(artifact.bytes)).toMatchObject({ type: 'jpg', width: 1280, height: 720 });
    const record = await shots.resultRecord(accepted.jobId);
    expect(record).toMatchObject({
      jobId: accepted.jobId,
      format: 'jpeg',
      contentType: 'image/jpeg',
      bytes: artifact.bytes.length,
      width: 1280,
      height: 720,
      cached: false,
    });
    expect(record.metadata).toMatchObject({ finalUrl: `${pages.baseUrl}/simple.html`, httpStatus: 200 });
  });

  it('a PDF and its content type', async () => {
    const pdf = await shots.capture({ url: `${pages.baseUrl}/simple.html`, format: 'pdf' });
    expect(pdf.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(pdf.bytes.subarray(0, 5))).toBe('%PDF-');
  });

  it('400 VALIDATION_ERROR names each field', async () => {
    const body = {
      url: `${pages.baseUrl}/simple.html`,
      format: 'gif',
      dimensions: { width: 50, height: 100 },
    };
    const err = await refusal(shots.submit(body as unknown as Parameters<Shots['submit']>[0]));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(err.errors.map((e) => e.field).sort()).toEqual(['dimensions.width', 'format']);
    expect(err.message).toContain('dimensions.width: must be at least 100');
    const scheme = await refusal(shots.submit({ url: 'ftp://example.com/' }));
    expect(scheme.errors.map((e) => e.field)).toEqual(['url']);
  });

  it('400 for a field the schema does not know', async () => {
    const body = { url: `${pages.baseUrl}/simple.html`, shutter: 'fast' } as unknown as Parameters<
      Shots['submit']
    >[0];
    const err = await refusal(shots.submit(body));
    expect(err.errors).toEqual([{ field: 'shutter', message: 'is not a known field' }]);
  });

  it('401 INVALID_API_KEY for a wrong key', async () => {
    const stranger = new Shots({ baseUrl: live.baseUrl, apiKey: 'shots_sk_not-a-real-key' });
    const err = await refusal(stranger.status('job_web_aaaaaaaaaaaaaaaaaaaaaaaa'));
    expect(err).toMatchObject({ status: 401, code: 'INVALID_API_KEY' });
  });

  it('403 PLAN_UPGRADE_REQUIRED with requiredPlan and the fields', async () => {
    const free = new Shots({ baseUrl: live.baseUrl, apiKey: (await live.account('FREE')).apiKey });
    const err = await refusal(free.submit({ url: `${pages.baseUrl}/simple.html`, fullPage: true }));
    expect(err).toMatchObject({ status: 403, code: 'PLAN_UPGRADE_REQUIRED', requiredPlan: 'STARTER' });
    expect(err.errors.map((e) => e.field)).toEqual(['fullPage']);
  });

  it('404 JOB_NOT_FOUND for a job of nobody', async () => {
    for (const call of [
      shots.status('job_web_aaaaaaaaaaaaaaaaaaaaaaaa'),
      shots.result('job_web_aaaaaaaaaaaaaaaaaaaaaaaa'),
      shots.resultRecord('job_web_aaaaaaaaaaaaaaaaaaaaaaaa'),
      shots.webhooks('job_web_aaaaaaaaaaaaaaaaaaaaaaaa'),
      shots.redeliver('job_web_aaaaaaaaaaaaaaaaaaaaaaaa'),
    ]) {
      expect(await refusal(call)).toMatchObject({ status: 404, code: 'JOB_NOT_FOUND' });
    }
    // A job id with characters that would change the path is sent escaped, and is just unknown.
    expect(await refusal(shots.status('../usage?x=1#'))).toMatchObject({ status: 404 });
  });

  it('409 JOB_NOT_READY while the job runs, NO_WEBHOOK without a webhook', async () => {
    const { jobId } = await shots.submit({
      url: `${pages.baseUrl}/slow`,
      webhookUrl: 'https://127.0.0.2:9/hook',
      bypassCache: true,
    });
    expect(await refusal(shots.result(jobId))).toMatchObject({ status: 409, code: 'JOB_NOT_READY' });
    expect(await refusal(shots.resultRecord(jobId))).toMatchObject({ status: 409, code: 'JOB_NOT_READY' });
    expect(await refusal(shots.redeliver(jobId))).toMatchObject({ status: 409, code: 'JOB_NOT_READY' });
    const done = await shots.capture({ url: `${pages.baseUrl}/simple.html` });
    expect(await refusal(shots.redeliver(done.jobId))).toMatchObject({ status: 409, code: 'NO_WEBHOOK' });
  });

  it('409 JOB_FAILED: capture() throws with the failed job, result() with its error', async () => {
    const err = await refusal(shots.capture({ url: `${pages.baseUrl}/simple.html`, element: '#missing' }));
    expect(err).toMatchObject({ status: 409, code: 'JOB_FAILED' });
    expect(err.job).toMatchObject({ status: 'failed', errorCode: 'ELEMENT_NOT_FOUND' });
    expect(err.detail).toContain('#missing');
    const fromServer = await refusal(shots.result(err.job!.jobId));
    expect(fromServer).toMatchObject({ status: 409, code: 'JOB_FAILED' });
    expect(fromServer.detail).toContain('#missing');
  });

  it('429 RATE_LIMITED with retryAfterSeconds; not waited for when longer than maxDelayMs', async () => {
    const { apiKey: limitedKey } = await live.account('STARTER', { rateLimit: 1 });
    const noRetry = new Shots({ baseUrl: live.baseUrl, apiKey: limitedKey, retry: false });
    await noRetry.submit({ url: `${pages.baseUrl}/simple.html` });
    const err = await refusal(noRetry.submit({ url: `${pages.baseUrl}/simple.html` }));
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(60);
    const calls: string[] = [];
    const impatient = new Shots({
      baseUrl: live.baseUrl,
      apiKey: limitedKey,
      retry: { maxDelayMs: 100 },
      fetch: recordingFetch(calls),
    });
    expect(await refusal(impatient.submit({ url: `${pages.baseUrl}/simple.html` }))).toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(calls).toHaveLength(1);
  });

  it('429 QUOTA_EXCEEDED is not retried', async () => {
    const calls: string[] = [];
    const quota = new Shots({
      baseUrl: live.baseUrl,
      apiKey: (await live.account('STARTER', { monthlyQuota: 1 })).apiKey,
      fetch: recordingFetch(calls),
    });
    await quota.submit({ url: `${pages.baseUrl}/simple.html` });
    const err = await refusal(quota.submit({ url: `${pages.baseUrl}/simple.html`, bypassCache: true }));
    expect(err).toMatchObject({ status: 429, code: 'QUOTA_EXCEEDED' });
    expect(calls).toHaveLength(2);
  });

  it('NETWORK_ERROR (status 0) when nothing answers', async () => {
    const nowhere = new Shots({ baseUrl: 'http://127.0.0.1:9', apiKey, retry: false });
    expect(await refusal(nowhere.status('job_web_aaaaaaaaaaaaaaaaaaaaaaaa'))).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('never puts the API key in a URL', () => {
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) expect(url).not.toContain(apiKey);
  });
});
