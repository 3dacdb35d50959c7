import { startFixtureServer } from '../../helpers/fixture-server.js';
import { createPlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import { launchChromium } from '../../../src/adapters/playwright/launch-chromium.js';
import { toCaptureSpec } from '../../../src/domain/capture-request.js';
const path = process.env.CP ?? '/usr/lib/chromium/chromium-headless-shell';
const server = await startFixtureServer();
const url = server.baseUrl + '/simple.html';
const median = (a: number[]) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]!; };
const b = await launchChromium(path);
const cap = createPlaywrightCapturer({ chromiumPath: path, concurrency: 1, browserMaxCaptures: 1000, navigationTimeoutMs: 10000, maxFullPageHeightPx: 16384 });
await cap.ready();
const bare: number[] = [], mine: number[] = [];
for (let round = 0; round < 25; round++) {
  let t0 = performance.now();
  const c = await b.newContext({ viewport: { width: 1280, height: 720 } });
  const p = await c.newPage();
  await p.goto(url, { waitUntil: 'load' });
  await p.screenshot();
  await c.close();
  if (round >= 5) bare.push(performance.now() - t0);
  t0 = performance.now();
  await cap.capture(toCaptureSpec({ url }), new AbortController().signal);
  if (round >= 5) mine.push(performance.now() - t0);
}
console.log(`${path}: bare median ${median(bare).toFixed(0)} ms (min ${Math.min(...bare).toFixed(0)}), capturer median ${median(mine).toFixed(0)} ms (min ${Math.min(...mine).toFixed(0)})`);
await cap.close(); await b.close(); await server.close();
