import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

/**
 * Flags for a capture browser: no sandbox (containers rarely allow user namespaces), no
 * background traffic of Chromium's own (updates, sync, safe-browsing lists) that would leave
 * through the egress proxy or slow a capture, no QUIC (the egress proxy speaks TCP only), and
 * /tmp instead of a small /dev/shm, and WebRTC kept to proxied traffic.
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
  '--disable-features=Translate,OptimizationHints,MediaRouter,InterestFeedContentSuggestions',
  // WebRTC may only use the proxy (TCP through the egress checks), never direct UDP to any address.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
]);

/** Launches one headless Chromium at `executablePath` with {@link CHROMIUM_ARGS}. */
export async function launchChromium(executablePath: string, timeoutMs = 30_000): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS],
    timeout: timeoutMs,
    // The pool owns the browsers' lifetime and closes them in close(); no signal handlers of
    // Playwright's own that would kill them behind the pool's back.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}
