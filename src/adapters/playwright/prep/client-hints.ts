import type { Page } from 'playwright-core';

/** A brand of the client hints: `"Google Chrome";v="120"`. */
export interface Brand {
  brand: string;
  version: string;
}

/**
 * What `navigator.userAgentData` reports and the `Sec-CH-UA*` headers send (CDP's
 * `Emulation.UserAgentMetadata`).
 */
export interface UserAgentMetadata {
  brands: Brand[];
  fullVersionList: Brand[];
  fullVersion: string;
  platform: string;
  platformVersion: string;
  architecture: string;
  model: string;
  mobile: boolean;
  bitness: string;
  wow64: boolean;
  formFactors: string[];
}

/**
 * Parameters of CDP's `Emulation.setUserAgentOverride`: applied to the page natively, they set the
 * user agent, `Accept-Language`, `navigator.platform` and the client hints (`navigator.userAgentData`
 * and the `Sec-CH-UA*` headers) — which the page's dedicated workers inherit. Without
 * `userAgentMetadata` Chromium sends no client hints at all, and `navigator.userAgentData` has no
 * brands and no platform.
 */
export interface UserAgentOverride {
  userAgent: string;
  /** Absent: the context's own (its `locale`). */
  acceptLanguage?: string;
  /** `navigator.platform`; absent: the real one. */
  platform?: string;
  userAgentMetadata?: UserAgentMetadata;
}

/** `navigator.platform` and the client-hint platform that go with a user agent. */
export function platformOf(userAgent: string): { platform: string; hint: string } | null {
  if (/Windows/.test(userAgent)) return { platform: 'Win32', hint: 'Windows' };
  if (/iPhone/.test(userAgent)) return { platform: 'iPhone', hint: 'iOS' };
  if (/iPad/.test(userAgent)) return { platform: 'iPad', hint: 'iOS' };
  if (/Macintosh|Mac OS X/.test(userAgent)) return { platform: 'MacIntel', hint: 'macOS' };
  if (/Android/.test(userAgent)) return { platform: 'Linux armv81', hint: 'Android' };
  if (/CrOS/.test(userAgent)) return { platform: 'Linux x86_64', hint: 'Chrome OS' };
  if (/Linux|X11/.test(userAgent)) return { platform: 'Linux x86_64', hint: 'Linux' };
  return null;
}

/** Chromium-based browsers whose user agent names them after the Chrome token, and their brand. */
const BRANDED: readonly { token: RegExp; brand: string }[] = [
  { token: /\bEdg(?:A)?\/(\d[\d.]*)/, brand: 'Microsoft Edge' },
  { token: /\bOPR\/(\d[\d.]*)/, brand: 'Opera' },
  { token: /\bSamsungBrowser\/(\d[\d.]*)/, brand: 'Samsung Internet' },
  { token: /\bYaBrowser\/(\d[\d.]*)/, brand: 'YaBrowser' },
];

/**
 * The brand list a Chromium of `chromiumVersion` sends for `brand` (null: Chromium itself), with
 * the GREASE brand and the order Chrome derives from its major version (user_agent_utils.cc): for
 * 120, `"Not_A Brand";v="8", "Chromium";v="120", "Google Chrome";v="120"`. `full`: whole versions
 * (`fullVersionList`), else majors (`brands`, `Sec-CH-UA`).
 */
export function brandList(
  brand: { name: string; version: string } | null,
  chromiumVersion: string,
  full: boolean,
): Brand[] {
  const major = (v: string): string => v.split('.')[0] ?? v;
  const seed = Number(major(chromiumVersion)) || 0;
  const chars = [' ', '(', ':', '-', '.', '/', ')', ';', '=', '?', '_'];
  const greaseVersion = ['8', '99', '24'][seed % 3] ?? '8';
  const grease = {
    brand: `Not${chars[seed % chars.length] ?? ' '}A${chars[(seed + 1) % chars.length] ?? ' '}Brand`,
    version: full ? `${greaseVersion}.0.0.0` : greaseVersion,
  };
  const chromium = { brand: 'Chromium', version: full ? chromiumVersion : major(chromiumVersion) };
  if (brand === null) return seed % 2 === 0 ? [grease, chromium] : [chromium, grease];
  const own = { brand: brand.name, version: full ? brand.version : major(brand.version) };
  const orders = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ] as const;
  // orders[n][i]: where the GREASE brand (i = 0), Chromium (1) and the browser's own brand (2) go.
  const order = orders[seed % orders.length] ?? orders[0];
  const list: Brand[] = [];
  list[order[0]] = grease;
  list[order[1]] = chromium;
  list[order[2]] = own;
  return list;
}

/**
 * The client hints a browser with this user agent sends, when it is a Chromium-based one (Chrome,
 * Edge, Opera, Samsung Internet, Android WebView …, on any platform but iOS, where every browser is
 * WebKit and sends none); null for any other (Firefox, Safari, a bot), which send no client hints.
 * Versions, platform, model and mobile are read from the user agent itself.
 */
export function userAgentMetadataOf(userAgent: string): UserAgentMetadata | null {
  const chrome = /\b(HeadlessChrome|Chrome|Chromium)\/(\d+(?:\.\d+)*)/.exec(userAgent);
  if (chrome === null || /\b(?:CriOS|EdgiOS|FxiOS)\//.test(userAgent)) return null;
  const [, token = 'Chrome', chromiumVersion = '0'] = chrome;
  const brand = brandOf(userAgent, token, chromiumVersion);
  const platform = platformOf(userAgent)?.hint ?? '';
  const android = platform === 'Android';
  const mobile = /\bMobile\b/.test(userAgent);
  const arm = /\b(?:arm|aarch64)/i.test(userAgent);
  return {
    brands: brandList(brand, chromiumVersion, false),
    fullVersionList: brandList(brand, chromiumVersion, true),
    fullVersion: brand?.version ?? chromiumVersion,
    platform,
    platformVersion: platformVersionOf(userAgent, platform),
    architecture: android ? '' : arm ? 'arm' : 'x86',
    model: android ? modelOf(userAgent) : '',
    mobile,
    bitness: android ? '' : /\b(?:Win64|x64|x86_64|WOW64|aarch64|Intel Mac)/.test(userAgent) ? '64' : '',
    wow64: /\bWOW64\b/.test(userAgent),
    formFactors: [mobile ? 'Mobile' : android ? 'Tablet' : 'Desktop'],
  };
}

/** The browser's own brand and version (null: Chromium itself, which has none besides "Chromium"). */
function brandOf(
  userAgent: string,
  token: string,
  chromiumVersion: string,
): { name: string; version: string } | null {
  for (const { token: named, brand } of BRANDED) {
    const version = named.exec(userAgent)?.[1];
    if (version !== undefined) return { name: brand, version };
  }
  if (/; wv\)/.test(userAgent)) return { name: 'Android WebView', version: chromiumVersion };
  if (token === 'Chromium') return null;
  return { name: token === 'HeadlessChrome' ? 'HeadlessChrome' : 'Google Chrome', version: chromiumVersion };
}

/** An Android device's model, as its user agent names it (`Pixel 7`; `SM-G965U` of `SM-G965U Build/R16NW`). */
function modelOf(userAgent: string): string {
  const model = /Android [\d.]+; ([^;)]+)[;)]/.exec(userAgent)?.[1] ?? '';
  return model.replace(/\s+Build\/.*$/, '').trim();
}

/** The platform's version as the client hints give it (`13.0.0`), where the user agent says it. */
function platformVersionOf(userAgent: string, platform: string): string {
  const version = (v: string | undefined): string => {
    const parts = (v ?? '').split(/[._]/).filter((p) => p !== '');
    while (parts.length > 0 && parts.length < 3) parts.push('0');
    return parts.join('.');
  };
  if (platform === 'Android') return version(/Android (\d+(?:\.\d+)*)/.exec(userAgent)?.[1]);
  if (platform === 'Windows') return version(/Windows NT (\d+(?:\.\d+)*)/.exec(userAgent)?.[1]);
  // macOS, Chrome OS, Linux: Chrome's user agent no longer tells (macOS says 10_15_7 whatever it runs).
  return '';
}

/**
 * The override for a request's own `userAgent`, so that the client hints agree with it: a
 * Chromium-based agent's brands, versions, platform and mobile ({@link userAgentMetadataOf}); for
 * any other none at all — Chromium then sends no `Sec-CH-UA*` headers, as Firefox and Safari do
 * not, and `navigator.userAgentData` has no brands — instead of Playwright's, which keep the
 * running Chromium's brands ("HeadlessChrome") under any user agent. `navigator.platform` follows
 * the agent's platform where it names one; `Accept-Language` the request's `locale`.
 */
export function userAgentOverrideOf(userAgent: string, locale: string | null): UserAgentOverride {
  const metadata = userAgentMetadataOf(userAgent);
  const platform = platformOf(userAgent)?.platform;
  return {
    userAgent,
    ...(locale !== null ? { acceptLanguage: locale } : {}),
    ...(platform !== undefined ? { platform } : {}),
    ...(metadata !== null ? { userAgentMetadata: metadata } : {}),
  };
}

/**
 * Sets `override` on `page` natively, before it navigates, through a DevTools session of its own
 * that stays attached for the page's life (its overrides end with it). Of several sessions'
 * overrides Chromium applies the last attached one's: this one wins over the override Playwright
 * set from the context's `userAgent` (measured on Chromium 156: headers, `navigator.userAgentData`;
 * test/integration/playwright/user-agent-hints.test.ts checks it).
 */
export async function applyUserAgentOverride(page: Page, override: UserAgentOverride): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setUserAgentOverride', override);
}
