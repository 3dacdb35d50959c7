import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { until } from '../../helpers/poll.js';
import { decodeFrames, ffmpegProcessesOf, frameMd5s, near, pixel, probe } from '../../helpers/media.js';

// A scrolling video through the whole service: submit, poll, download, ffprobe, result record.

let api: TestApi;
let pages: FixtureServer;
let growthKey: string;

beforeAll(async () => {
  pages = await startFixtureServer();
  api = await startTestApi(
    { JOB_RETRY_DELAYS: '0,0', NAVIGATION_TIMEOUT_MS: '5000' },
    { api: true, worker: true },
  );
  await api.service.start();
  growthKey = (await api.account('GROWTH')).apiKey;
});
afterAll(async () => {
  await api?.close();
  await pages?.close();
  expect(ffmpegProcessesOf()).toEqual([]);
});

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

function post(key: string, body: Record<string, unknown>) {
  return api.app.inject({ method: 'POST', url: '/screenshots/web', headers: auth(key), payload: body });
}

describe('video through the service', () => {
  it('records a 2 s, 10 fps scrolling mp4 for a GROWTH account and describes it in the result record', async () => {
    const url = `${pages.baseUrl}/video/long.html`;
    const submitted = await post(growthKey, { url, video: { duration: 2, fps: 10 } });
    expect(submitted.statusCode, submitted.body).toBe(202);
    const { jobId } = submitted.json<{ jobId: string }>();

    const status = await until(
      async () => {
        const body = (
          await api.app.inject({ url: `/jobs/${jobId}/status`, headers: auth(growthKey) })
        ).json();
        return body.status === 'completed' || body.status === 'failed' ? body : undefined;
      },
      120_000,
      200,
    );
    expect(status).toMatchObject({ status: 'completed', attempts: 1 });

    const download = await api.app.inject({ url: `/jobs/${jobId}/result`, headers: auth(growthKey) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('video/mp4');
    const bytes = download.rawPayload;
    expect(Number(download.headers['content-length'])).toBe(bytes.length);

    const probed = await probe(bytes);
    expect(probed).toMatchObject({
      codec: 'h264',
      pixFmt: 'yuv420p',
      width: 1280,
      height: 720,
      fps: 10,
      frames: 20,
      faststart: true,
    });
    expect(Math.abs(probed.durationSeconds - 2)).toBeLessThanOrEqual(1 / 10);
    expect(new Set(await frameMd5s(bytes)).size).toBe(20);
    const frames = await decodeFrames(bytes, 1280, 720);
    expect(near(pixel(frames[0]!, 1280, 20, 20), [255, 0, 0])).toBe(true);
    expect(near(pixel(frames.at(-1)!, 1280, 20, 700), [0, 0, 255])).toBe(true);

    const record = (
      await api.app.inject({
        url: `/jobs/${jobId}/result`,
        headers: { ...auth(growthKey), accept: 'application/json' },
      })
    ).json();
    expect(record).toMatchObject({
      jobId,
      status: 'completed',
      format: 'mp4',
      contentType: 'video/mp4',
      bytes: bytes.length,
      width: 1280,
      height: 720,
      durationSeconds: 2,
      fps: 10,
      cached: false,
    });
    expect(record.metadata).toMatchObject({
      finalUrl: url,
      httpStatus: 200,
      scrolledPx: 8000 - 720,
      truncated: false,
    });
  });

  it('gives a video its own allowance: longer than CAPTURE_TIMEOUT_MS, done on the first attempt', async () => {
    // CAPTURE_TIMEOUT_MS at its floor (5 s); recording 180 frames takes longer than that here, and
    // the capturer's deadline for a video adds the time of its frames and encoding.
    const short = await startTestApi(
      {
        JOB_RETRY_DELAYS: '0,0',
        NAVIGATION_TIMEOUT_MS: '5000',
        CAPTURE_TIMEOUT_MS: '5000',
        CONCURRENCY: '1',
      },
      { api: true, worker: true },
    );
    try {
      await short.service.start();
      const key = (await short.account('GROWTH')).apiKey;
      const submitted = await short.app.inject({
        method: 'POST',
        url: '/screenshots/web',
        headers: auth(key),
        payload: { url: `${pages.baseUrl}/video/long.html`, video: { duration: 12, fps: 15 } },
      });
      expect(submitted.statusCode, submitted.body).toBe(202);
      const { jobId } = submitted.json<{ jobId: string }>();
      const status = await until(
        async () => {
          const body = (await short.app.inject({ url: `/jobs/${jobId}/status`, headers: auth(key) })).json();
          return body.status === 'completed' || body.status === 'failed' ? body : undefined;
        },
        120_000,
        200,
      );
      expect(status, JSON.stringify(status)).toMatchObject({ status: 'completed', attempts: 1 });
      expect(Date.parse(status.completedAt) - Date.parse(status.startedAt)).toBeGreaterThan(5000);
    } finally {
      await short.close();
    }
  });

  it('accepts the bounds of duration and fps and refuses what lies outside them', async () => {
    // Submission only, on a service without a worker: nothing records these jobs.
    const apiOnly = await startTestApi();
    try {
      const growth = (await apiOnly.account('GROWTH')).apiKey;
      const starter = (await apiOnly.account('STARTER')).apiKey;
      const submit = (key: string, video: unknown) =>
        apiOnly.app.inject({
          method: 'POST',
          url: '/screenshots/web',
          headers: auth(key),
          payload: { url: `${pages.baseUrl}/video/short.html`, video },
        });
      for (const video of [
        { duration: 1, fps: 1 },
        { duration: 30, fps: 30 },
        { duration: 2.5, fps: 12 },
      ]) {
        expect((await submit(growth, video)).statusCode, JSON.stringify(video)).toBe(202);
      }
      for (const [video, field] of [
        [{ duration: 0.5, fps: 1 }, 'video.duration'],
        [{ duration: 31, fps: 1 }, 'video.duration'],
        [{ duration: 1, fps: 0 }, 'video.fps'],
        [{ duration: 1, fps: 31 }, 'video.fps'],
        [{ duration: 1, fps: 2.5 }, 'video.fps'],
      ] as const) {
        const refused = await submit(growth, video);
        expect(refused.statusCode, JSON.stringify(video)).toBe(400);
        expect(refused.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toEqual([field]);
      }
      const gated = await submit(starter, { duration: 2, fps: 10 });
      expect(gated.statusCode).toBe(403);
      expect(gated.json()).toMatchObject({ code: 'PLAN_UPGRADE_REQUIRED', requiredPlan: 'GROWTH' });
    } finally {
      await apiOnly.close();
    }
  });
});
