import { chromium as patchright } from 'patchright-core';
import { chromium } from 'playwright-core';
import type { Browser, Frame } from 'playwright-core';

/**
 * Flags for a capture browser: no sandbox (containers rarely allow user namespaces), no
 * background traffic of Chromium's own (updates, sync, safe-browsing lists) that would leave
 * through the egress proxy or slow a capture, no QUIC (the egress proxy speaks TCP only), and
 * /tmp instead of a small /dev/shm, and WebRTC kept to proxied traffic.
 *
 * No `--disable-features` of ours: Chromium keeps only the last such switch, and Playwright passes
 * its own (PaintHolding, HttpsUpgrades, MediaRouter, OptimizationHints …), which a capture must
 * keep off — HTTPS upgrades, for one, would first try a plain-http target over https.
 */
export const CHROMIUM_ARGS: readonly string[] = Object.freeze([
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-breakpad',
  '--metrics-recording-only',
  '--no-default-browser-check',
  // WebRTC may only use the proxy (TCP through the egress checks), never direct UDP to any address.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  // Popups, new tabs and target=_blank navigations never open: window.open returns null, so a page
  // opening windows in a loop cannot flood the browser or steal the capture.
  '--block-new-web-contents',
  // The GPU service (in the headless shell: software compositing, SwiftShader) runs as a thread of
  // the browser process instead of a process of its own: same pixels, 10–15 MB less memory in all.
  '--in-process-gpu',
]);

/** The launch options of every capture browser, whichever driver launches it. */
function launchOptions(executablePath: string, timeoutMs: number) {
  return {
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS],
    timeout: timeoutMs,
    // The pool owns the browsers' lifetime and closes them in close(); no signal handlers of
    // Playwright's own that would kill them behind the pool's back.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  };
}

/** Launches one headless Chromium at `executablePath` with {@link CHROMIUM_ARGS}. */
export async function launchChromium(executablePath: string, timeoutMs = 30_000): Promise<Browser> {
  return chromium.launch(launchOptions(executablePath, timeoutMs));
}

/** Browsers launched by {@link launchStealthChromium}: their pages evaluate in an isolated world by default. */
const stealthBrowsers = new WeakSet<object>();

/**
 * Launches one headless Chromium at `executablePath` for stealth captures, driven by patchright-core
 * (Playwright with its automation leaks patched) instead of playwright-core: it never enables the
 * DevTools `Runtime` or `Console` domains in the page or its workers, so the page cannot see the
 * protocol (the `console.log(error)` stack-getter probe stays silent), and it adds no `__playwright`
 * globals. Same flags and executable as {@link launchChromium}; nothing is downloaded.
 */
export async function launchStealthChromium(executablePath: string, timeoutMs = 30_000): Promise<Browser> {
  const browser = await patchright.launch(launchOptions(executablePath, timeoutMs));
  stealthBrowsers.add(browser);
  // The same API as playwright-core's (patchright-core is a patched copy of it, one minor behind).
  return browser as unknown as Browser;
}

/** True for a browser of {@link launchStealthChromium}. */
export function isStealthBrowser(browser: Browser): boolean {
  return stealthBrowsers.has(browser);
}

/**
 * `frame.evaluate(fn, arg)` in the page's own (main) world — where the page's globals and the init
 * scripts' functions live. patchright-core evaluates in an isolated world unless told otherwise;
 * playwright-core always uses the main world and takes no such argument.
 */
export function evaluateInMainWorld<R, A>(
  frame: Frame,
  fn: string | ((arg: A) => R | Promise<R>),
  arg?: A,
): Promise<R> {
  const browser = frame.page().context().browser();
  const evaluate = frame.evaluate.bind(frame) as (...args: unknown[]) => Promise<R>;
  return browser !== null && isStealthBrowser(browser)
    ? evaluate(fn, arg, undefined, false)
    : evaluate(fn, arg);
}
