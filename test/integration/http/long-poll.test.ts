import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';
import type { FakeClock } from '../../helpers/fake-clock.js';
import { fakeClock } from '../../helpers/fake-clock.js';
import { PNG_RESULT } from '../../helpers/job-fixture.js';
import type { ModeEnv } from '../../helpers/modes.js';
import { MODES } from '../../helpers/modes.js';
import { until } from '../../helpers/poll.js';

// GET /jobs/{jobId}/status?waitSeconds=N (CONTRACT §4b), API role in-process on a fake clock: its
// deadlines pass only when the test advances the clock, so a held request that answers before that
// was woken by its job's own event (in scale-out: PostgreSQL NOTIFY). Jobs are ended through the
// service's own stores, as the worker of `shots serve` (or any `shots worker`) would.
describe.each(MODES)('long-poll status ($name)', (mode) => {
  let modeEnv: ModeEnv;
  let api: TestApi;
  let clock: FakeClock;
  let apiKey: string;
  beforeAll(async () => {
    modeEnv = await mode.open();
    clock = fakeClock(new Date().toISOString());
    api = await startTestApi(modeEnv.env, { api: true, worker: false }, { apiClock: clock });
    ({ apiKey } = await api.account('STARTER', { rateLimit: 1000 }));
  });
  afterAll(async () => {
    await api?.close();
    await modeEnv?.close();
  });

  const auth = () => ({ authorization: `Bearer ${apiKey}` });

  async function submit(n: number | string): Promise<string> {
    const res = await api.app.inject({
      method: 'POST',
      url: '/screenshots/web',
      headers: auth(),
      payload: { url: `http://127.0.0.2:9/poll/${n}`, bypassCache: true },
    });
    expect(res.statusCode, res.body).toBe(202);
    return res.json().jobId as string;
  }

  function status(jobId: string, query = '', key = apiKey) {
    return api.app.inject({
      url: `/jobs/${jobId}/status${query}`,
      headers: { authorization: `Bearer ${key}` },
    });
  }

  /** A line's value in /metrics (0 when absent). */
  async function metric(line: string): Promise<number> {
    const text = (await api.app.inject({ url: '/metrics' })).body;
    const found = text.split('\n').find((l) => l.startsWith(`${line} `));
    return found ? Number(found.slice(line.length + 1)) : 0;
  }

  const waiters = (n: number) =>
    until(async () => ((await metric('shots_status_waiters')) === n ? true : undefined));

  /** Ends the job as a worker would: an attempt, then completion (the store raises the signal). */
  async function complete(jobId: string): Promise<void> {
    const token = `t-${jobId}`;
    await api.service.stores.jobs.startAttempt(jobId, token, new Date().toISOString());
    expect(await api.service.stores.jobs.complete(jobId, token, PNG_RESULT, new Date().toISOString())).toBe(
      true,
    );
  }

  it('answers as soon as the job ends, without the clock moving', async () => {
    const jobId = await submit('woken');
    const held = status(jobId, '?waitSeconds=30');
    await waiters(1);
    await complete(jobId);
    const res = await held;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ jobId, status: 'completed', resultUrl: `/jobs/${jobId}/result` });
    expect(await metric('shots_status_waits_total{outcome="woken"}')).toBe(1);
    await waiters(0);
  });

  it('answers with the current status once waitSeconds have passed', async () => {
    const jobId = await submit('timeout');
    let answered = false;
    const held = status(jobId, '?waitSeconds=2').then((res) => ((answered = true), res));
    await waiters(1);
    await clock.advance(1999);
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    await clock.advance(1);
    const res = await held;
    expect(res.json()).toMatchObject({ jobId, status: 'queued' });
    expect(await metric('shots_status_waits_total{outcome="timeout"}')).toBe(1);
  });

  it('holds 500 requests on one timer; each job wakes only its own', async () => {
    const jobs = await Promise.all([0, 1, 2, 3, 4].map((i) => submit(`many-${i}`)));
    const held = Array.from({ length: 500 }, (_, i) => status(jobs[i % 5]!, `?waitSeconds=${10 + (i % 21)}`));
    await waiters(500);
    expect(clock.pending()).toBe(1);
    await complete(jobs[0]!);
    const woken = await Promise.all(held.filter((_, i) => i % 5 === 0));
    expect(woken.every((res) => res.json().status === 'completed')).toBe(true);
    await waiters(400);
    expect(clock.pending()).toBe(1);
    await clock.advance(30_000);
    const rest = await Promise.all(held.filter((_, i) => i % 5 !== 0));
    expect(rest.every((res) => res.statusCode === 200 && res.json().status === 'queued')).toBe(true);
    expect(clock.pending()).toBe(0);
  });

  it('answers at once for a job already ended, and 404 for an unknown or foreign job', async () => {
    const jobId = await submit('ended');
    await complete(jobId);
    expect((await status(jobId, '?waitSeconds=30')).json().status).toBe('completed');
    const unknown = await status('job_web_doesnotexist000000000', '?waitSeconds=30');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('JOB_NOT_FOUND');
    const other = await api.account('FREE');
    expect((await status(jobId, '?waitSeconds=30', other.apiKey)).json().code).toBe('JOB_NOT_FOUND');
    expect((await status(jobId, '?waitSeconds=0')).json().status).toBe('completed');
  });

  it('refuses a waitSeconds outside 0–30 or not whole with 400 naming it', async () => {
    const jobId = await submit('bad');
    for (const value of ['31', '-1', '1.5', 'abc', '', '1e1', '5&waitSeconds=6']) {
      const res = await status(jobId, `?waitSeconds=${value}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'waitSeconds' }] });
    }
    expect((await status(jobId, '?waitSeconds=0&other=1')).statusCode).toBe(200);
  });

  it('drops the wait of a client that disconnects', async () => {
    const jobId = await submit('gone');
    const { url } = await api.service.start();
    const client = new AbortController();
    const held = fetch(`${url}/jobs/${jobId}/status?waitSeconds=30`, {
      headers: auth(),
      signal: client.signal,
    });
    await waiters(1);
    client.abort();
    await expect(held).rejects.toThrow();
    await waiters(0);
    expect(await metric('shots_status_waits_total{outcome="aborted"}')).toBe(1);
  });

  it('documents waitSeconds in the OpenAPI document', async () => {
    const get = (await api.app.inject({ url: '/openapi.json' })).json().paths['/jobs/{jobId}/status'].get;
    expect(get.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          in: 'query',
          name: 'waitSeconds',
          schema: expect.objectContaining({ maximum: 30 }),
        }),
      ]),
    );
  });
});

describe('long-poll on a closing server', () => {
  it('answers held requests at once when the server stops', async () => {
    const clock = fakeClock(new Date().toISOString());
    const api = await startTestApi({}, { api: true, worker: false }, { apiClock: clock });
    try {
      const { apiKey } = await api.account('FREE');
      const headers = { authorization: `Bearer ${apiKey}` };
      const submitted = await api.app.inject({
        method: 'POST',
        url: '/screenshots/web',
        headers,
        payload: { url: 'http://127.0.0.2:9/closing' },
      });
      const { url } = await api.service.start();
      const held = fetch(`${url}/jobs/${submitted.json().jobId}/status?waitSeconds=30`, { headers });
      await until(async () =>
        (await api.app.inject({ url: '/metrics' })).body.includes('shots_status_waiters 1')
          ? true
          : undefined,
      );
      await api.service.stop();
      const res = await held;
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe('queued');
    } finally {
      await api.close();
    }
  });
});
