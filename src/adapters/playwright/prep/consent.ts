import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AutoConsentCMPRule, Config, ContentScriptMessage } from '@duckduckgo/autoconsent';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { evaluateInMainWorld } from '../browser/launch-chromium.js';

/**
 * What `acceptCookies` did, in `metadata.consent`: `cmp` is the consent platform autoconsent
 * recognised (its rule name, e.g. `Onetrust`, `Cybotcookiebot`, `didomi`), or null; `action`:
 * - `optIn`: the platform's own "accept" flow was run and the banner closed;
 * - `hidden`: the banner was hidden with CSS (a cosmetic rule of autoconsent, or Shots' own
 *   heuristics for a banner no rule knows);
 * - `failed`: a platform's banner was found but could not be accepted nor hidden;
 * - `none`: no banner was found.
 */
export interface ConsentOutcome {
  cmp: string | null;
  action: 'optIn' | 'hidden' | 'failed' | 'none';
}

/** Time budgets of {@link ConsentSession.settle}, in ms. */
export interface ConsentBudget {
  /** After `load`, how long to wait for a consent platform to show up at all. Default 1500. */
  detectMs: number;
  /** After a platform is detected, how long to wait for its banner to show. Default 3000. */
  popupMs: number;
  /** Bound of the whole settle step. Default 8000. */
  totalMs: number;
}

export const DEFAULT_CONSENT_BUDGET: Readonly<ConsentBudget> = Object.freeze({
  detectMs: 1500,
  popupMs: 3000,
  totalMs: 8000,
});

/** A closing banner usually fades out; the shot waits this long after autoconsent is done, in ms. */
const CLOSE_GRACE_MS = 300;
const POLL_MS = 50;

interface RuleSets {
  script: string;
  genericMain: AutoConsentCMPRule[];
  genericFrame: AutoConsentCMPRule[];
  specific: { rule: AutoConsentCMPRule; pattern: RegExp }[];
}

const runsIn = (rule: AutoConsentCMPRule, mainFrame: boolean): boolean =>
  mainFrame ? rule.runContext?.main !== false : rule.runContext?.frame === true;

/** Autoconsent's Playwright content script and its full rules (with the opt-in steps), read once. */
export function createConsentRules(): () => Promise<RuleSets> {
  let pending: Promise<RuleSets> | null = null;
  const load = async (): Promise<RuleSets> => {
    const rulesPath = createRequire(import.meta.url).resolve('@duckduckgo/autoconsent/rules/rules.json');
    const [script, rulesText] = await Promise.all([
      readFile(join(dirname(rulesPath), '../dist/autoconsent.playwright.js'), 'utf8'),
      readFile(rulesPath, 'utf8'),
    ]);
    const rules = (JSON.parse(rulesText) as { autoconsent: AutoConsentCMPRule[] }).autoconsent;
    const generic = rules.filter((rule) => !rule.runContext?.urlPattern);
    const specific: RuleSets['specific'] = [];
    for (const rule of rules) {
      if (!rule.runContext?.urlPattern) continue;
      try {
        specific.push({ rule, pattern: new RegExp(rule.runContext.urlPattern) });
      } catch {
        // a pattern this engine cannot compile: the rule is skipped
      }
    }
    return {
      script,
      genericMain: generic.filter((rule) => runsIn(rule, true)),
      genericFrame: generic.filter((rule) => runsIn(rule, false)),
      specific,
    };
  };
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}

function rulesFor(sets: RuleSets, url: string, mainFrame: boolean): AutoConsentCMPRule[] {
  const base = mainFrame ? sets.genericMain : sets.genericFrame;
  const matching = sets.specific.filter(({ rule, pattern }) => runsIn(rule, mainFrame) && pattern.test(url));
  return matching.length === 0 ? base : [...base, ...matching.map(({ rule }) => rule)];
}

/**
 * Autoconsent's settings for a capture. `optIn`: the user asked to accept cookies, and a page
 * after "Accept" is the page most visitors see (embedded videos, maps and the like load).
 * Runs in the page's main world, so eval rules run inline (no round trip); no pre-hiding, so that
 * what the shot shows is what was actually done; heuristics off (they can only opt out).
 */
function configFor(enabled: boolean): Partial<Config> {
  return {
    enabled,
    autoAction: 'optIn',
    disabledCmps: [],
    enablePrehide: false,
    enableCosmeticRules: true,
    enableGeneratedRules: true,
    enableHeuristicDetection: false,
    enablePopupMutationObserver: false,
    heuristicMode: 'off',
    detectRetries: 6,
    isMainWorld: true,
    visualTest: false,
    logs: {
      lifecycle: false,
      rulesteps: false,
      detectionsteps: false,
      evals: false,
      errors: false,
      messages: false,
      waits: false,
    },
  };
}

type ReceiveWindow = { autoconsentReceiveMessage?: (message: unknown) => Promise<void> };

/** Sends a message to the content script of `frame` (which may be gone by then). */
function reply(frame: Frame, message: unknown): void {
  evaluateInMainWorld(
    frame,
    (m) => (window as unknown as ReceiveWindow).autoconsentReceiveMessage?.(m),
    message,
  ).catch(() => undefined);
}

const ACTIVE = new Set(['openPopupDetected', 'runningOptIn', 'runningOptOut']);

/**
 * `acceptCookies` in one capture's context: DuckDuckGo's autoconsent runs in every frame (its
 * content script as an init script, driven over a binding), finds the consent platform and runs
 * its opt-in; after it, banners no rule knows are hidden by {@link HIDE_LEFTOVER_BANNERS}.
 */
export class ConsentSession {
  private readonly lifecycles = new Map<string, string>();
  private detectedAt: number | null = null;
  private popupAt: number | null = null;
  private resultAt: number | null = null;
  private cmp: string | null = null;
  private done: { cmp: string; cosmetic: boolean } | null = null;
  private hiddenByHeuristics = 0;

  constructor(
    private readonly sets: RuleSets,
    private readonly budget: ConsentBudget = DEFAULT_CONSENT_BUDGET,
  ) {}

  /** Installs the binding and the content script; call before the first page opens. */
  async attach(context: BrowserContext): Promise<void> {
    await context.exposeBinding(
      'autoconsentSendMessage',
      ({ frame }: { frame: Frame }, message: ContentScriptMessage) => this.onMessage(frame, message),
    );
    await context.addInitScript({ content: this.sets.script });
  }

  private onMessage(frame: Frame, message: ContentScriptMessage): void {
    const now = Date.now();
    switch (message.type) {
      case 'init': {
        const mainFrame = frame.parentFrame() === null;
        const enabled = /^https?:/.test(message.url);
        const rules = enabled ? rulesFor(this.sets, message.url, mainFrame) : [];
        reply(frame, { type: 'initResp', config: configFor(enabled), rules: { autoconsent: rules } });
        break;
      }
      case 'eval': // not sent in the main world; answered anyway
        evaluateInMainWorld(frame, message.code)
          .then((result: unknown) => reply(frame, { type: 'evalResp', id: message.id, result }))
          .catch(() => reply(frame, { type: 'evalResp', id: message.id, result: false }));
        break;
      case 'report':
        this.lifecycles.set(message.instanceId, message.state.lifecycle);
        break;
      case 'cmpDetected':
        this.detectedAt ??= now;
        this.cmp ??= message.cmp;
        break;
      case 'popupFound':
        this.popupAt ??= now;
        this.cmp = message.cmp;
        break;
      case 'optInResult':
      case 'optOutResult':
        this.resultAt = now;
        break;
      case 'autoconsentDone':
        this.done = { cmp: message.cmp, cosmetic: message.isCosmetic };
        this.cmp = message.cmp;
        break;
      default:
        break;
    }
  }

  private settled(start: number, now: number): boolean {
    if ([...this.lifecycles.values()].some((lifecycle) => ACTIVE.has(lifecycle))) return false;
    if (this.done) return true;
    if (this.resultAt !== null) return now - this.resultAt >= this.budget.popupMs / 3;
    if (this.detectedAt === null) return now - start >= this.budget.detectMs;
    if (this.popupAt === null) return now - Math.max(start, this.detectedAt) >= this.budget.popupMs;
    return false;
  }

  /**
   * After `load`: waits until autoconsent has dealt with the page's banner (or found none), within
   * the budget, then hides leftover banners in the main frame.
   */
  async settle(page: Page): Promise<void> {
    const start = Date.now();
    const until = start + this.budget.totalMs;
    while (Date.now() < until && !page.isClosed() && !this.settled(start, Date.now())) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    if (this.done && !this.done.cosmetic) await new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS));
    this.hiddenByHeuristics = await page
      .mainFrame()
      .evaluate<number>(HIDE_LEFTOVER_BANNERS)
      .catch(() => 0);
  }

  outcome(): ConsentOutcome {
    if (this.done) return { cmp: this.done.cmp, action: this.done.cosmetic ? 'hidden' : 'optIn' };
    if (this.hiddenByHeuristics > 0) return { cmp: this.cmp, action: 'hidden' };
    return { cmp: this.cmp, action: this.popupAt !== null ? 'failed' : 'none' };
  }
}

/**
 * Runs in the page: hides what is left of a cookie banner no rule handled. A candidate is a
 * fixed or sticky element, visible, at least 1.5 % of the viewport, with a button or link, whose
 * text (at most 3,000 characters: not a page shell) speaks of cookies or consent, and which is not
 * a header, navigation or main content. Once one is hidden, full-viewport backdrops without text
 * go too and a scroll lock on `html`/`body` is lifted. Evaluates to how many elements were hidden.
 * Plain JavaScript in a string: what a bundler does to a function does not reach the page.
 */
export const HIDE_LEFTOVER_BANNERS = `(() => {
  const WORDS = /\\bcookies?\\b|\\bconsent\\b|\\bgdpr\\b|\\bccpa\\b|datenschutz|einwilligung|\\brgpd\\b|\\bcookiebeleid\\b|\\bgalletas\\b|\\bbiscotti\\b/i;
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const hidden = [];
  const hide = (el) => {
    el.style.setProperty('display', 'none', 'important');
    hidden.push(el);
  };
  const isShown = (style) => style.display !== 'none' && style.visibility !== 'hidden' && Number(style.opacity) > 0.05;
  const elements = [];
  const collect = (root) => {
    for (const el of root.querySelectorAll('*')) {
      elements.push(el);
      if (el.shadowRoot) collect(el.shadowRoot);
    }
  };
  collect(document);
  const overlays = [];
  for (const el of elements) {
    if (el === document.body || el === document.documentElement) continue;
    const style = getComputedStyle(el);
    if (style.position !== 'fixed' && style.position !== 'sticky') continue;
    if (!isShown(style) || hidden.some((h) => h.contains(el))) continue;
    const rect = el.getBoundingClientRect();
    const area =
      Math.max(0, Math.min(rect.right, vw) - Math.max(rect.left, 0)) *
      Math.max(0, Math.min(rect.bottom, vh) - Math.max(rect.top, 0));
    if (area < 0.015 * vw * vh) continue;
    const text = el.innerText || el.textContent || '';
    if (text.trim().length < 20) {
      if (area >= 0.9 * vw * vh) overlays.push(el);
      continue;
    }
    if (text.length > 3000 || !WORDS.test(text)) continue;
    if (el.matches('header, nav, main, article, [role=banner], [role=navigation], [role=main]')) continue;
    if (el.querySelector('main, article, nav, h1')) continue;
    if (!el.querySelector('button, a[href], [role=button], input[type=button], input[type=submit]')) continue;
    hide(el);
  }
  if (hidden.length === 0) return 0;
  for (const el of overlays) {
    const style = getComputedStyle(el);
    const tinted = !/rgba\\(0, 0, 0, 0\\)|transparent/.test(style.backgroundColor) || style.backdropFilter !== 'none';
    if (tinted && Number.parseInt(style.zIndex, 10) > 0) hide(el);
  }
  for (const el of [document.documentElement, document.body]) {
    if (el && getComputedStyle(el).overflowY === 'hidden') el.style.setProperty('overflow', 'auto', 'important');
  }
  return hidden.length;
})()`;
