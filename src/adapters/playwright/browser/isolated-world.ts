import type { Frame, Page } from 'playwright-core';
import { isStealthBrowser } from './launch-chromium.js';

/** The part of Playwright's server-side frame used here. */
interface ServerFrame {
  _evaluateExpression(
    expression: string,
    options: { isFunction?: boolean; world?: 'main' | 'utility' },
    arg?: unknown,
  ): Promise<unknown>;
}

const serverFrames = new WeakMap<Frame, ServerFrame | null>();

/**
 * Playwright's server-side object of `frame`, reached through the in-process connection's `toImpl`
 * (the hook Playwright's own tests use, as cdp-shot.ts does for the page's session); null when this
 * Playwright build does not expose it.
 */
function serverFrameOf(frame: Frame): ServerFrame | null {
  if (serverFrames.has(frame)) return serverFrames.get(frame) ?? null;
  let server: ServerFrame | null = null;
  try {
    const internal = frame as unknown as { _connection?: { toImpl?: (o: unknown) => unknown } };
    const impl = internal._connection?.toImpl?.(frame) as Partial<ServerFrame> | undefined;
    if (impl && typeof impl._evaluateExpression === 'function') server = impl as ServerFrame;
  } catch {
    server = null;
  }
  serverFrames.set(frame, server);
  return server;
}

/**
 * `target.evaluate(fn, arg)` — Shots' own code in the page: measuring, scrolling, adding styles,
 * building the element map — run in an isolated world of the page's document (Playwright's utility
 * world) instead of the page's own: it shares the page's DOM but none of its JavaScript. A page
 * that replaced built-ins — a `Promise` without `race`, MooTools' or Prototype's `Array.from`, a
 * `Map` polyfill, `Object.keys`, `getBoundingClientRect` or `querySelectorAll` of its own — cannot
 * break it, nor see it. Before, any such page failed every attempt ("page.evaluate: TypeError:
 * Promise.race is not a function") or lost its description. What must see the page's own globals
 * (the request's `javascript`, the scroll-listener count) stays in the main world.
 *
 * Stealth browsers (patchright-core) evaluate in an isolated world already. Where Playwright's
 * server side is not reachable, the main world it is.
 */
export function evaluateIsolated<R, A = undefined>(
  target: Page | Frame,
  fn: string | ((arg: A) => R | Promise<R>),
  arg?: A,
): Promise<R> {
  const frame = 'mainFrame' in target ? target.mainFrame() : target;
  const browser = frame.page().context().browser();
  const server = browser !== null && isStealthBrowser(browser) ? null : serverFrameOf(frame);
  if (server === null) {
    const evaluate = frame.evaluate.bind(frame) as (f: typeof fn, a?: A) => Promise<R>;
    return evaluate(fn, arg);
  }
  const isFunction = typeof fn === 'function';
  return (server._evaluateExpression(String(fn), { isFunction, world: 'utility' }, arg) as Promise<R>).catch(
    (err: unknown) => {
      throw asClientError(err);
    },
  );
}

/**
 * The error Playwright's client would give for an error of its server side (reached here and in
 * cdp-shot.ts). The server's errors for a page that closed or crashed say nothing of it (an empty
 * message, or "Internal server error, session closed"); the client names them, and so must every
 * error a capture reports.
 */
export function asClientError(err: unknown): unknown {
  const type = err instanceof Error ? (err as Error & { type?: unknown }).type : undefined;
  if (type === 'closed') return new Error('Target page, context or browser has been closed', { cause: err });
  if (type === 'crashed') return new Error('Target crashed', { cause: err });
  return err;
}
