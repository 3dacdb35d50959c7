import type { Page, Request } from 'playwright-core';

/**
 * The new documents a page starts loading of its own accord (a script's redirect, a meta refresh,
 * a reload), seen as the main frame's navigation requests: unlike `framenavigated`, these are
 * never same-document changes (`history.pushState`), and unlike `domcontentloaded` they are seen
 * also for a document replaced before it was parsed.
 */
export interface DocumentWatch {
  /** Navigations of the main frame started since the watch began (a server redirect's hops: one). */
  started(): number;
  /**
   * True while one of them has not yet arrived: its request neither failed nor finished with its
   * document committed in the main frame (a small page's answer can be all in before the frame
   * shows it: until then `page.url()` and the page are still the old document's).
   */
  arriving(): boolean;
  /** Calls `listener` on the next one that starts; returns the function that stops it. */
  onStart(listener: () => void): () => void;
  /** Resolves true when one starts within `maxWaitMs` (or one has started since `since`), else false. */
  nextStart(since: number, maxWaitMs: number): Promise<boolean>;
  /** The HTTP status of the last of them, once it has arrived; null when none (or no answer). */
  lastStatus(): Promise<number | null>;
  /** Resolves once none is {@link DocumentWatch.arriving arriving}, or after `maxWaitMs`. */
  arrived(maxWaitMs: number): Promise<void>;
  /**
   * From now on, a document the page asks for again (a reload, a refresh to itself, a move back to
   * one it showed) is refused — its request aborted: the page stays on the document it shows — and
   * counted apart ({@link DocumentWatch.held}), not started. A document it has not shown still comes.
   */
  hold(): Promise<void>;
  /** Documents refused since {@link DocumentWatch.hold}. */
  held(): number;
}

const watches = new WeakMap<Page, DocumentWatch>();

/** True for a request of `page` that loads a new document into its main frame. */
export function isMainFrameNavigation(page: Page, request: Request): boolean {
  return request.isNavigationRequest() && request.frame() === page.mainFrame();
}

/**
 * Bound of the wait for the main frame to commit a document whose request has finished, in ms (it
 * commits within milliseconds; this is a safety net should the frame never show it).
 */
const COMMIT_GRACE_MS = 3000;

function withoutHash(url: string): string {
  const at = url.indexOf('#');
  return at < 0 ? url : url.slice(0, at);
}

/** The first request of a server redirect's hops (`r` itself when it is not a redirect's). */
function firstHop(r: Request): Request {
  let first = r;
  for (let from = first.redirectedFrom(); from !== null; from = first.redirectedFrom()) first = from;
  return first;
}

/**
 * Starts watching `page` for the documents it loads from now on (once per page). With
 * `ownNavigation`, the first navigation the watch sees (and its redirect hops) is the caller's own
 * `page.goto`, not one of the page's: it is neither counted nor {@link DocumentWatch.arriving
 * arriving} (a body that never ends is the load budget's business).
 */
export function watchDocuments(page: Page, options: { ownNavigation?: boolean } = {}): DocumentWatch {
  const existing = watches.get(page);
  if (existing) return existing;
  let started = 0;
  let holding = false;
  let held = 0;
  // The first navigation request of each document address seen (the caller's own included), and
  // the requests refused by the hold, and, for each counted one, the `last` it replaced.
  const firstOf = new Map<string, Request>();
  const refused = new WeakSet<Request>();
  const counted = new WeakMap<Request, Request | null>();
  let last: Request | null = null;
  let own: Request | null = null;
  let awaitingOwn = options.ownNavigation === true;
  const arriving = new Set<Request>();
  const listeners = new Set<() => void>();
  const waiters = new Set<() => void>();
  // Requests whose answer is in, kept arriving until the frame commits their document.
  const finished = new Map<Request, NodeJS.Timeout>();
  const committed = new WeakSet<Request>();
  const arrived = (r: Request): void => {
    clearTimeout(finished.get(r));
    finished.delete(r);
    if (!arriving.delete(r) || arriving.size > 0) return;
    for (const waiter of [...waiters]) waiter();
  };
  page.on('request', (r) => {
    if (!isMainFrameNavigation(page, r)) return;
    const address = withoutHash(r.url());
    if (!firstOf.has(address)) firstOf.set(address, r);
    const first = firstHop(r);
    if (awaitingOwn) {
      awaitingOwn = false;
      own = first;
    }
    if (first === own || refused.has(r)) return;
    const from = r.redirectedFrom();
    if (from === null) counted.set(r, last);
    last = r;
    arriving.add(r);
    // A server redirect's next hop is the same document still on its way, not a new one.
    if (from !== null) {
      arrived(from);
      return;
    }
    started += 1;
    for (const listener of [...listeners]) listener();
  });
  page.on('requestfinished', (r) => {
    if (!arriving.has(r)) return;
    if (committed.has(r)) return arrived(r);
    // A redirect's hop gives way to its next hop; a document that never commits, to this bound.
    const timer = setTimeout(() => arrived(r), COMMIT_GRACE_MS);
    timer.unref();
    finished.set(r, timer);
  });
  page.on('requestfailed', arrived);
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = withoutHash(frame.url());
    for (const r of [...arriving]) {
      if (withoutHash(r.url()) !== url) continue;
      committed.add(r);
      if (finished.has(r)) arrived(r);
    }
  });
  page.on('close', () => {
    for (const timer of finished.values()) clearTimeout(timer);
    finished.clear();
  });
  const watch: DocumentWatch = {
    started: () => started,
    held: () => held,
    async hold() {
      if (holding) return;
      holding = true;
      // Aborted, a navigation commits nothing (no error page): the document shown stays. Only a
      // document already shown is refused (a reload, a refresh to itself, a move back and forth):
      // a new one still comes, as before (and fails the capture if it keeps coming).
      await page.route('**/*', (route, request) => {
        if (!isMainFrameNavigation(page, request) || request.redirectedFrom() !== null)
          return route.fallback();
        const first = firstOf.get(withoutHash(request.url()));
        if (first === undefined || first === request) return route.fallback();
        refused.add(request);
        held += 1;
        // Seen (its request event came first) and counted: it is not one of the page's documents.
        if (counted.has(request)) {
          started -= 1;
          if (last === request) last = counted.get(request) ?? null;
          counted.delete(request);
          arrived(request);
        }
        return route.abort('aborted');
      });
    },
    async lastStatus() {
      if (!last || arriving.has(last)) return null;
      return (await last.response().catch(() => null))?.status() ?? null;
    },
    arriving: () => arriving.size > 0,
    onStart(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    nextStart(since, maxWaitMs) {
      if (started !== since) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          listeners.delete(onNext);
          resolve(false);
        }, maxWaitMs);
        const onNext = (): void => {
          clearTimeout(timer);
          listeners.delete(onNext);
          resolve(true);
        };
        listeners.add(onNext);
      });
    },
    async arrived(maxWaitMs) {
      if (arriving.size === 0) return;
      let done: () => void = () => undefined;
      let timer: NodeJS.Timeout | undefined;
      const over = new Promise<void>((resolve) => {
        done = resolve;
        timer = setTimeout(resolve, maxWaitMs);
      });
      waiters.add(done);
      try {
        await over;
      } finally {
        clearTimeout(timer);
        waiters.delete(done);
      }
    },
  };
  watches.set(page, watch);
  return watch;
}

/** The watch of `page`, when {@link watchDocuments} began one. */
export function documentWatchOf(page: Page): DocumentWatch | null {
  return watches.get(page) ?? null;
}
