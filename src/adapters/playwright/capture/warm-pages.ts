import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CaptureSpec } from '../../../domain/capture-spec.js';
import { toCaptureSpec } from '../../../domain/capture-spec.js';
import type { Egress, EgressSession } from '../../../ports/egress.js';
import { contextOptionsOf } from './context-setup.js';
import { SCROLL_WATCH_SCRIPT } from './readiness.js';

/** A fresh context and page made ahead of a capture, with its egress session. Used once. */
export interface WarmPage {
  session: EgressSession;
  context: BrowserContext;
  page: Page;
  /** Its renderer crashed while it waited: never used. */
  crashed: boolean;
}

/**
 * True when a capture of `spec` can start on a page made ahead of time: it asks for none of the
 * context options a page cannot change once made (scale, device, user agent, colour scheme,
 * motion, time zone, locale, position, CSP bypass), no cookies, headers or blocked types, no page
 * preparation and no regional proxy. The viewport's size is set on the page itself.
 */
export function isPlainSpec(spec: CaptureSpec): boolean {
  return (
    spec.deviceScaleFactor === 1 &&
    !spec.isMobile &&
    !spec.hasTouch &&
    spec.userAgent === null &&
    !spec.darkMode &&
    !spec.disableAnimations &&
    spec.timezone === null &&
    spec.locale === null &&
    spec.geolocation === null &&
    spec.css === null &&
    spec.javascript === null &&
    spec.hideSelectors.length === 0 &&
    spec.headerNames.length === 0 &&
    spec.cookieNames.length === 0 &&
    spec.blockResources.length === 0 &&
    spec.proxyLocation === null &&
    !spec.blockAds &&
    !spec.acceptCookies &&
    !spec.stealth
  );
}

/** The longest a capture waits for a page made ahead (normally ready at once, or within 100 ms), ms. */
const TAKE_WAIT_MS = 5000;

/** The longest a warm page's liveness probe may take before the page counts as dead, ms. */
const PROBE_WAIT_MS = 1000;

/**
 * True when a warm page's renderer still answers. Its `crash` event comes only once the browser has
 * told Playwright, some milliseconds after the renderer died (an idle renderer killed by the
 * kernel's OOM killer, say); a capture handed such a page failed at once, an attempt lost to a
 * page it never used. One round trip (about a millisecond) settles it: a dead renderer's evaluate
 * is rejected as soon as the browser notices.
 */
async function isAlive(warm: WarmPage): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_WAIT_MS);
  });
  try {
    const answer = warm.page.evaluate('1').then(
      () => !warm.crashed,
      () => false,
    );
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The spec a warm page is made for: the defaults of every field. */
const PLAIN: CaptureSpec = toCaptureSpec({ url: 'http://warm.invalid/' });

/**
 * Pages made ahead, per browser: while a slot is idle, the next capture's context and page are
 * already open (a new context and its renderer cost a bare Playwright loop some 50 ms a capture).
 * Isolation is unchanged — every capture still gets a context of its own, used once. Each costs an
 * idle renderer (some 15–20 MB), so a browser holds at most one for every two of its slots, and the
 * capturer asks for one only at light load (see `refill`'s callers): under load, a slot's next capture
 * starts the moment one ends, and a page made ahead would only hold memory.
 */
export class WarmPages {
  private readonly stock = new Map<Browser, Promise<WarmPage | null>[]>();
  private closed = false;

  constructor(
    private readonly egress: Egress,
    private readonly perBrowser: number,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /**
   * A warm page of `browser`, made ready for `spec`'s viewport and target; null when none is ready.
   * Never waits longer than `waitMs`, nor past `browser`'s end or `signal`'s abort: a page still
   * being made when its browser dies can wait forever (Playwright's `newPage` does not always
   * settle then), and a capture must not wait with it. A page that comes too late is closed.
   */
  async take(
    browser: Browser,
    spec: CaptureSpec,
    signal?: AbortSignal,
    waitMs = TAKE_WAIT_MS,
  ): Promise<WarmPage | null> {
    let giveUp: () => void = () => undefined;
    const gaveUp = new Promise<null>((resolve) => {
      giveUp = () => resolve(null);
    });
    const timer = setTimeout(giveUp, waitMs);
    browser.on('disconnected', giveUp);
    signal?.addEventListener('abort', giveUp, { once: true });
    let late = false;
    try {
      const ready = this.takeReady(browser, spec, () => late);
      const warm = await Promise.race([ready, gaveUp]);
      if (warm === null) {
        late = true;
        void ready.then(
          (w) => w && this.discard(w),
          () => undefined,
        );
      }
      return warm;
    } finally {
      clearTimeout(timer);
      browser.off('disconnected', giveUp);
      signal?.removeEventListener('abort', giveUp);
    }
  }

  private async takeReady(
    browser: Browser,
    spec: CaptureSpec,
    late: () => boolean,
  ): Promise<WarmPage | null> {
    const list = this.stock.get(browser);
    while (list && list.length > 0 && !late()) {
      const warm = await list.shift();
      if (!warm || warm.crashed || warm.page.isClosed() || !browser.isConnected() || !(await isAlive(warm))) {
        if (warm) this.discard(warm);
        continue;
      }
      warm.session.setTarget(spec.url);
      const size = warm.page.viewportSize();
      if (size?.width !== spec.viewport.width || size.height !== spec.viewport.height)
        await warm.page.setViewportSize(spec.viewport);
      return warm;
    }
    return null;
  }

  /** Starts making one warm page of `browser` when it has fewer than its share (after a capture ends). */
  refill(browser: Browser): void {
    if (this.closed || !browser.isConnected()) return;
    let list = this.stock.get(browser);
    if (!list) {
      list = [];
      this.stock.set(browser, list);
      browser.on('disconnected', () => this.drop(browser));
    }
    if (list.length >= this.perBrowser) return;
    list.push(this.make(browser));
  }

  /** Closes every warm page and stops making more. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.stock.values()].flat();
    this.stock.clear();
    for (const warm of await Promise.all(all)) if (warm) this.discard(warm);
  }

  private async make(browser: Browser): Promise<WarmPage | null> {
    const session = this.egress.openSession();
    try {
      const context = await browser.newContext(contextOptionsOf(PLAIN, session));
      await context.addInitScript({ content: SCROLL_WATCH_SCRIPT });
      const page = await context.newPage();
      const warm: WarmPage = { session, context, page, crashed: false };
      page.once('crash', () => {
        warm.crashed = true;
      });
      return warm;
    } catch (err) {
      session.close();
      if (browser.isConnected() && !this.closed) this.onError(err);
      return null;
    }
  }

  private drop(browser: Browser): void {
    const list = this.stock.get(browser) ?? [];
    this.stock.delete(browser);
    for (const pending of list) void pending.then((warm) => warm && this.discard(warm));
  }

  /** Closes a page made ahead and its egress session. */
  discard(warm: WarmPage): void {
    warm.session.close();
    void warm.context.close().catch(() => undefined);
  }
}
