/**
 * The labelling tool the cases of this set were made with (the second and third rounds; README "How it
 * was labelled"). It renders a saved page as the benchmark does: headless shell, 1280x720, load.
 *
 *   npx tsx bench/describe/look.ts outline SLUG [--all]        landmarks, headings, etc. with selectors, boxes, text
 *   npx tsx bench/describe/look.ts find SLUG "some text"        the ancestor chain of the smallest element holding the text
 *   npx tsx bench/describe/look.ts check SLUG "sel1" ["sel2"…]  how many match, box, visible, text
 *   npx tsx bench/describe/look.ts shot SLUG [Y] [H]            screenshot of page rows Y..Y+H (default 0, 720) → .tmp/label/shots/SLUG-Y.png
 *   npx tsx bench/describe/look.ts box SLUG "sel"               screenshot of that element's box (clipped to 3000 px) → .tmp/label/shots/SLUG-box.png
 *
 * Pages are read from bench/describe/pages (override with PAGES=dir); screenshots go to .tmp/label/shots.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../src/adapters/playwright/browser/launch-chromium.js';
import { benchChromium } from '../settings.js';
import { serve } from './verify-cases.js';

/** What the script below adds to the page: a selector that matches the element alone, and a description. */
interface Described {
  sel: string;
  box: string;
  vis: boolean;
  text: string;
  len: number;
}
declare global {
  interface Window {
    __sel(el: Element): string;
    __desc(el: Element): Described;
  }
}

const PAGES = process.env.PAGES ?? join(dirname(fileURLToPath(import.meta.url)), 'pages');
const [cmd, slug, ...rest] = process.argv.slice(2);
if (!cmd || !slug) {
  console.error('usage: look.ts outline|find|check|shot|box SLUG …');
  process.exit(2);
}

const server = await serve(PAGES);
const browser = await launchChromium(benchChromium());
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/${slug.replace(/\.html$/, '')}.html`, { waitUntil: 'load', timeout: 15000 });
  // a helper in the page: a short selector that matches exactly this element
  await page.addScriptTag({
    content: `
    window.__sel = function (el) {
      const esc = (s) => CSS.escape(s);
      const parts = [];
      let cur = el;
      while (cur && cur.nodeType === 1 && cur !== document.documentElement) {
        if (cur.id && document.querySelectorAll('#' + esc(cur.id)).length === 1) { parts.unshift('#' + esc(cur.id)); break; }
        let part = cur.tagName.toLowerCase();
        const cls = [...cur.classList].filter((c) => /^[a-zA-Z_-][\\w-]*$/.test(c)).slice(0, 2);
        if (cls.length) part += '.' + cls.map(esc).join('.');
        const parent = cur.parentElement;
        if (parent) {
          const same = [...parent.children].filter((c) => c.matches(part));
          if (same.length > 1) part += ':nth-of-type(' + ([...parent.children].filter((c) => c.tagName === cur.tagName).indexOf(cur) + 1) + ')';
        }
        parts.unshift(part);
        const s = parts.join(' > ');
        if (document.querySelectorAll(s).length === 1) return s;
        cur = parent;
      }
      return parts.join(' > ');
    };
    window.__desc = function (el) {
      const r = el.getBoundingClientRect();
      const box = [Math.round(r.x + scrollX), Math.round(r.y + scrollY), Math.round(r.width), Math.round(r.height)].join(',');
      const vis = r.width > 0 && r.height > 0 && el.checkVisibility();
      const text = (el.innerText || el.getAttribute('aria-label') || el.getAttribute('alt') || '').replace(/\\s+/g, ' ').trim();
      return { sel: window.__sel(el), box, vis, text: text.slice(0, 100), len: text.length };
    };`,
  });
  const docSize = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.scrollHeight,
  ]);
  console.log(`# ${slug}: document ${docSize[0]}x${docSize[1]}`);
  if (cmd === 'outline') {
    const all = rest.includes('--all');
    const rows = await page.evaluate((all) => {
      const re =
        /byline|author|share|social|sidebar|toc|table-of-contents|breadcrumb|price|comment|related|search|logo|date|meta|masthead|header|footer|menu|nav|rating|review|ingredient|recipe|buy|cart|tags?\b|summary|dek|subtitle|caption|infobox/i;
      const out = [];
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const tag = el.tagName.toLowerCase();
        const role = el.getAttribute('role') || '';
        const idc = (el.id || '') + ' ' + (typeof el.className === 'string' ? el.className : '');
        const interesting =
          /^(header|nav|main|aside|footer|h1|h2|h3|time|form|pre|table|figure|article|section|dl|ol|ul|search|address|blockquote|button|select|input)$/.test(
            tag,
          ) ||
          /^(banner|navigation|main|complementary|contentinfo|search|article|region)$/.test(role) ||
          el.hasAttribute('itemprop') ||
          (all && re.test(idc)) ||
          (!all && re.test(el.id || ''));
        if (!interesting) continue;
        if (!all && /^(ul|ol|section|input|button)$/.test(tag) && !el.id) continue;
        const d = window.__desc(el);
        if (!d.vis) continue;
        const extra = [
          role && 'role=' + role,
          el.getAttribute('itemprop') && 'itemprop=' + el.getAttribute('itemprop'),
        ]
          .filter(Boolean)
          .join(' ');
        out.push(`${d.sel}  [${d.box}] ${extra} (${d.len}) ${d.text.slice(0, 70)}`);
      }
      return out;
    }, all);
    console.log(rows.slice(0, all ? 600 : 350).join('\n'));
    if (rows.length > (all ? 600 : 350)) console.log(`… ${rows.length} rows in all`);
  } else if (cmd === 'find') {
    const text = rest.join(' ');
    const rows = await page.evaluate((text) => {
      const needle = text.toLowerCase().replace(/\s+/g, ' ');
      const hits: Element[] = [];
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const t = (el instanceof HTMLElement ? el.innerText : (el.textContent ?? ''))
          .toLowerCase()
          .replace(/\s+/g, ' ');
        if (!t.includes(needle)) continue;
        if (
          Array.from(el.children).some((c) =>
            (c instanceof HTMLElement ? c.innerText : (c.textContent ?? ''))
              .toLowerCase()
              .replace(/\s+/g, ' ')
              .includes(needle),
          )
        )
          continue;
        hits.push(el);
      }
      return hits.slice(0, 4).map((el) => {
        const chain: string[] = [];
        for (let cur: Element | null = el; cur && cur !== document.body; cur = cur.parentElement) {
          const d = window.__desc(cur);
          chain.push(`  ${d.sel}  [${d.box}] vis=${d.vis} (${d.len}) ${d.text.slice(0, 60)}`);
          if (chain.length > 12) break;
        }
        return chain.join('\n');
      });
    }, text);
    console.log(rows.length ? rows.join('\n--\n') : 'not found');
  } else if (cmd === 'check') {
    for (const sel of rest) {
      const r = await page.evaluate((sel) => {
        let els: Element[];
        try {
          els = Array.from(document.querySelectorAll(sel));
        } catch (e) {
          return `bad selector: ${String(e)}`;
        }
        return `${els.length} match` + (els[0] ? ' — ' + JSON.stringify(window.__desc(els[0])) : '');
      }, sel);
      console.log(`${sel}: ${r}`);
    }
  } else if (cmd === 'shot' || cmd === 'box') {
    mkdirSync('.tmp/label/shots', { recursive: true });
    let clip;
    let name;
    if (cmd === 'shot') {
      const y = Number(rest[0] ?? 0);
      clip = { x: 0, y, width: 1280, height: Math.min(Number(rest[1] ?? 720), 3000) };
      name = `${slug}-${y}`;
    } else {
      const b = await page
        .locator(rest[0] ?? 'body')
        .first()
        .boundingBox();
      if (!b) throw new Error('no box');
      const y = b.y + (await page.evaluate(() => scrollY));
      clip = {
        x: Math.max(0, b.x - 10),
        y: Math.max(0, y - 10),
        width: Math.min(b.width + 20, 1280),
        height: Math.min(b.height + 20, 3000),
      };
      name = `${slug}-box`;
    }
    const file = `.tmp/label/shots/${name}.png`;
    await page.screenshot({ path: file, clip, fullPage: true });
    console.log(file);
  }
} finally {
  await browser.close();
  server.close();
}
