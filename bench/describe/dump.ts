/**
 * `npx tsx bench/describe/dump.ts [--max N] [--out FILE]`: the element map of every saved page of
 * `bench/describe`, built by the capturer's own code at 1280x720, and for every case the indices of
 * the map's elements a user would call right (the rule of `run.ts`: the true element, one holding
 * it at most twice its area, or one inside it covering at least half of it). `train.ts` learns the
 * locator's ranker from this file; it is written under `.tmp/` and never committed.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../src/adapters/playwright/browser/launch-chromium.js';
import { buildElementMap } from '../../src/adapters/playwright/describe/injected/element-map.js';
import type { ElementMap } from '../../src/ports/element-locator.js';
import { benchChromium } from '../settings.js';
import type { DescribeCase } from './verify-cases.js';
import { serve } from './verify-cases.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const arg = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const MAX = Number(arg('--max') ?? 0) || undefined;
const OUT = arg('--out') ?? join(HERE, '..', '..', '.tmp', 'describe-maps.json');

export interface DumpedCase extends DescribeCase {
  /** Indices of the map elements that are a right answer. */
  right: number[];
}
export interface DumpedPage {
  slug: string;
  map: ElementMap;
  cases: DumpedCase[];
}

const cases = JSON.parse(readFileSync(join(HERE, 'cases.json'), 'utf8')) as DescribeCase[];
const byPage = new Map<string, DescribeCase[]>();
for (const c of cases) byPage.set(c.page, [...(byPage.get(c.page) ?? []), c]);
if ([...byPage.keys()].some((slug) => !existsSync(join(HERE, 'pages', slug)))) {
  console.error('build the pages first: npx tsx bench/describe/prepare-pages.ts --mirror DIR');
  process.exit(2);
}

const server = await serve(join(HERE, 'pages'));
const browser = await launchChromium(benchChromium());
const out: DumpedPage[] = [];
let covered = 0;
try {
  for (const [slug, pageCases] of byPage) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/${slug}`, { waitUntil: 'load', timeout: 15_000 });
    const map = await buildElementMap(page, MAX ? { maxElements: MAX } : {});
    const selectors = map.elements.map((e) => e.selector);
    const dumped: DumpedCase[] = [];
    for (const c of pageCases) {
      const right = await page.evaluate(
        ({ truth, selectors }) => {
          const a = document.querySelector(truth);
          if (!a) return [];
          const ra = a.getBoundingClientRect();
          const areaA = ra.width * ra.height;
          const found: number[] = [];
          selectors.forEach((s, i) => {
            const b = document.querySelector(s);
            if (!b) return;
            if (a === b) {
              found.push(i);
              return;
            }
            const rb = b.getBoundingClientRect();
            const areaB = rb.width * rb.height;
            if (areaA <= 0 || areaB <= 0) return;
            if (b.contains(a) ? areaB <= 2 * areaA : a.contains(b) && areaB >= 0.5 * areaA) found.push(i);
          });
          return found;
        },
        { truth: c.selector, selectors },
      );
      if (right.length > 0) covered += 1;
      dumped.push({ ...c, right });
    }
    out.push({ slug, map, cases: dumped });
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
// The locator's own fixture pages and cases (test/fixtures/pages/locator): small made-up pages,
// with descriptions of things they lack. They join the training as the split `fixture`.
{
  const { LOCATOR_CASES } = await import('../../test/helpers/locator-cases.js');
  const fixtures = await serve(join(HERE, '..', '..', 'test', 'fixtures', 'pages', 'locator'));
  const chromium = await launchChromium(benchChromium());
  try {
    for (const slug of new Set(LOCATOR_CASES.map((c) => c.page))) {
      const page = await chromium.newPage({ viewport: { width: 1280, height: 720 } });
      await page.goto(`${fixtures.url}/${slug}`, { waitUntil: 'load', timeout: 15_000 });
      const map = await buildElementMap(page, MAX ? { maxElements: MAX } : {});
      const dumped: DumpedCase[] = [];
      for (const c of LOCATOR_CASES.filter((c) => c.page === slug)) {
        const right = await page.evaluate(
          ({ expected, selectors }) => {
            const want = expected.map((e) => document.querySelector(e));
            return selectors.flatMap((s, i) => (want.includes(document.querySelector(s)) ? [i] : []));
          },
          { expected: c.expected ?? [], selectors: map.elements.map((e) => e.selector) },
        );
        dumped.push({
          page: slug,
          description: c.description,
          selector: c.expected?.[0] ?? '',
          kind: 'fixture',
          split: 'fixture',
          right,
        } as unknown as DumpedCase);
      }
      out.push({ slug: `fixture/${slug}`, map, cases: dumped });
      await page.close();
    }
  } finally {
    await chromium.close();
    fixtures.close();
  }
}
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, JSON.stringify(out));
console.log(
  `${out.length} pages, ${cases.length} cases; a right element is in the map for ${covered} (${((100 * covered) / cases.length).toFixed(1)} %) → ${OUT}`,
);
