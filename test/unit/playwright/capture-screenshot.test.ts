import { describe, expect, it } from 'vitest';
import type { ProtocolSession } from '../../../src/adapters/playwright/capture/cdp-shot.js';
import { captureScreenshot, UNABLE_RETRIES } from '../../../src/adapters/playwright/capture/cdp-shot.js';

// Chromium's "Unable to capture screenshot" (no compositor frame to copy at that moment) cannot be
// brought about on demand in a real browser: a session that answers it a given number of times
// stands in for one, speaking the same method and error.
function flakySession(unable: number, other?: Error): ProtocolSession & { calls: number } {
  const session = {
    calls: 0,
    async send(method: string): Promise<unknown> {
      expect(method).toBe('Page.captureScreenshot');
      session.calls += 1;
      if (other) throw other;
      if (session.calls <= unable)
        throw new Error('Protocol error (Page.captureScreenshot): Unable to capture screenshot');
      return { data: 'aW1hZ2U=' };
    },
  };
  return session;
}

describe('a screenshot Chromium could not take at once', () => {
  it('is asked for again, and the shot that follows is kept', async () => {
    const session = flakySession(UNABLE_RETRIES);
    expect(await captureScreenshot(session, { format: 'png' })).toBe('aW1hZ2U=');
    expect(session.calls).toBe(UNABLE_RETRIES + 1);
  });

  it('fails with Chromium’s error once the retries are used up', async () => {
    const session = flakySession(UNABLE_RETRIES + 1);
    await expect(captureScreenshot(session, { format: 'png' })).rejects.toThrow(
      'Unable to capture screenshot',
    );
    expect(session.calls).toBe(UNABLE_RETRIES + 1);
  });

  it('is not asked again for any other error', async () => {
    const session = flakySession(0, new Error('Protocol error (Page.captureScreenshot): Target closed'));
    await expect(captureScreenshot(session, { format: 'png' })).rejects.toThrow('Target closed');
    expect(session.calls).toBe(1);
  });
});
