/**
 * `npx tsx bench/describe/verify-cases.ts [--pages DIR] [--cases FILE] [--only SLUG]`
 *
 * Checks the element-by-description evaluation set in real Chromium: serves the saved pages on
 * 127.0.0.2 (a static server on port 0), opens each page in the headless shell at 1280x720 and checks
 * that every case's selector matches exactly one element, that the element is visible (non-zero box,
 * `checkVisibility()`) and lies at least partly within the document's scrollable area, and prints its
 * box in page pixels. It also prints each
 * page's load time and flags a page slower than 3 s. Exits non-zero when any case or page fails.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';

const HERE = dirname(fileURLToPath(import.meta.url));
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const LOAD_TIMEOUT_MS = 15_000;
const SLOW_PAGE_MS = 3_000;

export const KINDS = [
  'headline',
  'byline',
  'date',
  'navigation',
  'share',
  'sidebar',
  'code',
  'body',
  'footer',
  'logo',
  'toc',
  'search',
  'image',
  'comments',
  'related',
  'price',
  'button',
  'table',
  'breadcrumb',
  'form',
  'other',
] as const;
export type Kind = (typeof KINDS)[number];
export const SPLITS = ['tune', 'heldout', 'fresh', 'fresh2', 'fresh3', 'fresh4', 'fresh5'] as const;
export type Split = (typeof SPLITS)[number];

/** One labelled case: a plain-English description and the CSS selector of the one true element. */
export interface DescribeCase {
  page: string;
  description: string;
  selector: string;
  kind: Kind;
  split: Split;
}

interface Probe {
  count: number;
  error?: string;
  visible?: boolean;
  box?: { x: number; y: number; width: number; height: number };
  /** The document's scrollable size: a box outside it cannot be cropped from a full-page screenshot. */
  page?: { width: number; height: number };
  text?: string;
}

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}

/** Schema problems of the case list (unknown kind or split, missing page, a page in both splits). */
export function schemaProblems(cases: DescribeCase[], pagesDir: string): string[] {
  const problems: string[] = [];
  const splitOf = new Map<string, Split>();
  cases.forEach((c, i) => {
    const at = `case ${i} (${c.page})`;
    if (!KINDS.includes(c.kind)) problems.push(`${at}: unknown kind "${c.kind}"`);
    if (!SPLITS.includes(c.split)) problems.push(`${at}: unknown split "${String(c.split)}"`);
    if (!c.description?.trim() || !c.selector?.trim()) problems.push(`${at}: empty description or selector`);
    if (!existsSync(join(pagesDir, c.page)))
      problems.push(
        `${at}: no page ${c.page} in ${pagesDir} (build the pages: npx tsx bench/describe/prepare-pages.ts)`,
      );
    const split = splitOf.get(c.page);
    if (split && split !== c.split) problems.push(`${at}: page is in both splits`);
    splitOf.set(c.page, c.split);
  });
  return problems;
}

/** Serves the saved pages of `pagesDir` on 127.0.0.2 (port 0), .html files only. */
export function serve(pagesDir: string): Promise<{ url: string; close: () => void }> {
  const root = resolve(pagesDir);
  const server = createServer((req, res) => {
    const path = resolve(root, '.' + decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!path.startsWith(root + sep) || !existsSync(path) || !path.endsWith('.html')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(readFileSync(path));
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.2', () => {
      const { port } = server.address() as AddressInfo;
      done({ url: `http://127.0.0.2:${port}`, close: () => server.close() });
    });
  });
}

async function probePage(
  browser: Browser,
  url: string,
  selectors: string[],
): Promise<{ loadMs: number; loadError?: string; probes: Probe[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    const started = Date.now();
    let loadError: string | undefined;
    try {
      await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    } catch (error) {
      loadError = String(error).split('\n')[0];
    }
    const loadMs = Date.now() - started;
    const probes: Probe[] = [];
    for (const selector of selectors) {
      probes.push(
        await page.evaluate((sel): Probe => {
          let found: NodeListOf<Element>;
          try {
            found = document.querySelectorAll(sel);
          } catch (error) {
            return { count: 0, error: String(error) };
          }
          const el = found[0];
          if (found.length !== 1 || !el) return { count: found.length };
          const r = el.getBoundingClientRect();
          const text = ((el as HTMLElement).innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
          return {
            count: 1,
            visible: r.width > 0 && r.height > 0 && el.checkVisibility(),
            box: {
              x: Math.round(r.x + window.scrollX),
              y: Math.round(r.y + window.scrollY),
              width: Math.round(r.width),
              height: Math.round(r.height),
            },
            page: {
              width: document.documentElement.scrollWidth,
              height: document.documentElement.scrollHeight,
            },
            text: text.slice(0, 60),
          };
        }, selector),
      );
    }
    return { loadMs, loadError, probes };
  } finally {
    await context.close();
  }
}

function verdict(probe: Probe): string | undefined {
  if (probe.error) return `invalid selector: ${probe.error}`;
  if (probe.count !== 1) return `matches ${probe.count} elements`;
  if (!probe.visible) return 'not visible';
  const box = probe.box!;
  const page = probe.page!;
  if (box.x + box.width <= 0 || box.y + box.height <= 0 || box.x >= page.width || box.y >= page.height) {
    return 'off the page';
  }
  return undefined;
}

async function main(): Promise<void> {
  const pagesDir = option('--pages', join(HERE, 'pages'));
  const casesFile = option('--cases', join(HERE, 'cases.json'));
  const only = option('--only', '');
  const cases = JSON.parse(readFileSync(casesFile, 'utf8')) as DescribeCase[];
  const problems = schemaProblems(cases, pagesDir);
  for (const problem of problems) console.log(`SCHEMA ${problem}`);
  const byPage = new Map<string, DescribeCase[]>();
  for (const c of cases) byPage.set(c.page, [...(byPage.get(c.page) ?? []), c]);
  const unlabelled = readdirSync(pagesDir).filter((f) => f.endsWith('.html') && !byPage.has(f));
  for (const page of unlabelled) console.log(`NOTE ${page} has no cases`);

  const server = await serve(pagesDir);
  const browser = await chromium.launch({ executablePath: EXECUTABLE, args: ARGS });
  let failures = problems.length;
  try {
    for (const [page, pageCases] of byPage) {
      if (only && !page.startsWith(only)) continue;
      if (!existsSync(join(pagesDir, page))) continue;
      const result = await probePage(
        browser,
        `${server.url}/${page}`,
        pageCases.map((c) => c.selector),
      );
      const slow = result.loadMs > SLOW_PAGE_MS;
      if (slow || result.loadError) failures++;
      console.log(
        `\n${page}  ${pageCases[0]!.split}  load ${result.loadMs} ms${slow ? '  SLOW' : ''}${result.loadError ? `  ${result.loadError}` : ''}`,
      );
      pageCases.forEach((c, i) => {
        const probe = result.probes[i]!;
        const problem = verdict(probe);
        if (problem) failures++;
        const box = probe.box ? `${probe.box.x},${probe.box.y} ${probe.box.width}x${probe.box.height}` : '-';
        console.log(
          `  ${problem ? 'FAIL' : 'ok  '} ${c.kind.padEnd(10)} ${JSON.stringify(c.description)} ${c.selector}  [${box}]` +
            (problem ? `  ${problem}` : `  "${probe.text ?? ''}"`),
        );
      });
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`\n${cases.length} cases on ${byPage.size} pages; ${failures} failure(s)`);
  if (failures > 0) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
