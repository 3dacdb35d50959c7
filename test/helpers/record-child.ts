// Started as its own process by recorder-lifecycle.test.ts: records a 30 s video of the URL given,
// its temporary file in the folder given; the test kills this process (SIGKILL) mid-recording.
import { launchChromium } from '../../src/adapters/playwright/browser/launch-chromium.js';
import { recordScrollingVideo } from '../../src/adapters/playwright/video/video-recorder.js';
import { testChromiumPath } from './chromium.js';

const [url, tempDir] = process.argv.slice(2);
if (!url || !tempDir) throw new Error('usage: record-child.ts URL TEMP_DIR');
const browser = await launchChromium(testChromiumPath());
const context = await browser.newContext({ viewport: { width: 640, height: 360 } });
const page = await context.newPage();
await page.goto(url);
await recordScrollingVideo(context, page, {
  durationSeconds: 30,
  fps: 30,
  maxHeightPx: 16_384,
  signal: new AbortController().signal,
  tempDir,
});
await browser.close();
