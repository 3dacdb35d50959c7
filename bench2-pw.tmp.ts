import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { startFixtureServer } from './test/helpers/fixture-server.js';
import { createPlaywrightCapturer } from './src/adapters/playwright/playwright-capturer.js';
import { launchChromium } from './src/adapters/playwright/launch-chromium.js';
import { chromiumProcessesOf } from './test/helpers/chromium.js';
import { toCaptureSpec } from './src/domain/capture-request.js';
const path = process.env.CP ?? '/usr/lib/chromium/chromium-headless-shell';
const server = await startFixtureServer();
const url = server.baseUrl + '/simple.html';
const median = (a: number[]) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]!; };
const rssMb = () => chromiumProcessesOf().reduce((sum, pid) => { try { return sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) } catch { return sum } }, 0) / 1024;
// bare loop
{
  const b = await launchChromium(path);
  const times: number[] = [];
  for (let i = 0; i < 25; i++) {
    const t0 = performance.now();
    const c = await b.newContext({ viewport: { width: 1280, height: 720 } });
    const p = await c.newPage();
    await p.goto(url, { waitUntil: 'load' });
    await p.screenshot();
    await c.close();
    if (i >= 5) times.push(performance.now() - t0);
  }
  console.log('bare median', median(times).toFixed(0), 'ms');
  await b.close();
}
{
  const cap = createPlaywrightCapturer({ chromiumPath: path, concurrency: 1, browserMaxCaptures: 1000, navigationTimeoutMs: 10000, maxFullPageHeightPx: 16384 });
  await cap.ready();
  const times: number[] = [];
  for (let i = 0; i < 25; i++) {
    const t0 = performance.now();
    await cap.capture(toCaptureSpec({ url }), new AbortController().signal);
    if (i >= 5) times.push(performance.now() - t0);
  }
  console.log('capturer median', median(times).toFixed(0), 'ms');
  await cap.close();
}
for (const browsers of [1, 2, 1, 2]) {
  for (const [name, req] of [['simple', { url }], ['tall-full', { url: server.baseUrl + '/tall.html', fullPage: true }], ['dialogs', {url: server.baseUrl + '/dialogs.html'}]] as const) {
    const cap = createPlaywrightCapturer({ chromiumPath: path, concurrency: 2, browsers, browserMaxCaptures: 1000, navigationTimeoutMs: 10000, maxFullPageHeightPx: 16384 });
    await cap.ready();
    const base = rssMb();
    let peak = 0;
    const iv = setInterval(() => { peak = Math.max(peak, rssMb()); }, 50);
    const N = 60; let next = 0;
    const t0 = performance.now();
    await Promise.all([0, 1].map(async () => { while (next < N) { next++; await cap.capture(toCaptureSpec(req as any), new AbortController().signal); } }));
    const ms = performance.now() - t0;
    clearInterval(iv);
    console.log(`browsers=${browsers} ${name}: ${N} captures in ${ms.toFixed(0)} ms = ${(N * 1000 / ms).toFixed(2)}/s; idle RSS ${base.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`);
    await cap.close();
  }
}
await server.close();
