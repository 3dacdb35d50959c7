import type { BrowserContext, BrowserContextOptions, Route } from 'playwright-core';
import type { CaptureSecrets, CaptureSpec } from '../../../domain/capture-spec.js';
import type { EgressSession } from '../../../ports/egress.js';

/**
 * The context options of a capture, all from Playwright's own emulation: viewport, scale factor,
 * mobile and touch, user agent, colour scheme, reduced motion, time zone, locale and geolocation
 * (granted), plus what the service always sets (no service workers or downloads, the egress
 * proxy). Options the spec does not use are left out, so a plain request gets Playwright's defaults.
 */
export function contextOptionsOf(spec: CaptureSpec, session: EgressSession): BrowserContextOptions {
  const options: BrowserContextOptions = {
    viewport: spec.viewport,
    deviceScaleFactor: spec.deviceScaleFactor,
    serviceWorkers: 'block',
    acceptDownloads: false,
    ...(session.proxy ? { proxy: session.proxy } : {}),
  };
  if (spec.isMobile) options.isMobile = true;
  if (spec.hasTouch) options.hasTouch = true;
  if (spec.userAgent !== null) options.userAgent = spec.userAgent;
  if (spec.darkMode) options.colorScheme = 'dark';
  if (spec.disableAnimations) options.reducedMotion = 'reduce';
  if (spec.timezone !== null) options.timezoneId = spec.timezone;
  if (spec.locale !== null) options.locale = spec.locale;
  if (spec.geolocation !== null) {
    options.geolocation = spec.geolocation;
    options.permissions = ['geolocation'];
  }
  // Styles and scripts of the request apply whatever the page's Content-Security-Policy says.
  if (
    spec.css !== null ||
    spec.javascript !== null ||
    spec.hideSelectors.length > 0 ||
    spec.disableAnimations
  )
    options.bypassCSP = true;
  return options;
}

/**
 * What must be in the context before navigation: the request's cookies, its extra headers — on
 * requests to the target's own origin only: a route adds them there and nowhere else, so a
 * third-party script, image or redirect target never sees them — and the resource types to abort.
 * Routes fall back to the handlers registered before them (the ad blocker's), so all compose.
 */
export async function prepareContext(
  context: BrowserContext,
  spec: CaptureSpec,
  secrets: CaptureSecrets | undefined,
): Promise<void> {
  const target = new URL(spec.url);
  const cookies = secrets?.cookies ?? [];
  if (cookies.length > 0) {
    await context.addCookies(
      cookies.map((c) => ({
        name: c.name,
        value: c.value,
        domain: c.domain ?? target.hostname,
        path: c.path ?? '/',
        secure: c.secure ?? target.protocol === 'https:',
        httpOnly: c.httpOnly ?? false,
        sameSite: c.sameSite ?? 'Lax',
      })),
    );
  }
  const headers = secrets?.headers ?? {};
  if (Object.keys(headers).length > 0) {
    const origin = target.origin;
    await context.route(
      (url) => url.origin === origin,
      (route: Route) => route.fallback({ headers: { ...route.request().headers(), ...headers } }),
    );
  }
  if (spec.blockResources.length > 0) {
    const blocked = new Set<string>(spec.blockResources);
    await context.route('**/*', (route: Route) => {
      const request = route.request();
      // The page's own document is never aborted, whatever its type is said to be.
      const isPage = request.isNavigationRequest() && request.frame().parentFrame() === null;
      if (!isPage && blocked.has(request.resourceType())) return route.abort('blockedbyclient');
      return route.fallback();
    });
  }
}
