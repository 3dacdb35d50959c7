import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { CaptureMetadata } from '../../../domain/capture-metadata.js';
import type { CaptureSpec } from '../../../domain/capture-spec.js';
import type { AdblockEngine, AdblockEngineOptions } from './adblock.js';
import { AdblockSession, createAdblockEngine } from './adblock.js';
import type { ConsentBudget } from './consent.js';
import { ConsentSession, createConsentRules, DEFAULT_CONSENT_BUDGET } from './consent.js';
import type { UserAgentOverride } from './client-hints.js';
import { applyUserAgentOverride } from './client-hints.js';
import type { Stealth } from './stealth.js';
import { createStealth } from './stealth.js';

/** Options of {@link createPagePreparer}. */
export interface PagePreparerOptions {
  /** Where the filter lists are and where the built engine is cached (`blockAds`). */
  adblock?: AdblockEngineOptions;
  /** Time budgets of `acceptCookies` after `load`; default {@link DEFAULT_CONSENT_BUDGET}. */
  consentBudget?: Partial<ConsentBudget>;
}

/**
 * One capture's page preparation (`blockAds`, `acceptCookies`, `stealth`), used by the capturer
 * in this order: `newContext` instead of `browser.newContext`, navigation, `settle`, the shot,
 * then `metadata` merged into the result's metadata.
 */
export interface PagePreparation {
  /**
   * Opens the capture's context with `options` plus what the preparation needs (stealth: user
   * agent, locale, client hints; CSP bypassed so that hiding styles apply), with its routes,
   * bindings and init scripts in place before any page exists.
   */
  newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * On the capture's page, before it navigates (stealth: the user agent, platform and client hints
   * set natively through CDP, so that the page's dedicated workers inherit them).
   */
  preparePage(page: Page): Promise<void>;
  /** After `load`: consent banners dealt with (within its budget), ad slots hidden. */
  settle(page: Page): Promise<void>;
  /** `blockedAds` (requests blocked), `consent` ({@link ConsentOutcome}), `stealth` (`{ userAgent }`). */
  metadata(): Pick<CaptureMetadata, 'blockedAds' | 'consent' | 'stealth'>;
}

export interface PagePreparer {
  /** The preparation `spec` asks for, or null when it asks for none: then nothing extra runs. */
  forSpec(spec: CaptureSpec): PagePreparation | null;
  /** The ad-block engine, for warming it up and for its figures. */
  readonly adblock: AdblockEngine;
}

/** True when `spec` asks for any page preparation. */
export function needsPreparation(spec: CaptureSpec): boolean {
  return spec.blockAds || spec.acceptCookies || spec.stealth;
}

/**
 * The page preparer of a capturer: the ad-block engine, autoconsent's rules and the fingerprint
 * generator are each loaded once, on the first capture that needs them, and shared afterwards.
 */
export function createPagePreparer(options: PagePreparerOptions = {}): PagePreparer {
  const adblock = createAdblockEngine(options.adblock);
  const consentRules = createConsentRules();
  const budget = { ...DEFAULT_CONSENT_BUDGET, ...options.consentBudget };
  let stealth: Stealth | null = null;
  return {
    adblock,
    forSpec(spec) {
      if (!needsPreparation(spec)) return null;
      let adSession: AdblockSession | null = null;
      let consentSession: ConsentSession | null = null;
      let userAgent: string | null = null;
      let override: UserAgentOverride | null = null;
      return {
        async newContext(browser, contextOptions) {
          const [engine, rules] = await Promise.all([
            spec.blockAds ? adblock.get() : null,
            spec.acceptCookies ? consentRules() : null,
          ]);
          let initScript: string | null = null;
          const extra: BrowserContextOptions = {};
          if (spec.stealth) {
            stealth ??= createStealth();
            const profile = stealth.profile(browser.version(), spec.viewport, spec);
            Object.assign(extra, profile.contextOptions);
            initScript = profile.initScript;
            userAgent = profile.userAgent;
            override = profile.userAgentOverride;
          }
          if (engine || rules) extra.bypassCSP = true;
          // What the request set itself (userAgent, locale …) wins over the stealth profile.
          const headers = { ...extra.extraHTTPHeaders, ...contextOptions.extraHTTPHeaders };
          if (contextOptions.locale !== undefined) delete headers['accept-language'];
          const context = await browser.newContext({
            ...extra,
            ...contextOptions,
            extraHTTPHeaders: headers,
          });
          try {
            if (initScript !== null) await context.addInitScript({ content: initScript });
            if (engine) {
              adSession = new AdblockSession(engine);
              await adSession.attach(context);
            }
            if (rules) {
              consentSession = new ConsentSession(rules, budget);
              await consentSession.attach(context);
            }
          } catch (err) {
            await context.close().catch(() => undefined);
            throw err;
          }
          return context;
        },
        async preparePage(page) {
          if (override !== null) await applyUserAgentOverride(page, override);
        },
        async settle(page) {
          if (consentSession) await consentSession.settle(page);
          if (adSession) await adSession.hideAds(page);
        },
        metadata() {
          const out: Pick<CaptureMetadata, 'blockedAds' | 'consent' | 'stealth'> = {};
          if (adSession) out.blockedAds = adSession.blocked();
          if (consentSession) out.consent = consentSession.outcome();
          if (userAgent !== null) out.stealth = { userAgent };
          return out;
        },
      };
    },
  };
}
