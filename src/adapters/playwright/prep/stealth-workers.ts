import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** What a worker must present: the values the page presents, from the same fingerprint. */
export interface WorkerFingerprint {
  userAgent: string;
  appVersion: string;
  platform: string;
  language: string;
  languages: string[];
  hardwareConcurrency: number;
  deviceMemory: number;
  userAgentData: Record<string, unknown>;
  /** WebGL `UNMASKED_VENDOR_WEBGL` / `UNMASKED_RENDERER_WEBGL`. */
  webgl: { vendor: string; renderer: string };
}

/**
 * fingerprint-injector's in-browser helpers (getter overrides through proxies whose `toString`
 * reads native, errors without proxy frames), read from the installed package once. Its first
 * line reads `navigator.plugins.length`, which a worker's navigator lacks: that read is guarded.
 */
let helpers: string | null = null;
function injectorHelpers(): string {
  if (helpers !== null) return helpers;
  const require = createRequire(import.meta.url);
  const source = readFileSync(join(dirname(require.resolve('fingerprint-injector')), 'utils.js'), 'utf8');
  const unguarded = 'navigator.plugins.length === 0';
  if (!source.includes(unguarded)) {
    throw new Error('fingerprint-injector changed: utils.js no longer reads navigator.plugins.length');
  }
  helpers = source.replace(unguarded, '(navigator.plugins || []).length === 0');
  return helpers;
}

/**
 * Wraps `scope.Worker` and `scope.SharedWorker` (proxies: `toString`, `name`, `prototype` and
 * `instanceof` stay native) so that a worker whose script is a `blob:` or `data:` URL runs `prelude`
 * before its own code: the script is read synchronously (so revoking the URL right after `new
 * Worker` still works) and a new blob URL holds `prelude` + script — for a module worker, an import
 * of the prelude first. A worker from an http(s) URL is left as it is: its own location, relative
 * imports and the page's CSP must keep working.
 */
const WRAP_WORKERS = `function wrapWorkers(scope, prelude) {
  const NativeRequest = scope.XMLHttpRequest;
  const NativeBlob = scope.Blob;
  const NativeURL = scope.URL;
  const createObjectURL = NativeURL.createObjectURL.bind(NativeURL);
  let preludeModule = null;
  const rewrite = (url, options) => {
    let href;
    try {
      href = new NativeURL(String(url), scope.location.href).href;
    } catch (e) {
      return url;
    }
    if (!/^(blob|data):/i.test(href)) return url;
    let text;
    try {
      const request = new NativeRequest();
      request.open('GET', href, false);
      request.send();
      if (request.status !== 200 && request.status !== 0) return url;
      text = request.responseText;
    } catch (e) {
      return url;
    }
    const isModule = options !== null && typeof options === 'object' && options.type === 'module';
    if (isModule) {
      preludeModule ??= createObjectURL(new NativeBlob([prelude], { type: 'text/javascript' }));
      return createObjectURL(new NativeBlob(['import ' + JSON.stringify(preludeModule) + ';', text], { type: 'text/javascript' }));
    }
    // A script that starts in strict mode keeps it: the directive stays first.
    const strict = /^\\s*(['"])use strict\\1/.test(text) ? '"use strict";' : '';
    return createObjectURL(new NativeBlob([strict, prelude, ';', text], { type: 'text/javascript' }));
  };
  for (const name of ['Worker', 'SharedWorker']) {
    if (typeof scope[name] !== 'function') continue;
    try {
      overridePropertyWithProxy(scope, name, {
        construct(target, args, newTarget) {
          const rewritten = args.length > 0 ? [rewrite(args[0], args[1]), ...Array.prototype.slice.call(args, 1)] : args;
          return Reflect.construct(target, rewritten, newTarget);
        },
      });
    } catch (e) {}
  }
}`;

/**
 * Completes fingerprint-injector's `userAgentData` override in `scope`: its `getHighEntropyValues`
 * drops `platform` when that hint is asked for (a real browser always returns it); with `toJSON`,
 * `JSON.stringify(navigator.userAgentData)` also tells the overridden values (in a shared worker the
 * native ones would be the headless browser's).
 */
const FIX_UA_DATA = `function fixUaData(scope, uad, withJson) {
  const proto = scope.NavigatorUAData && scope.NavigatorUAData.prototype;
  if (!proto) return;
  const low = { brands: uad.brands, mobile: uad.mobile, platform: uad.platform };
  try {
    overridePropertyWithProxy(proto, 'getHighEntropyValues', {
      apply: async function (target, ctx, args) {
        const values = await Reflect.apply(target, ctx, args);
        if (values && typeof values === 'object') values.platform = uad.platform;
        return values;
      },
    });
    if (withJson) overridePropertyWithProxy(proto, 'toJSON', { apply: () => ({ ...low }) });
  } catch (e) {}
}`;

/**
 * What runs first in every wrapped worker: the fingerprint's navigator values (user agent,
 * platform, languages, cores, memory, client hints) and WebGL vendor and renderer, with the same
 * helpers the page's injector uses; then the worker's own `Worker` is wrapped too, so workers it
 * starts get the same. `window` is a local name for the worker's global, as the helpers expect.
 */
function workerPrelude(fp: WorkerFingerprint): string {
  return `(function stealthWorker(fp) {
  const window = self;
  const selfSource = '(' + String(stealthWorker) + ')(' + JSON.stringify(fp) + ')';
  ${injectorHelpers()}
  ;
  try {
    overrideInstancePrototype(self.navigator, {
      userAgent: fp.userAgent,
      appVersion: fp.appVersion,
      platform: fp.platform,
      language: fp.language,
      languages: fp.languages,
      hardwareConcurrency: fp.hardwareConcurrency,
      deviceMemory: fp.deviceMemory,
    });
    if (self.navigator.userAgentData) {
      overrideUserAgentData(fp.userAgentData);
      (${FIX_UA_DATA})(self, fp.userAgentData, true);
    }
    overrideWebGl(fp.webgl);
  } catch (e) {}
  (${WRAP_WORKERS})(self, selfSource);
})(${JSON.stringify(fp)})`;
}

/**
 * The page's part: completes the page's `userAgentData` override ({@link FIX_UA_DATA}) and wraps
 * the page's `Worker` and `SharedWorker` so that every worker started from a blob or data URL
 * presents `fp` (see {@link WRAP_WORKERS}). Runs in the page before its own
 * scripts, like the rest of the stealth init script.
 */
export function workerStealthScript(fp: WorkerFingerprint): string {
  return `(() => {
  ${injectorHelpers()}
  ;
  (${FIX_UA_DATA})(window, ${JSON.stringify(fp.userAgentData)}, false);
  (${WRAP_WORKERS})(window, ${JSON.stringify(workerPrelude(fp))});
})();`;
}
