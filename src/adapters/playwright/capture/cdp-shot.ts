import type { Page } from 'playwright-core';
import { asClientError } from '../browser/isolated-world.js';
import { documentWatchOf } from './documents.js';
import type { Clip } from './page-capture.js';

/** The part of a DevTools protocol session used here. */
export interface ProtocolSession {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
}

const sessions = new WeakMap<Page, ProtocolSession | null>();

/**
 * Playwright's own DevTools session of the page's main frame — the one that set the page's
 * viewport, scale and touch emulation — or null when this Playwright build does not expose it.
 * Reached through the in-process connection's `toImpl` (the hook Playwright's own tests use): one
 * of the two places Shots touches Playwright's internals (the other: isolated-world.ts). A second
 * session of our own would not do: a clipped `Page.captureScreenshot` applies and then restores the
 * *calling* session's device emulation, which would undo the page's scale and viewport.
 */
export function protocolSessionOf(page: Page): ProtocolSession | null {
  if (sessions.has(page)) return sessions.get(page) ?? null;
  let session: ProtocolSession | null = null;
  try {
    const internal = page as unknown as { _connection?: { toImpl?: (o: unknown) => unknown } };
    const impl = internal._connection?.toImpl?.(page) as
      { delegate?: { _mainFrameSession?: { _client?: ProtocolSession } } } | undefined;
    const client = impl?.delegate?._mainFrameSession?._client;
    if (client && typeof client.send === 'function') {
      session = {
        send: (method, params) =>
          client.send(method, params).catch((err: unknown) => {
            throw asClientError(err);
          }),
      };
    }
  } catch {
    session = null;
  }
  sessions.set(page, session);
  return session;
}

/** True when {@link directScreenshot} can shoot `page` (Playwright's session is reachable). */
export function canShootDirectly(page: Page): boolean {
  return protocolSessionOf(page) !== null;
}

/** What one direct shot needs. */
export interface DirectShot {
  type: 'png' | 'jpeg' | 'webp';
  quality: number;
  /** A region of the document in CSS px, or null for the viewport. */
  clip: Clip | null;
  /** PNG/WebP with a transparent background where the page has none. */
  omitBackground: boolean;
  /** The context emulates touch (a shot beyond the viewport turns that off; it is turned back on). */
  hasTouch: boolean;
  /** The context emulates a mobile device (its visual viewport can be zoomed out). */
  mobile: boolean;
}

/**
 * The visual viewport as a clip: on a mobile page laid out wider than the screen the visual
 * viewport is zoomed out, and a shot without a clip would not show it so. Its size is the screen's
 * divided by the zoom, unrounded: a page without a viewport meta tag on an iPhone 13 (390×664 at
 * 3) is 980 px wide at zoom 0.398, so its visual viewport is 1,668.51 CSS px tall; Playwright's
 * own clip (whole CSS px, rounded down) made that image 1,991 px tall instead of 1,992 — a preset's
 * image 1 or 2 px short of viewport × factor, 1 px narrow on a Pixel 7 (412 × 2.625 = 1,081.5).
 */
async function visualViewportClip(session: ProtocolSession, page: Page): Promise<Record<string, number>> {
  const { visualViewport: v } = (await session.send('Page.getLayoutMetrics')) as {
    visualViewport: { pageX: number; pageY: number; scale: number };
  };
  const size = page.viewportSize() ?? { width: 0, height: 0 };
  return {
    x: v.pageX,
    y: v.pageY,
    width: size.width / v.scale,
    height: size.height / v.scale,
    scale: v.scale,
  };
}

/**
 * True when `clip` (document CSS px) lies wholly in the visual viewport as it is scrolled now, at
 * scale 1: Chromium can then shoot it as shown, without laying the page out again at the size of
 * the whole document (`captureBeyondViewport`), which on a page 10,000–45,000 px tall costs 2–10
 * times as long for the same pixels. `elementClip` scrolls an element that fits into view first.
 */
async function inView(session: ProtocolSession, clip: Clip): Promise<boolean> {
  const { cssVisualViewport: v } = (await session.send('Page.getLayoutMetrics')) as {
    cssVisualViewport?: {
      pageX: number;
      pageY: number;
      clientWidth: number;
      clientHeight: number;
      scale?: number;
    };
  };
  if (!v || (v.scale ?? 1) !== 1) return false;
  return (
    clip.x >= v.pageX &&
    clip.y >= v.pageY &&
    clip.x + clip.width <= v.pageX + v.clientWidth &&
    clip.y + clip.height <= v.pageY + v.clientHeight
  );
}

/**
 * A screenshot sent straight on Playwright's session as `Page.captureScreenshot`: the request
 * `page.screenshot` makes, without its per-shot style pass through every frame and layout query
 * (the readiness steps before the shot wait for fonts and hide the caret instead), and with PNGs
 * encoded for speed (`optimizeForSpeed`: a fast zlib level, three to four times faster on
 * photo-heavy pages, files some 10–15 % larger, the same pixels). Null when the session is not
 * reachable: the caller takes Playwright's way.
 */
export async function directScreenshot(page: Page, shot: DirectShot): Promise<Buffer | null> {
  const session = protocolSessionOf(page);
  if (!session) return null;
  return unlessInterrupted(page, () => shotOn(session, page, shot));
}

/** Bound of one direct shot, ms: Playwright's own screenshot timeout. */
const SHOT_TIMEOUT_MS = 30_000;

/**
 * `work`, unless the page starts loading a new document first (see documents.ts) — Chromium does
 * not answer a screenshot asked for as the page navigates away (a page that reloads or redirects
 * itself): it would wait for ever — or it takes longer than {@link SHOT_TIMEOUT_MS}; then rejects.
 * A page already on its way to a new document is not shot at all.
 */
async function unlessInterrupted<T>(page: Page, work: () => Promise<T>): Promise<T> {
  const documents = documentWatchOf(page);
  const navigating = (): Error => new Error('The page loaded a new document while it was being shot');
  if (documents?.arriving()) throw navigating();
  let interrupt: (err: Error) => void = () => undefined;
  const interrupted = new Promise<never>((_, reject) => {
    interrupt = reject;
  });
  const stop = documents?.onStart(() => interrupt(navigating()));
  const timer = setTimeout(() => {
    // Named as Playwright names its timeouts: a retryable CAPTURE_TIMEOUT (capture-errors.ts).
    const timeout = new Error(`page.screenshot: Timeout ${SHOT_TIMEOUT_MS}ms exceeded`);
    timeout.name = 'TimeoutError';
    interrupt(timeout);
  }, SHOT_TIMEOUT_MS);
  try {
    return await Promise.race([work(), interrupted]);
  } finally {
    clearTimeout(timer);
    stop?.();
  }
}

/** Times a shot Chromium could not take is asked for again ({@link captureScreenshot}). */
export const UNABLE_RETRIES = 2;
/** Pause before asking again, ms: a few frames of the compositor. */
const UNABLE_PAUSE_MS = 50;

/**
 * `Page.captureScreenshot` with `params`, its base64 `data`. Chromium now and then answers "Unable
 * to capture screenshot" when the compositor has no frame to copy at that moment — seen once in
 * 100 viewport shots four at a time on two busy cores — and the same request a moment later
 * succeeds: it is asked again up to {@link UNABLE_RETRIES} times, {@link UNABLE_PAUSE_MS} apart,
 * before the error stands (a page that navigated away is interrupted by the caller meanwhile).
 */
export async function captureScreenshot(
  session: ProtocolSession,
  params: Record<string, unknown>,
): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { data } = (await session.send('Page.captureScreenshot', params)) as { data: string };
      return data;
    } catch (err) {
      const unable = /Unable to capture screenshot/.test(err instanceof Error ? err.message : String(err));
      if (!unable || attempt >= UNABLE_RETRIES) throw err;
      await new Promise((resolve) => setTimeout(resolve, UNABLE_PAUSE_MS));
    }
  }
}

async function shotOn(session: ProtocolSession, page: Page, shot: DirectShot): Promise<Buffer> {
  const transparent = shot.omitBackground && shot.type !== 'jpeg';
  if (transparent) {
    await session.send('Emulation.setDefaultBackgroundColorOverride', { color: { r: 0, g: 0, b: 0, a: 0 } });
  }
  try {
    // A region in view is shot as shown, as Playwright does; any other is shot beyond the viewport.
    const beyond = shot.clip !== null && (shot.mobile || !(await inView(session, shot.clip)));
    const data = await captureScreenshot(session, {
      format: shot.type,
      ...(shot.type === 'png' ? { optimizeForSpeed: true } : { quality: shot.quality }),
      // Scale 1 of a document region: device pixels, as Playwright's default "device" scale.
      ...(shot.clip
        ? { clip: { ...shot.clip, scale: 1 }, captureBeyondViewport: beyond }
        : shot.mobile
          ? { clip: await visualViewportClip(session, page) }
          : {}),
    });
    if (beyond && shot.hasTouch) await session.send('Emulation.setTouchEmulationEnabled', { enabled: true });
    return Buffer.from(data, 'base64');
  } finally {
    if (transparent)
      await session.send('Emulation.setDefaultBackgroundColorOverride', {}).catch(() => undefined);
  }
}
