import type { Page, Request } from 'playwright-core';
import { protocolSessionOf } from './cdp-shot.js';
import { isMainFrameNavigation } from './documents.js';

/** A page whose main thread has not answered for this long, ms, is taken to hang for good. */
export const UNRESPONSIVE_MS = 15_000;
/** How often the main thread is asked, ms. A capture shorter than this is never asked. */
const PROBE_EVERY_MS = 1000;

/** The watch {@link watchResponsiveness} starts; `stop()` ends it. */
export interface ResponsivenessWatch {
  stop(): void;
}

/**
 * Asks the page's main thread, once a second, to evaluate `0`, and calls `onUnresponsive` when
 * one such question has gone unanswered for `limitMs`: a script that never yields (`for(;;){}`)
 * leaves every evaluation, every wait on the page and every screenshot unanswered, and would
 * otherwise hold the capture's slot until its whole allowance ran out. A long but finite task
 * (layout of a huge document, a heavy script) answers in between. The question goes straight to
 * the page's DevTools session where it can (it does not wait for a document, as Playwright's
 * `evaluate` does); a question asked before a new document of the main frame started is dropped,
 * not held against the new one.
 */
export function watchResponsiveness(
  page: Page,
  onUnresponsive: (silentMs: number) => void,
  limitMs = UNRESPONSIVE_MS,
): ResponsivenessWatch {
  const session = protocolSessionOf(page);
  /** When the question now in flight was asked, or null. */
  let askedAt: number | null = null;
  let round = 0;
  const ask = (): void => {
    const mine = ++round;
    askedAt = Date.now();
    const answer = session
      ? session.send('Runtime.evaluate', { expression: '0', returnByValue: true })
      : page.evaluate('0');
    void answer.then(
      () => (mine === round ? (askedAt = null) : undefined),
      () => (mine === round ? (askedAt = null) : undefined),
    );
  };
  // A new document of the main frame: the question in flight is dropped (its document may never
  // answer: it is being replaced), and the next one asked on the next tick.
  const onRequest = (request: Request): void => {
    if (!isMainFrameNavigation(page, request)) return;
    round += 1;
    askedAt = null;
  };
  page.on('request', onRequest);
  const timer = setInterval(() => {
    if (page.isClosed()) return stop();
    if (askedAt === null) return ask();
    const silentMs = Date.now() - askedAt;
    if (silentMs < limitMs) return;
    stop();
    onUnresponsive(silentMs);
  }, PROBE_EVERY_MS);
  timer.unref();
  function stop(): void {
    clearInterval(timer);
    page.off('request', onRequest);
  }
  return { stop };
}
