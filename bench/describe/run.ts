/**
 * `npm run bench:describe [-- --fast] [--only SLUG] [--split tune|heldout|fresh|fresh2|fresh3|fresh4|fresh5]` (DESCRIBE_VERBOSE=1: every case): the element-by-description locator on the
 * saved real pages of `bench/describe` (build them first: see its README), scored as a user sees it.
 *
 * Each page is opened in the headless shell at 1280x720 on 127.0.0.2, its element map is built by
 * the capturer's own code (`buildElementMap`), and each case's description goes to the offline
 * locator (the embedded default: no gateway). A case is:
 *  - a **right crop** when the locator's confidence reaches 0.6 (the capture crops) and the element
 *    it chose is the true one, holds it at most twice its area, or lies inside it covering at least
 *    half of it;
 *  - a **wrong crop** when it crops to anything else;
 *  - **full page** when the confidence stays below 0.6 (or the selector is unusable).
 * "Best guess right" scores the locator's selector the same way whatever its confidence.
 * Reported for each split (`tune`, `heldout`, `fresh`, `fresh2` … `fresh5`) apart, by kind; then (unless --fast) the median
 * capture time, through the real capturer, of each page with and without a description.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { createDirectEgress } from '../../src/adapters/egress/direct-egress.js';
import { createLocatorThread } from '../../src/adapters/offline-locator/locator-thread.js';
import { createOfflineLocator } from '../../src/adapters/offline-locator/offline-locator.js';
import { launchChromium } from '../../src/adapters/playwright/browser/launch-chromium.js';
import { buildElementMap } from '../../src/adapters/playwright/describe/injected/element-map.js';
import { createPlaywrightCapturer } from '../../src/adapters/playwright/playwright-capturer.js';
import { toCaptureSpec } from '../../src/domain/capture-spec.js';
import { CROP_CONFIDENCE } from '../../src/ports/element-locator.js';
import { benchChromium } from '../settings.js';
import type { DescribeCase } from './verify-cases.js';
import { serve, SPLITS } from './verify-cases.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const FAST = process.argv.includes('--fast');
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '') : '';
const splitAt = process.argv.indexOf('--split');
const SPLIT = splitAt > 0 ? (process.argv[splitAt + 1] ?? '') : '';

type Outcome = 'right' | 'wrong' | 'full';
interface Scored {
  c: DescribeCase;
  outcome: Outcome;
  guessRight: boolean;
  /** A right element is among the answer's (up to three) candidates, `aiCandidates`. */
  amongCandidates: boolean;
  confidence: number;
}

/** How `chosen` relates to the case's true element, in the page: right or wrong. */
async function judge(page: Page, truth: string, chosen: string | null): Promise<boolean> {
  if (chosen === null) return false;
  return page.evaluate(
    ({ truth, chosen }) => {
      let a: Element | null;
      let b: Element | null;
      try {
        a = document.querySelector(truth);
        b = document.querySelector(chosen);
      } catch {
        return false;
      }
      if (!a || !b) return false;
      if (a === b) return true;
      // No named functions inside: tsx would wrap them in a helper the page does not have.
      const ra = a.getBoundingClientRect();
      const rb = b.getBoundingClientRect();
      const areaA = ra.width * ra.height;
      const areaB = rb.width * rb.height;
      if (areaA <= 0 || areaB <= 0) return false;
      if (b.contains(a)) return areaB <= 2 * areaA;
      if (a.contains(b)) return areaB >= 0.5 * areaA;
      return false;
    },
    { truth, chosen },
  );
}

const cases = (JSON.parse(readFileSync(join(HERE, 'cases.json'), 'utf8')) as DescribeCase[]).filter(
  (c) => (!ONLY || c.page.startsWith(ONLY)) && (!SPLIT || c.split === SPLIT),
);
const byPage = new Map<string, DescribeCase[]>();
for (const c of cases) byPage.set(c.page, [...(byPage.get(c.page) ?? []), c]);

const missing = [...byPage.keys()].filter((slug) => !existsSync(join(HERE, 'pages', slug)));
if (missing.length > 0) {
  console.error(
    `${missing.length} saved pages are not built (${missing.slice(0, 3).join(', ')}…): build them first with\n` +
      '  npx tsx bench/describe/prepare-pages.ts --mirror DIR   (see bench/describe/README.md)',
  );
  process.exit(2);
}
const server = await serve(join(HERE, 'pages'));
const browser = await launchChromium(benchChromium());
const locator = createOfflineLocator();
const scored: Scored[] = [];
let mapMs: number[] = [];
try {
  for (const [slug, pageCases] of byPage) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/${slug}`, { waitUntil: 'load', timeout: 15_000 });
    for (const c of pageCases) {
      const started = performance.now();
      const map = await buildElementMap(page);
      const answer = await locator.locate(
        { description: c.description, map, screenshot: null },
        new AbortController().signal,
      );
      mapMs.push(performance.now() - started);
      const crops = answer.selector !== null && answer.confidence >= CROP_CONFIDENCE;
      const guessRight = await judge(page, c.selector, answer.raw);
      let amongCandidates = guessRight;
      // The first candidate is the best guess, judged above.
      for (const candidate of (answer.candidates ?? []).slice(1))
        amongCandidates ||= await judge(page, c.selector, candidate.selector);
      const outcome: Outcome = crops
        ? (await judge(page, c.selector, answer.selector))
          ? 'right'
          : 'wrong'
        : 'full';
      scored.push({ c, outcome, guessRight, amongCandidates, confidence: answer.confidence });
      if (process.env.DESCRIBE_VERBOSE)
        console.log(
          `${outcome.padEnd(5)} ${guessRight ? 'G' : '-'} ${answer.confidence.toFixed(2)} ${c.kind.padEnd(10)} ${JSON.stringify(c.description)} → ${answer.raw ?? '-'}  (true: ${c.selector})  [${c.page.replace(/\.html$/, '')}]`,
        );
    }
    await context.close();
  }
} finally {
  await browser.close();
}

const pct = (n: number, of: number): string => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)} %`);
function row(label: string, list: Scored[]): string {
  const n = list.length;
  const count = (o: Outcome): number => list.filter((s) => s.outcome === o).length;
  return `| ${label} | ${n} | ${pct(count('right'), n)} | ${pct(count('wrong'), n)} | ${pct(count('full'), n)} | ${pct(list.filter((s) => s.guessRight).length, n)} | ${pct(list.filter((s) => s.amongCandidates).length, n)} |`;
}
const header =
  '| | cases | right crop | wrong crop | full page | best guess right | right among the candidates |\n|---|---|---|---|---|---|---|';
console.log(`\nElement by description, offline locator, ${byPage.size} pages\n\n${header}`);
for (const split of SPLITS)
  if (scored.some((s) => s.c.split === split))
    console.log(
      row(
        split,
        scored.filter((s) => s.c.split === split),
      ),
    );
console.log(row('all', scored));
const kinds = [...new Set(scored.map((s) => s.c.kind))].sort();
console.log(`\nBy kind (all cases)\n\n${header}`);
for (const kind of kinds)
  console.log(
    row(
      kind,
      scored.filter((s) => s.c.kind === kind),
    ),
  );
const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};
console.log(`\nmap + locate: median ${median(mapMs).toFixed(0)} ms per description`);
mapMs = [];

if (!FAST) {
  // The same pages through the real capturer, one at a time: plain viewport vs the first description,
  // the locator on its worker thread as the service runs it.
  const thread = createLocatorThread();
  const capturer = createPlaywrightCapturer({
    chromiumPath: benchChromium(),
    egress: createDirectEgress(),
    concurrency: 1,
    browserMaxCaptures: 1000,
    navigationTimeoutMs: 15_000,
    maxFullPageHeightPx: 16_384,
    locator: createOfflineLocator({ thread }),
  });
  await capturer.ready();
  const plain: number[] = [];
  const described: number[] = [];
  const never = new AbortController().signal;
  for (const [slug, pageCases] of byPage) {
    const url = `${server.url}/${slug}`;
    for (let round = 0; round < 2; round++) {
      let t = performance.now();
      await capturer.capture(toCaptureSpec({ url }), never);
      if (round > 0) plain.push(performance.now() - t);
      t = performance.now();
      await capturer.capture(toCaptureSpec({ url, description: pageCases[0]!.description }), never);
      if (round > 0) described.push(performance.now() - t);
    }
  }
  await capturer.close();
  await thread.close();
  console.log(
    `capture time, median over ${plain.length} pages: ${median(plain).toFixed(0)} ms without a description, ${median(described).toFixed(0)} ms with one`,
  );
}
server.close();
