import { startFixtureServer } from './test/helpers/fixture-server.js';
import { createPlaywrightCapturer } from './src/adapters/playwright/playwright-capturer.js';
import { chromiumProcessesOf } from './test/helpers/chromium.js';
import { toCaptureSpec } from './src/domain/capture-request.js';
const server = await startFixtureServer();
const cap = createPlaywrightCapturer({ chromiumPath: null, concurrency: 2, browserMaxCaptures: 100, navigationTimeoutMs: 10000, maxFullPageHeightPx: 16384 });
await cap.ready();
console.log('procs', chromiumProcessesOf());
for (const [name, req] of [
  ['simple', { url: server.baseUrl + '/simple.html' }],
  ['tall', { url: server.baseUrl + '/tall.html', fullPage: true }],
  ['huge', { url: server.baseUrl + '/huge.html', fullPage: true }],
  ['el', { url: server.baseUrl + '/element.html', element: '.box' }],
  ['webp-el', { url: server.baseUrl + '/element.html', element: '#target', format: 'webp' }],
  ['webp-full', { url: server.baseUrl + '/tall.html', fullPage: true, format: 'webp' }],
  ['pdf', { url: server.baseUrl + '/tall.html', fullPage: true, format: 'pdf' }],
  ['pdf-el', { url: server.baseUrl + '/element.html', element: '#target', format: 'pdf' }],
  ['jpeg', { url: server.baseUrl + '/simple.html', format: 'jpeg', dimensions: {width: 800, height: 600} }],
  ['dialogs', { url: server.baseUrl + '/dialogs.html' }],
  ['404', { url: server.baseUrl + '/status/404' }],
  ['redirect', { url: server.baseUrl + '/redirect?to=/simple.html' }],
] as const) {
  const t0 = Date.now();
  try {
    const out = await cap.capture(toCaptureSpec(req as any), new AbortController().signal);
    console.log(name, Date.now() - t0, 'ms', out.contentType, out.bytes.length, out.width, out.height, JSON.stringify(out.metadata), out.bytes.subarray(0,5).toString('latin1'));
  } catch (e: any) { console.log(name, Date.now()-t0, 'ERR', e.code, e.message); }
}
console.log(server.requests.filter(r => r.includes('img')));
await cap.close(); await server.close();
console.log('procs after', chromiumProcessesOf());
