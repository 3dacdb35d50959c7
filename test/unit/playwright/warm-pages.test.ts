import { EventEmitter } from 'node:events';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createDirectEgress } from '../../../src/adapters/egress/direct-egress.js';
import { WarmPages } from '../../../src/adapters/playwright/capture/warm-pages.js';
import { toCaptureSpec } from '../../../src/domain/capture-spec.js';

/**
 * A browser whose contexts are never made: Playwright's `newPage` can stay pending like this when
 * the browser dies while it makes the page. `kill()` disconnects it as Chromium's death would.
 */
class StuckBrowser extends EventEmitter {
  connected = true;
  newContextCalls = 0;
  isConnected(): boolean {
    return this.connected;
  }
  newContext(): Promise<never> {
    this.newContextCalls += 1;
    return new Promise<never>(() => undefined);
  }
  kill(): void {
    this.connected = false;
    this.emit('disconnected');
  }
}

const spec = toCaptureSpec({ url: 'http://127.0.0.2/' });

function stocked(): { warm: WarmPages; browser: StuckBrowser; asBrowser: Browser } {
  const browser = new StuckBrowser();
  const asBrowser = browser as unknown as Browser;
  const warm = new WarmPages(createDirectEgress(), 1);
  warm.refill(asBrowser);
  expect(browser.newContextCalls).toBe(1);
  return { warm, browser, asBrowser };
}

describe('pages made ahead', () => {
  it('are not waited for past the bound when one never comes', async () => {
    const { warm, asBrowser } = stocked();
    const started = Date.now();
    expect(await warm.take(asBrowser, spec, undefined, 200)).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('are not waited for once their browser dies', async () => {
    const { warm, browser, asBrowser } = stocked();
    const taking = warm.take(asBrowser, spec, undefined, 60_000);
    setTimeout(() => browser.kill(), 50);
    const started = Date.now();
    expect(await taking).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('are not waited for once the capture is aborted (deadline, shutdown)', async () => {
    const { warm, asBrowser } = stocked();
    const abort = new AbortController();
    const taking = warm.take(asBrowser, spec, abort.signal, 60_000);
    setTimeout(() => abort.abort(new Error('deadline')), 50);
    expect(await taking).toBeNull();
  });
});
