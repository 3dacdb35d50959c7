import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaywrightCapturer } from '../../../src/adapters/playwright/playwright-capturer.js';
import { toCaptureSpec } from '../../../src/domain/capture-spec.js';
import { noDeadline, testCapturer } from '../../helpers/capturer.js';
import { chromiumProcessTypes, killChromium, waitForNoChromium } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';
import { until } from '../../helpers/poll.js';
import { decodePng } from '../../helpers/png.js';

// A page made ahead whose renderer dies while it waits (the kernel's OOM killer picks an idle
// renderer, say) must not cost the next capture its attempt: the capture is handed a live page or
// a fresh one. Before: a capture that took the page within milliseconds of the death, before
// Playwright's `crash` event came, failed at once with "The page crashed during the capture".

let server: FixtureServer;
let capturer: PlaywrightCapturer;

beforeAll(async () => {
  server = await startFixtureServer();
  capturer = testCapturer({ concurrency: 1 });
  await capturer.ready();
}, 60_000);

afterAll(async () => {
  await capturer?.close();
  await server?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

/** True while the capturer's browser holds a page made ahead (a context of one blank page) and nothing else. */
function warmPageOnly(): boolean {
  const contexts = capturer.pool.liveBrowsers().flatMap((b) => b.contexts());
  return (
    contexts.length === 1 &&
    contexts[0]!.pages().length === 1 &&
    contexts[0]!.pages()[0]!.url() === 'about:blank' &&
    chromiumProcessTypes().filter((p) => p.type === 'renderer').length === 1
  );
}

describe('a page made ahead whose renderer died', () => {
  it.each([1, 2, 3])('is not handed to the next capture (round %i)', async () => {
    const spec = toCaptureSpec({ url: `${server.baseUrl}/simple.html` });
    await capturer.capture(spec, noDeadline());
    await until(async () => (warmPageOnly() ? true : undefined), 10_000);
    // The only renderer is the waiting page's; the capture starts before its crash is reported.
    expect(killChromium('renderer')).toBe(1);
    const shot = await capturer.capture(spec, noDeadline());
    expect(shot.contentType).toBe('image/png');
    const { width, height } = decodePng(shot.bytes);
    expect({ width, height }).toEqual({ width: spec.viewport.width, height: spec.viewport.height });
  });
});
