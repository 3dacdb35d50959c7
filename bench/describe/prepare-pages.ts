/**
 * `npx tsx bench/describe/prepare-pages.ts [--mirror DIR] [--sources FILE] [--out DIR]`
 *
 * Builds bench/describe/pages/<slug>.html from the saved pages listed in bench/describe/sources.json.
 * Each source is one HTML file at a pinned commit of a public repository whose test data holds saved
 * real pages; the repository must be present as a git directory at `<mirror>/<owner>+<name>/repo`
 * (default mirror: /work/.mirror, where the session tool `fetch github:<owner>/<name>` puts it).
 *
 * The page is made self-contained and inert, byte for byte otherwise unchanged (the HTML is handled as
 * latin1 so that every charset survives): `<script>` and `<iframe>` elements, inline event handlers
 * (`on…=` attributes), `<meta http-equiv="refresh">` and the small "anti-flicker" style blocks that hide
 * `html` or `body` until a script reveals the page are removed; markup, `style` attributes and
 * `<style>` blocks stay. A Content-Security-Policy meta tag keeps the page to its own origin, so its
 * external stylesheets, fonts and images fail at once (most pages render unstyled), and a page that
 * is valid UTF-8 without a declared charset gets `<meta charset="utf-8">`.
 *
 * The cases were labelled on exactly these bytes: each source pins the SHA-256 of the built page, and
 * the script fails when a build differs from it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const HERE = dirname(fileURLToPath(import.meta.url));
const MAX_PAGE_BYTES = 1_500_000;

/** One saved page: where it comes from and what kind of site it is. */
export interface PageSource {
  slug: string;
  /** Kind of site: news, blog, wiki, docs, code-host, book, forum, shop, recipe, landing. */
  site: string;
  repo: string;
  commit: string;
  path: string;
  /** SPDX licence of the source repository. */
  license: string;
  /** The page's original address, where the page itself records it (canonical link or og:url). */
  url?: string;
  /** SHA-256 (hex) of the built page the cases were labelled on. */
  sha256?: string;
}

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}

const EVENT_HANDLER = /\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+)/gi;
/** A small style block that hides the whole page until a script (now removed) reveals it. */
const ANTI_FLICKER =
  /(?:^|[\s,}/])(?:html|body)\s*\{[^}]*(?:visibility\s*:\s*hidden|opacity\s*:\s*0|display\s*:\s*none)/i;

/**
 * Keeps the page off the network: a Content-Security-Policy that allows only the page's own origin
 * (plus inline styles and data: URLs), so that its external stylesheets, images and fonts fail at
 * once instead of waiting on DNS. Also declares UTF-8 when the page is valid UTF-8 and declares no
 * charset of its own (browsers would otherwise guess windows-1252).
 */
const CSP = `<meta http-equiv="Content-Security-Policy" content="default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:">`;

export function keepOffline(html: string, bytes: Buffer): string {
  const declared = /<meta\b[^>]*charset/i.test(html);
  let utf8 = true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    utf8 = false;
  }
  const extra = `${!declared && utf8 ? '<meta charset="utf-8">' : ''}${CSP}`;
  for (const open of [/<head\b[^>]*>/i, /<html\b[^>]*>/i, /<!doctype[^>]*>/i]) {
    const at = open.exec(html);
    if (at) return html.slice(0, at.index + at[0].length) + extra + html.slice(at.index + at[0].length);
  }
  return extra + html;
}

/** A JSON-LD block: data that never runs (schema.org author, datePublished, headline). */
const JSON_LD = /^<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json\b/i;

/** Removes what could run or navigate: scripts (JSON-LD data blocks stay), frames, event handlers, meta refresh. */
export function makeInert(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, (block) => (JSON_LD.test(block) ? block : ''))
    .replace(/<script\b[^>]*\/>/gi, '')
    .replace(/<iframe\b[^>]*>[\s\S]*?<\/iframe\s*>/gi, '')
    .replace(/<\/?iframe\b[^>]*>/gi, '')
    .replace(/<meta\b[^>]*http-equiv\s*=\s*["']?refresh[^>]*>/gi, '')
    .replace(/<[a-zA-Z][^<>]*>/g, (tag) => tag.replace(EVENT_HANDLER, ''))
    .replace(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi, (block, css: string) =>
      css.length < 500 && ANTI_FLICKER.test(css) ? '' : block,
    );
}

function readSource(mirror: string, source: PageSource): Buffer {
  const gitDir = join(mirror, `${source.repo.replace('/', '+')}`, 'repo');
  if (!existsSync(gitDir)) {
    throw new Error(
      `${source.slug}: no copy of ${source.repo} at ${gitDir}: fetch github:${source.repo} first, or pass --mirror`,
    );
  }
  const bytes = execFileSync('git', ['--git-dir', gitDir, 'show', `${source.commit}:${source.path}`], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return source.path.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

function main(): void {
  const mirror = option('--mirror', '/work/.mirror');
  const sourcesFile = option('--sources', join(HERE, 'sources.json'));
  const out = option('--out', join(HERE, 'pages'));
  const sources = JSON.parse(readFileSync(sourcesFile, 'utf8')) as PageSource[];
  mkdirSync(out, { recursive: true });
  let total = 0;
  let mismatches = 0;
  for (const source of sources) {
    const original = readSource(mirror, source);
    const html = keepOffline(makeInert(original.toString('latin1')), original);
    const bytes = Buffer.from(html, 'latin1');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (bytes.length > MAX_PAGE_BYTES) console.warn(`${source.slug}: ${bytes.length} bytes, over the limit`);
    if (source.sha256 && source.sha256 !== sha256) {
      mismatches++;
      console.error(`${source.slug}: built page differs from the labelled one (sha256 ${sha256})`);
    }
    writeFileSync(join(out, `${source.slug}.html`), bytes);
    total += bytes.length;
    console.log(`${source.slug.padEnd(40)} ${String(bytes.length).padStart(9)} bytes  ${source.repo}`);
  }
  console.log(`${sources.length} pages, ${total} bytes in ${out}`);
  if (mismatches > 0) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
