/**
 * The locator's answers on saved real pages nobody labelled: how this set's twenty-third look found
 * wrong crops and missed right ones without reading a labelled page (README "A twenty-third look").
 * It takes pages of a repository's test data that `sources.json` does not use, builds their element
 * maps as the capturer does (headless shell, 1280x720, `load`, scripts and frames removed as
 * `prepare-pages.ts` removes them), and prints, for each page and description, whether the answer
 * would be cropped, its confidence, the element's tag, box and text, with the page's metadata
 * (authors, publication date) to judge it by.
 *
 *   npx tsx bench/describe/explore.ts --repo scrapinghub/article-extraction-benchmark --match '^html/' \
 *     [--pages 80] [--skip 0] [--mirror /work/.mirror] [--descriptions 'who wrote the article|the comments']
 *
 * `--skip N` takes the pages after the first N (another sample of the same repository); without it
 * the pages are spread over the repository's list. Run it at two commits (a worktree of the older
 * one) and diff the outputs to read only the answers that changed. The repository must have been
 * brought here with the session tool `fetch` (its git directory under `--mirror`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { locateOffline } from '../../src/adapters/offline-locator/offline-locator.js';
import { launchChromium } from '../../src/adapters/playwright/browser/launch-chromium.js';
import { buildElementMap } from '../../src/adapters/playwright/describe/injected/element-map.js';
import { CROP_CONFIDENCE } from '../../src/ports/element-locator.js';
import { benchChromium } from '../settings.js';
import type { PageSource } from './prepare-pages.js';
import { keepOffline, makeInert } from './prepare-pages.js';
import { serve } from './verify-cases.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const arg = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(name);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const REPO = arg('--repo', 'scrapinghub/article-extraction-benchmark');
const MATCH = new RegExp(arg('--match', '^html/'));
const PAGES = Number(arg('--pages', '80'));
const SKIP = Number(arg('--skip', '0'));
const MIRROR = arg('--mirror', '/work/.mirror');
const DESCRIPTIONS = arg(
  '--descriptions',
  'the headline|who wrote the article|when was it published|the article text|the main photo|the share buttons|the comments|the main navigation menu|the footer',
).split('|');

const gitDir = join(MIRROR, REPO.replace('/', '+'), 'repo');
const git = (...args: string[]): Buffer =>
  execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 256 * 1024 * 1024 });
const used = new Set(
  (JSON.parse(readFileSync(join(HERE, 'sources.json'), 'utf8')) as PageSource[]).map((s) => s.path),
);
const files = git('ls-tree', '-r', '--name-only', 'HEAD')
  .toString()
  .split('\n')
  .filter((f) => MATCH.test(f) && !used.has(f));
const step = Math.max(1, Math.floor(files.length / PAGES));
const picked = (SKIP > 0 ? files.slice(SKIP) : files.filter((_, i) => i % step === 0)).slice(0, PAGES);

const dir = join(HERE, '..', '..', '.tmp', 'explore', REPO.replace('/', '+'));
mkdirSync(dir, { recursive: true });
const slugs = picked.map((path, i) => {
  const raw = git('show', `HEAD:${path}`);
  const bytes = path.endsWith('.gz') ? gunzipSync(raw) : raw;
  const slug = `${String(i).padStart(3, '0')}.html`;
  writeFileSync(
    join(dir, slug),
    Buffer.from(keepOffline(makeInert(bytes.toString('latin1')), bytes), 'latin1'),
  );
  return { path, slug };
});

const server = await serve(dir);
const browser = await launchChromium(benchChromium());
const line = (s: string, n: number): string => s.replace(/\s+/g, ' ').trim().slice(0, n);
try {
  for (const { path, slug } of slugs) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/${slug}`, { waitUntil: 'load', timeout: 15_000 });
      const map = await buildElementMap(page, {});
      const about = map.about;
      console.log(
        `## ${path} authors=${JSON.stringify(about?.authors ?? [])} published=${about?.published ?? '-'}`,
      );
      for (const description of DESCRIPTIONS) {
        const answer = locateOffline(description, map);
        const element = map.elements.find((e) => e.selector === answer.selector);
        const box = element
          ? `${Math.round(element.box.width)}x${Math.round(element.box.height)}@${Math.round(element.box.y)}`
          : '';
        const crop = answer.confidence >= CROP_CONFIDENCE && element !== undefined ? 'CROP' : 'full';
        console.log(
          `  ${crop} ${answer.confidence.toFixed(2)} ${line(description, 24).padEnd(24)} <${element?.tag ?? '-'}> ${box} "${line(element?.text ?? '', 110)}"`,
        );
      }
    } catch (error) {
      console.log(`## ${path}: ${line(String(error), 120)}`);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
