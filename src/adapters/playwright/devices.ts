import { devices } from 'playwright-core';
import type { DevicePreset } from '../../domain/capture-spec.js';
import type { DeviceCatalog } from '../../ports/device-catalog.js';

/**
 * Playwright's device descriptors (phones, tablets, desktops, each also in landscape) as presets:
 * viewport, scale factor, mobile, touch and user agent. Captures run in Chromium whatever browser
 * a descriptor was written for; its user agent is presented as given.
 */
export function createPlaywrightDevices(): DeviceCatalog {
  const presets: DevicePreset[] = Object.entries(devices).map(([name, d]) => ({
    name,
    viewport: { width: d.viewport.width, height: d.viewport.height },
    deviceScaleFactor: d.deviceScaleFactor,
    isMobile: d.isMobile,
    hasTouch: d.hasTouch,
    userAgent: d.userAgent,
  }));
  const byName = new Map(presets.map((p) => [p.name, p]));
  return { list: () => presets, get: (name) => byName.get(name) ?? null };
}
