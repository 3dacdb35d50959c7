import { describe, expect, it } from 'vitest';
import {
  chooseElement,
  createOfflineLocator,
  decideAnswer,
  decideConfidence,
  HAND_VOUCHES,
  inCookieNotice,
  inDoubt,
  locateByHand,
  locateOffline,
  NESTED_GAP,
  numberedScores,
  Scorer,
  outOfContext,
  parseDescription,
  shortlistOffline,
  soleDate,
  soleTitle,
  TITLE_CONFIDENCE,
  vouchedElement,
} from '../../../src/adapters/offline-locator/offline-locator.js';
import { FEATURES } from '../../../src/adapters/offline-locator/features.js';
import {
  DOUBT_CAP,
  doubtful,
  footerForNavigation,
  groupForAButton,
  outsideItsRegion,
  sidebarHoldingHeadline,
} from '../../../src/adapters/offline-locator/hand-matcher.js';
import type { ElementView } from '../../../src/adapters/offline-locator/kinds.js';
import { KINDS, viewsOf } from '../../../src/adapters/offline-locator/kinds.js';
import { dayShownIn, showsDate, words, writersOf } from '../../../src/adapters/offline-locator/text.js';
import type { ElementMap, PageElement } from '../../../src/ports/element-locator.js';
import { CROP_CONFIDENCE } from '../../../src/ports/element-locator.js';
import { element, storyMap } from '../../helpers/page-elements.js';

/** A small page: header (logo, nav of three links), main (h1, two buy buttons in cards), footer. */
const ELEMENTS: PageElement[] = [
  element({ selector: 'header', tag: 'header', role: 'banner', text: 'Acme Home Pricing Blog' }, 0, null), // 0
  element(
    { selector: 'a.logo', tag: 'a', role: 'link', name: 'Acme', attributes: { class: 'logo', href: '/' } },
    10,
    0,
  ), // 1
  element({ selector: 'nav', tag: 'nav', role: 'navigation', text: 'Home Pricing Blog' }, 10, 0), // 2
  element(
    {
      selector: 'nav a:nth-of-type(1)',
      tag: 'a',
      role: 'link',
      name: 'Home',
      text: 'Home',
      attributes: { href: '/' },
    },
    10,
    2,
  ), // 3
  element(
    {
      selector: 'nav a:nth-of-type(2)',
      tag: 'a',
      role: 'link',
      name: 'Pricing',
      text: 'Pricing',
      attributes: { href: '/pricing' },
    },
    10,
    2,
  ), // 4
  element(
    {
      selector: 'nav a:nth-of-type(3)',
      tag: 'a',
      role: 'link',
      name: 'Blog',
      text: 'Blog',
      attributes: { href: '/blog' },
    },
    10,
    2,
  ), // 5
  element(
    {
      selector: 'h1',
      tag: 'h1',
      role: 'heading',
      level: 1,
      name: 'Rockets for everyone',
      text: 'Rockets for everyone',
    },
    100,
    null,
  ), // 6
  element(
    {
      selector: '#basic',
      tag: 'div',
      text: 'Basic $10 Buy',
      attributes: { id: 'basic', class: 'card' },
      // A card holds its button: taller than one line.
      box: { x: 0, y: 200, width: 200, height: 100 },
    },
    200,
    null,
  ), // 7
  element({ selector: '#basic button', tag: 'button', role: 'button', name: 'Buy', text: 'Buy' }, 260, 7), // 8
  element(
    {
      selector: '#pro',
      tag: 'div',
      text: 'Pro $30 Buy',
      attributes: { id: 'pro', class: 'card' },
      // A card holds its button: taller than one line.
      box: { x: 220, y: 200, width: 200, height: 100 },
    },
    200,
    null,
  ), // 9
  element({ selector: '#pro button', tag: 'button', role: 'button', name: 'Buy', text: 'Buy' }, 260, 9), // 10
  element({ selector: 'footer', tag: 'footer', role: 'contentinfo', text: '© 2026 Acme' }, 900, null), // 11
];
const MAP: ElementMap = {
  url: 'http://a.test/',
  title: 'Acme',
  viewport: { width: 1280, height: 720 },
  documentHeight: 1000,
  candidates: 12,
  elements: ELEMENTS,
};
const locate = (description: string) =>
  createOfflineLocator().locate({ description, map: MAP, screenshot: null }, new AbortController().signal);

describe('offline locator', () => {
  it('needs no screenshot and no model', () => {
    expect(createOfflineLocator()).toMatchObject({ name: 'offline', model: null, wantsScreenshot: false });
  });

  it.each([
    ['the logo', 'a.logo'],
    ['site navigation', 'nav'],
    ['the footer', 'footer'],
    ['main headline', 'h1'],
    ['Pricing link', 'nav a:nth-of-type(2)'],
    ['the Pro plan card', '#pro'],
    ['the second card', '#pro'],
    ['buy button of the pro plan', '#pro button'],
    ['the links in the header', 'nav'],
  ])('finds "%s" with confidence', async (description, selector) => {
    const answer = await locate(description);
    expect(answer).toMatchObject({ selector, raw: selector });
    expect(answer.confidence).toBeGreaterThanOrEqual(0.6);
  });

  it('does not vouch for an ordinal on a map that leaves elements out: the one meant may be among them', async () => {
    const signal = new AbortController().signal;
    const on = (map: ElementMap) =>
      createOfflineLocator().locate({ description: 'the last card', map, screenshot: null }, signal);
    const whole = await on(MAP);
    expect(whole).toMatchObject({ selector: '#pro' });
    expect(whole.confidence).toBeGreaterThanOrEqual(0.6);
    for (const cut of [
      { ...MAP, cut: true },
      { ...MAP, candidates: 400 },
    ]) {
      const answer = await on(cut);
      expect(answer.selector).toBe('#pro');
      expect(answer.confidence).toBeLessThan(0.6);
      // The candidates' scores never above the answer's confidence, the first one it.
      expect(answer.candidates?.[0]).toEqual({ selector: '#pro', score: answer.confidence });
      for (const c of answer.candidates ?? []) expect(c.score).toBeLessThanOrEqual(answer.confidence);
    }
  });

  it.each(['the buy button', 'a card'])(
    'is unsure about "%s", which fits two elements alike',
    async (description) => {
      expect((await locate(description)).confidence).toBeLessThan(0.6);
    },
  );

  it.each(['the video player', 'newsletter signup form', 'zebra', 'the'])(
    'gives up on "%s"',
    async (description) => {
      expect((await locate(description)).confidence).toBeLessThan(0.6);
    },
  );

  describe('does not crop to an answer whose size or nature does not fit what was asked', () => {
    const page = (elements: PageElement[]): ElementMap => ({ ...MAP, documentHeight: 4000, elements });
    const ask = (description: string, map: ElementMap) =>
      createOfflineLocator().locate({ description, map, screenshot: null }, new AbortController().signal);

    it('a heading for a thing that holds others, unless a heading is asked for', async () => {
      const map = page([
        element(
          {
            selector: '#nutrition-title',
            tag: 'h3',
            role: 'heading',
            level: 3,
            text: 'Nutrition Information',
          },
          100,
          null,
        ),
        element({ selector: '#nutrition', tag: 'div', text: 'Calories 200 Fat 3 g' }, 150, null),
        element({ selector: '#nutrition-note', tag: 'p', text: 'Per serving, estimated' }, 250, null),
      ]);
      const answer = await ask('nutrition information', map);
      expect(answer.selector).toBe('#nutrition-title');
      expect(answer.confidence).toBeLessThan(0.6);
      const heading = await ask('the nutrition information heading', map);
      expect(heading.selector).toBe('#nutrition-title');
      expect(heading.confidence).toBeGreaterThanOrEqual(0.6);
      // With one block under the heading, its section's, that block.
      const one = await ask('nutrition information', { ...map, elements: map.elements.slice(0, 2) });
      expect(one.selector).toBe('#nutrition');
      expect(one.confidence).toBeGreaterThanOrEqual(0.6);
    });

    it('a block of more than two screens for a small thing', async () => {
      const post = element(
        {
          selector: '#post',
          tag: 'div',
          text: 'Published March 4, 2026 by Ann',
          attributes: { class: 'post date' },
        },
        0,
        null,
      );
      const tall = await ask(
        'the published date',
        page([{ ...post, box: { x: 0, y: 0, width: 800, height: 3000 } }]),
      );
      expect(tall.selector).toBe('#post');
      expect(tall.confidence).toBeLessThan(0.6);
      const short = await ask('the published date', page([post]));
      expect(short.confidence).toBeGreaterThanOrEqual(0.6);
    });
  });

  it('reads schema.org microdata: an element marked as the publication date is the date', async () => {
    const map: ElementMap = {
      ...MAP,
      elements: [
        element(
          { selector: 'article', tag: 'article', role: 'article', text: 'Rivers move. By Ann, 4 3 26' },
          0,
          null,
        ),
        element(
          { selector: '#when', tag: 'span', text: '4 3 26', attributes: { itemprop: 'datePublished' } },
          60,
          0,
        ),
        element(
          { selector: '#who', tag: 'a', text: 'Ann', attributes: { itemprop: 'author', rel: 'author' } },
          60,
          0,
        ),
      ],
    };
    const ask = (description: string) =>
      createOfflineLocator().locate({ description, map, screenshot: null }, new AbortController().signal);
    expect((await ask('the publication date')).selector).toBe('#when');
    expect((await ask('the author')).selector).toBe('#who');
  });

  it.each([
    ['who wrote this', '.byline'],
    ['the author', '.byline'],
    ['the comments', '#comments'],
    ['table of contents', '#toc'],
    ['social sharing', '.share-tools'],
  ])('knows articles\' parts by their names: "%s"', async (description, selector) => {
    const map: ElementMap = {
      ...MAP,
      elements: [
        element({ selector: 'article', tag: 'article', role: 'article', text: 'Rivers move' }, 0, null),
        element(
          { selector: '.byline', tag: 'div', text: 'By Ann Lee', attributes: { class: 'byline' } },
          60,
          0,
        ),
        element(
          {
            selector: '#toc',
            tag: 'nav',
            role: 'navigation',
            text: '1 Intro 2 Floods',
            attributes: { id: 'toc' },
          },
          100,
          0,
        ),
        element(
          {
            selector: '.share-tools',
            tag: 'ul',
            role: 'list',
            text: 'Facebook X Email',
            attributes: { class: 'share-tools' },
          },
          200,
          0,
        ),
        element(
          { selector: '#comments', tag: 'section', text: '12 comments', attributes: { id: 'comments' } },
          900,
          null,
        ),
      ],
    };
    const answer = await createOfflineLocator().locate(
      { description, map, screenshot: null },
      new AbortController().signal,
    );
    expect(answer.selector).toBe(selector);
  });

  it('takes a search box to be the field with its button: the small form around the field', async () => {
    const map: ElementMap = {
      ...MAP,
      elements: [
        element({ selector: '#masthead', tag: 'header', role: 'banner', text: 'Acme' }, 0, null),
        element({ selector: '#find', tag: 'form', attributes: { id: 'find' } }, 10, 0),
        element(
          { selector: '#q', tag: 'input', role: 'searchbox', attributes: { id: 'q', placeholder: 'Search' } },
          10,
          1,
        ),
        element({ selector: '#find button', tag: 'button', role: 'button', name: 'Go', text: 'Go' }, 10, 1),
      ],
    };
    const answer = await createOfflineLocator().locate(
      { description: 'the search box', map, screenshot: null },
      new AbortController().signal,
    );
    expect(answer.selector).toBe('#find');
    expect(answer.confidence).toBeGreaterThanOrEqual(0.6);
    // "the search input" is the field itself; a heading above the form is no search box.
    expect(locateOffline('the search input', map).selector).toBe('#q');
    // So is "the search field", as people who label pages read it, unless its button is asked with it.
    expect(locateOffline('the search field', map).selector).toBe('#q');
    expect(locateOffline('the search field with its button', map).selector).toBe('#find');
    expect(locateOffline('the search bar', map).selector).toBe('#find');
    const headed: ElementMap = {
      ...map,
      elements: [
        ...map.elements,
        element(
          { selector: 'h2.search', tag: 'h2', role: 'heading', level: 2, name: 'Search', text: 'Search' },
          60,
          0,
        ),
      ],
    };
    const views = viewsOf(headed.elements);
    expect(doubtful(parseDescription('the product search box'), views[4]!, headed)).toBe(true);
    expect(doubtful(parseDescription('the product search box'), views[1]!, headed)).toBe(false);
  });

  it('shortlists the likeliest elements for a model, in page order, its own answer among them', () => {
    const { answer, shortlist } = shortlistOffline('the footer', MAP, 3);
    expect(shortlist.length).toBeGreaterThanOrEqual(3);
    expect(shortlist.length).toBeLessThanOrEqual(4);
    expect([...shortlist].sort((a, b) => a - b)).toEqual(shortlist);
    expect(shortlist.map((i) => MAP.elements[i]!.selector)).toContain(answer.selector);
    expect(shortlistOffline('the footer', MAP, 0).shortlist).toEqual([]);
  });

  it('answers nothing on an empty page', async () => {
    const answer = await createOfflineLocator().locate(
      { description: 'the logo', map: { ...MAP, elements: [] }, screenshot: null },
      new AbortController().signal,
    );
    expect(answer).toMatchObject({ selector: null, confidence: 0 });
  });
});

describe('reading a description', () => {
  it("reads a kind word's possessive before words of no kind as the owner, not the thing asked for", () => {
    const kindOf = (d: string): string[] => parseDescription(d).kinds.map((k) => k.kind.id);
    const owned = parseDescription("the post's vote count with the up and down arrows");
    expect(owned.kinds).toEqual([]);
    expect(owned.contextKinds.map((k) => k.kind.id)).toContain('article');
    expect(owned.terms.map((t) => t.word)).toEqual(expect.arrayContaining(['vote', 'count']));
    // What follows names a kind, a generic part or a person's name: the kinds say what is meant.
    expect(kindOf("the article's headline")).toEqual(kindOf('the headline'));
    expect(kindOf("the reporter's name")).toEqual(['byline']);
    expect(kindOf("the post's comments section")).toEqual(['comments']);
    expect(kindOf("the sidebar's area")).toEqual(['sidebar']);
    // An owner of no kind changes nothing.
    expect(kindOf("the recipe's average rating")).toEqual(kindOf('the average rating'));
  });

  it('reads a place word written with a capital inside a name as part of the name', () => {
    const named = parseDescription('the At a Glance comparison table');
    expect(named.kinds.map((k) => k.kind.id)).toEqual(['table']);
    expect(named.terms.map((t) => t.word)).toEqual(expect.arrayContaining(['glance', 'comparison']));
    expect(named.contextTerms).toEqual([]);
    const placed = parseDescription('the In the Loop box at the top of the page');
    expect(placed.terms.map((t) => t.word)).toContain('loop');
    expect(placed.contextTerms.map((t) => t.word)).not.toContain('loop');
    expect(placed.modifiers.has('top')).toBe(true);
    // In Title Case or capitals, or before a word in lower case, a place still.
    for (const d of [
      'The Search Box In The Header',
      'THE SEARCH BOX IN THE HEADER',
      'the search box In the header',
    ]) {
      const q = parseDescription(d);
      expect(q.kinds.map((k) => k.kind.id)).toEqual(['search']);
      expect(q.contextKinds.length).toBeGreaterThan(0);
    }
    // In lower case, a place still.
    expect(parseDescription('the comparison table at a glance').contextTerms.map((t) => t.word)).toEqual([
      'glance',
    ]);
  });

  it('splits what from where and finds the kind, ordinals and plurals', () => {
    const q = parseDescription('The second Buy button in the pricing section');
    expect(q.kinds.map((k) => k.kind.id)).toEqual(['button']);
    expect(q.contextKinds.map((k) => k.kind.id)).toEqual(['section']);
    expect(q.contextTerms.map((t) => t.word)).toEqual(['pricing']);
    expect(q.ordinal).toBe(1);
    expect(parseDescription('the thumbnails').plural).toBe(true);
    expect(parseDescription('the results table comparing Redis and Postgres').plural).toBe(false);
    // "table of contents" is a thing, not a table somewhere
    expect(parseDescription('table of contents').kinds.map((k) => k.kind.id)).toEqual(['contents']);
    // Questions name their kind: a byline for who wrote, a date for when.
    expect(parseDescription('who wrote the article and when').kinds.map((k) => k.kind.id)).toEqual([
      'byline',
    ]);
    expect(parseDescription('when was this story published').kinds.map((k) => k.kind.id)).toEqual(['date']);
    expect(parseDescription('how long ago the question was posted').kinds.map((k) => k.kind.id)).toEqual([
      'date',
    ]);
    // "How much" asks what it costs, not how much of a thing there is.
    for (const asked of ['how much is the car', 'how much does it cost', 'how much the jeans cost'])
      expect(parseDescription(asked).kinds.map((k) => k.kind.id)).toEqual(['price']);
    expect(parseDescription('how much sugar goes into the icing').kinds.map((k) => k.kind.id)).not.toContain(
      'price',
    );
    // Members named in the plural after a kind that holds them: the group is meant.
    expect(parseDescription('the share buttons').kinds.map((k) => k.kind.id)).toEqual(['share']);
    expect(parseDescription('the share button').kinds.map((k) => k.kind.id)).toEqual(['button']);
    // A generic head ("section", "box") or a person's name: the kind named before it is meant.
    const kindOf = (d: string): string[] => parseDescription(d).kinds.map((k) => k.kind.id);
    expect(kindOf('the comments section')).toEqual(['comments']);
    expect(kindOf('the list of site sections')).toEqual(['list']);
    expect(kindOf("the reporter's name")).toEqual(['byline']);
    expect(kindOf("the author's name")).toEqual(['byline']);
    expect(kindOf('the pricing section')).toEqual(['section']);
    expect(kindOf('the product name')).toEqual(['heading']);
    // What the thing holds or shows does not name its kind: its words are its content.
    expect(kindOf('the sidebar with Navigation, Interaction and Tools')).toEqual(['sidebar']);
    expect(kindOf('the price shown with the add to basket button')).toEqual(['price']);
    expect(kindOf('the query that computes the average')).toEqual([]);
    // Code by what runs it; comments by another name; the box of related things, whatever they are.
    expect(kindOf('the shell commands that compile hello.cpp')).toEqual(['code']);
    expect(kindOf('the Dockerfile example')).toEqual(['code']);
    expect(kindOf('the discussion under the post')).toEqual(['comments']);
    expect(kindOf('related books')).toEqual(['related']);
    expect(kindOf('the related article link')).toEqual(['related']);
    expect(kindOf('similar articles')).toEqual(['related']);
    // What a parenthesis lists names no kind: these are links, not related things.
    expect(kindOf('the Tools links (What links here, Related changes...)')).toEqual(['link']);
    expect(kindOf('main navigation (Home, Articles, Demos, About)')).toEqual(['navigation']);
    // A related thing that is not a box of them: a heading, a card, a button.
    expect(kindOf('the related posts heading')).toEqual(['heading']);
    expect(kindOf('the recommended plan card')).toEqual(['card']);
    expect(kindOf('the Similar items button')).toEqual(['button']);
    expect(kindOf('the replies')).toEqual(['comments']);
    // Nor does it say where the thing is.
    expect(parseDescription('the menu (Home, News in the world, About)').contextTerms).toEqual([]);
    // A table of contents as wikis and docs label it; not what a file or a cart holds.
    for (const d of ['the contents', 'the contents box', 'the page contents', 'the "On this page" list'])
      expect(kindOf(d), d).toEqual(['contents']);
    expect(kindOf('the file contents')).toEqual([]);
    expect(kindOf('the contents of the cart')).toEqual([]);
    const holding = parseDescription('the sidebar with Navigation and Tools').terms;
    expect(holding.find((t) => t.word === 'navigation')).toMatchObject({ weight: 1, kindWord: false });
  });

  it('reads where on the page the description puts the thing', () => {
    const place = (d: string): unknown => parseDescription(d).place;
    expect(place('the search box at the top')).toEqual({ at: 'top', page: true });
    expect(place('share links at the bottom of the page')).toEqual({ at: 'bottom', page: true });
    expect(place('the author bio at the end of the story')).toEqual({ at: 'bottom', page: false });
    // "After" and "before" say where, as "below" and "above" do.
    const where = (d: string): string[] => parseDescription(d).contextKinds.map((k) => k.kind.id);
    const kindOf = (d: string): string[] => parseDescription(d).kinds.map((k) => k.kind.id);
    expect(where('the newsletter subscribe box after the post')).toEqual(['article']);
    expect(kindOf('the newsletter subscribe box after the post')).not.toContain('article');
    expect(where('the comments before the footer')).toEqual(['footer']);
    // Not in a title, quoted or capitalised, nor before what is no part of the page.
    expect(kindOf('the After the Storm heading')).toEqual(['heading']);
    expect(where('the After the Storm heading')).toEqual([]);
    expect(parseDescription('the "Life after the War" chapter').contextTerms).toEqual([]);
    expect(parseDescription('the "life after the post" section').terms.map((t) => t.word)).toContain('post');
    expect(parseDescription('the price after the discount').contextTerms).toEqual([]);
    // Any kind of thing after it says where: a logo, a chart, a heading named.
    expect(where('the text right after the logo')).toEqual(['logo']);
    // And a part of the page that is no kind of element.
    expect(parseDescription('the comments after the question').contextTerms.map((t) => t.word)).toEqual([
      'question',
    ]);
    expect(kindOf('the list after the Ingredients heading')).toEqual(['list']);
    expect(place('the code in the top comment')).toBeNull();
    expect(place('the sidebar with top stories')).toBeNull();
    expect(place('the footer')).toBeNull();
  });

  it('normalises words: case, camelCase, kebab-case, plurals, phrases, stopwords', () => {
    expect(words('The addToCart button-primary')).toEqual(['add', 'cart', 'button', 'primary']);
    expect(words('Customer Reviews & Stories')).toEqual(['customer', 'review', 'story']);
    expect(words('Sign in with Google · log in · check box')).toEqual([
      'signin',
      'google',
      'login',
      'checkbox',
    ]);
  });

  it('gives the same words each time, whatever a caller did with the last ones', () => {
    const first = words('The Search Bar of the Docs');
    expect(first).toEqual(['searchbox', 'doc']);
    first.push('changed');
    first[0] = 'changed';
    expect(words('The Search Bar of the Docs')).toEqual(['searchbox', 'doc']);
    // The options are part of what is remembered.
    expect(words('The Search Bar of the Docs', { stem: false })).toEqual(['searchbox', 'docs']);
    expect(words('The Search Bar of the Docs', { keepStopwords: true })).toEqual([
      'the',
      'searchbox',
      'of',
      'the',
      'doc',
    ]);
  });
});

describe('the table of contents', () => {
  it('is the element whose id says "contents", not the content column beside it', () => {
    // Stemmed, "contents" and "content" are one word: only the kind, read from the id as written,
    // tells the table of contents from the column of content.
    const map: ElementMap = {
      url: 'http://127.0.0.2/',
      title: 'Guide',
      viewport: { width: 1280, height: 720 },
      documentHeight: 3000,
      candidates: 3,
      elements: [
        element({ selector: 'body', tag: 'body', text: 'Guide' }, 0, null),
        element(
          { selector: 'div.content', tag: 'div', attributes: { class: 'content' }, text: 'Setting up …' },
          0,
          0,
        ),
        element(
          { selector: '#contents', tag: 'div', attributes: { id: 'contents' }, text: 'Intro Setup Usage' },
          0,
          0,
        ),
      ],
    };
    expect(locateByHand('the contents box', map).answer.selector).toBe('#contents');
  });
});

describe('the title rule', () => {
  const page = (h1s: number, title = 'A story – The Daily'): ElementMap => ({
    url: 'http://127.0.0.2/',
    title,
    viewport: { width: 1280, height: 720 },
    documentHeight: 3000,
    candidates: 40,
    elements: [
      element({ selector: 'main', tag: 'main', role: 'main', text: 'A story …' }, 0, null),
      ...Array.from({ length: h1s }, (_, i) =>
        element(
          {
            selector: `h1.t${i}`,
            tag: 'h1',
            role: 'heading',
            level: 1,
            name: `A story ${i}`,
            text: `A story ${i}`,
          },
          100 + 50 * i,
          0,
        ),
      ),
      ...Array.from({ length: 30 }, (_, i) =>
        element(
          {
            selector: `h2.s${i}`,
            tag: 'h2',
            role: 'heading',
            level: 2,
            name: `Part ${i} of the story`,
            text: `Part ${i} of the story`,
          },
          300 + 80 * i,
          0,
        ),
      ),
    ],
  });

  it("crops to the page's one top-level heading when a title or headline is asked for", () => {
    for (const description of ['the article title', 'the headline', 'the post title']) {
      const { answer } = shortlistOffline(description, page(1), 0);
      expect(answer.selector, description).toBe('h1.t0');
      expect(answer.confidence, description).toBeGreaterThanOrEqual(0.7);
    }
  });

  it("does not vouch for a top-level heading the document's title does not name", () => {
    // A section's name set as the h1 above a story ("Allergies Health Center").
    const answer = shortlistOffline('the article title', page(1, 'Babies who eat peanuts early'), 0).answer;
    expect(answer.confidence).toBeLessThan(0.7);
  });

  it("is not the site's name set as an h1, and is the h2 when no h1 says the title", () => {
    const title = 'The sharing economy is a lie – The Daily';
    const heading = (selector: string, level: number, text: string, y: number, parent = 0): PageElement =>
      element({ selector, tag: `h${level}`, role: 'heading', level, name: text, text }, y, parent);
    // A heading that says the story's title, inside element `parent`.
    const titled = (selector: string, level: number, y: number, parent: number): PageElement =>
      heading(selector, level, 'The sharing economy is a lie', y, parent);
    const views = (...headings: PageElement[]) =>
      viewsOf([
        element({ selector: 'main', tag: 'main', role: 'main', text: 'A story' }, 0, null),
        ...headings,
      ]);
    const query = parseDescription('the article headline');
    const site = heading('h1.site', 1, 'The Daily', 10);
    expect(
      soleTitle(query, views(site, heading('h1.story', 1, 'The sharing economy is a lie', 300)), title),
    ).toBe(2);
    const section = heading('h1.section', 1, 'Health Center', 10);
    expect(
      soleTitle(query, views(section, heading('h2.story', 2, 'The sharing economy is a lie', 300)), title),
    ).toBe(2);
    expect(soleTitle(query, views(site), title)).toBe(-1);
    // The page's banner is no such bar: its h1 may be the title.
    const banner = element(
      { selector: 'header', tag: 'header', role: 'banner', text: 'The sharing economy is a lie' },
      10,
      0,
    );
    const inBanner = titled('header h1', 1, 10, 1);
    const overlay = heading('div.overlay h1', 1, 'The sharing economy is a lie', 900);
    expect(soleTitle(query, views(banner, inBanner, overlay), title)).not.toBe(3);
    // Said twice, the one out of a sticky bar that repeats it.
    const bar = element(
      {
        selector: 'div.sticky',
        tag: 'div',
        attributes: { class: 'nav-local sticky' },
        text: 'The sharing economy is a lie',
      },
      10,
      0,
    );
    const inBar = titled('div.sticky h1', 1, 10, 1);
    expect(
      soleTitle(query, views(bar, inBar, heading('h1.story', 1, 'The sharing economy is a lie', 300)), title),
    ).toBe(3);
    // Not an h3 in an aside that repeats the title ("Most read").
    const aside = element(
      { selector: 'aside', tag: 'aside', role: 'complementary', text: 'Most read' },
      500,
      0,
    );
    const inAside = titled('aside h3', 3, 520, 2);
    expect(
      soleTitle(query, views(heading('h1.story', 1, 'Rates rise again', 100), aside, inAside), title),
    ).toBe(-1);
    // A blog's post title set as an h3 under the blog's name.
    const blog = heading('h1.blog', 1, 'Silicon Exposed', 10);
    expect(
      soleTitle(query, views(blog, heading('h3.post-title', 3, 'The sharing economy is a lie', 300)), title),
    ).toBe(2);
  });

  it('is not the title when the description names a heading the title does not ("the heading of part 7")', () => {
    const map = page(1);
    const { query: named, views } = locateByHand('the heading of part 7', map);
    expect(soleTitle(named, views, map.title)).toBe(-1);
    const { query: site } = locateByHand('the Daily headline', map);
    expect(soleTitle(site, views, map.title)).toBe(1);
    // What the page is does not say which heading.
    const { query: story } = locateByHand('the story headline', map);
    expect(soleTitle(story, views, map.title)).toBe(1);
  });

  it("is the page's headline wherever the ranker looked: 'the product name' is the h1, not a 'Product name' label", () => {
    const base = page(1);
    const map: ElementMap = {
      ...base,
      elements: [
        ...base.elements,
        element({ selector: 'dl', tag: 'dl', text: 'Product name A story 0 Colour Oak' }, 2000, 0),
        element({ selector: 'dt.name', tag: 'dt', text: 'Product name' }, 2000, base.elements.length),
      ],
    };
    for (const description of ['the product name', 'the recipe title', 'the song title']) {
      const { answer } = shortlistOffline(description, map, 0);
      expect(answer.selector, description).toBe('h1.t0');
      expect(answer.confidence, description).toBeGreaterThanOrEqual(0.7);
    }
    // A model choosing from the shortlist is offered the headline too.
    expect(shortlistOffline('the product name', map, 1).shortlist).toContain(1);
    // The blog's or site's name is its brand, not the page's headline.
    const { query, views } = locateByHand("the blog's name", map);
    expect(soleTitle(query, views, map.title)).toBe(-1);
  });

  it("reads the metadata's headline too, and takes the one h1 the metadata names when no heading says the title", () => {
    const heading = (selector: string, level: number, text: string, y: number): PageElement =>
      element({ selector, tag: `h${level}`, role: 'heading', level, name: text, text }, y, 0);
    const views = (...headings: PageElement[]) =>
      viewsOf([
        element({ selector: 'main', tag: 'main', role: 'main', text: 'A page' }, 0, null),
        ...headings,
      ]);
    const query = parseDescription('the song title');
    // "Purple Rain" says the metadata's headline, "Purple Rain Lyrics" more of the longer <title>.
    const song = views(
      heading('h1.song', 1, 'Purple Rain', 100),
      heading('h2.lyrics', 2, 'Purple Rain Lyrics', 600),
    );
    const title = 'Prince and the Revolution – Purple Rain Lyrics | Genius Lyrics';
    expect(soleTitle(query, song, title, 'Prince and the Revolution – Purple Rain')).toBe(1);
    // A wiki's one h1 "Penny" under "Penny - Stardew Valley Wiki": all its words are the headline's.
    const wiki = views(heading('h1.first', 1, 'Penny', 100));
    const name = parseDescription("the character's name at the top");
    expect(soleTitle(name, wiki, 'Penny - Stardew Valley Wiki', 'Penny - Stardew Valley Wiki')).toBe(1);
    expect(soleTitle(name, wiki, 'Penny - Stardew Valley Wiki')).toBe(-1);
    // A blog's name as the one h1 over a post the metadata names otherwise.
    const blog = views(heading('h1.blog', 1, 'Minecraft News', 10));
    const post = parseDescription('the post title');
    expect(
      soleTitle(post, blog, 'Minecraft 1.8 - The Bountiful Update', 'Minecraft 1.8 - The Bountiful Update'),
    ).toBe(-1);
  });

  it("leaves a heading the description names as the page writes it, and the blog's name, to the rest", () => {
    const base = page(1);
    const map: ElementMap = {
      ...base,
      elements: [
        ...base.elements,
        element(
          { selector: 'h2.news', tag: 'h2', role: 'heading', level: 2, name: 'News', text: 'News' },
          2500,
          0,
        ),
      ],
    };
    const news = shortlistOffline('the News heading', map, 0).answer;
    expect(news.selector === 'h1.t0' && news.confidence >= 0.7).toBe(false);
    const { query, views } = locateByHand('the name of the blog', map);
    expect(soleTitle(query, views, map.title)).toBe(-1);
    const { query: post } = locateByHand('the title of the blog post', map);
    expect(soleTitle(post, views, map.title)).toBe(1);
    // "The creation date" asks for a date, not who made the page.
    const dated = [
      element(
        {
          selector: 'div.meta',
          tag: 'div',
          attributes: { class: 'author' },
          text: 'By Jane Doe · Updated 3 hours ago',
        },
        50,
        null,
      ),
      element({ selector: 'time', tag: 'time', text: 'March 5, 2021' }, 100, null),
    ];
    expect(soleDate(parseDescription('the creation date'), viewsOf(dated), storyMap(dated, 720))).toBe(1);
    // An h1 with no words to check against the metadata's headline.
    const foreign = viewsOf([
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Новости дня' }, 0, null),
    ]);
    expect(
      soleTitle(parseDescription('the headline'), foreign, 'Minister resigns', 'Minister resigns after vote'),
    ).toBe(-1);
  });

  it('does not vouch when the page has several top-level headings, or for another kind', () => {
    const several = shortlistOffline('the article title', page(2), 0).answer;
    expect(several.confidence).toBeLessThan(0.7);
    const other = shortlistOffline('the footer', page(1), 0).answer;
    expect(other.selector).not.toBe('h1.t0');
  });
});

describe('where on the page', () => {
  // One story with the same share links above and below it.
  const shareList = (id: string, y: number): PageElement =>
    element(
      {
        selector: `#${id}`,
        tag: 'ul',
        role: 'list',
        text: 'Share on Facebook Share on Twitter',
        attributes: { id, class: 'share-links' },
      },
      y,
      0,
    );
  const elements: PageElement[] = [
    element({ selector: 'main', tag: 'main', role: 'main', text: 'A story' }, 0, null),
    element(
      { selector: 'h1', tag: 'h1', role: 'heading', level: 1, name: 'A story', text: 'A story' },
      50,
      0,
    ),
    shareList('share-top', 120),
    ...Array.from({ length: 20 }, (_, i) =>
      element({ selector: `p.p${i}`, tag: 'p', text: `Paragraph ${i} of the story.` }, 200 + 100 * i, 0),
    ),
    shareList('share-end', 2300),
    element(
      { selector: 'a.fb', tag: 'a', role: 'link', name: 'Share on Facebook', text: 'Share on Facebook' },
      120,
      2,
    ),
  ];
  const map = storyMap(elements, 2500);

  it('reads "at the end" and "at the top" as where the element lies', () => {
    expect(shortlistOffline('the share links at the end of the story', map, 0).answer.selector).toBe(
      '#share-end',
    );
    expect(['#share-top', 'a.fb']).toContain(
      shortlistOffline('the share links at the top', map, 0).answer.selector,
    );
  });
});

describe('a numbered list', () => {
  // An article with a bulleted list of links and, under "References", a numbered list of two.
  const list = (
    selector: string,
    tag: string,
    y: number,
    items: string[],
    parent: number | null,
  ): PageElement[] => [element({ selector, tag, role: 'list', text: items.join(' ') }, y, parent)];
  const elements: PageElement[] = [
    element({ selector: 'main', tag: 'main', role: 'main', text: 'A story' }, 0, null), // 0
    ...list('ul.links', 'ul', 100, ['Reference desk', 'Reference manual'], 0), // 1
    element({ selector: 'ul.links li.a', tag: 'li', role: 'listitem', text: 'Reference desk' }, 100, 1), // 2
    element({ selector: 'ul.links li.b', tag: 'li', role: 'listitem', text: 'Reference manual' }, 120, 1), // 3
    element({ selector: 'h2.refs', tag: 'h2', role: 'heading', level: 2, text: 'References' }, 900, 0), // 4
    ...list('ol.refs', 'ol', 940, ['Frankel, The Geometry of Physics', 'Horn, Matrix Analysis'], 0), // 5
    element(
      { selector: 'ol.refs li.a', tag: 'li', role: 'listitem', text: 'Frankel, The Geometry of Physics' },
      940,
      5,
    ), // 6
    element({ selector: 'ol.refs li.b', tag: 'li', role: 'listitem', text: 'Horn, Matrix Analysis' }, 960, 5), // 7
    element({ selector: 'section', tag: 'section', text: 'Method Mix Bake' }, 1400, null), // 8
    element({ selector: 'h2.method', tag: 'h2', role: 'heading', level: 2, text: 'Method' }, 1400, 8), // 9
    ...list('ol.steps', 'ol', 1500, ['Mix', 'Bake'], 8), // 10
    element({ selector: 'ol.steps li.a', tag: 'li', role: 'listitem', text: 'Mix' }, 1500, 10), // 11
    element({ selector: 'ol.steps li.b', tag: 'li', role: 'listitem', text: 'Bake' }, 1520, 10), // 12
  ];
  const views = viewsOf(elements);
  const kept = (description: string): number[] =>
    numberedScores(
      elements.map(() => 1),
      description,
      parseDescription(description),
      views,
    ).flatMap((z, i) => (Number.isFinite(z) ? [i] : []));

  it('is one of the numbered lists (`ol`) that say what else the description names', () => {
    expect(kept('the numbered list of references')).toEqual([5]);
    expect(kept('the ordered list of references at the end')).toEqual([5]);
    expect(kept('the numbered list')).toEqual([5, 10]);
    expect(
      shortlistOffline('the numbered list of references', storyMap(elements, 2000), 0).answer.selector,
    ).toBe('ol.refs');
    // Not asked for, or no numbered list says what is named: the ranker's scores stand.
    expect(kept('the list of references')).toHaveLength(elements.length);
    expect(kept('the numbered list of sources')).toHaveLength(elements.length);
    // Not a list whose text alone says the word (comments that say "references"), nor one in a
    // trail or the comments, nor one the place already left out.
    const more: PageElement[] = [
      ...elements,
      element(
        {
          selector: 'ol.comment-list',
          tag: 'ol',
          role: 'list',
          text: 'Great references! Thanks',
          attributes: { class: 'feedback-list' },
        },
        3000,
        0,
      ), // 13
      element(
        { selector: 'ol.comment-list li.a', tag: 'li', role: 'listitem', text: 'Great references!' },
        3000,
        13,
      ), // 14
      element({ selector: 'ol.comment-list li.b', tag: 'li', role: 'listitem', text: 'Thanks' }, 3020, 13), // 15
    ];
    const d2 = 'the numbered list of thanks';
    expect(
      numberedScores(
        more.map(() => 1),
        d2,
        parseDescription(d2),
        viewsOf(more),
      ).filter(Number.isFinite),
    ).toHaveLength(more.length);
    // The comments, though their class says what is named, are no list the description means.
    const comments = more.map((e, i) =>
      i === 13 ? { ...e, attributes: { class: 'comment-list feedback' } } : e,
    );
    const d4 = 'the numbered list of feedback';
    const kept4 = numberedScores(
      comments.map(() => 1),
      d4,
      parseDescription(d4),
      viewsOf(comments),
    );
    expect(kept4.filter(Number.isFinite)).toHaveLength(comments.length);
    const outOfPlace = elements.map((_, i) => (i === 5 ? -Infinity : 1));
    const d3 = 'the numbered list of references';
    expect(numberedScores(outOfPlace, d3, parseDescription(d3), views).filter(Number.isFinite)).toHaveLength(
      elements.length - 1,
    );
    // A numbered list of one item is none: the ranker's scores stand.
    const lone = elements.slice(0, 7);
    const d = 'the numbered list of references';
    const scores = numberedScores(
      lone.map(() => 1),
      d,
      parseDescription(d),
      viewsOf(lone),
    );
    expect(scores.filter(Number.isFinite)).toHaveLength(lone.length);
  });
});

describe("the answer's confidence", () => {
  // An agreeing hand matcher that is sure enough, over a ranker that is not.
  const sure = {
    ranked: 0.3,
    agree: true,
    hand: 0.8,
    nestedGap: NESTED_GAP,
    title: false,
    date: false,
    named: false,
    evident: false,
    doubtful: false,
  };

  it("is the hand matcher's when both agree, it is sure enough and its element leads its other sizes", () => {
    expect(decideConfidence(sure)).toBe(0.8);
    expect(decideConfidence({ ...sure, ranked: 0.9 })).toBe(0.9);
  });

  it("stays the ranker's when the lead over another size of the thing is short: the gap alone turns a crop into the full page", () => {
    expect(decideConfidence(sure)).toBeGreaterThanOrEqual(0.6);
    expect(decideConfidence({ ...sure, nestedGap: NESTED_GAP - 0.01 })).toBe(0.3);
  });

  it("stays the ranker's when they disagree or the hand matcher is unsure", () => {
    expect(decideConfidence({ ...sure, agree: false })).toBe(0.3);
    expect(decideConfidence({ ...sure, hand: HAND_VOUCHES - 0.01 })).toBe(0.3);
  });

  it("reaches the title's confidence for the sole title, and is capped when in doubt", () => {
    expect(decideConfidence({ ...sure, agree: false, title: true })).toBe(TITLE_CONFIDENCE);
    expect(decideConfidence({ ...sure, agree: false, named: true })).toBe(TITLE_CONFIDENCE);
    expect(decideConfidence({ ...sure, agree: false, evident: true })).toBe(TITLE_CONFIDENCE);
    expect(decideConfidence({ ...sure, doubtful: true })).toBe(DOUBT_CAP);
    expect(decideConfidence({ ...sure, title: true, doubtful: true })).toBe(DOUBT_CAP);
  });

  // A header (0) around the navigation (1, four fifths of it) around its menu (2, a third of that):
  // the header and the navigation are one answer, the menu and the navigation too, not the menu and the header.
  const shape = { ancestors: [[], [0], [1, 0]], areas: [1000, 800, 300] };
  const unsure = { ...sure, agree: false };

  it("crops the vouching rule's own element, not the wrapper the locator chose around it", () => {
    const vouched = decideAnswer({ ...unsure, evident: true }, 0, [-1, -1, 1], shape, () => []);
    expect(vouched).toEqual({ index: 1, confidence: TITLE_CONFIDENCE });
    expect(vouchedElement(0, [2], shape)).toBe(0);
    expect(vouchedElement(0, [-1, 1], shape)).toBe(1);
  });

  it("lets the doubt of the wrapper the locator chose not cap the vouching rule's own element", () => {
    // The story's column in doubt for "the most popular articles", its "Most Popular" box vouched for.
    const doubted = { ...unsure, evident: true, doubtful: true };
    expect(decideAnswer(doubted, 0, [-1, -1, 1], shape, () => [])).toEqual({
      index: 1,
      confidence: TITLE_CONFIDENCE,
    });
    // Unless the rule's element is in doubt too, or there is none.
    expect(
      decideAnswer(
        doubted,
        0,
        [-1, -1, 1],
        shape,
        () => [],
        (i) => i !== 1,
      ),
    ).toEqual({
      index: 0,
      confidence: DOUBT_CAP,
    });
    expect(decideAnswer(doubted, 0, [-1, -1, -1], shape, () => [])).toEqual({
      index: 0,
      confidence: DOUBT_CAP,
    });
  });

  it('reads the names on the page only when nothing else made the crop, and crops the named element', () => {
    let read = 0;
    const names = (): number[] => {
      read++;
      return [1, -1];
    };
    expect(decideAnswer(unsure, 0, [-1, -1, -1], shape, names)).toEqual({
      index: 1,
      confidence: TITLE_CONFIDENCE,
    });
    expect(read).toBe(1);
    expect(decideAnswer({ ...unsure, ranked: 0.9 }, 0, [-1, -1, -1], shape, names)).toEqual({
      index: 0,
      confidence: 0.9,
    });
    expect(decideAnswer({ ...unsure, doubtful: true }, 0, [-1, -1, -1], shape, names).index).toBe(0);
    expect(read).toBe(1);
    // A name for an element that is not the chosen one, nor one a user would take for it: no crop.
    expect(decideAnswer(unsure, 0, [-1, -1, -1], shape, () => [2])).toEqual({ index: 0, confidence: 0.3 });
  });
});

describe('an answer of the wrong nature', () => {
  // A newsletter form: its text, an email field and a "Sign up now" button.
  const elements: PageElement[] = [
    element({ selector: 'main', tag: 'main', role: 'main', text: 'Story. Get the newsletter' }, 0, null),
    element(
      { selector: '#newsletter_form', tag: 'form', role: 'form', text: 'Get the newsletter Sign up now' },
      400,
      0,
    ),
    element({ selector: '#email', tag: 'input', role: 'textbox', name: 'Your e-mail address' }, 420, 1),
    element(
      {
        selector: '#newsletter_submit',
        tag: 'button',
        role: 'button',
        name: 'Sign up now',
        text: 'Sign up now',
      },
      460,
      1,
    ),
  ];
  const map = storyMap(elements, 720);
  const views = viewsOf(elements);

  it('is in doubt when a form is asked for and the element is one of its controls', () => {
    const asked = parseDescription('the newsletter signup form');
    expect(doubtful(asked, views[3]!, map)).toBe(true);
    expect(doubtful(asked, views[2]!, map)).toBe(true);
    expect(doubtful(asked, views[1]!, map)).toBe(false);
  });

  it("is in doubt when who wrote it and when are asked and the element shows only the author's name", () => {
    const byline = (text: string): ElementView =>
      viewsOf([
        element(
          { selector: 'span.by-author', tag: 'span', attributes: { class: 'by-author' }, text },
          100,
          null,
        ),
      ])[0]!;
    const asked = parseDescription('the byline with the author and date');
    expect(doubtful(asked, byline('By Jane Roe'), map)).toBe(true);
    expect(doubtful(asked, byline('By Jane Roe, March 5, 2021'), map)).toBe(false);
    expect(doubtful(asked, byline('Posted by Jane Roe 6 years ago'), map)).toBe(false);
    expect(doubtful(asked, byline('By Jane Roe · 3h'), map)).toBe(false);
    expect(doubtful(asked, byline('By Jane Roe | 5 mins'), map)).toBe(false);
    expect(doubtful(parseDescription('the author and reading time'), byline('By Jane Roe'), map)).toBe(false);
    expect(doubtful(parseDescription('who wrote it and when'), byline('By Jane Roe'), map)).toBe(true);
    expect(doubtful(parseDescription('the author'), byline('By Jane Roe'), map)).toBe(false);
  });

  it('is not in doubt when the control itself is asked for, or a menu it opens', () => {
    expect(doubtful(parseDescription('the sign up button'), views[3]!, map)).toBe(false);
    expect(doubtful(parseDescription("the signup form's submit button"), views[3]!, map)).toBe(false);
    expect(doubtful(parseDescription('user menu'), views[3]!, map)).toBe(false);
  });

  it('never crops to the button for "the newsletter signup form"', () => {
    const answer = locateByHand('the newsletter signup form', map).answer;
    expect(answer.selector === '#newsletter_form' || answer.confidence <= DOUBT_CAP).toBe(true);
  });
});

describe('a cookie notice', () => {
  // A story, and a consent banner fixed at the foot of the screen whose row of buttons a class calls
  // a footer; a second notice marked only by its class.
  const elements: PageElement[] = [
    element({ selector: 'main', tag: 'main', role: 'main', text: 'The story of the day.' }, 0, null), // 0
    element(
      {
        selector: 'div.uc-banner-content',
        tag: 'div',
        attributes: { class: 'uc-banner-content' },
        text: "We'll tailor your experience. We and our partners use cookies to measure performance.",
      },
      470,
      null,
    ), // 1
    element(
      {
        selector: 'div.uc-btn-footer-container',
        tag: 'div',
        attributes: { class: 'uc-btn-footer-container' },
        text: "That's OK Set preferences",
      },
      647,
      1,
    ), // 2
    element(
      { selector: '#cookie-bar', tag: 'div', attributes: { id: 'cookie-bar' }, text: 'Fine by me' },
      600,
      null,
    ), // 3
    element({ selector: '#cookie-bar p', tag: 'p', text: 'Fine by me' }, 600, 3), // 4
    element(
      {
        selector: 'div.promo-banner',
        tag: 'div',
        attributes: { class: 'promo-banner' },
        text: 'Half price shoes',
      },
      100,
      0,
    ), // 5
  ];
  const views = viewsOf(elements);
  const map = storyMap(elements, 720);
  const rows = [] as Float64Array[];

  it('holds what lies in a banner that speaks of cookies or in a box marked cookie or consent', () => {
    const footer = parseDescription('the site footer');
    expect(views.map((v) => inCookieNotice(footer, views, v))).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    // Adobe's components (`cmp-teaser`) and a recipe's banner of cookies are no notice.
    const others = viewsOf([
      element(
        { selector: 'div.cmp-teaser', tag: 'div', attributes: { class: 'cmp-teaser' }, text: 'Footer' },
        0,
        null,
      ),
      element(
        {
          selector: 'div.hero-banner',
          tag: 'div',
          attributes: { class: 'hero-banner' },
          text: 'Chocolate chip cookies',
        },
        100,
        null,
      ),
    ]);
    expect(others.map((v) => inCookieNotice(footer, others, v))).toEqual([false, false]);
    // Marks stemmed or run together: `cookies-popup`, Cookiebot's dialog; not a comment form's
    // "save my name" box, classed `comment-form-cookies-consent`.
    const marked = viewsOf([
      element(
        { selector: 'div.cookies-popup', tag: 'div', attributes: { class: 'cookies-popup' }, text: 'OK' },
        0,
        null,
      ),
      element(
        {
          selector: '#CybotCookiebotDialog',
          tag: 'div',
          attributes: { id: 'CybotCookiebotDialog' },
          text: 'OK',
        },
        0,
        null,
      ),
      element({ selector: '#commentform', tag: 'form', role: 'form', text: 'Save my name' }, 900, null),
      element(
        {
          selector: 'p.comment-form-cookies-consent',
          tag: 'p',
          attributes: { class: 'comment-form-cookies-consent' },
          text: 'Save my name',
        },
        950,
        2,
      ),
    ]);
    expect(marked.map((v) => inCookieNotice(footer, marked, v))).toEqual([true, true, false, false]);
    // Asked for in the plural, or as the place of the thing: no doubt.
    for (const asked of [
      'the cookies banner',
      'the Accept button in the cookie banner',
      'the Accept all cookies button',
    ])
      expect(inCookieNotice(parseDescription(asked), views, views[2]!)).toBe(false);
    // Asked for, the notice is no doubt.
    expect(inCookieNotice(parseDescription('the cookie consent banner'), views, views[1]!)).toBe(false);
    expect(inCookieNotice(parseDescription('the privacy notice buttons'), views, views[2]!)).toBe(false);
  });

  it('leaves what lies in it in doubt, and never crops it for the site footer', () => {
    const footer = parseDescription('the site footer');
    expect(inDoubt(footer, views, map, rows, 2)).toBe(true);
    expect(inDoubt(footer, views, map, rows, 5)).toBe(false);
    const answer = locateOffline('the site footer', map);
    expect(answer.selector !== 'div.uc-btn-footer-container' || answer.confidence < CROP_CONFIDENCE).toBe(
      true,
    );
  });
});

describe("the page's writers", () => {
  it('are the names the metadata gives, and the bare name when it says more', () => {
    expect(writersOf(['Finian Cunningham. Sputnik International'])).toEqual([
      'Finian Cunningham. Sputnik International',
      'Finian Cunningham',
    ]);
    expect(writersOf(['TOM KRISHER, AP Auto Writer'])).toContain('TOM KRISHER');
    expect(writersOf(['Amy Kuperinsky | NJ Advance Media for NJ.com'])).toContain('Amy Kuperinsky');
    expect(writersOf(['Текст: Венера Ерофеева'])).toContain('Венера Ерофеева');
    expect(writersOf(['Jane M. Doe', 'Reuters'])).toEqual(['Jane M. Doe', 'Reuters']);
    expect(writersOf(undefined)).toEqual([]);
  });

  it('are found in a line in a list when the metadata names them, and in scripts without spaces', () => {
    const page = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, null), // 0
      element({ selector: 'ul.meta', tag: 'ul', text: 'By Jane Roe' }, 160, null), // 1
      element({ selector: 'ul.meta li', tag: 'li', text: 'By Jane Roe' }, 160, 1), // 2
      element({ selector: 'div.card-by', tag: 'div', text: 'By John Smith' }, 2000, null), // 3
    ];
    const about = { authors: ['Jane Roe'], published: null, headline: null };
    expect(locateOffline('who wrote the article', { ...storyMap(page, 3000), about }).selector).toBe(
      'ul.meta li',
    );
    const cjk = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: '東京の話' }, 100, null),
      element(
        { selector: 'span.author', tag: 'span', attributes: { class: 'author' }, text: '李明記者' },
        160,
        null,
      ),
    ];
    const answer = locateOffline('who wrote the article', {
      ...storyMap(cjk, 720),
      about: { authors: ['李明'], published: null, headline: null },
    });
    expect(answer.selector).toBe('span.author');
    expect(answer.confidence).toBeGreaterThanOrEqual(CROP_CONFIDENCE);
  });

  it("give the author's name of a byline whose metadata adds an affiliation", () => {
    const page = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A column' }, 100, null), // 0
      element(
        {
          selector: 'div.refs',
          tag: 'div',
          box: { x: 0, y: 160, width: 1264, height: 18 },
          text: 'by Finian Cunningham',
        },
        160,
        null,
      ), // 1
      element(
        {
          selector: 'a.author',
          tag: 'a',
          role: 'link',
          attributes: { href: '/authors/finian' },
          text: 'Finian Cunningham',
        },
        160,
        1,
      ), // 2
      element(
        { selector: 'p', tag: 'p', text: 'What was this British royal thinking? '.repeat(4) },
        220,
        null,
      ), // 3
    ];
    const map = {
      ...storyMap(page, 720),
      about: { authors: ['Finian Cunningham. Sputnik International'], published: null, headline: null },
    };
    const answer = locateOffline("the author's name", map);
    expect(answer.selector).toBe('a.author');
    expect(answer.confidence).toBeGreaterThanOrEqual(CROP_CONFIDENCE);
  });

  it('are not a day alone in a box classed as the author\'s name, nor "RT" in "rt.com"', () => {
    const page = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Helicopter crash' }, 100, null), // 0
      element(
        {
          selector: 'div.article-heading-author-name',
          tag: 'div',
          attributes: { class: 'article-heading-author-name' },
          text: '20 Nov 2019 08:00 GMT',
        },
        160,
        null,
      ), // 1
      element({ selector: 'time', tag: 'time', text: '20 Nov 2019 08:00 GMT' }, 160, 1), // 2
      element(
        {
          selector: 'a.read-more',
          tag: 'a',
          role: 'link',
          attributes: { class: 'read-more' },
          text: 'Also on rt.com',
        },
        400,
        null,
      ), // 3
    ];
    const about = { authors: ['RT'], published: '2019-11-20T08:02:00Z', headline: null };
    const map = { ...storyMap(page, 720), about };
    for (const description of ["the author's name", 'who wrote the article']) {
      const answer = locateOffline(description, map);
      expect(answer.confidence, description).toBeLessThan(CROP_CONFIDENCE);
    }
  });
});

describe('a page in another language', () => {
  it("is read with the words shops write in it: the English description's cart is a Warenkorb", () => {
    const page = [
      element(
        { selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Filzstift FIBRALO MEDIUM' },
        100,
        null,
      ),
      element({ selector: 'button.store', tag: 'button', role: 'button', text: 'Filiale suchen' }, 200, null),
      element({ selector: 'button.add', tag: 'button', role: 'button', text: 'In den Warenkorb' }, 400, null),
      element({ selector: 'a.reviews', tag: 'a', role: 'link', text: 'Bewertungen (12)' }, 500, null),
    ];
    expect(locateOffline('the add to cart button', storyMap(page, 720)).selector).toBe('button.add');
    expect(locateOffline('the customer reviews link', storyMap(page, 720)).selector).toBe('a.reviews');
  });
});

describe('a headline or a sidebar asked for', () => {
  it('is no element without words, nor a column that holds the story', () => {
    const map = storyMap([], 9000);
    const empty = viewsOf([element({ selector: 'section.hero', tag: 'section', text: '' }, 1000, null)])[0]!;
    expect(doubtful(parseDescription('the headline'), empty, map)).toBe(true);
    const page = [
      element(
        { selector: 'div.column', tag: 'div', box: { x: 0, y: 0, width: 1264, height: 9000 } },
        0,
        null,
      ), // 0
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, 0), // 1
      ...[0, 1, 2].map((i) =>
        element({ selector: `p.p${i}`, tag: 'p', text: 'The story goes on. '.repeat(6) }, 200 + 60 * i, 0),
      ),
      element({ selector: 'aside', tag: 'aside', role: 'complementary', text: 'Most read' }, 400, null), // 5
    ];
    const views = viewsOf(page);
    expect(sidebarHoldingHeadline(parseDescription('the sidebar'), views[0]!, views)).toBe(true);
    expect(sidebarHoldingHeadline(parseDescription('the sidebar'), views[5]!, views)).toBe(false);
    expect(sidebarHoldingHeadline(parseDescription('the main column'), views[0]!, views)).toBe(false);
  });
});

describe("the author's name asked for", () => {
  it("is no comment form's Name box, unless a field is asked, nor a picture's credit", () => {
    const box = viewsOf([
      element({ selector: 'input#author', tag: 'input', name: 'Name *' }, 8000, null),
    ])[0]!;
    const map = storyMap([], 9000);
    expect(doubtful(parseDescription("the author's name"), box, map)).toBe(true);
    expect(doubtful(parseDescription('the name field of the comment form'), box, map)).toBe(false);
    const credit = viewsOf([
      element({ selector: 'span.source', tag: 'span', text: 'Bild: S. Lafrentz' }, 1300, null),
    ])[0]!;
    expect(doubtful(parseDescription("the author's name"), credit, map)).toBe(true);
    expect(doubtful(parseDescription('who took the photo'), credit, map)).toBe(false);
  });
});

describe('a photo asked for', () => {
  const page = [
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, null), // 0
    element(
      { selector: 'img.icon', tag: 'img', role: 'img', box: { x: 0, y: 84, width: 42, height: 42 } },
      84,
      null,
    ), // 1
    element({ selector: 'p', tag: 'p', text: 'The story goes on. '.repeat(8) }, 200, null), // 2
  ];
  it("is no 42 px icon, but a small picture may be the author's photo", () => {
    const answer = locateOffline('the main photo', storyMap(page, 720));
    expect(answer.selector !== 'img.icon' || answer.confidence < CROP_CONFIDENCE).toBe(true);
    const views = viewsOf(page);
    expect(doubtful(parseDescription('the main photo'), views[1]!, storyMap(page, 720))).toBe(true);
    expect(doubtful(parseDescription("the author's photo"), views[1]!, storyMap(page, 720))).toBe(false);
    expect(doubtful(parseDescription('the flag icon'), views[1]!, storyMap(page, 720))).toBe(false);
    // 16 x 16 is what a picture that failed to load shows: its size is not known.
    const unloaded = viewsOf([{ ...page[1]!, box: { x: 0, y: 84, width: 16, height: 16 } }])[0]!;
    expect(doubtful(parseDescription('the main photo'), unloaded, storyMap(page, 720))).toBe(false);
  });
});

describe('share buttons, comments and a main menu asked for', () => {
  const map = storyMap([], 9000);
  const one = (partial: Partial<PageElement> & Pick<PageElement, 'selector' | 'tag'>, y = 500): ElementView =>
    viewsOf([element(partial, y, null)])[0]!;
  it('are no story taller than two windows that holds the share bar', () => {
    const story = one({
      selector: 'article',
      tag: 'article',
      box: { x: 0, y: 500, width: 1264, height: 4141 },
    });
    const bar = one({ selector: 'ul.share', tag: 'ul', box: { x: 0, y: 500, width: 1264, height: 108 } });
    expect(doubtful(parseDescription('the share buttons'), story, map)).toBe(true);
    expect(doubtful(parseDescription('the share buttons'), bar, map)).toBe(false);
  });

  it('are no "Comments" heading or "View Comments" button, unless one comment or the link is asked', () => {
    const button = one({
      selector: 'div.view',
      tag: 'div',
      text: 'View Comments',
      box: { x: 0, y: 500, width: 1264, height: 18 },
    });
    const box = one({
      selector: 'section.comments',
      tag: 'section',
      text: '2 Comments Karol said hello',
      box: { x: 0, y: 500, width: 1264, height: 400 },
    });
    expect(doubtful(parseDescription('the comments'), button, map)).toBe(true);
    expect(doubtful(parseDescription('the comments section'), button, map)).toBe(true);
    expect(doubtful(parseDescription('the comments'), box, map)).toBe(false);
    expect(doubtful(parseDescription('the link to the comments'), button, map)).toBe(false);
    expect(doubtful(parseDescription('the first comment'), button, map)).toBe(false);
    const none = one({
      selector: 'div.none',
      tag: 'div',
      text: 'No comments yet',
      box: { x: 0, y: 500, width: 1264, height: 16 },
    });
    expect(doubtful(parseDescription('the comments section'), none, map)).toBe(false);
    const notFound = one({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: '404' });
    expect(doubtful(parseDescription('the headline'), notFound, map)).toBe(false);
  });

  it("are no post's date, category or post navigation for the post itself", () => {
    const line = (selector: string, cls: string, text: string, height = 18): ElementView =>
      one({
        selector,
        tag: 'div',
        text,
        attributes: { class: cls },
        box: { x: 0, y: 500, width: 1264, height },
      });
    const date = line('div.post-date', 'post-date', '05 Oct');
    const links = line('div.blog-post-navigation', 'blog-post-navigation', 'Previous Post Next Post', 36);
    const post = line(
      'article.post',
      'post',
      'Welcome to the new season. We played all night and lost.',
      600,
    );
    expect(doubtful(parseDescription('the first post'), date, map)).toBe(true);
    expect(doubtful(parseDescription('the blog post'), links, map)).toBe(true);
    expect(doubtful(parseDescription('the first post'), post, map)).toBe(false);
    // Asked for the date or the links of the post: not doubted as the post.
    expect(doubtful(parseDescription('the date of the post'), date, map)).toBe(false);
    expect(doubtful(parseDescription('the links to the previous and next post'), links, map)).toBe(false);
  });

  it('is no row of links for one button', () => {
    const list = [
      element(
        {
          selector: 'div.social-buttons-sidebar',
          tag: 'div',
          text: 'join us on facebook follow us on twitter',
          attributes: { class: 'social-buttons-sidebar' },
        },
        3960,
        null,
      ),
      element({ selector: 'a.fb', tag: 'a', role: 'link', text: 'join us on facebook' }, 3960, 0),
      element({ selector: 'a.tw', tag: 'a', role: 'link', text: 'follow us on twitter' }, 3960, 0),
    ];
    const views = viewsOf(list);
    const group = (d: string, at = 0): boolean => groupForAButton(parseDescription(d), views[at]!, views);
    expect(group('the subscribe button')).toBe(true);
    expect(group('the follow buttons')).toBe(false);
    expect(group('the subscribe button', 1)).toBe(false);
    expect(group('the social links')).toBe(false);
  });

  it("is no footer's fine print, unless the bottom is asked", () => {
    const elements = [
      element(
        {
          selector: 'footer',
          tag: 'footer',
          role: 'contentinfo',
          box: { x: 0, y: 8000, width: 1264, height: 200 },
        },
        8000,
        null,
      ),
      element(
        {
          selector: 'footer nav',
          tag: 'nav',
          role: 'navigation',
          text: 'Site Information Navigation © 2019 The Paper Contact Us',
        },
        8000,
        0,
      ),
      element(
        { selector: 'header nav', tag: 'nav', role: 'navigation', text: 'Home World Politics' },
        40,
        null,
      ),
    ];
    const views = viewsOf(elements);
    expect(footerForNavigation(parseDescription('the main navigation menu'), views[1]!, views)).toBe(true);
    expect(footerForNavigation(parseDescription('the main navigation menu'), views[2]!, views)).toBe(false);
    expect(
      footerForNavigation(parseDescription('the links at the bottom of the page'), views[1]!, views),
    ).toBe(false);
    expect(footerForNavigation(parseDescription('the footer navigation'), views[1]!, views)).toBe(false);
    // An app whose one navigation is a tab bar in its footer (no fine print in it).
    const only = viewsOf([elements[0]!, { ...elements[1]!, text: 'Home Search Library Profile' }]);
    expect(footerForNavigation(parseDescription('the main navigation menu'), only[1]!, only)).toBe(false);
  });
});

describe('what pages no case uses showed (the twenty-fourth look)', () => {
  const kindOf = (id: string, list: PageElement[], at: number): number => {
    const views = viewsOf(list);
    return KINDS[id]!.match(views[at]!, views);
  };
  const link = (selector: string, y: number, parent: number): PageElement =>
    element({ selector, tag: 'a', role: 'link', text: 'News', attributes: { href: '/news' } }, y, parent);

  it('takes no form, one-link alert or breadcrumb trail for the navigation by its class', () => {
    const form = element(
      { selector: '#navbar_loginform', tag: 'form', role: 'form', attributes: { id: 'navbar_loginform' } },
      55,
      null,
    );
    expect(kindOf('navigation', [form], 0)).toBe(0);
    const alert = [
      element({ selector: 'div.UrgentNav', tag: 'div', attributes: { class: 'UrgentNav' } }, 3520, null),
      link('div.UrgentNav a', 3520, 0),
    ];
    expect(kindOf('navigation', alert, 0)).toBeLessThan(0.5);
    const menu = [...alert, link('div.UrgentNav a + a', 3520, 0)];
    expect(kindOf('navigation', menu, 0)).toBe(0.85);
    const trail = [
      element(
        { selector: '#subnav', tag: 'div', attributes: { class: 'm-sub-navigation--items m-breadcrumbs' } },
        2277,
        null,
      ),
      link('#subnav a', 2277, 0),
      link('#subnav a + a', 2277, 0),
    ];
    expect(kindOf('navigation', trail, 0)).toBeLessThan(0.5);
    expect(kindOf('breadcrumb', trail, 0)).toBe(1);
  });

  it('takes no fine print beside a logo for the logo, nor a long text for a label', () => {
    const terms = element(
      {
        selector: 'section.footer-terms-logo',
        tag: 'section',
        attributes: { class: 'footer-terms-logo' },
        text: 'CNMN Collection WIRED Media Group © 2022 Condé Nast. All rights reserved. Use of and/or registration on any portion of this site',
      },
      4890,
      null,
    );
    expect(kindOf('logo', [terms], 0)).toBeLessThan(0.5);
    expect(kindOf('logo', [{ ...terms, text: 'Ars Technica' }], 0)).toBe(0.7);
    const field = element(
      {
        selector: 'div.field',
        tag: 'div',
        attributes: { class: 'field field-name-body field-label-hidden' },
        text: 'President-elect Donald Trump has named Kellyanne Conway, the campaign manager who helped him win his unlikely victory, as counselor to the president. '.repeat(
          2,
        ),
      },
      1398,
      null,
    );
    expect(kindOf('badge', [field], 0)).toBeLessThan(0.5);
    expect(kindOf('badge', [{ ...field, attributes: { class: 'tag' } }], 0)).toBe(1);
  });

  it("doubts the site's logo as the main photo", () => {
    const page = [
      element({ selector: 'div.logo', tag: 'div', attributes: { class: 'logo' } }, 8, null),
      element({ selector: 'div.logo a', tag: 'a', role: 'link', attributes: { href: '/' } }, 8, 0),
      element(
        {
          selector: 'img[alt="JVN iPedia"]',
          tag: 'img',
          role: 'img',
          name: 'JVN iPedia',
          attributes: { alt: 'JVN iPedia', src: 'logo.gif' },
          box: { x: 8, y: 8, width: 490, height: 60 },
        },
        8,
        1,
      ),
    ];
    const views = viewsOf(page);
    const map = storyMap(page, 2000);
    expect(doubtful(parseDescription('the main photo'), views[2]!, map)).toBe(true);
    expect(doubtful(parseDescription('the logo image'), views[2]!, map)).toBe(false);
    const photo = viewsOf([{ ...page[2]!, attributes: { src: 'haley.jpg' }, parent: null }]);
    expect(doubtful(parseDescription('the main photo'), photo[0]!, map)).toBe(false);
  });

  it("doubts the footer's one menu with its fine print as the main navigation", () => {
    const page = [
      element({ selector: 'footer', tag: 'footer', role: 'contentinfo' }, 1466, null),
      element(
        {
          selector: 'nav.row',
          tag: 'nav',
          role: 'navigation',
          text: 'Mozilla Portions of this content are ©1998–2015 by individual mozilla.org contributors.',
        },
        1466,
        0,
      ),
    ];
    const views = viewsOf(page);
    expect(footerForNavigation(parseDescription('the main navigation menu'), views[1]!, views)).toBe(true);
    const tabs = viewsOf([page[0]!, { ...page[1]!, text: 'Home Search Library Profile' }]);
    expect(footerForNavigation(parseDescription('the main navigation menu'), tabs[1]!, tabs)).toBe(false);
  });

  it('doubts a picture for tags, an amount, or a box of things', () => {
    const icon = (partial: Partial<PageElement>): ElementView =>
      viewsOf([
        element(
          {
            selector: 'svg',
            tag: 'svg',
            role: 'img',
            box: { x: 84, y: 471, width: 24, height: 24 },
            ...partial,
          },
          471,
          null,
        ),
      ])[0]!;
    const map = storyMap([], 3000);
    const clock = icon({ name: 'prep-time-stroke-24', attributes: { 'aria-label': 'prep-time-stroke-24' } });
    expect(doubtful(parseDescription('the prep time'), clock, map)).toBe(true);
    expect(doubtful(parseDescription('the servings'), clock, map)).toBe(true);
    expect(doubtful(parseDescription('the clock icon'), clock, map)).toBe(false);
    const badge = icon({
      selector: 'img[alt="Google Play Store"]',
      tag: 'img',
      attributes: { alt: 'Google Play Store', src: 'google-play-badge_de_DE.png' },
      box: { x: 8, y: 885, width: 133, height: 18 },
    });
    expect(doubtful(parseDescription('the tags'), badge, map)).toBe(true);
    expect(doubtful(parseDescription('the app store badge'), badge, map)).toBe(false);
    // A list of such badges shows no words: no tags either.
    const badges = icon({
      selector: 'ul.extra-app-badges',
      tag: 'ul',
      role: 'list',
      attributes: { class: 'extra-app-badges' },
      box: { x: 8, y: 4604, width: 1264, height: 32 },
    });
    expect(doubtful(parseDescription('the tags'), badges, map)).toBe(true);
    expect(
      doubtful(
        parseDescription('the tags'),
        { ...badges, element: { ...badges.element, text: 'Politics' } },
        map,
      ),
    ).toBe(false);
    const cardIcon = icon({
      tag: 'img',
      attributes: { class: 'cwp-food-logo', src: 'recipe-card.svg' },
      box: { x: 1169, y: 7405, width: 90, height: 90 },
    });
    expect(doubtful(parseDescription('the recipe card'), cardIcon, map)).toBe(true);
    expect(doubtful(parseDescription('the hero banner'), cardIcon, map)).toBe(false);
  });

  it('doubts a search form as a form for something else', () => {
    const search = viewsOf([
      element(
        {
          selector: 'form.search-form',
          tag: 'form',
          role: 'search',
          name: 'Search for:',
          text: 'Search for:',
          attributes: { class: 'search-form' },
        },
        233,
        null,
      ),
    ])[0]!;
    const map = storyMap([], 3000);
    expect(doubtful(parseDescription('the newsletter signup form'), search, map)).toBe(true);
    expect(doubtful(parseDescription('the search form'), search, map)).toBe(false);
    expect(doubtful(parseDescription('the Wikipedia search form'), search, map)).toBe(false);
    expect(doubtful(parseDescription('the form in the header'), search, map)).toBe(false);
  });

  it("doubts a post's own footer as the page's footer", () => {
    const page = [
      element(
        {
          selector: 'article',
          tag: 'article',
          role: 'article',
          box: { x: 282, y: 184, width: 715, height: 1267 },
        },
        184,
        null,
      ),
      element(
        {
          selector: 'footer.entry-footer',
          tag: 'footer',
          attributes: { class: 'entry-footer' },
          text: 'Tagged fried chicken, kfc',
        },
        1416,
        0,
      ),
    ];
    const views = viewsOf(page);
    const map = storyMap(page, 2200);
    expect(doubtful(parseDescription('the footer'), views[1]!, map)).toBe(true);
    // Its only footer, at the end of a page that wraps everything in an article: the page's.
    expect(doubtful(parseDescription('the footer'), views[1]!, storyMap(page, 1600))).toBe(false);
    const withSite = [
      ...page,
      element({ selector: 'footer.site', tag: 'footer', role: 'contentinfo' }, 1460, null),
    ];
    expect(doubtful(parseDescription('the footer'), viewsOf(withSite)[1]!, storyMap(withSite, 1600))).toBe(
      true,
    );
    expect(doubtful(parseDescription('the footer of the post'), views[1]!, map)).toBe(false);
    expect(doubtful(parseDescription('the article footer with tags'), views[1]!, map)).toBe(false);
    const site = viewsOf([{ ...page[1]!, parent: null }]);
    expect(doubtful(parseDescription('the footer'), site[0]!, map)).toBe(false);
  });

  it('reads no kind into a word that only begins like it', () => {
    const menu = element(
      { selector: 'div.menu', tag: 'div', attributes: { class: 'elementor-nav-menu__align-start' } },
      37,
      null,
    );
    expect(kindOf('rating', [menu], 0)).toBe(0);
    expect(kindOf('rating', [{ ...menu, attributes: { class: 'stars' } }], 0)).toBe(1);
    const logout = element(
      { selector: 'a.logout', tag: 'a', role: 'link', text: 'Sign out', attributes: { class: 'logout' } },
      20,
      null,
    );
    expect(kindOf('logo', [logout], 0)).toBe(0);
    // The label of a count of shares is no tag: "Shares" (`span.num-shares-label`).
    const shares = element(
      {
        selector: 'span.num-shares-label',
        tag: 'span',
        text: 'Shares',
        attributes: { class: 'num-shares-label' },
      },
      432,
      null,
    );
    expect(kindOf('badge', [shares], 0)).toBe(0.5);
    expect(kindOf('badge', [{ ...shares, attributes: { class: 'topic-label' } }], 0)).toBe(1);
    // `country` only begins like "count".
    expect(kindOf('badge', [{ ...shares, attributes: { class: 'country-label' } }], 0)).toBe(1);
    expect(kindOf('logo', [{ ...logout, attributes: { class: 'logotype' } }], 0)).toBe(1);
  });

  it("doubts the footer's menu as the main navigation when a list of links above is called the menu", () => {
    const page = [
      element(
        {
          selector: 'ul#menu-menu-principal',
          tag: 'ul',
          role: 'list',
          attributes: { id: 'menu-menu-principal' },
        },
        200,
        null,
      ),
      link('#menu-menu-principal a', 200, 0),
      link('#menu-menu-principal a + a', 200, 0),
      element({ selector: 'footer', tag: 'footer', role: 'contentinfo' }, 16345, null),
      element(
        {
          selector: 'nav.footer-menu',
          tag: 'nav',
          role: 'navigation',
          attributes: { class: 'footer-menu' },
          text: 'NACIONALES DEPORTES',
        },
        16466,
        3,
      ),
    ];
    const views = viewsOf(page);
    expect(footerForNavigation(parseDescription('the main navigation menu'), views[4]!, views)).toBe(true);
    const alone = viewsOf(page.slice(3).map((e) => ({ ...e, parent: e.parent === null ? null : 0 })));
    expect(footerForNavigation(parseDescription('the main navigation menu'), alone[1]!, alone)).toBe(false);
  });

  it("heeds a review's counter-examples to these rules", () => {
    // A menu of buttons or menu items is a menu, and the footer's is then not the main one.
    const button = (selector: string, parent: number): PageElement =>
      element({ selector, tag: 'button', role: 'button', text: 'Products' }, 20, parent);
    const page = [
      element({ selector: 'div.main-nav', tag: 'div', attributes: { class: 'main-nav' } }, 20, null),
      button('div.main-nav button:nth-of-type(1)', 0),
      button('div.main-nav button:nth-of-type(2)', 0),
      element({ selector: 'footer', tag: 'footer', role: 'contentinfo' }, 4000, null),
      element({ selector: 'footer nav', tag: 'nav', role: 'navigation', text: 'About Jobs' }, 4000, 3),
    ];
    expect(kindOf('navigation', page, 0)).toBe(0.85);
    const views = viewsOf(page);
    expect(footerForNavigation(parseDescription('the main navigation'), views[4]!, views)).toBe(true);
    // A banner or a menu that is one picture is no box of things.
    const map = storyMap([], 3000);
    const picture = (cls: string, alt = ''): ElementView =>
      viewsOf([
        element(
          {
            selector: `img.${cls}`,
            tag: 'img',
            role: 'img',
            name: alt,
            attributes: { class: cls, alt },
            box: { x: 0, y: 200, width: 1200, height: 300 },
          },
          200,
          null,
        ),
      ])[0]!;
    expect(doubtful(parseDescription('the promo banner'), picture('promo-banner'), map)).toBe(false);
    expect(doubtful(parseDescription('the dinner menu'), picture('menu-image', 'Dinner menu'), map)).toBe(
      false,
    );
    // A photo in a wrapper whose class only contains "logo" or "brand" is no logo.
    const story = [
      element(
        { selector: 'div.blogOverview-image', tag: 'div', attributes: { class: 'blogOverview-image' } },
        200,
        null,
      ),
      element(
        {
          selector: 'div.blogOverview-image img',
          tag: 'img',
          role: 'img',
          box: { x: 0, y: 200, width: 900, height: 600 },
        },
        200,
        0,
      ),
    ];
    expect(doubtful(parseDescription('the main photo'), viewsOf(story)[1]!, storyMap(story, 3000))).toBe(
      false,
    );
    // A long name of a text logo is a logo; a label of Bootstrap's is a tag, a comments label not.
    const brand = element(
      {
        selector: 'a.navbar-brand',
        tag: 'a',
        role: 'link',
        attributes: { class: 'navbar-brand' },
        text: 'Department of Mechanical and Aerospace Engineering, University of Somewhere',
      },
      10,
      null,
    );
    expect(kindOf('logo', [brand], 0)).toBe(1);
    const label = element(
      {
        selector: 'a.label',
        tag: 'a',
        role: 'link',
        text: 'python',
        attributes: { class: 'label label-info' },
      },
      900,
      null,
    );
    expect(kindOf('badge', [label], 0)).toBe(1);
    expect(kindOf('badge', [{ ...label, attributes: { class: 'comments-label' } }], 0)).toBe(0.5);
    // A picture that shows the time, or a tag icon asked for, is no doubt.
    const svg = (text: string): ElementView =>
      viewsOf([
        element(
          {
            selector: 'svg.cook-time',
            tag: 'svg',
            role: 'img',
            text,
            attributes: { class: 'cook-time' },
            box: { x: 0, y: 400, width: 64, height: 64 },
          },
          400,
          null,
        ),
      ])[0]!;
    expect(doubtful(parseDescription('the cook time'), svg('20 min'), map)).toBe(false);
    expect(doubtful(parseDescription('the tag icon'), svg(''), map)).toBe(false);
    // Words that begin like a kind's and are others.
    const start = element(
      { selector: 'a.startseite', tag: 'a', role: 'link', attributes: { class: 'startseite logon' } },
      10,
      null,
    );
    expect(kindOf('rating', [start], 0)).toBe(0);
    expect(kindOf('logo', [start], 0)).toBe(0);
  });

  it('doubts what lies outside the header or the footer the description places it in', () => {
    const page = [
      element(
        { selector: 'header', tag: 'header', role: 'banner', box: { x: 0, y: 0, width: 1280, height: 50 } },
        0,
        null,
      ),
      element({ selector: 'header nav', tag: 'nav', role: 'navigation' }, 10, 0),
      element(
        { selector: 'nav.navigation', tag: 'nav', role: 'navigation', text: 'Post navigation' },
        3638,
        null,
      ),
      element({ selector: 'footer', tag: 'footer', role: 'contentinfo' }, 5800, null),
      element({ selector: 'footer ul', tag: 'ul', role: 'list' }, 5820, 3),
    ];
    const views = viewsOf(page);
    const map = storyMap(page, 6000);
    const menu = parseDescription('the main navigation menu in the header');
    expect(outsideItsRegion(menu, views[2]!, views, map)).toBe(true);
    expect(outsideItsRegion(menu, views[1]!, views, map)).toBe(false);
    expect(outsideItsRegion(parseDescription('the main navigation menu'), views[2]!, views, map)).toBe(false);
    const links = parseDescription('the links in the footer');
    expect(outsideItsRegion(links, views[4]!, views, map)).toBe(false);
    expect(outsideItsRegion(links, views[2]!, views, map)).toBe(true);
    // A page that marks no footer: one known by where it lies (`#colophon`) may be taller than a window.
    const colophon = [
      element(
        {
          selector: '#colophon',
          tag: 'div',
          attributes: { id: 'colophon' },
          box: { x: 0, y: 4600, width: 1280, height: 1400 },
        },
        4600,
        null,
      ),
      element({ selector: '#colophon form', tag: 'form', role: 'form', text: 'Newsletter Sign up' }, 4620, 0),
    ];
    const plain = viewsOf(colophon);
    expect(
      outsideItsRegion(
        parseDescription('the newsletter form in the footer'),
        plain[1]!,
        plain,
        storyMap(colophon, 6000),
      ),
    ).toBe(false);
    // "The header" asked for is the header itself, wherever the page puts it.
    expect(outsideItsRegion(parseDescription('the header'), views[2]!, views, map)).toBe(false);
  });
});

describe("the page's publication date", () => {
  it('is read in the ways pages write a day', () => {
    expect(showsDate('JAN. 13, 2017', '2017-01-13T00:00:04-05:00')).toBe(true);
    expect(showsDate('21 September 2020', '2020-09-21')).toBe(true);
    expect(showsDate('Beginndatum 27. September 2018', '2018-09-27T12:51:09+00:00')).toBe(true);
    expect(showsDate('posted 2019-04-28 06:01', '2019-04-28 06:01:07')).toBe(true);
    expect(showsDate('13.01.2017', '2017-01-13')).toBe(true);
    expect(showsDate('1/13/2017', '2017-01-13')).toBe(true);
    expect(showsDate('March 5th, 2021', '2021-03-05')).toBe(true);
    expect(showsDate('5. März 2021', '2021-03-05')).toBe(true);
    expect(showsDate('Jan. 14, 2017', '2017-01-13')).toBe(false);
    expect(showsDate('Other story 5 March 11, 2021', '2021-03-05')).toBe(false);
    expect(showsDate('March 25, 2021', '2021-03-05')).toBe(false);
    expect(showsDate('© 2017 The Times', '2017-01-13')).toBe(false);
    expect(showsDate('JAN. 13, 2017', 'last Friday')).toBe(false);
    // Day before month with slashes, a year glued to the time, two digits of the year or none in a
    // short line, and metadata dates that are not ISO.
    expect(showsDate('27/09/2018', '2018-09-27T09:00:40+00:00')).toBe(true);
    expect(showsDate('PUBLISHED WED, NOV 20 20194:29 AM EST', '2019-11-20T09:29:08+0000')).toBe(true);
    expect(showsDate('11/19/19 06:56 AM EST', '2019-11-19T06:56:43-05:00')).toBe(true);
    expect(showsDate('Posted Nov 19, 6:51 AM', '2019-11-19T11:51:32.556Z')).toBe(true);
    expect(showsDate('Horoscope for Wednesday, 11/20/19 by Christopher Renstrom', '2019-11-20')).toBe(false);
    expect(showsDate('Fox News Flash top entertainment headlines for Nov. 19', '2019-11-19')).toBe(false);
    expect(showsDate('Nov 19, 2018', '2019-11-19')).toBe(false);
    expect(showsDate('Your Turn: Nov. 20', '2019-11-20')).toBe(false);
    expect(showsDate('19 Nov 2019 05:44 GMT', '19 Nov 2019 07:09 GMT')).toBe(true);
    expect(showsDate('Published Nov 18, 2019 at 4:07 PM', 'Mon, 18 Nov 2019 16:07:38 -0600')).toBe(true);
    expect(showsDate('November 19, 2019, 07:47 PM EST', 'November 19, 2019, 07:47 PM EST')).toBe(true);
    // Other languages' months, and month first with full stops.
    expect(showsDate('22 Dicembre 2025', '2025-12-22T11:50:50+01:00')).toBe(true);
    expect(showsDate('Miércoles, 4 de Mayo de 2022 a las 07:46hrs.', '2022-05-04T07:46:00-04:00')).toBe(true);
    expect(showsDate('sexta-feira, 22 de outubro de 2010 às 20:13', '2010-10-22T23:13:51+00:00')).toBe(true);
    expect(showsDate('22 novembre 2025', '2025-12-22')).toBe(false);
    expect(showsDate('11.14.2019 09:00 AM', '2019-11-14T14:00:00.000Z')).toBe(true);
    // A content system's empty date is none.
    expect(dayShownIn('0001-01-01T00:00:00Z')).toBe(null);
  });

  it("is read on the day before or after, in the reader's zone, only at the same minutes", () => {
    const near = dayShownIn('2019-11-20T02:59:46Z', true);
    expect(near?.('November 19, 2019 at 8:59 pm')).toBe(true);
    // Without the time, another day is as likely a masthead's today or an update.
    expect(near?.('November 19, 2019')).toBe(false);
    expect(near?.('November 19, 2019 at 8:58 pm')).toBe(false);
    expect(near?.('November 20, 2019 2:59 am')).toBe(false);
    expect(showsDate('November 19, 2019 at 8:59 pm', '2019-11-20T02:59:46Z')).toBe(false);
    // A day without a time is that day only.
    expect(dayShownIn('2019-11-20', true)).toBe(null);
  });

  // A story: its byline line (author and date), the date on its own inside it, and a footer.
  const elements: PageElement[] = [
    element(
      { selector: 'article', tag: 'article', role: 'article', text: 'A story. By Jane Roe March 5, 2021' },
      0,
      null,
    ),
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 10, 0),
    element({ selector: 'p.byline', tag: 'p', text: 'By Jane Roe March 5, 2021' }, 60, 0),
    element({ selector: 'time', tag: 'time', text: 'March 5, 2021' }, 60, 2),
    element({ selector: 'footer', tag: 'footer', role: 'contentinfo', text: '© 2021 The Paper' }, 600, null),
  ];
  const about = { authors: ['Jane Roe'], published: '2021-03-05T08:00:00Z', headline: 'A story' };
  const map = { ...storyMap(elements, 720), about };
  const views = viewsOf(elements);
  const sole = (description: string, m: ElementMap = map): number =>
    soleDate(parseDescription(description), views, m);

  it('is the one element that shows the day the metadata gives, innermost', () => {
    expect(sole('the publication date')).toBe(3);
    expect(sole('when was this story published')).toBe(3);
  });

  it('comes with the author when the description asks who and when', () => {
    expect(sole('who wrote the article and when')).toBe(2);
  });

  it('is the first of a day shown twice, the last for "at the end"', () => {
    const twice = [
      ...elements,
      element({ selector: 'p.end', tag: 'p', text: 'Published March 5, 2021' }, 500, 0),
    ];
    const inTwice = (description: string): number =>
      soleDate(parseDescription(description), viewsOf(twice), { ...storyMap(twice, 720), about });
    expect(inTwice('the publication date')).toBe(3);
    expect(inTwice('the publication date at the end of the story')).toBe(5);
    // A name and a day must be shown once.
    const signedTwice = [
      ...elements,
      element({ selector: 'p.sig', tag: 'p', text: 'Jane Roe, March 5, 2021' }, 500, 0),
    ];
    expect(
      soleDate(parseDescription('who wrote the article and when'), viewsOf(signedTwice), {
        ...storyMap(signedTwice, 720),
        about,
      }),
    ).toBe(-1);
  });

  it('is the story\'s line, not an "Updated" one nor one in an aside, and no other day on the hour', () => {
    const lines = [
      element(
        { selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Doobie Brothers reunite' },
        500,
        null,
      ), // 0
      element({ selector: 'time.updated', tag: 'time', text: 'Updated Nov 19, 6:55 AM;' }, 560, null), // 1
      element({ selector: 'time.posted', tag: 'time', text: 'Posted Nov 19, 6:51 AM' }, 560, null), // 2
      element({ selector: 'aside', tag: 'aside', role: 'complementary', text: 'Most read' }, 900, null), // 3
      element({ selector: 'aside span', tag: 'span', text: 'November 20, 2019 10:00 am' }, 950, 3), // 4
    ];
    const at = (published: string, elements = lines): number =>
      soleDate(parseDescription('the publication date'), viewsOf(elements), {
        ...storyMap(elements, 2000),
        about: { authors: [], published, headline: null },
      });
    expect(at('2019-11-19T11:51:32.556Z')).toBe(2);
    // A kicker's date above the headline, not the aside's below it.
    const hero = [
      element({ selector: 'p.kicker', tag: 'p', text: 'March 5, 2021' }, 300, null),
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 520, null),
      element({ selector: 'aside', tag: 'aside', role: 'complementary', text: 'Most read' }, 900, null),
      element({ selector: 'aside span', tag: 'span', text: 'Most read March 5, 2021' }, 950, 2),
    ];
    expect(at('2021-03-05T10:00:00Z', hero)).toBe(0);
    // Published at midnight: a comment's "10:00 am" the next day is no reader's zone.
    const comment = [
      lines[0]!,
      element({ selector: 'p.ago', tag: 'p', text: 'Posted 3 days ago' }, 560, null),
      element({ selector: 'p.comment', tag: 'p', text: 'November 20, 2019 at 10:00 am' }, 1500, null),
    ];
    expect(at('2019-11-19T00:00:00+00:00', comment)).toBe(-1);
    expect(at('November 19, 2019', comment)).toBe(-1);
    expect(dayShownIn('2019-11-19T00:00:00+00:00', true)).toBe(null);
  });

  it("is the day before or after, in the reader's zone, when the day itself is not shown", () => {
    // Published 00:04 UTC on the 19th, shown "Nov. 18, 2019 7:04 pm ET" under a masthead's today.
    const zoned = [
      element({ selector: 'p.today', tag: 'p', text: 'November 20, 2019' }, 90, null), // 0
      element(
        { selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Is Football Violence a Crime?' },
        160,
        null,
      ), // 1
      element({ selector: 'time', tag: 'time', text: 'Nov. 18, 2019 7:04 pm ET' }, 350, null), // 2
      element(
        { selector: 'p', tag: 'p', text: 'NFL assaults have led to lawsuits before. '.repeat(3) },
        400,
        null,
      ), // 3
    ];
    const zonedMap = {
      ...storyMap(zoned, 720),
      about: { authors: [], published: '2019-11-19T00:04:00.000Z', headline: null },
    };
    expect(soleDate(parseDescription('when was it published'), viewsOf(zoned), zonedMap)).toBe(2);
    const answer = locateOffline('the publication date', zonedMap);
    expect(answer.selector).toBe('time');
    expect(answer.confidence).toBeGreaterThanOrEqual(CROP_CONFIDENCE);
  });

  it('is not there for another date; who and when on a page that does not say is its byline line', () => {
    expect(sole('when the page was last updated')).toBe(-1);
    // No metadata, or metadata naming someone the page does not show: the line "By …" with a day.
    expect(sole('who wrote the article and when', storyMap(elements, 720))).toBe(2);
    expect(
      sole('who wrote the article and when', { ...map, about: { ...about, authors: ['Max Muster'] } }),
    ).toBe(2);
  });

  it('is a short line its class calls a date when no metadata or <time> says it, and no long wrapper', () => {
    const page = [
      element(
        {
          selector: 'h2.date-header',
          tag: 'h2',
          role: 'heading',
          level: 2,
          attributes: { class: 'date-header' },
          text: 'Tuesday, March 5, 2019',
        },
        40,
        null,
      ), // 0
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A post' }, 100, null), // 1
      element(
        {
          selector: 'div.pub-date',
          tag: 'div',
          attributes: { class: 'pub-date' },
          text: 'March 5, 2019 5:40 PM',
        },
        150,
        null,
      ), // 2
      element({ selector: '#comments', tag: 'section', attributes: { id: 'comments' } }, 400, null), // 3
      element(
        { selector: '#comments .date', tag: 'span', attributes: { class: 'date' }, text: 'March 6, 2019' },
        420,
        3,
      ), // 4
    ];
    const date = (description: string, list = page): number =>
      soleDate(parseDescription(description), viewsOf(list), storyMap(list, 720));
    expect(date('the date the post was published')).toBe(0);
    const undated = [page[1]!, page[2]!, page[3]!, { ...page[4]!, parent: 2 }];
    expect(date('when was it posted', undated)).toBe(1);
    const commentsOnly = [page[1]!, page[3]!, { ...page[4]!, parent: 1 }];
    expect(date('when was it posted', commentsOnly)).toBe(-1);
    // A wrapper classed "date-outer" around the whole post is no date to crop.
    const wrapper = viewsOf([
      element(
        {
          selector: 'div.date-outer',
          tag: 'div',
          attributes: { class: 'date-outer' },
          text: `Tuesday, March 5, 2019 A post ${'and its words '.repeat(20)}`,
        },
        0,
        null,
      ),
    ])[0]!;
    const m = storyMap([], 720);
    expect(doubtful(parseDescription('the date the post was published'), wrapper, m)).toBe(true);
    expect(doubtful(parseDescription('author name, title and the date of the post'), wrapper, m)).toBe(false);
  });

  describe('who and when, read from the page alone', () => {
    const bare =
      (page: PageElement[]) =>
      (description: string): number =>
        soleDate(parseDescription(description), viewsOf(page), storyMap(page, 720));

    it("is a code host's line with the author's link and a relative time, in its 'discussion'", () => {
      const issue = [
        element({ selector: 'h1.repo', tag: 'h1', role: 'heading', level: 1, text: 'octo / repo' }, 0, null), // 0
        element(
          {
            selector: '.discussion',
            tag: 'div',
            attributes: { class: 'new-discussion-timeline' },
            text: 'Bug #2',
          },
          100,
          null,
        ), // 1
        element({ selector: 'h2.title', tag: 'h2', role: 'heading', level: 2, text: 'Bug #2' }, 100, 1), // 2
        element(
          { selector: '.meta', tag: 'div', text: 'octocat opened this issue Oct 25, 2016 · 0 comments' },
          140,
          1,
        ), // 3
        element(
          {
            selector: 'a.author',
            tag: 'a',
            role: 'link',
            attributes: { class: 'author', href: '/octocat' },
            text: 'octocat',
          },
          140,
          3,
        ), // 4
        element({ selector: 'relative-time', tag: 'relative-time', text: 'Oct 25, 2016' }, 140, 3), // 5
        element(
          {
            selector: '.comment',
            tag: 'div',
            attributes: { class: 'timeline-comment' },
            text: 'hubot commented Oct 26, 2016',
          },
          300,
          1,
        ), // 6
        element(
          {
            selector: '.comment a.author',
            tag: 'a',
            role: 'link',
            attributes: { class: 'author', href: '/hubot' },
            text: 'hubot',
          },
          300,
          6,
        ), // 7
        element({ selector: '.comment relative-time', tag: 'relative-time', text: 'Oct 26, 2016' }, 300, 6), // 8
      ];
      expect(bare(issue)('who opened the issue and when')).toBe(3);
    });

    it('takes a link to an author\'s page for the who, never a time classed "byline" alone, nor a reading time for the when', () => {
      const story = [
        element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
        element({ selector: '.c-byline', tag: 'div', text: 'Sarah Archer 1:39 PM ET' }, 60, null), // 1
        element(
          {
            selector: 'a.who',
            tag: 'a',
            role: 'link',
            attributes: { href: 'https://x.example/authors/sarah-archer/' },
            text: 'Sarah Archer',
          },
          60,
          1,
        ), // 2
        element(
          {
            selector: 'time.c-byline__time',
            tag: 'time',
            attributes: { class: 'c-byline__time' },
            text: '1:39 PM ET',
          },
          60,
          1,
        ), // 3
      ];
      expect(bare(story)('who wrote the article and when')).toBe(1);
      const readingOnly = [
        element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A post' }, 0, null), // 0
        element(
          {
            selector: '.meta',
            tag: 'div',
            attributes: { class: 'post-author' },
            text: 'Pippin Lee 11 min read',
          },
          60,
          null,
        ), // 1
      ];
      expect(bare(readingOnly)('who wrote the post and when')).toBe(-1);
    });

    it("is the story's own line on a page of several articles, none in its comments", () => {
      const page = [
        element({ selector: 'article.main', tag: 'article', role: 'article', text: 'A story' }, 0, null), // 0
        element({ selector: 'article.main h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, 0), // 1
        element({ selector: 'article.main .by', tag: 'p', text: 'By Jane Roe, March 5, 2021' }, 50, 0), // 2
        element({ selector: 'article.rel', tag: 'article', role: 'article', text: 'Other' }, 50, null), // 3
        element({ selector: 'article.rel .by', tag: 'p', text: 'By Max Muster, March 1, 2021' }, 40, 3), // 4
      ];
      expect(bare(page)('who wrote the article and when')).toBe(2);
      const commented = [
        element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
        element({ selector: '#comments', tag: 'section', attributes: { id: 'comments' } }, 400, null), // 1
        element({ selector: '#comments p', tag: 'p', text: 'By Max Muster, March 7, 2021' }, 420, 1), // 2
      ];
      expect(bare(commented)('who wrote the article and when')).toBe(-1);
    });
  });

  it('is the first day a <time> shows when the metadata does not say, not one of a list, a comment or the footer', () => {
    const bare = storyMap(elements, 720);
    expect(sole('the publication date', bare)).toBe(3);
    const listed = [
      element({ selector: 'ul.recent', tag: 'ul', role: 'list', text: 'Recent posts' }, 0, null), // 0
      element({ selector: 'li.recent', tag: 'li', role: 'listitem', text: 'Old post March 1, 2021' }, 0, 0), // 1
      element({ selector: 'li.recent time', tag: 'time', text: 'March 1, 2021' }, 0, 1), // 2
      element({ selector: 'article', tag: 'article', role: 'article', text: 'A story' }, 100, null), // 3
      element({ selector: 'time.posted', tag: 'time', text: 'March 5, 2021' }, 150, 3), // 4
      element({ selector: '#comments', tag: 'section', attributes: { id: 'comments' } }, 400, null), // 5
      element({ selector: '#comments time', tag: 'time', text: 'March 7, 2021' }, 420, 5), // 6
      element({ selector: 'footer', tag: 'footer', role: 'contentinfo' }, 600, null), // 7
      element({ selector: 'footer time', tag: 'time', text: 'March 9, 2021' }, 600, 7), // 8
    ];
    const date = (description: string): number =>
      soleDate(parseDescription(description), viewsOf(listed), storyMap(listed, 720));
    expect(date('the publication date')).toBe(4);
    expect(date('the date at the end of the post')).toBe(4);
    // A masthead's date above the headline, in the banner, is the day's, not the story's.
    const mastheaded = [
      element({ selector: 'header', tag: 'header', role: 'banner' }, 0, null), // 0
      element({ selector: 'header time', tag: 'time', text: 'Tuesday, March 9, 2021' }, 0, 0), // 1
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, null), // 2
      element({ selector: 'time.posted', tag: 'time', text: 'March 5, 2021' }, 150, null), // 3
    ];
    expect(
      soleDate(parseDescription('when was this published'), viewsOf(mastheaded), storyMap(mastheaded, 720)),
    ).toBe(3);
    // A page that lists posts, each with its day: none of them is the page's.
    const listing = [
      element({ selector: 'article.a', tag: 'article', role: 'article' }, 0, null), // 0
      element({ selector: 'article.a time', tag: 'time', text: 'March 5, 2021' }, 0, 0), // 1
      element({ selector: 'article.b', tag: 'article', role: 'article' }, 200, null), // 2
      element({ selector: 'article.b time', tag: 'time', text: 'March 1, 2021' }, 200, 2), // 3
    ];
    expect(soleDate(parseDescription('the publication date'), viewsOf(listing), storyMap(listing, 720))).toBe(
      -1,
    );
    // Metadata that gives a day no element shows: nothing, rather than a guess.
    expect(sole('the publication date', { ...map, about: { ...about, published: '2020-01-01' } })).toBe(-1);
    // A story's own footer ("Posted by … on March 10, 2015") holds its day; its comments' footers do not.
    const footed = [
      element({ selector: 'article', tag: 'article', role: 'article', text: 'A story' }, 0, null), // 0
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, 0), // 1
      element(
        { selector: 'footer.entry-meta', tag: 'footer', text: 'Posted by Max on March 10, 2015' },
        300,
        0,
      ), // 2
      element({ selector: 'footer.entry-meta time', tag: 'time', text: 'March 10, 2015' }, 300, 2), // 3
      element({ selector: '#comments', tag: 'section', attributes: { id: 'comments' } }, 400, null), // 4
      element({ selector: 'article.comment', tag: 'article', role: 'article' }, 420, 4), // 5
      element({ selector: 'footer.comment-meta', tag: 'footer' }, 420, 5), // 6
      element({ selector: 'footer.comment-meta time', tag: 'time', text: 'March 11, 2015' }, 420, 6), // 7
    ];
    const posted = (description: string, page: PageElement[]): number =>
      soleDate(parseDescription(description), viewsOf(page), storyMap(page, 720));
    expect(posted('the date the article was posted', footed)).toBe(3);
    const commentsOnly = [
      ...footed.slice(0, 2),
      element({ selector: '#comments', tag: 'section', attributes: { id: 'comments' } }, 400, null), // 2
      element({ selector: 'article.comment', tag: 'article', role: 'article' }, 420, 2), // 3
      element({ selector: 'footer.comment-meta', tag: 'footer' }, 420, 3), // 4
      element({ selector: 'footer.comment-meta time', tag: 'time', text: 'March 11, 2015' }, 420, 4), // 5
    ];
    expect(posted('the date the article was posted', commentsOnly)).toBe(-1);
  });

  it("crops at the title's confidence when the locator chose it among many dates", () => {
    // Twenty related stories, each with its own day: the ranker alone is unsure which date is meant.
    const list = element(
      { selector: 'ul.related', tag: 'ul', role: 'list', text: 'Other stories' },
      700,
      null,
    );
    const related = Array.from({ length: 20 }, (_, i) => [
      element(
        { selector: `li.r${i}`, tag: 'li', text: `Other story ${i} March ${6 + i}, 2021` },
        700 + 50 * i,
        5,
      ),
      element({ selector: `time.r${i}`, tag: 'time', text: `March ${6 + i}, 2021` }, 700 + 50 * i, 6 + 2 * i),
    ]).flat();
    const page = [...elements, list, ...related];
    const answer = shortlistOffline('the publication date', { ...storyMap(page, 1800), about }, 0).answer;
    expect(answer.selector).toBe('time');
    expect(answer.confidence).toBeGreaterThanOrEqual(TITLE_CONFIDENCE);
    // "first" here says when, not which: no ordinal for the hand matcher alone to resolve.
    const first = shortlistOffline('when it was first published', { ...storyMap(page, 1800), about }, 0);
    expect(first.answer.selector).toBe('time');
    expect(first.answer.confidence).toBeGreaterThanOrEqual(TITLE_CONFIDENCE);
  });
});

describe('a place that is the page itself', () => {
  it('reads what a "with" clause after the place names as held, not as a place', () => {
    const query = parseDescription('the photo at the top of the story with its caption and credit');
    expect([...(query.heldTerms ?? [])]).toContain('credit');
    const at = FEATURES.indexOf('context');
    const rows = [new Float64Array(FEATURES.length), new Float64Array(FEATURES.length)];
    rows[1]![at] = 1;
    // Element 1 matches the words after "of the"; element 0, chosen, does not.
    expect(outOfContext(query, rows, 0)).toBe(false);
    expect(outOfContext(parseDescription('the photo in the credit union story'), rows, 0)).toBe(true);
  });

  it('crops "the title of the paper" to the headline, wherever a class says paper', () => {
    const page: PageElement[] = [
      element(
        {
          selector: 'div.paper-tools',
          tag: 'div',
          attributes: { class: 'paper-tools' },
          text: 'Download paper PDF Cite this paper',
          box: { x: 0, y: 0, width: 1264, height: 60 },
        },
        0,
        null,
      ), // 0
      element({ selector: 'div.paper-tools a', tag: 'a', role: 'link', text: 'Download paper PDF' }, 0, 0), // 1
      element(
        { selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A study of cats and their naps' },
        100,
        null,
      ), // 2
      element(
        { selector: 'p', tag: 'p', text: 'Cats nap a lot.', box: { x: 0, y: 200, width: 1264, height: 800 } },
        200,
        null,
      ), // 3
    ];
    const map = { ...storyMap(page, 1000), title: 'A study of cats and their naps' };
    for (const d of ['the title of the paper', 'the title of this article']) {
      const answer = shortlistOffline(d, map, 0).answer;
      expect(answer.selector, d).toBe('h1');
      expect(answer.confidence, d).toBeGreaterThanOrEqual(CROP_CONFIDENCE);
    }
  });
});

describe('the day asked alone', () => {
  const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
  // A story dated March 5 under its headline, a comment dated March 6, and a sidebar's "published"
  // time of another day that the ranker alone prefers for "the publication date".
  const page: PageElement[] = [
    element(
      { selector: 'article', tag: 'article', role: 'article', text: 'A story.', box: box(0, 0, 800, 1500) },
      0,
      null,
    ), // 0
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 10, 0), // 1
    element({ selector: 'p.byline', tag: 'p', text: 'By Jane Roe March 5, 2021' }, 60, 0), // 2
    element({ selector: 'span.when', tag: 'span', text: 'March 5, 2021' }, 60, 2), // 3
    element(
      { selector: 'p.body', tag: 'p', text: 'The story goes on.', box: box(0, 120, 800, 1300) },
      120,
      0,
    ), // 4
    element({ selector: 'aside', tag: 'aside', role: 'complementary', box: box(900, 0, 300, 600) }, 0, null), // 5
    element(
      {
        selector: '#comments',
        tag: 'section',
        attributes: { id: 'comments' },
        box: box(0, 1600, 800, 300),
      },
      1600,
      null,
    ), // 6
    element(
      {
        selector: 'article.comment',
        tag: 'article',
        role: 'article',
        text: 'Bob March 6, 2021 Nice story.',
        box: box(0, 1600, 800, 100),
      },
      1600,
      6,
    ), // 7
    element({ selector: 'article.comment time', tag: 'time', text: 'March 6, 2021' }, 1600, 7), // 8
    element(
      {
        selector: 'aside time.date-published',
        tag: 'time',
        attributes: { class: 'date published', datetime: '2020-01-01' },
        text: 'Published January 1, 2020',
      },
      100,
      5,
    ), // 9
  ];
  const about = { authors: ['Jane Roe'], published: '2021-03-05T08:00:00Z', headline: 'A story' };
  const answer = (description: string) =>
    shortlistOffline(description, { ...storyMap(page, 1900), about }, 0).answer;

  it("is the element showing the page's day, wherever the ranker looked", () => {
    expect(answer('the publication date')).toMatchObject({
      selector: 'span.when',
      confidence: TITLE_CONFIDENCE,
    });
    expect(answer('when was this story published').selector).toBe('span.when');
  });

  it("is not the page's day when another thing's date is asked", () => {
    for (const d of ['the date of the comment', 'when the comment was posted', 'the date of the concert']) {
      const found = answer(d);
      expect(found.selector === 'span.when' && found.confidence >= CROP_CONFIDENCE, d).toBe(false);
    }
  });
});

describe('the candidates', () => {
  const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
  // A story and a side column: "Most read", a wrapper about the list's size, the list, its items.
  const elements: PageElement[] = [
    element(
      { selector: 'main', tag: 'main', role: 'main', text: 'A story. Text.', box: box(0, 0, 900, 2000) },
      0,
      null,
    ),
    element(
      { selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story', box: box(0, 0, 900, 60) },
      0,
      0,
    ),
    element(
      {
        selector: 'aside',
        tag: 'aside',
        role: 'complementary',
        text: 'Most read One Two Three Four',
        box: box(920, 0, 340, 2000),
      },
      0,
      null,
    ),
    element(
      { selector: 'div.most-read', tag: 'div', text: 'One Two Three Four', box: box(920, 40, 340, 440) },
      40,
      2,
    ),
    element(
      { selector: 'ol', tag: 'ol', role: 'list', text: 'One Two Three Four', box: box(920, 60, 340, 400) },
      60,
      3,
    ),
    ...['One', 'Two', 'Three', 'Four'].map((text, i) =>
      element(
        { selector: `li.n${i}`, tag: 'li', role: 'listitem', text, box: box(920, 60 + 100 * i, 340, 100) },
        60 + 100 * i,
        4,
      ),
    ),
  ];

  it('offer the right thing at another size, never one a user would take for another', () => {
    const answer = shortlistOffline('the list of most read stories', storyMap(elements, 2000), 0).answer;
    const selectors = (answer.candidates ?? []).map((c) => c.selector);
    // Whichever the ranker puts first (its weights are retrained as the labelled pages grow): the
    // side column (five times the list), the list and an item (a quarter of it) may each be offered;
    // the list and the wrapper of about its size are the same answer, offered once.
    expect(selectors).toHaveLength(3);
    expect(selectors.filter((s) => s === 'ol' || s === 'div.most-read')).toHaveLength(1);
    expect(selectors).toContain('aside');
    expect(selectors.some((s) => s.startsWith('li.'))).toBe(true);
  });
});

describe('an answer that cannot be given', () => {
  it('says the page shows nothing when the map is empty, and the description says nothing when it names nothing', () => {
    // Before, a page with no element (its script removed its root) was "nothing in the description to match".
    expect(locateOffline('the heading', storyMap([], 720))).toMatchObject({
      selector: null,
      confidence: 0,
      problem: 'the page shows no element to match',
    });
    const page = storyMap(
      [element({ selector: 'h1', tag: 'h1', role: 'heading', text: 'Hello' }, 0, null)],
      720,
    );
    expect(locateOffline('the', page)).toMatchObject({
      selector: null,
      problem: 'nothing in the description to match',
    });
  });
});

describe('an ordinal code block', () => {
  // Three highlighted blocks, each a `pre` of tokens side by side: the tokens are no blocks to count.
  const blocks: PageElement[] = [
    element({ selector: 'article', tag: 'article', role: 'article', text: 'A post about fetch' }, 0, null), // 0
    ...[0, 1, 2].flatMap((b) => [
      element(
        {
          selector: `pre.b${b}`,
          tag: 'pre',
          text: `fetch("/data${b}.json").then(res)`,
          attributes: { class: 'js' },
        },
        100 + 300 * b,
        0,
      ),
      ...[0, 1, 2, 3].map((t) =>
        element(
          { selector: `pre.b${b} span.t${t}`, tag: 'span', text: ['fetch', '(', 'then', 'res'][t] },
          100 + 300 * b,
          1 + 5 * b,
        ),
      ),
    ]),
  ];

  it('counts the blocks of the page, and crops to the one at that place', () => {
    const map = storyMap(blocks, 1000);
    for (const [description, selector] of [
      ['the first code block', 'pre.b0'],
      ['the second code example', 'pre.b1'],
      ['the last code sample', 'pre.b2'],
      ['the second fetch() snippet', 'pre.b1'],
    ] as const) {
      const answer = locateOffline(description, map);
      expect(answer.selector).toBe(selector);
      expect(answer.confidence).toBe(TITLE_CONFIDENCE);
    }
    // No fourth block: the hand matcher's guess, not cropped.
    expect(locateOffline('the fourth code block', map).confidence).toBeLessThan(0.6);
  });

  it('does not crop on a map that leaves elements out: the block meant may be among them', () => {
    const answer = locateOffline('the second code block', { ...storyMap(blocks, 1000), cut: true });
    expect(answer.selector).toBe('pre.b1');
    expect(answer.confidence).toBeLessThan(0.6);
  });
});

describe('a description the hand matcher finds nowhere', () => {
  it('is answered by a rule that reads it, when one does: a trail that only a class names', () => {
    const page = [
      element(
        {
          selector: 'ul.nav-crumbs',
          tag: 'ul',
          role: 'list',
          attributes: { class: 'nav-crumbs' },
          text: 'Home Blog',
        },
        0,
        null,
      ),
      element({ selector: 'ul.nav-crumbs a', tag: 'a', role: 'link', name: 'Home', text: 'Home' }, 0, 0),
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, null),
      element(
        { selector: 'main', tag: 'main', role: 'main', box: { x: 0, y: 150, width: 1264, height: 2000 } },
        150,
        null,
      ),
    ];
    const map = storyMap(page, 2200);
    expect(locateByHand('breadcrumb', map).index).toBe(-1);
    expect(locateOffline('breadcrumb', map)).toMatchObject({
      selector: 'ul.nav-crumbs',
      confidence: TITLE_CONFIDENCE,
    });
    expect(locateOffline('the pricing table', map)).toMatchObject({ selector: null });
  });
});

describe('the author and day asked together', () => {
  const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
  // A post whose line under the title holds its author's link and a relative time, with no metadata;
  // a side box about the author that a ranker alone may prefer for "who wrote the post".
  const page: PageElement[] = [
    element(
      { selector: 'article', tag: 'article', role: 'article', text: 'A post.', box: box(0, 0, 800, 1500) },
      0,
      null,
    ), // 0
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A post' }, 10, 0), // 1
    element(
      { selector: 'div.meta', tag: 'div', attributes: { class: 'meta' }, text: 'Jane Roe • 8h' },
      60,
      0,
    ), // 2
    element(
      {
        selector: 'div.meta a',
        tag: 'a',
        role: 'link',
        attributes: { href: '/author/jane-roe' },
        text: 'Jane Roe',
      },
      60,
      2,
    ), // 3
    element({ selector: 'div.meta time', tag: 'time', text: '8h' }, 60, 2), // 4
    element({ selector: 'p.body', tag: 'p', text: 'The post goes on.', box: box(0, 120, 800, 1300) }, 120, 0), // 5
    element(
      {
        selector: 'div.author-box',
        tag: 'div',
        attributes: { class: 'author-box' },
        text: 'About the author: Jane Roe writes about posts. Written 2021.',
        box: box(0, 1550, 800, 200),
      },
      1550,
      null,
    ), // 6
  ];
  const answer = (description: string) => shortlistOffline(description, storyMap(page, 1900), 0).answer;

  it('is the line that holds both, wherever the ranker looked', () => {
    for (const d of [
      'who wrote the post and when',
      'author name and how long ago it was posted',
      'the byline with the author and time of publication',
    ])
      expect(answer(d), d).toMatchObject({ selector: 'div.meta', confidence: TITLE_CONFIDENCE });
  });

  it('reads a verb as "who" only beside "who": "when the post was written" asks for the day alone', () => {
    expect(answer('who wrote the post and when').selector).toBe('div.meta');
    const day = answer('when the post was written');
    expect(day.selector === 'div.meta' && day.confidence >= CROP_CONFIDENCE).toBe(false);
    expect(parseDescription('who asked the question and when').who).toBe(true);
    expect(parseDescription('when the question was asked').who).toBeUndefined();
  });
});

describe('chooseElement', () => {
  const none = {
    title: -1,
    titleFirst: false,
    date: -1,
    dayAlone: false,
    whoAndWhen: false,
    decide: -1,
    named: -1,
    hand: 1,
    best: 2,
    agree: false,
  };
  const all = () => true;

  it('takes the headline, the day, a deciding rule, a named control, in that order, each only where it fits', () => {
    const found = { ...none, title: 3, titleFirst: true, date: 4, dayAlone: true, decide: 5, named: 6 };
    expect(chooseElement(found, all)).toBe(3);
    expect(chooseElement(found, (i) => i !== 3)).toBe(4);
    expect(chooseElement({ ...found, dayAlone: false }, (i) => i !== 3)).toBe(5);
    expect(chooseElement({ ...found, dayAlone: false, whoAndWhen: true }, (i) => i !== 3)).toBe(4);
    expect(chooseElement(found, (i) => i > 4)).toBe(5);
    expect(chooseElement(found, (i) => i > 5)).toBe(6);
    // The headline only where it may stand wherever the ranker looked; nothing found: the ranker's
    // element, or the hand matcher's when both agree.
    expect(chooseElement({ ...none, title: 3 }, all)).toBe(2);
    expect(chooseElement(found, (i) => i > 6)).toBe(2);
    expect(chooseElement({ ...none, agree: true }, all)).toBe(1);
  });
});

describe("the hand matcher's words", () => {
  const views = viewsOf([
    element({ selector: 'main', tag: 'main', role: 'main', text: 'Photographs Category Photo' }, 0, null), // 0
    element({ selector: 'p.long', tag: 'p', text: 'Photographs' }, 0, 0), // 1
    element({ selector: 'p.short', tag: 'p', text: 'Photo' }, 40, 0), // 2
    element({ selector: 'p.cat', tag: 'p', text: 'Category' }, 80, 0), // 3
    element({ selector: 'p.none', tag: 'p', text: 'Nothing here' }, 120, 0), // 4
    element({ selector: 'p.many', tag: 'p', text: 'Photographs of the old harbour at dawn' }, 160, 0), // 5
  ]);

  it('meets a word in a longer one that it begins, or in a shorter one that begins it, at 0.8 of a whole word', () => {
    const scorer = new Scorer(parseDescription('the photo'), views, 200);
    expect(scorer.lexical('photo', views[2]!)).toBeCloseTo(0.85);
    expect(scorer.lexical('photo', views[1]!)).toBeCloseTo(0.8 * 0.85);
    const longer = new Scorer(parseDescription('the photographs'), views, 200);
    const word = parseDescription('the photographs').terms[0]!.word;
    expect(longer.lexical(word, views[2]!)).toBeCloseTo(0.8 * 0.85);
    expect(longer.lexical(word, views[4]!)).toBe(0);
    // An element of many words, fewer of them paired with the word than it holds: the same measure.
    const many = scorer.lexical('photo', views[5]!);
    expect(many).toBeGreaterThan(0);
    expect(many).toBeCloseTo(0.8 * scorer.lexical('photograph', views[5]!));
  });

  it('meets a word of fewer than four letters only whole', () => {
    const scorer = new Scorer(parseDescription('the cat'), views, 200);
    expect(scorer.lexical('cat', views[3]!)).toBe(0);
  });
});
