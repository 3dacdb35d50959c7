import type { BrowserFingerprintWithHeaders } from 'fingerprint-generator';
import { FingerprintGenerator } from 'fingerprint-generator';
import { FingerprintInjector } from 'fingerprint-injector';
import type { BrowserContextOptions } from 'playwright-core';

/** What a stealth capture presents: context options, and a script run before the page's own. */
export interface StealthProfile {
  /** `userAgent`, `locale` and the client-hint headers of the generated browser. */
  contextOptions: BrowserContextOptions;
  /** Init script: headless fixes, then fingerprint-injector's overrides. */
  initScript: string;
  userAgent: string;
}

export interface Stealth {
  /** A fresh fingerprint for one capture of `browserVersion` (e.g. `156.0.8078.79`) at `viewport`. */
  profile(browserVersion: string, viewport: { width: number; height: number }): StealthProfile;
}

/** Height of a desktop browser's tab strip and toolbar: outerHeight − innerHeight, in px. */
const BROWSER_CHROME_PX = 85;
/** Height of the desktop's task bar: screen.height − availHeight, in px. */
const TASKBAR_PX = 40;

/**
 * Stealth from fingerprint-generator (a real desktop Chrome on Windows, drawn from the
 * package's own data) and fingerprint-injector, made consistent with the browser that really
 * runs: the version claimed is Chromium's own (features match the version), the window and
 * screen fit the requested viewport, and the pixel ratio stays 1.
 */
export function createStealth(): Stealth {
  let generator: FingerprintGenerator | null = null;
  let injector: FingerprintInjector | null = null;
  return {
    profile(browserVersion, viewport) {
      generator ??= new FingerprintGenerator({
        browsers: [{ name: 'chrome' }],
        devices: ['desktop'],
        operatingSystems: ['windows'],
        locales: ['en-US'],
      });
      injector ??= new FingerprintInjector();
      const generated = fitToBrowser(generator.getFingerprint(), browserVersion, viewport);
      const { navigator } = generated.fingerprint;
      const brands = navigator.userAgentData.brands.map((b) => `"${b.brand}";v="${b.version}"`).join(', ');
      return {
        contextOptions: {
          userAgent: navigator.userAgent,
          locale: 'en-US',
          extraHTTPHeaders: {
            'accept-language': 'en-US,en;q=0.9',
            'sec-ch-ua': brands,
            'sec-ch-ua-mobile': '?0',
            'sec-ch-ua-platform': `"${navigator.userAgentData.platform}"`,
          },
        },
        initScript: `${HEADLESS_FIXES}\n${injector.getInjectableScript(generated)}`,
        userAgent: navigator.userAgent,
      };
    },
  };
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
  const userAgent = nav.userAgent
    .replace(/Chrome\/[\d.]+/, `Chrome/${major}.0.0.0`)
    .replace(/ (Edg|OPR|YaBrowser|Vivaldi)\/[\d.]+/g, '');
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
        languages: ['en-US', 'en'],
        language: 'en-US',
        userAgentData: {
          ...nav.userAgentData,
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

/** The brand list of Google Chrome at `version`, with Chrome's own GREASE entry. */
function chromeBrands(version: string): { brand: string; version: string }[] {
  return [
    { brand: 'Google Chrome', version },
    { brand: 'Chromium', version },
    { brand: 'Not.A/Brand', version: version.includes('.') ? '8.0.0.0' : '8' },
  ];
}
