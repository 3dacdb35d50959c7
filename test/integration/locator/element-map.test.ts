import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildElementMap } from '../../../src/adapters/playwright/describe/injected/element-map.js';
import { launchChromium } from '../../../src/adapters/playwright/browser/launch-chromium.js';
import type { ElementMap } from '../../../src/ports/element-locator.js';
import { locateOffline } from '../../../src/adapters/offline-locator/offline-locator.js';
import { testChromiumPath, waitForNoChromium } from '../../helpers/chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';

let server: FixtureServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startFixtureServer();
  browser = await launchChromium(testChromiumPath());
  page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  expect(await waitForNoChromium()).toEqual([]);
});

/** For each element of the map: how many elements its selector matches, and whether that one has the map's box. */
async function resolve(map: ElementMap) {
  return page.evaluate((elements) => {
    return elements.map((e) => {
      const found = document.querySelectorAll(e.selector);
      const el = found[0];
      const r = el?.getBoundingClientRect();
      const box = r
        ? [
            Math.round(r.left + scrollX),
            Math.round(r.top + scrollY),
            Math.round(r.width),
            Math.round(r.height),
          ]
        : null;
      const hiddenAncestor = el?.closest('#gone, #invisible, #transparent, #empty, #inside-gone') ?? null;
      return {
        matches: found.length,
        sameBox: JSON.stringify(box) === JSON.stringify([e.box.x, e.box.y, e.box.width, e.box.height]),
        hidden: hiddenAncestor !== null,
      };
    });
  }, map.elements);
}

describe('element map', () => {
  it('gives every visible element a selector that matches it alone, with its box', async () => {
    await page.goto(`${server.baseUrl}/locator/map.html`);
    const map = await buildElementMap(page);
    expect(map).toMatchObject({
      url: `${server.baseUrl}/locator/map.html`,
      title: 'Element map edge cases',
      viewport: { width: 1280, height: 720 },
    });
    const resolved = await resolve(map);
    expect(resolved.every((r) => r.matches === 1 && r.sameBox && !r.hidden)).toBe(true);

    const byName = (name: string) => map.elements.find((e) => e.name === name);
    expect(byName('Odd id')?.selector).toBe('#a\\:b\\.c');
    expect(byName('Quoted title')?.selector).toBe('button[title="Say \\"hi\\""]');
    expect(byName('Work email')).toMatchObject({
      tag: 'input',
      role: 'textbox',
      selector: '#em',
      attributes: { placeholder: 'you@example.com', type: 'email' },
    });
    expect(byName('Stars')).toMatchObject({ tag: 'svg', role: 'img' });
    expect(map.elements.find((e) => e.tag === 'h1')).toMatchObject({
      role: 'heading',
      level: 1,
      name: 'Edge cases',
    });
    // The two twins and the two elements sharing an id get selectors of their own.
    const twins = map.elements.filter((e) => e.text === 'Twin More' && e.tag === 'div');
    expect(twins).toHaveLength(2);
    expect(new Set(twins.map((t) => t.selector)).size).toBe(2);
    const dups = map.elements.filter((e) => e.attributes.id === 'dup');
    expect(dups.map((d) => d.text)).toEqual(['first dup', 'second dup']);
    expect(dups.every((d) => d.selector !== '#dup')).toBe(true);
  });

  it('leaves out hidden, transparent and empty elements and the insides of SVG images', async () => {
    await page.goto(`${server.baseUrl}/locator/map.html`);
    const map = await buildElementMap(page);
    expect((await resolve(map)).some((r) => r.hidden)).toBe(false);
    expect(
      map.elements.some((e) =>
        ['display none', 'visibility hidden', 'opacity zero', 'no size'].includes(e.text),
      ),
    ).toBe(false);
    expect(map.elements.some((e) => e.name === 'Hidden inside')).toBe(false);
    expect(map.elements.some((e) => e.tag === 'circle')).toBe(false);
  });

  it('keeps page order and points each element at its nearest mapped ancestor', async () => {
    await page.goto(`${server.baseUrl}/locator/product.html`);
    const map = await buildElementMap(page);
    const check = await page.evaluate((elements) => {
      const nodes = elements.map((e) => document.querySelector(e.selector));
      return elements.map((e, i) => {
        const node = nodes[i];
        const before =
          i === 0 || (nodes[i - 1]!.compareDocumentPosition(node!) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
        const parent = e.parent === null ? document.body : nodes[e.parent];
        return before && parent !== null && parent !== undefined && parent !== node && parent.contains(node!);
      });
    }, map.elements);
    expect(check.every(Boolean)).toBe(true);
    const cart = map.elements.find((e) => e.name === 'Add to cart');
    expect(cart).toMatchObject({
      tag: 'button',
      role: 'button',
      attributes: { class: 'btn btn-primary', type: 'submit' },
    });
    expect(map.elements.find((e) => e.attributes.alt === 'Acme Outfitters')).toMatchObject({
      role: 'img',
      attributes: { src: 'img.svg' },
    });
  });

  it('keeps the most relevant elements when the page has more than the limit', async () => {
    await page.goto(`${server.baseUrl}/locator/product.html`);
    const full = await buildElementMap(page);
    const small = await buildElementMap(page, { maxElements: 12 });
    expect(small.elements).toHaveLength(12);
    expect(small.candidates).toBe(full.candidates);
    expect([small.cut, full.cut]).toEqual([true, false]);
    expect(full.elements.length).toBeGreaterThan(12);
    // Landmarks and controls win over plain wrappers, and so does a box a class calls a part of the
    // page (the rating); a paragraph of running text keeps its share.
    expect(
      small.elements.every(
        (e) =>
          e.role !== null ||
          e.attributes.id !== undefined ||
          e.tag === 'p' ||
          e.attributes.class === 'rating',
      ),
    ).toBe(true);
    expect(small.elements.filter((e) => e.tag === 'p').length).toBeLessThanOrEqual(1);
    expect(small.elements.map((e) => e.role)).toEqual(
      expect.arrayContaining(['banner', 'navigation', 'search', 'contentinfo']),
    );
  });

  it('cuts long texts as a whole collapse would, and gives the children of a wide parent their place', async () => {
    const words = Array.from({ length: 3000 }, (_, i) => `word${i}`);
    await page.setContent(`<!doctype html><body>
      <div id="long">${words.join(' \n ')}</div>
      <div id="airy">Lead${' <br>'.repeat(2500)} tail words here</div>
      <div id="wide">${'<span>x</span>'.repeat(1500)}</div>
    </body>`);
    const map = await buildElementMap(page, { maxElements: 3000 });
    const text = (id: string) => map.elements.find((e) => e.attributes.id === id)?.text;
    const whole = words.join(' ');
    expect(text('long')).toBe(`${whole.slice(0, 199)}…`);
    // Its first 1,600 characters are nearly all line breaks: cut after collapsing them, not before.
    expect(text('airy')).toBe('Lead tail words here');
    const spans = map.elements.filter((e) => e.tag === 'span');
    expect(spans).toHaveLength(1500);
    expect(spans[1499]?.selector).toBe('#wide > span:nth-of-type(1500)');
    expect((await resolve(map)).every((r) => r.matches === 1 && r.sameBox)).toBe(true);
    // A sibling of the same name in another namespace shifts what :nth-of-type counts: each path is
    // then checked against the page, and those it would not find alone are left out.
    await page.evaluate(() => {
      const wide = document.getElementById('wide')!;
      wide.insertBefore(document.createElementNS('http://www.w3.org/2000/svg', 'span'), wide.children[10]!);
    });
    const mixed = await buildElementMap(page, { maxElements: 3000 });
    expect(mixed.elements.filter((e) => e.tag === 'span').length).toBeGreaterThan(0);
    const resolved = await resolve(mixed);
    expect(resolved.every((r) => r.matches === 1 && r.sameBox)).toBe(true);
  });
  it("keeps a huge page's blocks — infobox, contents, footer past the scan limit — against thousands of links and footnotes", async () => {
    // An article of 1,500 titled links in paragraphs (each outranks a plain block), an infobox and a
    // contents box among them, 600 footnotes as wide as the page, each with an id, and a footer and
    // side panel after 9,000 elements. Blocks of at least 20,000 px² come first, the items of a list
    // last among them.
    const links = Array.from(
      { length: 1500 },
      (_, i) => `<p>See <a href="/w/${i}" title="Topic ${i}">topic ${i}</a> and more.</p>`,
    ).join('');
    const filler = '<span>x</span>'.repeat(6000);
    const notes = Array.from(
      { length: 600 },
      (_, i) => `<li id="cite_note-${i}" style="height:24px">Note ${i}, a source of the article.</li>`,
    ).join('');
    await page.setContent(
      `<main><h1>New Zealand</h1>
        <table class="infobox" style="width:300px;height:400px"><tr><th>Capital</th><td>Wellington</td></tr></table>
        <div id="toc"><h2>Contents</h2><ol><li>History</li><li>Economy</li></ol></div>
        ${links}<ol class="references">${notes}</ol><div class="filler">${filler}</div></main>
        <div id="panel" style="height:300px"><h3>Tools</h3><ul><li>What links here</li></ul></div>
        <footer id="footer">This page was last edited on 26 September 2019.</footer>`,
    );
    const map = await buildElementMap(page);
    expect(map.elements).toHaveLength(2000);
    expect(map.candidates).toBeGreaterThan(2000);
    expect(map.cut).toBe(true);
    const selectors = map.elements.map((e) => e.selector);
    expect(selectors).toEqual(expect.arrayContaining(['table.infobox', '#toc', '#panel', '#footer']));
    expect(map.elements.find((e) => e.selector === '#footer')).toMatchObject({ role: 'contentinfo' });
  });

  it("keeps a long page's paragraphs against thousands of links, so its running text can be found", async () => {
    // A story of 40 paragraphs, then 3,000 titled links in lists: each link outranks a plain paragraph.
    const story = Array.from(
      { length: 40 },
      (_, i) =>
        `<p>Paragraph ${i} of the story, long enough to be running text rather than a caption or a label.</p>`,
    ).join('');
    const links = Array.from(
      { length: 3000 },
      (_, i) => `<li><a href="/w/${i}" title="Topic ${i}">topic ${i}</a></li>`,
    );
    await page.setContent(
      `<h1>A story</h1><div id="story">${story}</div><ul id="topics">${links.join('')}</ul>`,
    );
    const map = await buildElementMap(page);
    expect(map.cut).toBe(true);
    expect(map.elements.filter((e) => e.tag === 'p')).toHaveLength(40);
    expect(locateOffline('the article text', map)).toMatchObject({ selector: '#story' });
  });

  it('keeps an element whose class names a part of the page against thousands of links, when few share the class', async () => {
    // 3,000 classed spans before them (each outranks a plain div, and a span of a class of its own
    // that comes later), a price and a breadcrumb trail marked only by their class, and 50 prices of
    // other products that share one.
    const links = Array.from({ length: 3000 }, (_, i) => `<span class="item">item ${i}</span>`);
    const cards = Array.from({ length: 50 }, (_, i) => `<span class="card-price">$${i}.99</span>`);
    await page.setContent(
      `<div>${links.join('')}</div><div class="breadcrumb">Home / Shoes / Trail</div>
        <span class="main-price">$129.00</span><div>${cards.join('')}</div>`,
    );
    const map = await buildElementMap(page, { maxElements: 600 });
    expect(map.cut).toBe(true);
    const selectors = map.elements.map((e) => e.selector);
    expect(selectors).toEqual(expect.arrayContaining(['div.breadcrumb', 'span.main-price']));
    expect(map.elements.filter((e) => e.attributes.class === 'card-price')).toHaveLength(0);
    // Nor a class in shadow roots, whose elements the counts do not see.
    await page.setContent(
      `<div>${links.join('')}</div><span class="main-price">$129.00</span><div id="cards"></div>`,
    );
    await page.evaluate(() => {
      for (let i = 0; i < 50; i++) {
        const card = document.createElement('product-card');
        card.attachShadow({ mode: 'open' }).innerHTML = `<span class="price">$${i}.49</span>`;
        document.getElementById('cards')!.append(card);
      }
    });
    const crowded = await buildElementMap(page, { maxElements: 600 });
    expect(crowded.elements.map((e) => e.selector)).toContain('span.main-price');
    expect(crowded.elements.filter((e) => e.attributes.class === 'price')).toHaveLength(0);
  });

  it('measures and reads a section of content-visibility: auto that Chromium has not rendered', async () => {
    // Far below the viewport, the section keeps its 1,000 px placeholder and shows no text until
    // rendered: the map sees it as the capture will.
    await page.setContent(
      `<div style="height:3000px">Top</div>
        <section id="far" style="content-visibility:auto;contain-intrinsic-size:1px 1000px">
          <p id="words">Words of a far section</p><div style="height:1500px"></div>
        </section>`,
    );
    const map = await buildElementMap(page);
    const far = map.elements.find((e) => e.selector === '#far');
    expect(far?.box.height).toBeGreaterThan(1500);
    expect(far?.text).toContain('Words of a far section');
    expect(map.elements.find((e) => e.selector === '#words')?.text).toBe('Words of a far section');
    // A section already rendered keeps its layout: its heading's margin stays inside it and its
    // fixed part stays where the section puts it (what \`auto\` contained stays contained).
    await page.setContent(
      `<div style="height:100px"></div>
        <section id="near" style="content-visibility:auto"><h2>Near</h2>
          <div id="pinned" style="position:fixed;top:0;width:50px;height:20px">x</div></section>`,
    );
    const boxes = () =>
      page.evaluate(() =>
        ['near', 'pinned'].map((id) => {
          const r = document.getElementById(id)!.getBoundingClientRect();
          return [Math.round(r.top), Math.round(r.height)];
        }),
      );
    // Rendered: two frames after it is shown.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const before = await boxes();
    expect(before[0]?.[1]).toBeGreaterThan(0);
    await buildElementMap(page);
    expect(await boxes()).toEqual(before);
  });

  it("keeps a test id under its other names (data-qa, data-test-id…) as data-testid, the element's own first", async () => {
    await page.setContent(
      `<div data-qa="breadcrumb-trail" style="height:20px">Home / Cars</div>
        <div data-test-id="price-box" style="height:20px">$5</div>
        <div data-testid="own" data-qa="other" style="height:20px">Both</div>
        <div data-qa="first" data-cy="second" style="height:20px">Two</div>`,
    );
    const map = await buildElementMap(page);
    const testId = (text: string) => map.elements.find((e) => e.text === text)?.attributes['data-testid'];
    expect([testId('Home / Cars'), testId('$5'), testId('Both'), testId('Two')]).toEqual([
      'breadcrumb-trail',
      'price-box',
      'own',
      'first',
    ]);
  });

  it('says when it left elements out, and the locator then does not vouch for an ordinal', async () => {
    // A thread of 3,000 posts: the map holds 2,000, so its last post is not the page's.
    const posts = Array.from({ length: 3000 }, (_, i) => `<p>Post number ${i + 1} of the thread.</p>`);
    await page.setContent(`<main>${posts.join('')}</main>`);
    const map = await buildElementMap(page);
    expect(map.cut).toBe(true);
    expect(map.elements.filter((e) => e.tag === 'p').at(-1)?.text).not.toContain('3000');
    expect(locateOffline('the last paragraph', map).confidence).toBeLessThan(0.6);
    // The whole thread in the map: its last post is vouched for.
    await page.setContent(`<main>${posts.slice(0, 300).join('')}</main>`);
    const whole = await buildElementMap(page);
    expect(whole.cut).toBe(false);
    const last = locateOffline('the last paragraph', whole);
    expect(last.selector).toMatch(/main.* > p:nth-of-type\(300\)$/);
    expect(last.confidence).toBeGreaterThanOrEqual(0.6);
  });

  it('builds the same map on a page that changed JSON: a toJSON on arrays, or JSON.stringify replaced', async () => {
    await page.goto(`${server.baseUrl}/locator/product.html`);
    const plain = await buildElementMap(page);
    // Prototype.js sets Array.prototype.toJSON; some pages replace JSON.stringify outright.
    await page.evaluate(() => {
      Object.defineProperty(Array.prototype, 'toJSON', {
        value: () => 'an array',
        configurable: true,
        writable: true,
      });
    });
    expect(await buildElementMap(page)).toEqual(plain);
    expect(await page.evaluate(() => JSON.stringify([1]))).toBe('"an array"');
    await page.evaluate(() => {
      JSON.stringify = () => '{}';
    });
    expect(await buildElementMap(page)).toEqual(plain);
  });

  it('selects a form by its id even when one of its fields is named "id" (form.id is then that field)', async () => {
    // As on a real news page's search form (Drupal's search-api forms carry <input name="form_id">
    // and, on some sites, <input name="id">).
    await page.setContent(
      '<h1>Forms</h1><form id="site-search" role="search"><input name="id" type="hidden" value="7">' +
        '<input name="q" aria-label="Search the site"><button>Search</button></form>' +
        '<form id="signup"><input name="id" aria-label="Member number"><button>Join</button></form>',
    );
    const map = await buildElementMap(page);
    const forms = map.elements.filter((e) => e.tag === 'form');
    expect(forms.map((f) => f.selector).sort()).toEqual(['#signup', '#site-search']);
    expect(map.elements.some((e) => e.selector.includes('object'))).toBe(false);
    expect((await resolve(map)).every((r) => r.matches === 1 && r.sameBox)).toBe(true);
    expect(locateOffline('the site search box', map).selector).toBe('#site-search');
  });

  it('carries schema.org microdata and rel, which real pages use for authors, dates and headlines', async () => {
    await page.setContent(`
      <article itemscope itemtype="https://schema.org/NewsArticle">
        <h1 itemprop="headline">Rivers move</h1>
        <p>By <a rel="author" href="/ann" itemprop="author">Ann</a>,
           <span itemprop="datePublished">4 March 2026</span></p>
      </article>`);
    const map = await buildElementMap(page);
    const attributes = map.elements.map((e) => e.attributes);
    expect(attributes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ itemtype: 'NewsArticle' }),
        expect.objectContaining({ itemprop: 'headline' }),
        expect.objectContaining({ itemprop: 'author', rel: 'author' }),
        expect.objectContaining({ itemprop: 'datePublished' }),
      ]),
    );
  });

  it('reads what the page says about itself: author, publication date and headline from meta tags, JSON-LD and microdata', async () => {
    await page.setContent(`
      <head>
        <meta property="og:title" content="Rivers move, and so do we">
        <meta name="author" content="https://example.com/people/ann">
        <meta name="byl" content="By ANN LEE">
        <script type="application/ld+json">
          {"@context": "https://schema.org", "@graph": [{"@type": "NewsArticle",
            "headline": "Rivers move", "datePublished": "2026-03-04T08:00:00Z",
            "author": [{"@type": "Person", "name": "Ann Lee"}, {"@type": "Person", "name": "Bo Chen"}]}]}
        </script>
        <script type="application/ld+json">{ not json</script>
      </head>
      <body><article><h1>Rivers move</h1>
        <p itemprop="author" itemscope><span itemprop="name">Cy Diaz</span></p></article></body>`);
    const map = await buildElementMap(page);
    expect(map.about).toEqual({
      // JSON-LD first, then meta tags (a URL is no name; "By" dropped; a name once, as first spelt), then microdata.
      authors: ['Ann Lee', 'Bo Chen', 'Cy Diaz'],
      published: '2026-03-04T08:00:00Z',
      headline: 'Rivers move',
    });
    await page.setContent('<p>Nothing said about this page.</p>');
    expect((await buildElementMap(page)).about).toEqual({ authors: [], published: null, headline: null });
  });

  it('reads what open shadow roots render into their hosts, slotted text included, hidden text not', async () => {
    await page.goto(`${server.baseUrl}/locator/shadow.html`);
    const map = await buildElementMap(page);
    const text = (selector: string): string | undefined =>
      map.elements.find((e) => e.selector === selector)?.text;
    expect(text('#bellmouth')).toBe('Showers spells ahead Bellmouth Quay Full forecast');
    expect(text('#forecasts')).toContain('Breezy spells ahead Cape Orran');
    expect(text('#forecasts')).not.toContain('Not shown');
    // A page without shadow roots reads innerText, as before.
    await page.goto(`${server.baseUrl}/locator/map.html`);
    const plain = await buildElementMap(page);
    const body = await page.evaluate(() => document.querySelector('h1')?.innerText);
    expect(plain.elements.find((e) => e.tag === 'h1')?.text).toBe(body);
  });

  it('lets the locator find a web component by what its shadow root shows', async () => {
    await page.goto(`${server.baseUrl}/locator/shadow.html`);
    const map = await buildElementMap(page);
    const answer = locateOffline('the forecast that says showers', map);
    // The card, or the article its shadow root shows it in (the card's size but for its padding).
    expect(['#bellmouth', '#bellmouth > article:nth-of-type(1)']).toContain(answer.raw);
  });

  it('maps the elements inside open shadow roots, each with a selector the capture finds it by', async () => {
    await page.goto(`${server.baseUrl}/locator/shadow.html`);
    const map = await buildElementMap(page);
    const host = map.elements.findIndex((e) => e.selector === '#bellmouth');
    const inside = map.elements.filter((e) => e.text === 'Showers spells ahead');
    expect(inside).toHaveLength(1);
    const sky = inside[0]!;
    expect(sky.tag).toBe('p');
    // Its parent is the shadow root's article, whose parent is the host.
    const article = map.elements[sky.parent!]!;
    expect([article.tag, article.parent]).toEqual(['article', host]);
    const button = map.elements.find((e) => e.parent === sky.parent && e.role === 'button');
    expect(button?.name).toBe('Full forecast');
    for (const e of map.elements) {
      // Playwright's CSS engine (the crop's) finds each element, and only it, at the map's box;
      // the document's own query finds the shadow root's elements nowhere, so the crop takes them.
      const matches = page.locator(`css=${e.selector}`);
      expect(await matches.count(), e.selector).toBe(1);
      const box = await matches.boundingBox();
      expect([box!.x, box!.y, box!.width, box!.height].map(Math.round), e.selector).toEqual([
        e.box.x,
        e.box.y,
        e.box.width,
        e.box.height,
      ]);
    }
    const inDocument = await page.evaluate(
      (selectors) => selectors.map((s) => document.querySelector(s) !== null),
      [sky.selector, article.selector, button!.selector],
    );
    expect(inDocument).toEqual([false, false, false]);
    const answer = locateOffline('the Full forecast button of Bellmouth Quay', map);
    expect(answer.raw).toBe(button!.selector);
    // "of the Cape Orran forecast" says where: the page's h1 is not there, so no crop to it, nor to
    // anything else outside that card.
    const heading = locateOffline('the heading of the Cape Orran forecast', map);
    if (heading.confidence >= 0.6) expect(heading.selector ?? '').toMatch(/^#orran(?:$|[ >])/);
    expect(heading.selector === 'body > h1:nth-of-type(1)' && heading.confidence >= 0.6).toBe(false);
  });

  it('gives an element in a shadow root a selector no element of a nested shadow root also matches', async () => {
    await page.setContent(`<x-card id="card"></x-card><script>
      customElements.define('x-button', class extends HTMLElement {
        constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<span class="label">Press here</span>'; }
      });
      customElements.define('x-card', class extends HTMLElement {
        constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<span class="label">Card title</span> <x-button></x-button>'; }
      });</script>`);
    const map = await buildElementMap(page);
    const labels = map.elements.filter((e) => e.tag === 'span');
    expect(labels).toHaveLength(2);
    for (const e of labels) {
      // `#card span.label` would match both labels: each gets a selector that matches it alone.
      expect(await page.locator(`css=${e.selector}`).count(), e.selector).toBe(1);
      expect(await page.locator(`css=${e.selector}`).textContent(), e.selector).toBe(e.text);
    }
  });

  it('keeps a shadow root out of reach when a light-DOM child would be taken for its element', async () => {
    await page.setContent(`<x-box id="box"><article>light</article></x-box><script>
      customElements.define('x-box', class extends HTMLElement {
        constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<article><p>shadowed words</p></article><slot></slot>'; }
      });</script>`);
    const map = await buildElementMap(page);
    const selectors = map.elements.map((e) => e.selector);
    // `#box > article:nth-of-type(1)` is the light child's: the shadow root's article gets no selector
    // (and neither do its insides, whose selectors would start from it).
    expect(selectors).toContain('#box > article:nth-of-type(1)');
    expect(map.elements.find((e) => e.selector === '#box > article:nth-of-type(1)')?.text).toBe('light');
    expect(map.elements.some((e) => e.text === 'shadowed words')).toBe(false);
    // The crop takes the document's own match first: the light child.
    const cropped = await page.evaluate(
      () => document.querySelector('#box > article:nth-of-type(1)')?.textContent,
    );
    expect(cropped).toBe('light');
  });
});
