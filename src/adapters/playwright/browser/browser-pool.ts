import { AppError, isAppError } from '../../../domain/errors.js';

/** What the pool needs of a browser (Playwright's `Browser` has it; tests pass fakes). */
export interface PoolBrowser {
  isConnected(): boolean;
  close(): Promise<void>;
  on(event: 'disconnected', listener: () => void): unknown;
}

/** Options of {@link createBrowserPool}. */
export interface BrowserPoolOptions<B extends PoolBrowser> {
  /** Starts one browser. */
  launch: () => Promise<B>;
  /** Browsers kept warm. At least 1. */
  browsers: number;
  /** Captures (contexts) one browser serves at once. At least 1. */
  contextsPerBrowser: number;
  /** Captures after which a browser is retired and replaced. At least 1. */
  maxCapturesPerBrowser: number;
  /** Told about every browser that failed to launch or to close (for logs). */
  onBackgroundError?: (err: unknown) => void;
}

/** One slot of one browser, held for one capture. */
export interface BrowserLease<B extends PoolBrowser> {
  readonly browser: B;
  /** Gives the slot back. Idempotent. */
  release(): void;
  /** Gives the slot back and closes the browser at once: it is hung or broken. Idempotent. */
  discard(): void;
}

/** Counters for tests and metrics. */
export interface BrowserPoolStats {
  /** Browsers taking new captures. */
  live: number;
  /** Browsers retired that still finish their captures. */
  retiring: number;
  launching: number;
  /** Leases held. */
  active: number;
  /** acquire() calls waiting for a slot. */
  waiting: number;
  /** Browsers launched since the pool was created. */
  launched: number;
}

/**
 * A warm pool of browsers with `contextsPerBrowser` slots each. A browser retires after
 * `maxCapturesPerBrowser` leases (its replacement is launched at once; it closes when its last
 * lease is released) and is replaced when it disconnects (crash, killed).
 */
export interface BrowserPool<B extends PoolBrowser> {
  /** Launches the browsers; rejects when one fails to launch. Idempotent. */
  ready(): Promise<void>;
  /** Waits for a free slot. Rejects with `signal.reason` when `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<BrowserLease<B>>;
  /** Refuses new work, closes every browser (busy ones too) and waits for them to exit. */
  close(): Promise<void>;
  stats(): BrowserPoolStats;
  /** Browsers taking new captures (test hook: close or crash one underneath the pool). */
  liveBrowsers(): B[];
}

interface Entry<B> {
  browser: B;
  state: 'live' | 'retiring' | 'dead';
  active: number;
  served: number;
}

interface Waiter<B extends PoolBrowser> {
  resolve(lease: BrowserLease<B>): void;
  reject(err: Error): void;
}

/** Creates a {@link BrowserPool}; nothing is launched before `ready()` or the first `acquire()`. */
export function createBrowserPool<B extends PoolBrowser>(options: BrowserPoolOptions<B>): BrowserPool<B> {
  return new Pool(options);
}

class Pool<B extends PoolBrowser> implements BrowserPool<B> {
  private readonly entries: Entry<B>[] = [];
  private readonly waiters: Waiter<B>[] = [];
  private readonly launches = new Set<Promise<void>>();
  private readonly closes = new Set<Promise<void>>();
  private launched = 0;
  private closed = false;
  private readyPromise: Promise<void> | null = null;

  constructor(private readonly options: BrowserPoolOptions<B>) {
    for (const key of ['browsers', 'contextsPerBrowser', 'maxCapturesPerBrowser'] as const) {
      if (!Number.isInteger(options[key]) || options[key] < 1)
        throw new RangeError(`${key} must be a whole number ≥ 1`);
    }
  }

  ready(): Promise<void> {
    this.readyPromise ??= Promise.all(this.fill()).then(
      () => undefined,
      (err: unknown) => {
        this.readyPromise = null; // a later ready() tries again
        throw err;
      },
    );
    return this.readyPromise;
  }

  acquire(signal?: AbortSignal): Promise<BrowserLease<B>> {
    if (this.closed) return Promise.reject(poolClosed());
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const entry = this.pick();
    if (entry) return Promise.resolve(this.take(entry));
    void this.fill(); // a failed launch reaches the waiters through onLaunchFailed()
    return new Promise<BrowserLease<B>>((resolve, reject) => {
      const onAbort = (): void => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(abortReason(signal));
      };
      const waiter: Waiter<B> = {
        resolve: (lease) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(lease);
        },
        reject: (err) => {
          signal?.removeEventListener('abort', onAbort);
          reject(err);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.reject(poolClosed());
    await Promise.allSettled([...this.launches]); // a browser launched now is closed by launchOne()
    for (const entry of [...this.entries]) this.retire(entry, true);
    await Promise.allSettled([...this.closes]);
  }

  stats(): BrowserPoolStats {
    const count = (state: Entry<B>['state']): number => this.entries.filter((e) => e.state === state).length;
    return {
      live: count('live'),
      retiring: count('retiring'),
      launching: this.launches.size,
      active: this.entries.reduce((sum, e) => sum + e.active, 0),
      waiting: this.waiters.length,
      launched: this.launched,
    };
  }

  liveBrowsers(): B[] {
    return this.entries.filter((e) => e.state === 'live').map((e) => e.browser);
  }

  /** Starts launches until live + launching browsers reach the target; returns the new ones. */
  private fill(): Promise<void>[] {
    const started: Promise<void>[] = [];
    while (!this.closed && this.stats().live + this.launches.size < this.options.browsers) {
      const launch = this.launchOne();
      this.launches.add(launch);
      void launch.then(
        () => this.launches.delete(launch),
        (err: unknown) => {
          this.launches.delete(launch);
          this.onLaunchFailed(err);
        },
      );
      started.push(launch);
    }
    return started;
  }

  private async launchOne(): Promise<void> {
    const browser = await this.options.launch();
    this.launched += 1;
    const entry: Entry<B> = { browser, state: 'live', active: 0, served: 0 };
    browser.on('disconnected', () => this.onDisconnected(entry));
    this.entries.push(entry);
    if (this.closed || !browser.isConnected()) {
      this.retire(entry, true);
      return;
    }
    this.dispatch();
  }

  /** A launch failed: waiters that nothing else can serve get the error rather than hang. */
  private onLaunchFailed(err: unknown): void {
    this.options.onBackgroundError?.(err);
    if (this.stats().live > 0 || this.launches.size > 0) return;
    const error = launchFailed(err);
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }

  private pick(): Entry<B> | undefined {
    let best: Entry<B> | undefined;
    for (const entry of this.entries) {
      if (entry.state !== 'live' || entry.active >= this.options.contextsPerBrowser) continue;
      if (!entry.browser.isConnected()) continue;
      if (best === undefined || entry.active < best.active) best = entry;
    }
    return best;
  }

  private take(entry: Entry<B>): BrowserLease<B> {
    entry.active += 1;
    entry.served += 1;
    if (entry.served >= this.options.maxCapturesPerBrowser) this.retire(entry, false);
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      entry.active -= 1;
      if (entry.state === 'retiring' && entry.active === 0) this.retire(entry, true);
      this.dispatch();
    };
    return {
      browser: entry.browser,
      release,
      discard: () => {
        this.retire(entry, true); // first, so that release() cannot hand it to a waiter
        release();
      },
    };
  }

  /** Stops new leases on `entry` and launches its replacement; closes it now or once idle. */
  private retire(entry: Entry<B>, closeNow: boolean): void {
    if (entry.state === 'live') {
      entry.state = 'retiring';
      void this.fill();
    }
    if (entry.state === 'dead' || (!closeNow && entry.active > 0)) return;
    entry.state = 'dead';
    this.entries.splice(this.entries.indexOf(entry), 1);
    const closing = entry.browser.close().catch((err: unknown) => this.options.onBackgroundError?.(err));
    this.closes.add(closing);
    void closing.finally(() => this.closes.delete(closing));
  }

  private onDisconnected(entry: Entry<B>): void {
    if (entry.state === 'dead') return;
    entry.state = 'dead';
    const i = this.entries.indexOf(entry);
    if (i >= 0) this.entries.splice(i, 1);
    void this.fill();
  }

  private dispatch(): void {
    while (this.waiters.length > 0) {
      const entry = this.pick();
      if (!entry) return;
      this.waiters.shift()?.resolve(this.take(entry));
    }
  }
}

/** The signal's reason as an Error (an AbortError when it is not one). */
function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('The wait for a browser was aborted', 'AbortError');
}

function poolClosed(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'The browser pool is closed: the worker is shutting down');
}

function launchFailed(cause: unknown): AppError {
  if (isAppError(cause)) return cause;
  const why = cause instanceof Error ? cause.message : String(cause);
  return new AppError('CAPTURE_FAILED', `Chromium failed to start: ${why}`, { cause });
}
