import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { CaptureSpec } from '../../domain/capture-request.js';
import type { AdblockEngine, AdblockEngineOptions } from './prep/adblock.js';
import { AdblockSession, createAdblockEngine } from './prep/adblock.js';
import type { ConsentBudget } from './prep/consent.js';
import { ConsentSession, createConsentRules, DEFAULT_CONSENT_BUDGET } from './prep/consent.js';
import type { Stealth } from './prep/stealth.js';
import { createStealth } from './prep/stealth.js';

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
  /** After `load`: consent banners dealt with (within its budget), ad slots hidden. */
  settle(page: Page): Promise<void>;
  /** `blockedAds` (requests blocked), `consent` ({@link ConsentOutcome}), `stealth` (`{ userAgent }`). */
  metadata(): Record<string, unknown>;
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
            const profile = stealth.profile(browser.version(), spec.viewport);
            Object.assign(extra, profile.contextOptions);
            initScript = profile.initScript;
            userAgent = profile.userAgent;
          }
          if (engine || rules) extra.bypassCSP = true;
          const context = await browser.newContext({ ...contextOptions, ...extra });
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
        async settle(page) {
          if (consentSession) await consentSession.settle(page);
          if (adSession) await adSession.hideAds(page);
        },
        metadata() {
          const out: Record<string, unknown> = {};
          if (adSession) out.blockedAds = adSession.blocked();
          if (consentSession) out.consent = consentSession.outcome();
          if (userAgent !== null) out.stealth = { userAgent };
          return out;
        },
      };
    },
  };
}
