import type { BrowserFingerprintWithHeaders } from 'fingerprint-generator';
import { FingerprintGenerator } from 'fingerprint-generator';
import { FingerprintInjector } from 'fingerprint-injector';
import type { BrowserContextOptions } from 'playwright-core';
import type { ProxyLocation } from '../../../domain/capture-request.js';
import type { UserAgentOverride } from './client-hints.js';
import { brandList, platformOf } from './client-hints.js';
import { workerStealthScript } from './stealth-workers.js';

/** What a stealth capture presents: context options, a script run before the page's own, native overrides. */
export interface StealthProfile {
  /** `userAgent`, `locale`, `timezoneId` and the client-hint headers of the generated browser. */
  contextOptions: BrowserContextOptions;
  /** Init script: headless fixes, fingerprint-injector's overrides, then the worker wrapper. */
  initScript: string;
  /** To apply to the page through CDP before it navigates (see {@link UserAgentOverride}). */
  userAgentOverride: Required<UserAgentOverride>;
  userAgent: string;
}

/** What the request itself sets; each wins over the generated profile. */
export interface StealthRequest {
  /** The request's `userAgent`: presented everywhere instead, its platform derived from it. */
  userAgent?: string | null;
  /** The request's `locale`: `navigator.language(s)` and `Accept-Language` follow it. */
  locale?: string | null;
  /** Where the capture leaves from: the time zone fits it (see {@link stealthTimezone}). */
  proxyLocation?: ProxyLocation | null;
}

export interface Stealth {
  /** A fresh fingerprint for one capture of `browserVersion` (e.g. `156.0.8078.79`) at `viewport`. */
  profile(
    browserVersion: string,
    viewport: { width: number; height: number },
    request?: StealthRequest,
  ): StealthProfile;
}

/** Height of a desktop browser's tab strip and toolbar: outerHeight − innerHeight, in px. */
const BROWSER_CHROME_PX = 85;
/** Height of the desktop's task bar: screen.height − availHeight, in px. */
const TASKBAR_PX = 40;

/**
 * The time zone a stealthy capture presents: where its `proxyLocation` leaves from, and without one
 * the Eastern US — the most common zone of the profile's en-US locale — rather than the server's
 * UTC, which real desktops almost never use.
 */
export function stealthTimezone(proxyLocation: ProxyLocation | null | undefined): string {
  switch (proxyLocation) {
    case 'us-east':
      return 'America/New_York';
    case 'eu-west':
      return 'Europe/London';
    case 'ap-southeast':
      return 'Asia/Singapore';
    case null:
    case undefined:
      return 'America/New_York';
    default: {
      const never: never = proxyLocation;
      return never;
    }
  }
}

/**
 * A generated fingerprint whose graphics card is a real one: the package's data comes from real
 * traffic, which includes Chrome on machines without a GPU, rendering with SwiftShader — the very
 * renderer that gives a headless browser away (fpscanner's `hasSwiftshaderRenderer`). Such draws
 * are drawn again (a handful of tries; the data has few of them).
 */
function realGpuFingerprint(
  generator: FingerprintGenerator,
): ReturnType<FingerprintGenerator['getFingerprint']> {
  let drawn = generator.getFingerprint();
  for (let tries = 1; tries < 20 && softwareRenderer(drawn.fingerprint.videoCard); tries += 1)
    drawn = generator.getFingerprint();
  return drawn;
}

const softwareRenderer = (card: { vendor?: string; renderer?: string } | undefined): boolean =>
  /swiftshader|llvmpipe|softpipe|software/i.test(`${card?.vendor ?? ''} ${card?.renderer ?? ''}`);

/**
 * Stealth from fingerprint-generator (a real desktop Chrome on Windows, drawn from the
 * package's own data) and fingerprint-injector, made consistent with the browser that really
 * runs: the version claimed is Chromium's own (features match the version), the window and
 * screen fit the requested viewport, the pixel ratio stays 1, and the request's own user agent and
 * locale, when given, replace the generated ones everywhere.
 */
export function createStealth(): Stealth {
  let generator: FingerprintGenerator | null = null;
  let injector: FingerprintInjector | null = null;
  return {
    profile(browserVersion, viewport, request = {}) {
      generator ??= new FingerprintGenerator({
        browsers: [{ name: 'chrome' }],
        devices: ['desktop'],
        operatingSystems: ['windows'],
        locales: ['en-US'],
      });
      injector ??= new FingerprintInjector();
      const generated = fitToRequest(
        fitToBrowser(realGpuFingerprint(generator), browserVersion, viewport),
        request,
      );
      const { navigator, videoCard } = generated.fingerprint;
      const uaData = navigator.userAgentData;
      const brands = uaData.brands.map((b) => `"${b.brand}";v="${b.version}"`).join(', ');
      const acceptLanguage = navigator.languages.join(',');
      const workers = workerStealthScript({
        userAgent: navigator.userAgent,
        appVersion: navigator.appVersion,
        platform: navigator.platform,
        language: navigator.language,
        languages: navigator.languages,
        hardwareConcurrency: navigator.hardwareConcurrency,
        deviceMemory: navigator.deviceMemory ?? 8,
        userAgentData: uaData,
        webgl: { vendor: videoCard.vendor, renderer: videoCard.renderer },
      });
      return {
        contextOptions: {
          userAgent: navigator.userAgent,
          locale: navigator.language,
          timezoneId: stealthTimezone(request.proxyLocation),
          extraHTTPHeaders: {
            'accept-language': acceptLanguageHeader(navigator.languages),
            'sec-ch-ua': brands,
            'sec-ch-ua-mobile': '?0',
            'sec-ch-ua-platform': `"${uaData.platform}"`,
          },
        },
        initScript: `${HEADLESS_FIXES}\n${injector.getInjectableScript(generated)};\n${workers}`,
        userAgentOverride: {
          userAgent: navigator.userAgent,
          acceptLanguage,
          platform: navigator.platform,
          userAgentMetadata: {
            brands: uaData.brands,
            fullVersionList: uaData.fullVersionList,
            fullVersion: uaData.uaFullVersion,
            platform: uaData.platform,
            platformVersion: uaData.platformVersion,
            architecture: uaData.architecture,
            model: uaData.model,
            mobile: uaData.mobile,
            bitness: uaData.bitness,
            wow64: false,
            formFactors: [uaData.mobile ? 'Mobile' : 'Desktop'],
          },
        },
        userAgent: navigator.userAgent,
      };
    },
  };
}

/** `en-US,en;q=0.9`: Chrome's header for `languages`. */
function acceptLanguageHeader(languages: string[]): string {
  return languages.map((l, i) => (i === 0 ? l : `${l};q=${Math.max(0.1, 1 - i / 10).toFixed(1)}`)).join(',');
}

/** The fingerprint with the request's own user agent and locale, where it gives them. */
function fitToRequest(
  generated: BrowserFingerprintWithHeaders,
  request: StealthRequest,
): BrowserFingerprintWithHeaders {
  const nav = {
    ...generated.fingerprint.navigator,
    userAgentData: { ...generated.fingerprint.navigator.userAgentData },
  };
  if (request.userAgent) {
    nav.userAgent = request.userAgent;
    nav.appVersion = request.userAgent.replace(/^Mozilla\//, '');
    const platform = platformOf(request.userAgent);
    if (platform) {
      nav.platform = platform.platform;
      nav.userAgentData.platform = platform.hint;
      nav.userAgentData.mobile = /Mobile|Android|iPhone/.test(request.userAgent);
      if (platform.hint !== 'Windows') nav.userAgentData.platformVersion = '';
    }
  }
  if (request.locale) {
    const base = request.locale.split('-')[0] ?? request.locale;
    nav.language = request.locale;
    nav.languages = base === request.locale ? [request.locale] : [request.locale, base];
  }
  return { ...generated, fingerprint: { ...generated.fingerprint, navigator: nav } };
}

/** The generated fingerprint, claiming the running Chromium's version and fitting the viewport. */
function fitToBrowser(
  generated: BrowserFingerprintWithHeaders,
  browserVersion: string,
  viewport: { width: number; height: number },
): BrowserFingerprintWithHeaders {
  const major = browserVersion.split('.')[0] ?? browserVersion;
  const { fingerprint } = generated;
  const nav = fingerprint.navigator;
  // What every Chrome of this version on Windows sends (the reduced user agent): the generator's
  // records also hold other Chromium-based browsers and older formats.
  const userAgent = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
  const screen = fingerprint.screen;
  const width = Math.max(screen.width, viewport.width);
  const height = Math.max(screen.height, viewport.height + BROWSER_CHROME_PX + TASKBAR_PX);
  return {
    headers: { ...generated.headers, 'user-agent': userAgent },
    fingerprint: {
      ...fingerprint,
      navigator: {
        ...nav,
        userAgent,
        appVersion: userAgent.replace(/^Mozilla\//, ''),
        // A few of the generator's Windows records say Linux or leave the client hints empty.
        platform: 'Win32',
        languages: ['en-US', 'en'],
        language: 'en-US',
        userAgentData: {
          ...nav.userAgentData,
          platform: 'Windows',
          platformVersion: nav.userAgentData.platformVersion || '10.0.0',
          architecture: 'x86',
          bitness: '64',
          model: '',
          mobile: false,
          // Always Google Chrome: the generator's data also holds Chromium-based browsers (Brave,
          // Edge, Opera) whose brands would contradict the Chrome user agent.
          brands: chromeBrands(major),
          fullVersionList: chromeBrands(browserVersion),
          uaFullVersion: browserVersion,
        },
      },
      screen: {
        ...screen,
        width,
        height,
        availWidth: width,
        availHeight: height - TASKBAR_PX,
        availTop: 0,
        availLeft: 0,
        // 0 leaves the real value: the page keeps the viewport it was given.
        innerWidth: 0,
        innerHeight: 0,
        clientWidth: 0,
        clientHeight: 0,
        outerWidth: viewport.width,
        outerHeight: viewport.height + BROWSER_CHROME_PX,
        screenX: 0,
        pageXOffset: 0,
        pageYOffset: 0,
        devicePixelRatio: 1,
      },
    },
  };
}

/**
 * What the headless shell lacks next to a desktop Chrome, which fingerprint-injector only adds
 * when the user agent still says "Headless": the built-in PDF viewer's plugins and MIME types,
 * `window.chrome`, and a notification permission that agrees with the Permissions API.
 */
const HEADLESS_FIXES = `(() => {
  try {
    const define = (obj, key, value) => Object.defineProperty(obj, key, { value, enumerable: false, configurable: true });
    const asArray = (proto, items, key) => {
      const list = Object.create(proto);
      items.forEach((item, i) => Object.defineProperty(list, i, { value: item, enumerable: true }));
      for (const item of items) define(list, item[key], item);
      define(list, 'length', items.length);
      define(list, 'item', (i) => items[i] ?? null);
      define(list, 'namedItem', (name) => items.find((item) => item[key] === name) ?? null);
      define(list, Symbol.iterator, function* () { yield* items; });
      return list;
    };
    if (navigator.plugins.length === 0) {
      const mimeTypes = [['application/pdf'], ['text/pdf']].map(([type]) => {
        const mime = Object.create(MimeType.prototype);
        define(mime, 'type', type);
        define(mime, 'suffixes', 'pdf');
        define(mime, 'description', 'Portable Document Format');
        return mime;
      });
      const names = ['PDF Viewer', 'Chrome PDF Viewer', 'Chromium PDF Viewer', 'Microsoft Edge PDF Viewer', 'WebKit built-in PDF'];
      const plugins = names.map((name) => {
        const plugin = asArray(Plugin.prototype, mimeTypes, 'type');
        define(plugin, 'name', name);
        define(plugin, 'filename', 'internal-pdf-viewer');
        define(plugin, 'description', 'Portable Document Format');
        return plugin;
      });
      for (const mime of mimeTypes) define(mime, 'enabledPlugin', plugins[0]);
      const pluginArray = asArray(PluginArray.prototype, plugins, 'name');
      define(pluginArray, 'refresh', () => undefined);
      const mimeTypeArray = asArray(MimeTypeArray.prototype, mimeTypes, 'type');
      Object.defineProperty(Navigator.prototype, 'plugins', { get: () => pluginArray, enumerable: true, configurable: true });
      Object.defineProperty(Navigator.prototype, 'mimeTypes', { get: () => mimeTypeArray, enumerable: true, configurable: true });
      Object.defineProperty(Navigator.prototype, 'pdfViewerEnabled', { get: () => true, enumerable: true, configurable: true });
    }
    if (!window.chrome) {
      const now = () => Date.now() / 1000;
      Object.defineProperty(window, 'chrome', {
        value: {
          app: {
            isInstalled: false,
            InstallState: { DISABLED: 'disabled', INSTALLED: 'installed', NOT_INSTALLED: 'not_installed' },
            RunningState: { CANNOT_RUN: 'cannot_run', READY_TO_RUN: 'ready_to_run', RUNNING: 'running' },
            getDetails: () => null,
            getIsInstalled: () => false,
            runningState: () => 'cannot_run',
          },
          csi: () => ({ onloadT: Date.now(), startE: Date.now(), pageT: performance.now(), tran: 15 }),
          loadTimes: () => ({
            requestTime: now(), startLoadTime: now(), commitLoadTime: now(), finishDocumentLoadTime: now(),
            finishLoadTime: now(), firstPaintTime: now(), firstPaintAfterLoadTime: 0, navigationType: 'Other',
            wasFetchedViaSpdy: false, wasNpnNegotiated: false, npnNegotiatedProtocol: 'unknown',
            wasAlternateProtocolAvailable: false, connectionInfo: 'http/1.1',
          }),
        },
        writable: true, enumerable: true, configurable: false,
      });
    }
    if (typeof Notification !== 'undefined' && Notification.permission === 'denied') {
      Object.defineProperty(Notification, 'permission', { get: () => 'default', configurable: true });
    }
  } catch (e) {}
})();`;

/** The brand list of Google Chrome at `version` (a major, or a whole version), with Chrome's own GREASE entry. */
function chromeBrands(version: string): { brand: string; version: string }[] {
  return brandList({ name: 'Google Chrome', version }, version, version.includes('.'));
}
