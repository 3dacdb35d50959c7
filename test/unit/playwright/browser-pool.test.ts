import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserPool } from '../../../src/adapters/playwright/browser/browser-pool.js';
import type {
  BrowserPool,
  BrowserPoolOptions,
  PoolBrowser,
} from '../../../src/adapters/playwright/browser/browser-pool.js';

/** A browser that only tracks whether it is open; `crash()` disconnects it as Chromium would. */
class FakeBrowser implements PoolBrowser {
  connected = true;
  closeCalls = 0;
  private readonly listeners: (() => void)[] = [];

  constructor(readonly id: number) {}

  isConnected(): boolean {
    return this.connected;
  }

  async close(): Promise<void> {
    this.closeCalls += 1;
    await Promise.resolve();
    this.disconnect();
  }

  on(_event: 'disconnected', listener: () => void): void {
    this.listeners.push(listener);
  }

  crash(): void {
    this.disconnect();
  }

  private disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    for (const listener of this.listeners) listener();
  }
}

const pools: BrowserPool<FakeBrowser>[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function fakePool(options: Partial<BrowserPoolOptions<FakeBrowser>> = {}): {
  pool: BrowserPool<FakeBrowser>;
  launched: FakeBrowser[];
} {
  const launched: FakeBrowser[] = [];
  const pool = createBrowserPool<FakeBrowser>({
    launch: async () => {
      const browser = new FakeBrowser(launched.length + 1);
      launched.push(browser);
      return browser;
    },
    browsers: 1,
    contextsPerBrowser: 2,
    maxCapturesPerBrowser: 100,
    ...options,
  });
  pools.push(pool);
  return { pool, launched };
}

/** Lets queued promise callbacks run. */
async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe('browser pool', () => {
  it('launches its browsers at ready() and hands out contextsPerBrowser slots each', async () => {
    const { pool, launched } = fakePool({ browsers: 2, contextsPerBrowser: 2 });
    await pool.ready();
    expect(launched).toHaveLength(2);
    const leases = await Promise.all([pool.acquire(), pool.acquire(), pool.acquire(), pool.acquire()]);
    // spread over both browsers, two each
    expect(leases.filter((l) => l.browser === launched[0])).toHaveLength(2);
    expect(pool.stats()).toMatchObject({ live: 2, active: 4, waiting: 0 });
    let fifth = false;
    const pending = pool.acquire().then((lease) => {
      fifth = true;
      return lease;
    });
    await flush();
    expect(fifth).toBe(false);
    expect(pool.stats().waiting).toBe(1);
    leases[0]?.release();
    leases[0]?.release(); // idempotent: frees one slot, not two
    const lease = await pending;
    expect(lease.browser).toBe(leases[0]?.browser);
    expect(pool.stats()).toMatchObject({ active: 4, waiting: 0 });
  });

  it('retires a browser after maxCapturesPerBrowser and closes it once its last capture ends', async () => {
    const { pool, launched } = fakePool({ maxCapturesPerBrowser: 2 });
    await pool.ready();
    const first = await pool.acquire();
    const second = await pool.acquire(); // second capture: the browser retires
    await flush();
    expect(launched).toHaveLength(2);
    expect(pool.stats()).toMatchObject({ live: 1, retiring: 1 });
    const third = await pool.acquire();
    expect(third.browser).toBe(launched[1]);
    first.release();
    await flush();
    expect(launched[0]?.closeCalls).toBe(0); // still busy with `second`
    second.release();
    await flush();
    expect(launched[0]?.closeCalls).toBe(1);
    expect(pool.stats()).toMatchObject({ live: 1, retiring: 0, active: 1 });
    third.release();
  });

  it('replaces a browser that disconnects and serves waiters with the replacement', async () => {
    const { pool, launched } = fakePool({ contextsPerBrowser: 1 });
    await pool.ready();
    const busy = await pool.acquire();
    const waiting = pool.acquire();
    launched[0]?.crash();
    const lease = await waiting;
    expect(lease.browser).toBe(launched[1]);
    expect(pool.liveBrowsers()).toEqual([launched[1]]);
    busy.release(); // a lease of the dead browser may still be given back
    lease.release();
    expect(pool.stats()).toMatchObject({ live: 1, active: 0, launched: 2 });
  });

  it('discard() closes the browser at once, even while other captures use it', async () => {
    const { pool, launched } = fakePool({ contextsPerBrowser: 2 });
    await pool.ready();
    const hung = await pool.acquire();
    const other = await pool.acquire();
    hung.discard();
    await flush();
    expect(launched[0]?.connected).toBe(false);
    expect((await pool.acquire()).browser).toBe(launched[1]);
    other.release();
  });

  it('stops waiting when the signal aborts', async () => {
    const { pool } = fakePool({ contextsPerBrowser: 1 });
    await pool.ready();
    const busy = await pool.acquire();
    const controller = new AbortController();
    const waiting = pool.acquire(controller.signal);
    controller.abort(new Error('deadline'));
    await expect(waiting).rejects.toThrow('deadline');
    expect(pool.stats().waiting).toBe(0);
    await expect(pool.acquire(controller.signal)).rejects.toThrow('deadline');
    busy.release();
  });

  it('reports a failed launch to ready() and to waiters, and tries again on the next acquire', async () => {
    let fail = true;
    const errors: unknown[] = [];
    const { pool } = fakePool({
      launch: async () => {
        if (fail) throw new Error('no chromium here');
        return new FakeBrowser(1);
      },
      onBackgroundError: (err) => errors.push(err),
    });
    await expect(pool.ready()).rejects.toThrow('no chromium here');
    await expect(pool.acquire()).rejects.toMatchObject({
      code: 'CAPTURE_FAILED',
      message: 'Chromium failed to start: no chromium here',
    });
    expect(errors).toHaveLength(2);
    fail = false;
    const lease = await pool.acquire();
    expect(lease.browser.isConnected()).toBe(true);
    await expect(pool.ready()).resolves.toBeUndefined();
    lease.release();
  });

  it('close() rejects waiters, closes busy browsers too and refuses new work', async () => {
    const { pool, launched } = fakePool({ browsers: 2, contextsPerBrowser: 1 });
    await pool.ready();
    await pool.acquire();
    await pool.acquire();
    const waiting = pool.acquire();
    await pool.close();
    await expect(waiting).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(launched.map((b) => b.connected)).toEqual([false, false]);
    await expect(pool.acquire()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(pool.stats()).toMatchObject({ live: 0, retiring: 0, launching: 0 });
  });

  it('closes a browser whose launch finishes after close()', async () => {
    let finishLaunch: (() => void) | undefined;
    const late = new FakeBrowser(1);
    const { pool } = fakePool({
      launch: () =>
        new Promise<FakeBrowser>((resolve) => {
          finishLaunch = () => resolve(late);
        }),
    });
    const ready = pool.ready();
    const closed = pool.close();
    finishLaunch?.();
    await closed;
    await ready;
    expect(late.connected).toBe(false);
  });

  it('rejects nonsensical sizes', () => {
    expect(() => fakePool({ browsers: 0 })).toThrow(RangeError);
    expect(() => fakePool({ contextsPerBrowser: 1.5 })).toThrow(RangeError);
  });
});
