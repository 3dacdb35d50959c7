import { describe, expect, it } from 'vitest';
import type { ElementView } from '../../../src/adapters/offline-locator/kinds.js';
import { KINDS, kindsOf, viewsOf } from '../../../src/adapters/offline-locator/kinds.js';
import { wrongPlace } from '../../../src/adapters/offline-locator/hand-matcher.js';
import {
  locateOffline,
  parseDescription,
  shortlistOffline,
} from '../../../src/adapters/offline-locator/offline-locator.js';
import {
  adjacentLinks,
  asksDayAlone,
  authorBio,
  authorName,
  brandLogo,
  breadcrumbTrail,
  codeFound,
  codeNames,
  codePhrases,
  codeShowing,
  commentsBox,
  contentsBox,
  dataTable,
  decidingEvident,
  fileList,
  holdsClause,
  logoFarDown,
  listedItems,
  listedReadings,
  evidentFound,
  mainText,
  markedPart,
  moreToRead,
  namedByClass,
  namedById,
  namedControl,
  newsletterBox,
  placedOnPage,
  pageFooter,
  productPrice,
  quotedPhrase,
  searchForm,
  shownFile,
  siteName,
  subheadline,
  shareBar,
  ratingSummary,
  soleByline,
  soleDate,
  soleEvident,
  soleTitle,
  storyFigure,
  tabBar,
  tagList,
  vouchedEvident,
} from '../../../src/adapters/offline-locator/evident.js';
import {
  showsAgo,
  showsSomeDay,
  showsSomeTime,
  withoutDaysAndTimes,
  words,
} from '../../../src/adapters/offline-locator/text.js';
import type { PageElement } from '../../../src/ports/element-locator.js';
import { CROP_CONFIDENCE } from '../../../src/ports/element-locator.js';
import { element, storyMap } from '../../helpers/page-elements.js';

const wide = (height: number): PageElement['box'] => ({ x: 0, y: 0, width: 1264, height });
/** An element of tag `tag` (a `pre` by default) with the given classes and text, at `y`, inside `parent`. */
const classed = (
  selector: string,
  className: string,
  text: string,
  y: number,
  parent: number,
  tag = 'pre',
): PageElement => element({ selector, tag, attributes: { class: className }, text }, y, parent);

/**
 * A wiki-like page: a header with the site's sections, a sidebar of two boxes (their items listed),
 * a story with a box titled "More on this story" and a code block, and a footer that says when the
 * page was last edited.
 */
const PAGE: PageElement[] = [
  element({ selector: 'header', tag: 'header', role: 'banner', text: 'News Sport Weather Shop' }, 0, null), // 0
  element({ selector: 'nav.sites', tag: 'nav', role: 'navigation', text: 'News Sport Weather Shop' }, 0, 0), // 1
  element({ selector: 'ul.sites', tag: 'ul', role: 'list', text: 'News Sport Weather Shop' }, 0, 1), // 2
  element({ selector: 'li.news', tag: 'li', role: 'listitem', text: 'News' }, 0, 2), // 3
  element(
    {
      selector: 'aside',
      tag: 'aside',
      role: 'complementary',
      text: 'Navigation Main page Contents Tools What links here Related changes',
    },
    100,
    null,
  ), // 4
  element({ selector: '#p-nav', tag: 'div', text: 'Navigation Main page Contents' }, 100, 4), // 5
  element({ selector: '#p-tb', tag: 'div', text: 'Tools What links here Related changes' }, 200, 4), // 6
  element({ selector: '#p-tb h3', tag: 'h3', role: 'heading', level: 3, text: 'Tools' }, 200, 6), // 7
  element(
    {
      selector: 'main',
      tag: 'main',
      role: 'main',
      text: 'A story. The text of the story. More on this story Other story One Other story Two',
    },
    100,
    null,
  ), // 8
  element(
    {
      selector: 'p',
      tag: 'p',
      text: 'The text of the story.',
      box: wide(200),
    },
    150,
    8,
  ), // 9
  element(
    {
      selector: 'div.more',
      tag: 'div',
      text: 'More on this story Other story One Other story Two',
      box: wide(300),
    },
    400,
    8,
  ), // 10
  element(
    {
      selector: 'div.more h2',
      tag: 'h2',
      role: 'heading',
      level: 2,
      text: 'More on this story',
      box: wide(40),
    },
    400,
    10,
  ), // 11
  element(
    {
      selector: 'div.code',
      tag: 'div',
      text: 'Copy while True: w = get_next_work() do_work(w)',
      box: wide(90),
    },
    800,
    8,
  ), // 12
  element(
    { selector: 'pre', tag: 'pre', text: 'while True: w = get_next_work() do_work(w)', box: wide(60) },
    830,
    12,
  ), // 13
  element(
    { selector: 'pre code', tag: 'code', text: 'while True: w = get_next_work() do_work(w)', box: wide(60) },
    830,
    13,
  ), // 14
  element(
    { selector: 'button.subscribe', tag: 'button', role: 'button', name: 'Subscribe', text: 'Subscribe' },
    950,
    8,
  ), // 15
  element(
    {
      selector: 'footer',
      tag: 'footer',
      role: 'contentinfo',
      text: 'This page was last edited on 5 March 2021, at 10:00. Text is available under a licence.',
    },
    1100,
    null,
  ), // 16
  element(
    { selector: '#lastmod', tag: 'li', text: 'This page was last edited on 5 March 2021, at 10:00.' },
    1100,
    16,
  ), // 17
  element({ selector: '#licence', tag: 'li', text: 'Text is available under a licence.' }, 1140, 16), // 18
];
/** A site's logo link at the top holding one picture (`img` or `svg`) whose alt is `alt`, as views. */
function logoLink(tag: string, alt: string): ReturnType<typeof viewsOf> {
  return viewsOf([
    element(
      {
        selector: 'a.logo',
        tag: 'a',
        role: 'link',
        attributes: { class: 'site-logo', href: '/' },
        box: { x: 0, y: 0, width: 240, height: 50 },
      },
      0,
      null,
    ),
    element(
      { selector: `a.logo ${tag}`, tag, attributes: { alt }, box: { x: 0, y: 0, width: 230, height: 50 } },
      0,
      0,
    ),
  ]);
}

/**
 * A box of `tag` at `y`, `height` px tall, whose text is its `h2` `heading` and then `rest`, to stand
 * at index `at` of a page: the box, then its heading.
 */
function headedBox(
  selector: string,
  tag: string,
  heading: string,
  rest: string,
  y: number,
  height: number,
  at: number,
): PageElement[] {
  return [
    element({ selector, tag, text: `${heading} ${rest}`, box: wide(height) }, y, null),
    element({ selector: `${selector} h2`, tag: 'h2', role: 'heading', level: 2, text: heading }, y, at),
  ];
}

/** The selector of the element {@link soleEvident} finds on `page` for a description; undefined for none. */
function evidentOn(page: PageElement[]): (description: string) => string | undefined {
  const pageViews = viewsOf(page);
  return (description) => page[soleEvident(description, parseDescription(description), pageViews)]?.selector;
}
const evident = evidentOn(PAGE);

describe('the items a description lists and the phrase it quotes', () => {
  it('reads items in parentheses, or run together with a last "and"', () => {
    expect(listedItems('the section navigation (Biz & IT, Tech, Science...)')).toEqual([
      'biz it',
      'tech',
      'science',
    ]);
    expect(listedItems('the sidebar with Navigation, Interaction, Tools and Languages')).toEqual([
      'navigation',
      'interaction',
      'tools',
      'languages',
    ]);
    expect(listedItems('the repository tabs (Code, Issues, Pull requests…)')).toEqual([
      'code',
      'issues',
      'pull requests',
    ]);
    // A kind word in lower case before the head noun may name what the items are: read both ways.
    expect(listedReadings('the print, save and share buttons')).toEqual([
      ['print', 'save', 'share'],
      ['print', 'save'],
    ]);
    expect(listedReadings('the menu with home, search, login and cart')).toEqual([
      ['home', 'search', 'login', 'cart'],
    ]);
    // A word in lower case before names written capitalised may say what they are: read both ways.
    expect(listedReadings('the two highlighted tools, WebIDE and Valence')).toEqual([
      ['tools', 'webide', 'valence'],
      ['webide', 'valence'],
    ]);
    expect(listedReadings('the sidebar with Navigation, Interaction and Tools')).toEqual([
      ['navigation', 'interaction', 'tools'],
    ]);
    // An open list ends with its last item; the first runs back to "with" when that is a few words.
    expect(listedReadings('the topics menu with Nanotechnology, Physics, Earth and so on')).toEqual([
      ['nanotechnology', 'physics', 'earth'],
    ]);
    expect(listedReadings('the menu (Home, Gear, Gaming, etc.)')).toEqual([['home', 'gear', 'gaming']]);
    expect(
      listedReadings('the main menu with Know your rights, Defending our rights, Blogs and About'),
    ).toEqual([['know your rights', 'defending our rights', 'blogs', 'about']]);
    expect(listedReadings('a list with the print, save and share buttons')).toEqual([
      ['print', 'save', 'share'],
      ['print', 'save'],
    ]);
    // "with links to Navigation, …" lists Navigation; "(…, More)" lists More; "and more" ends open.
    expect(listedReadings('the sidebar with links to Navigation, Interaction and Tools')).toEqual([
      ['navigation', 'interaction', 'tools'],
    ]);
    expect(listedReadings('the tabs (Overview, Reviews, More)')).toEqual([['overview', 'reviews', 'more']]);
    expect(listedReadings('the menu (Home, World, Sport and more)')).toEqual([['home', 'world', 'sport']]);
    // A long description of commas and spaces is read at once (the pattern used to backtrack for minutes).
    expect(listedReadings(('a,' + ' '.repeat(60)).repeat(8))).toEqual([]);
    expect(listedItems('the main navigation')).toEqual([]);
    expect(listedItems('the logo (the one at the top)')).toEqual([]);
  });

  it('reads capitalised items after a colon, and two after "like" or "such as"', () => {
    expect(listedItems('main site menu: Home, Gear, Gaming, Video')).toEqual([
      'home',
      'gear',
      'gaming',
      'video',
    ]);
    expect(listedItems('the tabs: Overview, Asian Antiques, 2024')).toEqual([
      'overview',
      'asian antiques',
      '2024',
    ]);
    expect(listedItems('the wiki navigation links like FrontPage and RecentChanges')).toEqual([
      'frontpage',
      'recentchanges',
    ]);
    expect(listedItems('the footer links such as Privacy or Terms of Use')).toEqual([
      'privacy',
      'terms of use',
    ]);
    // Prose after a colon, two items, lower-case words, or items that do not end the description: none.
    expect(listedItems('the note: it says so, then more, then less')).toEqual([]);
    expect(listedItems('the menu: Home, Gear')).toEqual([]);
    expect(listedItems('links like the first and second ones')).toEqual([]);
    expect(listedItems('links like FrontPage and RecentChanges at the top')).toEqual([]);
    // An example is no list (a review's finding).
    expect(listedItems('the paragraph mentioning firms like Apple and Google')).toEqual([]);
    // Long runs of items and commas are read at once.
    expect(listedReadings(`: ${'Aa Bb Cc,'.repeat(300)} x`)).toEqual([]);
    expect(listedReadings(`like ${'Aa '.repeat(500)}and`)).toEqual([]);
  });

  it('reads a quoted phrase in straight, curly or single quotes, not an apostrophe', () => {
    expect(quotedPhrase('the "On this page" list')).toBe('on this page');
    expect(quotedPhrase('the “More on this story” links')).toBe('more on this story');
    expect(quotedPhrase("the 'About this item' bullet points")).toBe('about this item');
    expect(quotedPhrase("the author's name and the reader's comments")).toBeNull();
  });

  it('sees a day written in the ways pages write one', () => {
    for (const text of [
      'Mar. 5',
      '5 March 2021',
      '27. September 2018',
      '2021-03-05',
      '3/5/21',
      'Updated Jan 13, 2017',
      // A byline's spans rendered apart but read as one text: "by Lucas Nolan" + "22 Dec 2016".
      'by Lucas Nolan22 Dec 2016651',
    ])
      expect(showsSomeDay(text), text).toBe(true);
    for (const text of [
      'Market 5',
      'decade 2',
      'Chapter 12',
      'A380 Dec fleet',
      'Galaxy S24 may launch',
      'PS5 March update',
      'Windows11 Nov',
    ])
      expect(showsSomeDay(text), text).toBe(false);
  });
});

describe('the element that shows what the description names', () => {
  it('is the innermost element showing every listed item', () => {
    expect(evident('the navigation bar (News, Sport, Weather, Shop...)')).toBe('ul.sites');
    expect(evident('the Tools links (What links here, Related changes...)')).toBe('#p-tb');
    expect(evident('the sidebar with Navigation, Contents and Tools')).toBe('aside');
  });

  it('is no sentence that names the items, and no wrapper whose box lies away from the links that show them', () => {
    const form = [
      ...PAGE,
      element(
        {
          selector: '#commentform',
          tag: 'form',
          text: 'Leave a Reply Name Email Website Save my name, email, and website in this browser. Post Comment',
        },
        1500,
        null,
      ), // 19
      element(
        {
          selector: 'label.consent',
          tag: 'label',
          text: 'Save my name, email, and website in this browser.',
        },
        1600,
        19,
      ), // 20
    ];
    expect(evidentOn(form)('the Leave a Reply form with name, email and website fields')).toBe(
      '#commentform',
    );
    // The menu's own element is not in the map: its links are, below the top block whose text runs on.
    const links = ['Art', 'Jewelry', 'Furniture'].map((text, i) =>
      element({ selector: `a.cat${i}`, tag: 'a', role: 'link', text }, 1428 + 18 * i, null),
    );
    const top = element(
      { selector: '#content', tag: 'div', text: 'Find Auctions Art Jewelry Furniture Coins', box: wide(722) },
      0,
      null,
    );
    const foot = element(
      { selector: 'footer', tag: 'footer', text: 'About us', box: { ...wide(400), y: 5000 } },
      5000,
      null,
    );
    expect(evidentOn([top, ...links, foot])('the category menu (Art, Jewelry, Furniture, ...)')).toBe(
      undefined,
    );
    // A line of little else written with commas is the list ("Tags: Art, Jewelry, Furniture").
    const tags = element(
      { selector: 'div.tags', tag: 'div', text: 'Tags: Art, Jewelry, Furniture' },
      900,
      null,
    );
    expect(evidentOn([tags, foot])('the tag list with Art, Jewelry and Furniture')).toBe('div.tags');
    // Headings that show an item alone elsewhere do not turn away the menu (its links not in the map).
    const nav = element(
      { selector: 'nav', tag: 'nav', role: 'navigation', text: 'Home World Business Sport' },
      0,
      null,
    );
    const headings = ['World', 'Business'].map((text, i) =>
      element({ selector: `h2.s${i}`, tag: 'h2', role: 'heading', level: 2, text }, 1500 + 400 * i, null),
    );
    expect(evidentOn([nav, ...headings, foot])('the menu (Home, World, Business, Sport)')).toBe('nav');
    const holding = { ...top, box: wide(2000) };
    expect(evidentOn([holding, ...links, foot])('the category menu (Art, Jewelry, Furniture, ...)')).toBe(
      '#content',
    );
  });

  it('is the box a quoted title heads, not the title, and the pre around the code', () => {
    expect(evident('the "More on this story" links')).toBe('div.more');
    // Links named in the plural are the box of them, wherever the description puts it.
    expect(evident('the "More on this story" links after the story')).toBe('div.more');
    const seeAlso = [
      element(
        { selector: 'div.see', tag: 'div', text: 'See also The wine heist The burglary', box: wide(120) },
        900,
        null,
      ),
      element({ selector: 'div.see h3', tag: 'h3', role: 'heading', level: 3, text: 'See also' }, 900, 0),
      element({ selector: 'div.see a', tag: 'a', role: 'link', text: 'The wine heist' }, 940, 0),
      element({ selector: 'div.see a + a', tag: 'a', role: 'link', text: 'The burglary' }, 980, 0),
    ];
    expect(evidentOn(seeAlso)('the "See also" links after the story')).toBe('div.see');
    // A phrase that is itself one of them is that one.
    const buttons = [
      element(
        { selector: 'div.actions', tag: 'div', text: 'Add to cart Add to wishlist', box: wide(60) },
        900,
        null,
      ),
      element({ selector: 'button.cart', tag: 'button', role: 'button', text: 'Add to cart' }, 900, 0),
      element({ selector: 'button.wish', tag: 'button', role: 'button', text: 'Add to wishlist' }, 900, 0),
    ];
    expect(evidentOn(buttons)('the "Add to cart" buttons')).toBe('button.cart');
  });

  it('is the box headed by a heading of two words or more the description begins with, before more words', () => {
    const feed = [
      ...headedBox('section.feed', 'section', 'Fan Feed', 'Trending Latest The wine heist', 900, 900, 0),
      element({ selector: 'section.feed a', tag: 'a', role: 'link', text: 'The wine heist' }, 940, 0),
      ...headedBox('aside.more', 'aside', 'Related', 'The burglary', 1900, 300, 3),
    ];
    expect(evidentOn(feed)('the Fan Feed list of more stories')).toBe('section.feed');
    expect(evidentOn(feed)('the Fan Feed grid')).toBe('section.feed');
    // One word that names a kind is no title ("the related stories"); a heading the description
    // places things under means a block after it (placedUnder), never a lone link.
    expect(evidentOn(feed)('the related questions box')).toBe(undefined);
    expect(evidentOn(feed)('the stories under Fan Feed')).toBe(undefined);
    // Only a box of things after the heading's name: not something in it, nor the page's h1.
    expect(evidentOn(feed)('the Fan Feed lead headline')).toBe(undefined);
    expect(evidentOn(feed)('the Fan Feed average score')).toBe(undefined);
    const titled = feed.map((e, i) => (i === 1 ? { ...e, tag: 'h1', level: 1 } : e));
    expect(evidentOn(titled)('the Fan Feed list of more stories')).toBe(undefined);
    // A heading named in the plural heads its box: "the More on this story headlines".
    const updates = [
      ...headedBox('div.updates', 'div', 'Latest Updates', 'Rates rise again Markets fall', 900, 300, 0),
      element(
        { selector: 'div.updates h3', tag: 'h3', role: 'heading', level: 3, text: 'Rates rise again' },
        950,
        0,
      ),
      element(
        { selector: 'div.updates h3 + h3', tag: 'h3', role: 'heading', level: 3, text: 'Markets fall' },
        1000,
        0,
      ),
    ];
    expect(evidentOn(updates)('the Latest Updates headlines')).toBe('div.updates');
  });

  it('is the box a heading names up to the wrapper that shows the same text, but no wrapper more than twice as tall', () => {
    const seller = [
      element(
        {
          selector: 'div.panel',
          tag: 'div',
          text: 'Seller information shopper (8116) 99.5% positive',
          box: wide(700),
        },
        1700,
        null,
      ),
      element(
        {
          selector: 'div.content',
          tag: 'div',
          text: 'Seller information shopper (8116) 99.5% positive',
          box: wide(190),
        },
        1700,
        0,
      ),
      element(
        { selector: 'div.content h2', tag: 'h2', role: 'heading', level: 2, text: 'Seller information' },
        1700,
        1,
      ),
      element(
        { selector: 'div.note', tag: 'div', text: 'Free delivery over 50 dollars', box: wide(20) },
        3000,
        null,
      ),
      element(
        {
          selector: 'div.note span',
          tag: 'span',
          text: 'Free delivery over 50 dollars',
          box: { x: 0, y: 3000, width: 160, height: 20 },
        },
        3000,
        3,
      ),
    ];
    expect(evidentOn(seller)('the seller information box with feedback score')).toBe('div.content');
    // As wide as the page around a short line, the same thing.
    expect(evidentOn(seller)('the "Free delivery over 50 dollars" note')).toBe('div.note');
    // A wrapper that adds pictures is the box, however tall: a gallery under its title.
    const gallery = [
      element(
        {
          selector: 'section.gallery',
          tag: 'section',
          text: 'Photo Gallery The festival in pictures',
          box: wide(900),
        },
        100,
        null,
      ),
      element(
        { selector: 'div.intro', tag: 'div', text: 'Photo Gallery The festival in pictures', box: wide(110) },
        100,
        0,
      ),
      element(
        { selector: 'div.intro h2', tag: 'h2', role: 'heading', level: 2, text: 'Photo Gallery' },
        100,
        1,
      ),
      element({ selector: 'div.grid img', tag: 'img', role: 'img', box: wide(700) }, 250, 0),
    ];
    expect(evidentOn(gallery)('the Photo Gallery section')).toBe('section.gallery');
    // Not an advertisement's picture, nor one above the title.
    const ads = gallery.map((e, i) => (i === 3 ? { ...e, attributes: { class: 'ad-slot' } } : e));
    expect(evidentOn(ads)('the Photo Gallery section')).toBe('div.intro');
    expect(evident('the loop "while True: w = get_next_work()"')).toBe('pre');
  });

  it('is the button itself when a button is asked for by its label', () => {
    expect(evident('the "Subscribe" button')).toBe('button.subscribe');
  });

  it('is the line that says when the page was last edited, and no line when the publication is asked too', () => {
    expect(evident('when the page was last edited')).toBe('#lastmod');
    // Not a word that only begins so ("Editor's pick").
    const pick = PAGE.map((e) => ({ ...e, text: e.text.replace('last edited on', "Editor's pick:") }));
    expect(evidentOn(pick)('when the page was last updated')).toBe(undefined);
    // Said with another word for a change.
    const modified = PAGE.map((e) => ({ ...e, text: e.text.replace('last edited', 'last modified') }));
    expect(evidentOn(modified)('last edit date')).toBe('#lastmod');
    expect(evident('the date the page was last modified')).toBe('#lastmod');
    expect(evident('published and updated dates')).toBe(undefined);
    expect(evident('the footer')).toBe(undefined);
  });

  it('is the first copy of a menu the page repeats, the last when the footer is asked for', () => {
    const twice = [
      ...PAGE,
      element({ selector: 'ul.foot', tag: 'ul', text: 'News Sport Weather Shop More' }, 1200, 16),
    ];
    const inTwice = evidentOn(twice);
    expect(inTwice('the navigation bar (News, Sport, Weather, Shop...)')).toBe('ul.sites');
    expect(inTwice('the footer links (News, Sport, Weather, Shop)')).toBe('ul.foot');
    // Two lists that show the items among others are not one menu repeated.
    const unlike = [
      ...PAGE,
      element(
        { selector: 'ul.other', tag: 'ul', text: 'News Sport Weather Shop Radio Food Travel Music' },
        1200,
        16,
      ),
    ];
    expect(evidentOn(unlike)('the navigation bar (News, Sport, Weather, Shop...)')).toBe(undefined);
  });

  it('reads the first items in a text the map cut short, when the last shown is close to the cut', () => {
    const cut = [
      ...PAGE,
      element(
        {
          selector: '#sidebar',
          tag: 'div',
          text: `Navigation Main page ${'Portal '.repeat(10)}Interaction Help Tools Wh…`,
        },
        1300,
        null,
      ),
      element(
        {
          selector: '.crumbs',
          tag: 'div',
          text: `Navigation Interaction ${'A long story title '.repeat(8)}…`,
        },
        1400,
        null,
      ),
    ];
    expect(evidentOn(cut)('the sidebar with Navigation, Interaction, Tools and Languages')).toBe('#sidebar');
  });

  it('is no element when the items or the phrase are shown in none, or the phrase in several places', () => {
    expect(evident('the navigation (Home, Blog, Pricing)')).toBe(undefined);
    expect(evident('the "Related stories" box')).toBe(undefined);
    const quoted = [
      ...PAGE,
      element({ selector: 'p.see', tag: 'p', text: 'See "More on this story" below.' }, 300, 8),
    ];
    const more = 'the "More on this story" links';
    // Quoted twice, the phrase finds nothing; the heading it names, as the page writes it, still does.
    expect(soleEvident(more, parseDescription(more), viewsOf(quoted))).toBe(10);
  });
});

describe('an answer that shows what the description names', () => {
  it('is the answer, and cropped', () => {
    const map = storyMap(PAGE, 1400);
    for (const [description, selector] of [
      ['when the page was last edited', '#lastmod'],
      ['the Tools links (What links here, Related changes...)', '#p-tb'],
      ['the "More on this story" links', 'div.more'],
    ] as const) {
      const answer = shortlistOffline(description, map, 0).answer;
      expect(answer.selector, description).toBe(selector);
      expect(answer.confidence, description).toBeGreaterThanOrEqual(CROP_CONFIDENCE);
    }
  });

  it('is vouched for like the publication date when it says when the page was last changed', () => {
    const map = storyMap(PAGE, 1400);
    const views = viewsOf(PAGE);
    const lastmod = PAGE.findIndex((e) => e.selector === '#lastmod');
    expect(soleDate(parseDescription('when the page was last edited'), views, map)).toBe(lastmod);
    // "Modified" of a line that says "edited": another word for the same change.
    expect(soleDate(parseDescription('the date the page was last modified'), views, map)).toBe(lastmod);
    // No publication date in the page's metadata: nothing to vouch for.
    expect(soleDate(parseDescription('the publication date'), views, map)).toBe(-1);
  });

  it('is on the shortlist a model chooses from', () => {
    const map = storyMap(PAGE, 1400);
    expect(shortlistOffline('when the page was last edited', map, 1).shortlist).toContain(17);
    expect(shortlistOffline('the "More on this story" links', map, 1).shortlist).toContain(10);
  });

  it('"last" in "last edited" is not an ordinal', () => {
    expect(parseDescription('when the page was last edited').ordinal).toBeNull();
    expect(parseDescription('the last comment').ordinal).toBe(-1);
  });

  it('"first" in "first published" is not an ordinal either', () => {
    expect(parseDescription('when it was first published').ordinal).toBeNull();
    expect(parseDescription('the day the story first appeared').ordinal).toBeNull();
    expect(parseDescription('the first comment').ordinal).toBe(0);
    expect(parseDescription('when the first comment was posted').ordinal).toBe(0);
  });
});

describe('a heading the description names as the page writes it', () => {
  const page: PageElement[] = [
    element(
      {
        selector: 'main',
        tag: 'main',
        role: 'main',
        text: 'Add-ons Make it yours Themes Pick a look',
        box: wide(800),
      },
      0,
      null,
    ), // 0
    element({ selector: '#add-ons', tag: 'section', text: 'Add-ons Make it yours', box: wide(300) }, 0, 0), // 1
    element(
      { selector: '#add-ons h2', tag: 'h2', role: 'heading', level: 2, text: 'Add-ons', box: wide(40) },
      0,
      1,
    ), // 2
    element({ selector: 'p', tag: 'p', text: 'Make it yours', box: wide(40) }, 50, 1), // 3
    element(
      { selector: 'h2.themes', tag: 'h2', role: 'heading', level: 2, text: 'Themes', box: wide(40) },
      400,
      0,
    ), // 4
    element({ selector: 'p.look', tag: 'p', text: 'Pick a look', box: wide(40) }, 450, 0), // 5
    element(
      { selector: 'a.logo', tag: 'a', role: 'link', text: 'Acme', attributes: { class: 'logo', href: '/' } },
      0,
      null,
    ), // 6
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Acme' }, 900, null), // 7
  ];
  const found = (description: string): number =>
    soleEvident(description, parseDescription(description), viewsOf(page));

  it('finds the section it heads', () => {
    expect(found('the Add-ons section')).toBe(1);
  });

  it('finds nothing when the heading stands among its siblings, or a kind it is not is asked', () => {
    // "Themes" heads no element of its own: the one around it begins with "Add-ons".
    expect(found('the Themes section')).toBe(-1);
    // A heading "Acme" is not the Acme logo: the link marked as the logo is.
    expect(found('the Acme logo')).toBe(6);
    // "the article title" does not name a heading "Article".
    expect(found('the main title')).toBe(-1);
  });
});

describe("the page's running text and its share bar", () => {
  const para = (i: number, parent: number): PageElement =>
    element(
      { selector: `p.p${i}`, tag: 'p', text: `Paragraph ${i} `.repeat(8), box: wide(60) },
      300 + 70 * i,
      parent,
    );
  const social = (selector: string, network: string, y: number, parent: number): PageElement =>
    element(
      {
        selector,
        tag: 'a',
        role: 'link',
        name: `Share on ${network}`,
        attributes: { href: `https://www.${network}.com/share` },
      },
      y,
      parent,
    );
  const page: PageElement[] = [
    element({ selector: 'main', tag: 'main', role: 'main', box: wide(2000), text: 'A story' }, 0, null), // 0
    element({ selector: 'article', tag: 'article', role: 'article', box: wide(1400), text: 'A story' }, 0, 0), // 1
    element({ selector: 'div.body', tag: 'div', box: wide(1000), text: 'Paragraph 0' }, 300, 1), // 2
    para(0, 2), // 3
    para(1, 2), // 4
    para(2, 2), // 5
    para(3, 2), // 6
    element({ selector: 'p.short', tag: 'p', text: 'A caption.' }, 1400, 1), // 7
    element({ selector: 'ul.share', tag: 'ul', attributes: { class: 'share-tools' } }, 1500, 1), // 8
    social('a.fb', 'facebook', 1500, 8), // 9
    social('a.tw', 'twitter', 1500, 8), // 10
    element({ selector: 'footer', tag: 'footer', role: 'contentinfo', box: wide(200) }, 2000, null), // 11
    element({ selector: 'ul.follow', tag: 'ul' }, 2000, 11), // 12
    social('a.fb2', 'facebook', 2000, 12), // 13
    social('a.tw2', 'twitter', 2000, 12), // 14
  ];
  const views = viewsOf(page);
  const rule = evidentOn(page);

  it('is the innermost element holding most long paragraphs, when nothing more particular is asked', () => {
    expect(mainText(parseDescription('the article text'), views)).toBe(2);
    expect(rule('the story text')).toBe('div.body');
    expect(rule('the text of the question')).toBe(undefined);
    // A piece of writing named ("the body of the tutorial"), or what it is about in the words of
    // the page's `h1`; not what the headline does not say.
    expect(mainText(parseDescription('the body of the tutorial'), views)).toBe(2);
    // Other pieces of writing, and "itself".
    expect(mainText(parseDescription('the interview text'), views)).toBe(2);
    expect(mainText(parseDescription('the chapter text itself'), views)).toBe(2);
    const headed = viewsOf([
      ...page,
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Apple Pencil rumored' }, 100, 1),
    ]);
    expect(mainText(parseDescription('the text of the story about the Apple Pencil'), headed)).toBe(2);
    expect(mainText(parseDescription('the text of the story about the Apple Watch'), headed)).toBe(-1);
    expect(mainText(parseDescription('the text of the story about the Apple Pencil'), views)).toBe(-1);
  });

  it("is the story's own paragraphs when a feed of teasers below holds as many", () => {
    // The story's three paragraphs, then a feed of six linked cards each with its one paragraph:
    // the page's wrapper holds most paragraphs, but the story's box says the most.
    const teaser = (i: number): PageElement[] => [
      element({ selector: `a.t${i}`, tag: 'a', role: 'link', box: wide(90) }, 3000 + 100 * i, 6),
      element(
        { selector: `a.t${i} p`, tag: 'p', text: `Teaser ${i} `.repeat(10), box: wide(60) },
        3000 + 100 * i,
        7 + 2 * i,
      ),
    ];
    const feed = [
      element({ selector: 'div.page', tag: 'div', box: wide(4000) }, 0, null), // 0
      element({ selector: 'div.wrap', tag: 'div', box: wide(800) }, 0, 0), // 1
      element({ selector: 'section.story', tag: 'section', box: wide(300) }, 300, 1), // 2
      para(0, 2), // 3
      para(1, 2), // 4
      para(2, 2), // 5
      element({ selector: 'div.feed', tag: 'div', box: wide(700) }, 3000, 0), // 6
      ...[0, 1, 2, 3, 4, 5].flatMap(teaser),
    ];
    expect(mainText(parseDescription('the article text'), viewsOf(feed))).toBe(2);
    // A listicle: its intro, then sections each with a heading and one paragraph, beside it in the
    // story's box: all of it is the story.
    const section = (i: number): PageElement[] => [
      element({ selector: `section.s${i}`, tag: 'section', box: wide(90) }, 700 + 100 * i, 1),
      element(
        { selector: `section.s${i} p`, tag: 'p', text: `Point ${i} `.repeat(12), box: wide(60) },
        700 + 100 * i,
        6 + 2 * i,
      ),
    ];
    const listicle = [...feed.slice(0, 6), ...[0, 1, 2, 3, 4, 5].flatMap(section)];
    expect(mainText(parseDescription('the article text'), viewsOf(listicle))).toBe(1);
  });

  it('is vouched for, the share bar and the running text, not what no rule found', () => {
    const share = evidentFound('the share buttons', parseDescription('the share buttons'), views);
    expect(share).toEqual({ index: 8, rule: 'share' });
    expect(vouchedEvident(share)).toBe(8);
    const text = evidentFound('the story text', parseDescription('the story text'), views);
    expect(text).toEqual({ index: 2, rule: 'text' });
    expect(vouchedEvident(text)).toBe(2);
    expect(vouchedEvident(evidentFound('the comments', parseDescription('the comments'), views))).toBe(-1);
  });

  it('reads no layout wrapper as an aside: a `has-sidebar` page around the story', () => {
    const laidOut = [
      element(
        {
          selector: 'div.layout',
          tag: 'div',
          attributes: { class: 'container has-sidebar' },
          box: wide(3000),
        },
        0,
        null,
      ), // 0
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, 0), // 1
      element({ selector: 'div.entry-content', tag: 'div', box: wide(1200) }, 100, 0), // 2
      ...[0, 1, 2, 3, 4].map((i) => para(i, 2)),
      element({ selector: 'section.newsletter', tag: 'section', box: wide(400) }, 2000, 0), // 8
      ...[5, 6].map((i) => para(i, 8)),
    ];
    expect(mainText(parseDescription('the article text'), viewsOf(laidOut))).toBe(2);
  });

  it("leaves out what stands beside the story: the comments' paragraphs are not its text", () => {
    const comment = (i: number, parent: number): PageElement =>
      element(
        { selector: `p.c${i}`, tag: 'p', text: `Comment ${i} `.repeat(10), box: wide(60) },
        2100 + 70 * i,
        parent,
      );
    const commented = [
      ...page,
      element(
        { selector: '#comments', tag: 'section', attributes: { id: 'comments' }, box: wide(600) },
        2100,
        0,
      ), // 15
      ...[0, 1, 2, 3, 4, 5].map((i) => comment(i, 15)),
    ];
    // Ten long paragraphs, six of them comments: the story's four still make the running text.
    expect(mainText(parseDescription('the post content'), viewsOf(commented))).toBe(2);
  });

  it('is on the shortlist a model chooses from when neither the matcher nor the ranker put it first', () => {
    // The hand matcher and the ranker's best are both the article; the running text is the div inside it.
    expect(shortlistOffline('the story text', storyMap(page, 2000), 1).shortlist).toEqual([1, 2]);
  });

  it("is no row of the site's own accounts when no bar says share", () => {
    // Neither row is marked or labelled "share": the one that says "Follow" is the site's accounts.
    const rows = [
      ...page.map((e, i) => (i === 8 ? { ...e, attributes: { class: 'social-icons' } } : e)),
      element(
        {
          selector: 'ul.top',
          tag: 'ul',
          attributes: { class: 'social-media-buttons' },
          text: 'Find us on Facebook Follow us on Twitter',
        },
        100,
        1,
      ), // 15
      element(
        { selector: 'a.fb3', tag: 'a', role: 'link', name: 'Facebook', attributes: { href: '/daily' } },
        100,
        15,
      ),
      element(
        { selector: 'a.tw3', tag: 'a', role: 'link', name: 'Twitter', attributes: { href: '/daily' } },
        100,
        15,
      ),
    ];
    const unmarked = rows.map((e, i) =>
      i === 9 ? { ...e, name: 'Facebook' } : i === 10 ? { ...e, name: 'Twitter' } : e,
    );
    expect(shareBar(parseDescription('the share buttons'), viewsOf(unmarked))).toBe(8);
    const both = unmarked.map((e, i) => (i === 15 ? { ...e, text: 'Facebook Twitter' } : e));
    expect(shareBar(parseDescription('the share buttons'), viewsOf(both))).toBe(-1);
  });

  it('is the one group of share links outside the footer', () => {
    expect(shareBar(parseDescription('the share buttons'), views)).toBe(8);
    expect(rule('the social share links')).toBe('ul.share');
    const twice = [
      ...page,
      element({ selector: 'ul.top', tag: 'ul', attributes: { class: 'share-top' } }, 100, 1),
      social('a.fb3', 'facebook', 100, 15),
      social('a.tw3', 'twitter', 100, 15),
    ];
    const twiceViews = viewsOf(twice);
    expect(shareBar(parseDescription('the share buttons'), twiceViews)).toBe(-1);
    expect(shareBar(parseDescription('the share buttons at the top'), twiceViews)).toBe(15);
    expect(shareBar(parseDescription('the share buttons at the end'), twiceViews)).toBe(8);
    // Not a bar in the comments after it.
    const commented = viewsOf([
      ...twice,
      element(
        {
          selector: 'aside.comments',
          tag: 'aside',
          attributes: { class: 'comments' },
          text: 'Share on Facebook Share on Twitter',
          box: { x: 0, y: 3000, width: 800, height: 300 },
        },
        3000,
        null,
      ),
      element(
        {
          selector: 'aside.comments a.fb',
          tag: 'a',
          attributes: { class: 'facebook share' },
          text: 'Share on Facebook',
        },
        3050,
        twice.length,
      ),
      element(
        {
          selector: 'aside.comments a.tw',
          tag: 'a',
          attributes: { class: 'twitter share' },
          text: 'Share on Twitter',
        },
        3050,
        twice.length,
      ),
    ]);
    const afterStory = 'the share buttons below the article';
    expect(shareBar(parseDescription(afterStory), commented, afterStory)).toBe(8);
    const below = 'the Facebook and Twitter share links below the article';
    expect(shareBar(parseDescription(below), twiceViews, below)).toBe(8);
    // Under the byline or the headline: the first bar below the headline, not the masthead's above it.
    const headed = [
      ...twice,
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 200, 1), // 18
    ];
    const headedViews = viewsOf(headed);
    expect(shareBar(parseDescription('the share buttons under the headline'), headedViews)).toBe(8);
    expect(shareBar(parseDescription('share tools below the byline'), headedViews)).toBe(8);
    // No headline to go by: as for "the share buttons", none of two bars.
    expect(shareBar(parseDescription('the share buttons under the byline'), twiceViews)).toBe(-1);
  });

  it('counts a bar whose links say "Share on …" as one that says share, and is no bar for more buttons', () => {
    // Icons named only by their network, in a bar at the top whose text says "Share on Facebook", and
    // in one at the end inside a box classed "submeta__share".
    const icon = (selector: string, network: string, y: number, parent: number): PageElement =>
      element(
        {
          selector,
          tag: 'a',
          role: 'link',
          name: network,
          attributes: { href: `https://www.${network}.com/x` },
        },
        y,
        parent,
      );
    // An article with two bars of two icons: `first` (index 1) at `y`, and at 3800 or `at` a `ul` (5)
    // inside a wrapper classed `box` (4).
    const twoBars = (first: PageElement, y: number, networks: [string, string], box: string, at = 3800) =>
      viewsOf([
        element({ selector: 'article', tag: 'article', role: 'article', box: wide(4000) }, 0, null), // 0
        first, // 1
        icon('a.n1', networks[0], y, 1),
        icon('a.n2', networks[1], y, 1),
        element({ selector: 'div.wrap', tag: 'div', attributes: { class: box } }, at, 0), // 4
        element({ selector: 'ul.bar', tag: 'ul' }, at, 4), // 5
        icon('a.fb', 'facebook', at, 5),
        icon('a.tw', 'twitter', at, 5),
      ]);
    const top = element(
      {
        selector: 'ul.top',
        tag: 'ul',
        attributes: { class: 'social--top' },
        text: 'Share on Facebook Share on Twitter',
      },
      100,
      0,
    );
    const said = twoBars(top, 100, ['facebook', 'twitter'], 'submeta__share');
    expect(shareBar(parseDescription('share buttons near the top'), said)).toBe(1);
    expect(shareBar(parseDescription('the share buttons at the end'), said)).toBe(5);
    for (const more of [
      'the recommend, bookmark and share buttons at the top',
      'the recommend and share buttons at the top',
    ])
      expect(shareBar(parseDescription(more), said), more).toBe(-1);
    for (const bar of [
      'the Twitter and Facebook share buttons at the top',
      'the Share, Tweet and Pin buttons at the top',
      'the share, print and email buttons at the top',
    ])
      expect(shareBar(parseDescription(bar), said), bar).toBe(1);
    // A tip box that says "Share your story" beside a WhatsApp and an email link says no share.
    const tip = element(
      { selector: 'div.tip', tag: 'div', attributes: { class: 'tip' }, text: 'Got a tip? Share your story' },
      300,
      0,
    );
    const tipped = twoBars(tip, 300, ['whatsapp', 'email'], 'article-share', 600);
    expect(shareBar(parseDescription('share buttons near the top'), tipped)).toBe(5);
    const feedback = viewsOf(
      tipped.map((v) =>
        v.index === 1 ? { ...v.element, text: 'Share feedback: what do you think?' } : v.element,
      ),
    );
    expect(shareBar(parseDescription('share buttons near the top'), feedback)).toBe(5);
  });
});

describe('a code block by the names of code it shows', () => {
  const page: PageElement[] = [
    element(
      { selector: 'article', tag: 'article', role: 'article', box: wide(2000), text: 'A post' },
      0,
      null,
    ), // 0
    element({ selector: 'pre.a', tag: 'pre', text: 'fetch("/data.json").then(function(res) { … })' }, 100, 0), // 1
    element(
      { selector: 'pre.a code', tag: 'code', text: 'fetch("/data.json").then(function(res) { … })' },
      100,
      1,
    ), // 2
    element({ selector: 'pre.b', tag: 'pre', text: 'var u = new URLSearchParams(); fetch(url)' }, 300, 0), // 3
    element(
      { selector: 'pre.c', tag: 'pre', text: 'CREATE TABLE server_log_summary AS (period timestamptz);' },
      500,
      0,
    ), // 4
    element(
      { selector: 'p', tag: 'p', text: 'We store it in server_log_summary with CREATE TABLE.' },
      450,
      0,
    ), // 5
  ];
  const views = viewsOf(page);

  it('reads names of code as written, not words, abbreviations or brand names', () => {
    expect(codeNames('the CREATE TABLE statement for server_log_summary')).toEqual([
      'CREATE TABLE',
      'server_log_summary',
    ]);
    expect(codeNames('the code that builds a URLSearchParams')).toEqual(['URLSearchParams']);
    expect(codeNames('the call to getElementById() and flickr.interestingness.getList')).toEqual([
      'getElementById()',
      'flickr.interestingness.getList',
    ]);
    expect(codeNames('the SQL query in the JavaScript example by McDonald')).toEqual([]);
  });

  it('is the one block that shows them all, the outermost of the same', () => {
    expect(codeShowing('the CREATE TABLE statement for server_log_summary', views)).toBe(4);
    expect(codeShowing('the example that builds a URLSearchParams', views)).toBe(3);
    // fetch() is in two blocks.
    expect(codeShowing('the fetch() example', views)).toBe(-1);
    expect(codeShowing('the SQL query', views)).toBe(-1);
  });
});

describe('a code block by what the description says of it', () => {
  const page: PageElement[] = [
    element(
      { selector: 'article', tag: 'article', role: 'article', box: wide(3000), text: 'A post' },
      0,
      null,
    ), // 0
    classed('div.highlight-source-go', 'highlight highlight-source-go', 'import "os"', 100, 0, 'div'), // 1
    element({ selector: 'div.highlight-source-go pre', tag: 'pre', text: 'import "os"' }, 100, 1), // 2
    classed('div.highlight-source-python', 'highlight highlight-source-python', 'import os', 300, 0, 'div'), // 3
    element({ selector: 'div.highlight-source-python pre', tag: 'pre', text: 'import os' }, 300, 3), // 4
    classed(
      'pre.language-cpp',
      'language-cpp',
      '// hello.cpp #include <stdio.h> int main() { printf("hello"); }',
      500,
      0,
    ), // 5
    classed(
      'pre.language-bash',
      'language-bash',
      '$ emcc hello.cpp -O3 -o hello.wasm $ wasmer run hello.wasm',
      700,
      0,
    ), // 6
    element({ selector: 'p', tag: 'p', text: 'Compile hello.cpp and run it with wasmer.' }, 650, 0), // 7
  ];
  const views = viewsOf(page);
  const found = (d: string): string | undefined => page[codeFound(d, parseDescription(d), views)]?.selector;

  it('is the block in the language the description names, by its classes', () => {
    expect(found('the Go import snippet')).toBe('div.highlight-source-go pre');
    expect(found('the Python code')).toBe('div.highlight-source-python pre');
  });

  it('is the block that shows most of the words and files it says, far ahead of the others', () => {
    expect(found('the shell commands that compile hello.cpp and run it with wasmer')).toBe(
      'pre.language-bash',
    );
    // A file's name says its language too; "hello" alone is in two blocks, and nothing else tells them apart.
    expect(found('the hello.cpp code')).toBe('pre.language-cpp');
    expect(found('the hello code')).toBeUndefined();
    expect(found('the import snippet')).toBeUndefined();
  });

  it('counts the runs of words a command shows as it is written ("python -m venv", "wasmer run")', () => {
    expect(codePhrases('the command with python -m venv')).toEqual(
      expect.arrayContaining([' python -m ', ' -m venv ', ' python -m venv ']),
    );
    expect(found('the wasmer run command')).toBe('pre.language-bash');
    const venv: PageElement[] = [
      element({ selector: 'article', tag: 'article', box: wide(3000) }, 0, null), // 0
      classed('pre.tree', 'tree', 'venv/ bin/ python pip activate', 100, 0), // 1
      classed('pre.make', 'shell', '$ python -m venv env', 300, 0), // 2
      classed('pre.pip', 'shell', '$ pip install requests', 500, 0), // 3
    ];
    const d = 'the command that creates a virtual environment with python -m venv';
    expect(venv[codeFound(d, parseDescription(d), viewsOf(venv))]?.selector).toBe('pre.make');
  });

  it('reads a language only where it names one: not "go into", not a node, not console.log', () => {
    const shell: PageElement[] = [
      element({ selector: 'article', tag: 'article', box: wide(3000) }, 0, null), // 0
      classed('pre.go', 'language-go', 'package main func main() {}', 100, 0), // 1
      classed('pre.sh', 'language-bash', '$ cd hello $ ls', 300, 0), // 2
      classed('pre.js', 'language-js', 'console.log(tree.value)', 500, 0), // 3
      classed('pre.py', 'language-python', 'for n in tree: print(n.value)', 700, 0), // 4
      classed('pre.main', 'language-python', 'import sys', 900, 0), // 5
      classed('pre.run', 'language-bash', '$ python3 main.py', 1100, 0), // 6
    ];
    const shellViews = viewsOf(shell);
    const at = (d: string): string | undefined =>
      shell[codeFound(d, parseDescription(d), shellViews)]?.selector;
    expect(at('the command to go into the hello folder')).not.toBe('pre.go');
    expect(at('the Python code that prints each node value')).toBe('pre.py');
    expect(at('the code with console.log')).not.toBe('pre.sh');
    // A file named in a command is not the file: the Python block, or none, never the shell line.
    expect(at('the main.py code')).not.toBe('pre.run');
  });

  it('counts the blocks for an ordinal, in the language named; none when no code is asked for; the only block when there is one', () => {
    expect(found('the second code block')).toBe('div.highlight-source-python pre');
    expect(found('the last code sample')).toBe('pre.language-bash');
    expect(found('the first Python snippet')).toBe('div.highlight-source-python pre');
    expect(found('the second snippet with printf()')).toBeUndefined();
    expect(found('the first snippet with printf()')).toBe('pre.language-cpp');
    expect(found('the second Go snippet')).toBeUndefined();
    expect(found('the Go import paragraph')).toBeUndefined();
    const one = [page[0], { ...page[5], parent: 0 }].filter((e): e is PageElement => e !== undefined);
    expect(one[codeFound('the code block', parseDescription('the code block'), viewsOf(one))]?.selector).toBe(
      'pre.language-cpp',
    );
    // Not when it is in another language than the one asked for.
    expect(codeFound('the Python snippet', parseDescription('the Python snippet'), viewsOf(one))).toBe(-1);
  });

  it('counts every block for an ordinal in a language when no block says its language', () => {
    const plainBlocks = [
      element(
        { selector: 'pre.a', tag: 'pre', role: 'code', text: 'import os\nprint(os.getcwd())' },
        100,
        null,
      ),
      element({ selector: 'pre.b', tag: 'pre', role: 'code', text: 'python manage.py test' }, 300, null),
    ];
    const d = 'the first code example, the Python test file starting with import os';
    expect(plainBlocks[codeFound(d, parseDescription(d), viewsOf(plainBlocks))]?.selector).toBe('pre.a');
    // A command line or JSON is not the Python asked for, though unmarked.
    const mixed = [
      element(
        { selector: 'pre.install', tag: 'pre', role: 'code', text: '$ pip install requests' },
        100,
        null,
      ),
      element({ selector: 'pre.json', tag: 'pre', role: 'code', text: '{ "id": 1 }' }, 200, null),
      element({ selector: 'pre.get', tag: 'pre', role: 'code', text: 'import requests' }, 300, null),
    ];
    const first = 'the first Python code block';
    expect(mixed[codeFound(first, parseDescription(first), viewsOf(mixed))]?.selector).toBe('pre.get');
  });
});

describe('an element by its id', () => {
  const page: PageElement[] = [
    element({ selector: '#page', tag: 'div', attributes: { id: 'page' }, box: wide(4000) }, 0, null), // 0
    element({ selector: '#site-title', tag: 'p', attributes: { id: 'site-title' }, text: 'A blog' }, 0, 0), // 1
    element(
      {
        selector: '#site-navigation',
        tag: 'nav',
        role: 'navigation',
        attributes: { id: 'site-navigation' },
        text: 'Home About',
      },
      40,
      0,
    ), // 2
    element(
      {
        selector: '#mobile-navigation',
        tag: 'nav',
        role: 'navigation',
        attributes: { id: 'mobile-navigation' },
        text: 'Home About',
      },
      80,
      0,
    ), // 3
    element(
      { selector: '#searchInput', tag: 'input', role: 'searchbox', attributes: { id: 'searchInput' } },
      120,
      0,
    ), // 4
    element(
      {
        selector: '#sidebar',
        tag: 'aside',
        role: 'complementary',
        attributes: { id: 'sidebar' },
        text: 'Recent posts',
      },
      200,
      0,
    ), // 5
    element(
      {
        selector: '#comments',
        tag: 'div',
        attributes: { id: 'comments' },
        box: wide(900),
        text: '2 comments',
      },
      2000,
      0,
    ), // 6
    element(
      { selector: '#comment-1', tag: 'article', attributes: { id: 'comment-1' }, text: 'Nice post' },
      2100,
      6,
    ), // 7
    element(
      {
        selector: '#commentform',
        tag: 'form',
        role: 'form',
        attributes: { id: 'commentform' },
        text: 'Leave a reply',
      },
      2600,
      6,
    ), // 8
  ];
  const views = viewsOf(page);
  const byId = (d: string): string | undefined => page[namedById(d, parseDescription(d), views)]?.selector;

  it("is the element whose id says what is asked, in the description's words or words that say nothing", () => {
    expect(byId('the main navigation')).toBe('#site-navigation');
    expect(byId('the sidebar')).toBe('#sidebar');
    expect(byId('the reader comments')).toBe('#comments');
    // The id that says the most of it: the form, not the comments around it.
    expect(byId('the comment form')).toBe('#commentform');
  });

  it("is none for another kind, a field's id, a title, an ordinal, or a description no id says", () => {
    expect(byId('when the first comment was written')).toBeUndefined();
    expect(byId('the search box')).toBeUndefined();
    expect(byId('the post title')).toBeUndefined();
    expect(byId('the second comment')).toBeUndefined();
    expect(byId('the share buttons')).toBeUndefined();
    expect(byId('the mobile menu')).toBe('#mobile-navigation');
  });

  it('is the one element whose id is the one word of a description that names no kind', () => {
    const docs = [
      ...page,
      element(
        { selector: '#readme', tag: 'div', attributes: { id: 'readme' }, text: 'How to use it' },
        3000,
        0,
      ),
      element({ selector: '#user-content-faq', tag: 'h2', attributes: { id: 'user-content-faq' } }, 3100, 0),
    ];
    const views = viewsOf(docs);
    const named = (description: string): number =>
      namedById(description, parseDescription(description), views);
    expect(named('the README')).toBe(docs.length - 2);
    expect(named('README')).toBe(docs.length - 2);
    // More words, another id, or an ordinal: none.
    expect(named('the README install steps')).toBe(-1);
    expect(named('FAQ')).toBe(-1);
    expect(named('the second README')).toBe(-1);
  });

  it('is else the one element, no link or control, with a class that is the word', () => {
    const song = [
      ...page,
      element(
        {
          selector: 'div.song_body-lyrics',
          tag: 'div',
          attributes: { class: 'song_body-lyrics' },
          text: 'Lyrics',
        },
        3000,
        0,
      ), // n - 3
      element(
        { selector: 'div.lyrics', tag: 'div', attributes: { class: 'lyrics wide' }, text: 'I never meant' },
        3050,
        page.length,
      ), // n - 2
      element(
        { selector: 'a.credits', tag: 'a', role: 'link', attributes: { class: 'credits' }, name: 'Credits' },
        3900,
        0,
      ), // n - 1
    ];
    const views = viewsOf(song);
    const named = (description: string): number =>
      namedById(description, parseDescription(description), views);
    expect(named('the lyrics')).toBe(song.length - 2);
    expect(named('lyrics')).toBe(song.length - 2);
    // A link's class, a class only begun with the word, two elements so classed: none.
    expect(named('the credits')).toBe(-1);
    const boxed = viewsOf([
      ...song,
      element({ selector: 'div.wrap', tag: 'div', attributes: { class: 'wrapper' } }, 10, null),
    ]);
    expect(namedById('the wrapper', parseDescription('the wrapper'), boxed)).toBe(-1);
    // A style's or a state's class is no name: "the highlights" is no `.highlight` stat box.
    const styled = viewsOf([
      ...song,
      element(
        { selector: 'div.stat', tag: 'div', attributes: { class: 'stat highlight' }, text: '42' },
        10,
        null,
      ),
    ]);
    expect(namedById('the highlights', parseDescription('the highlights'), styled)).toBe(-1);
    const section = viewsOf([
      ...song,
      element(
        { selector: 'section.hl', tag: 'section', attributes: { class: 'highlights' }, text: 'Goals' },
        10,
        null,
      ),
    ]);
    expect(namedById('the highlights', parseDescription('the highlights'), section)).toBe(song.length);
    expect(named('the song')).toBe(-1);
    const twice = viewsOf([
      ...song,
      element({ selector: 'p.lyrics', tag: 'p', attributes: { class: 'lyrics' } }, 3100, 0),
    ]);
    expect(namedById('the lyrics', parseDescription('the lyrics'), twice)).toBe(-1);
  });

  it('makes the locator crop when it chose that element, however unsure the ranker is between two menus', () => {
    const map = storyMap(page, 4000);
    const answer = shortlistOffline('the main navigation', map, 0).answer;
    expect(answer.selector).toBe('#site-navigation');
    expect(answer.confidence).toBeGreaterThanOrEqual(CROP_CONFIDENCE);
  });
});

describe('an element by its id or class, on what a page names for other reasons', () => {
  const page: PageElement[] = [
    element(
      {
        selector: 'div.page-with-sidebar',
        tag: 'div',
        attributes: { class: 'layout page-with-sidebar showing-comments' },
        box: wide(4000),
      },
      0,
      null,
    ), // 0
    element(
      {
        selector: '#site-navigation',
        tag: 'nav',
        role: 'navigation',
        attributes: { id: 'site-navigation' },
        box: { x: 0, y: 40, width: 1264, height: 60 },
      },
      40,
      0,
    ), // 1
    element(
      {
        selector: '#menu-main-menu',
        tag: 'ul',
        role: 'list',
        attributes: { id: 'menu-main-menu' },
        box: { x: 0, y: 40, width: 600, height: 60 },
      },
      40,
      1,
    ), // 2
    element(
      {
        selector: '#pull-requests-tab',
        tag: 'a',
        role: 'link',
        attributes: { id: 'pull-requests-tab' },
        text: 'Pull requests',
      },
      120,
      0,
    ), // 3
    element(
      {
        selector: 'aside.sidebar',
        tag: 'aside',
        role: 'complementary',
        attributes: { class: 'widget-area sidebar' },
        box: { x: 900, y: 200, width: 300, height: 900 },
      },
      200,
      0,
    ), // 4
    element(
      { selector: 'section.share', tag: 'section', attributes: { class: 'share' }, text: 'Facebook Twitter' },
      1200,
      0,
    ), // 5
    element(
      {
        selector: '#comments',
        tag: 'div',
        attributes: { id: 'comments', class: 'comments' },
        box: { x: 0, y: 2000, width: 800, height: 900 },
      },
      2000,
      0,
    ), // 6
    element(
      { selector: '#comment-2', tag: 'article', attributes: { id: 'comment-2' }, text: 'John: great post' },
      2100,
      6,
    ), // 7
    element(
      { selector: '#comment-3', tag: 'article', attributes: { id: 'comment-3' }, text: 'Mary: thanks' },
      2400,
      6,
    ), // 8
  ];
  const views = viewsOf(page);
  const byId = (d: string): string | undefined => page[namedById(d, parseDescription(d), views)]?.selector;
  const byClass = (d: string): string | undefined =>
    page[namedByClass(d, parseDescription(d), views)]?.selector;

  it('is the box of them only when the description asks for them, not one of them', () => {
    expect(byId('the comments')).toBe('#comments');
    expect(byId('the comment section')).toBe('#comments');
    expect(byId('the comment by John')).toBeUndefined();
    expect(byClass('the comment by John')).toBeUndefined();
  });

  it('is not a layout whose class names what it holds, nor what a parenthesis lists', () => {
    expect(byClass('the sidebar')).toBe('aside.sidebar');
    expect(byClass('the share section')).toBe('section.share');
    expect(byId('the repository tabs (Code, Issues, Pull requests)')).toBeUndefined();
  });

  it("is no `.text` that holds none of the page's running text for the article text", () => {
    const para = (y: number, parent: number): PageElement =>
      element(
        { selector: `p.at${y}`, tag: 'p', text: 'A sentence of the story, and another one.' },
        y,
        parent,
      );
    const story = [
      element({ selector: 'article', tag: 'article', role: 'article', box: wide(1200) }, 100, null), // 0
      para(100, 0),
      para(200, 0),
      para(300, 0),
      element({ selector: '#about-author', tag: 'div', attributes: { id: 'about-author' } }, 1400, null), // 4
      element(
        {
          selector: 'div.text',
          tag: 'div',
          attributes: { class: 'text' },
          text: 'Michael is the principal author.',
        },
        1420,
        4,
      ), // 5
      para(1420, 5),
      element({ selector: 'footer', tag: 'footer', box: { ...wide(2000), y: 1600 } }, 1600, null),
    ];
    const storyViews = viewsOf(story);
    const named = (d: string, list: PageElement[], v: ElementView[]): string | undefined =>
      list[namedByClass(d, parseDescription(d), v)]?.selector;
    expect(named('the article text', story, storyViews)).toBeUndefined();
    // The same class on the block that holds the story's paragraphs names it.
    const held = story.map((e, i) => (i === 0 ? { ...e, attributes: { class: 'text' } } : e));
    expect(named('the article text', held, viewsOf(held))).toBe('article');
    // On a page whose text is in `div`s, not paragraphs, the class still names it.
    const divs = [
      element(
        {
          selector: '#story-text',
          tag: 'div',
          attributes: { id: 'story-text' },
          text: 'The story, told in divs.',
        },
        100,
        null,
      ),
      element({ selector: 'footer', tag: 'footer', box: { ...wide(2000), y: 1600 } }, 1600, null),
    ];
    expect(
      divs[namedById('the story text', parseDescription('the story text'), viewsOf(divs))]?.selector,
    ).toBe('#story-text');
  });

  it('is no control whose class says only "button" when the description says what the button does', () => {
    const bar = [
      element({ selector: 'header', tag: 'header', role: 'banner', box: wide(100) }, 0, null), // 0
      element(
        {
          selector: 'a.button',
          tag: 'a',
          role: 'link',
          text: 'Newsletter',
          attributes: { class: 'button mb-cta', href: '/newsletter' },
        },
        20,
        0,
      ), // 1
      element(
        {
          selector: 'a.wprm-recipe-print',
          tag: 'a',
          role: 'link',
          text: 'Rezept drucken',
          attributes: { class: 'wprm-recipe-print wprm-recipe-link', href: '/print/1' },
        },
        900,
        null,
      ), // 2
      element({ selector: 'footer', tag: 'footer', box: { ...wide(2000), y: 1600 } }, 1600, null),
    ];
    const v = viewsOf(bar);
    const named = (d: string): string | undefined => bar[namedByClass(d, parseDescription(d), v)]?.selector;
    // A leckerschmecker.me recipe: its one `.button` is the newsletter's, cropped as "the print button".
    expect(named('the print button')).toBeUndefined();
    expect(named('the login button')).toBeUndefined();
    const answer = locateOffline('the print button', storyMap(bar, 2000));
    expect(answer.selector === 'a.button' && answer.confidence >= 0.6).toBe(false);
    // Asked for a button and nothing more, the class names it.
    expect(named('the button')).toBe('a.button');
  });

  it("doubts a logo far down the page as the site's logo when the first window shows one", () => {
    // eMAG: the site's logo is an unmarked picture in the link home; a "Marketplace" logo is 6,900 px down.
    const shop = [
      element({ selector: 'header', tag: 'header', role: 'banner', box: wide(80) }, 0, null), // 0
      element({ selector: 'a.home', tag: 'a', role: 'link', attributes: { href: '/' } }, 20, 0), // 1
      element(
        {
          selector: 'img.brand',
          tag: 'img',
          role: 'img',
          attributes: { alt: 'eMAG', src: '73695.svg' },
          box: { x: 16, y: 20, width: 136, height: 30 },
        },
        20,
        1,
      ), // 2
      element(
        {
          selector: 'img.mktp-logo-img',
          tag: 'img',
          role: 'img',
          attributes: { class: 'lozad mktp-logo-img', alt: 'eMAG Marketplace', src: 'mktp-logo.png' },
          box: { x: 16, y: 6884, width: 136, height: 20 },
        },
        6884,
        null,
      ), // 3
    ];
    const map = storyMap(shop, 9000);
    const v = viewsOf(shop);
    const far = (d: string, list = v, m = map): boolean =>
      logoFarDown(parseDescription(d), list[3]!, list, m);
    expect(far('the logo')).toBe(true);
    expect(far('the site logo at the top')).toBe(true);
    const answer = locateOffline('the logo', map);
    expect(answer.selector === 'img.mktp-logo-img' && answer.confidence >= 0.6).toBe(false);
    // Asked where it is, or by its brand, or on a page whose first window shows no logo: not doubted.
    expect(far('the logo at the bottom of the page')).toBe(false);
    expect(far('the logo in the footer')).toBe(false);
    expect(far('the Marketplace logo')).toBe(false);
    const bare = shop.map((e, i) => (i === 2 ? { ...e, box: { ...e.box, width: 16, height: 16 } } : e));
    expect(far('the logo', viewsOf(bare), storyMap(bare, 9000))).toBe(false);
    const near = shop.map((e, i) => (i === 3 ? { ...e, box: { ...e.box, y: 900 } } : e));
    expect(far('the logo', viewsOf(near), storyMap(near, 9000))).toBe(false);
  });

  it('counts each word said once: the navigation, not its menu of the menu', () => {
    expect(byId('the main navigation menu')).toBe('#site-navigation');
  });

  it('reads a run-together id as two words', () => {
    const one = [
      element({ selector: 'body > div', tag: 'div', box: wide(3000) }, 0, null),
      element({ selector: '#sitenav', tag: 'nav', role: 'navigation', attributes: { id: 'sitenav' } }, 0, 0),
    ];
    expect(
      one[namedById('the site navigation', parseDescription('the site navigation'), viewsOf(one))]?.selector,
    ).toBe('#sitenav');
  });

  it('makes the locator crop by class when it chose that element', () => {
    const navs: PageElement[] = [
      element({ selector: 'body > div', tag: 'div', box: wide(3000) }, 0, null), // 0
      element(
        {
          selector: 'nav.site-navigation',
          tag: 'nav',
          role: 'navigation',
          attributes: { class: 'site-navigation' },
          text: 'Home About',
        },
        40,
        0,
      ), // 1
      element(
        {
          selector: 'nav.mobile-navigation',
          tag: 'nav',
          role: 'navigation',
          attributes: { class: 'mobile-navigation' },
          text: 'Home About',
        },
        80,
        0,
      ), // 2
    ];
    const answer = shortlistOffline('the main navigation', storyMap(navs, 3000), 0).answer;
    expect(answer.selector).toBe('nav.site-navigation');
    expect(answer.confidence).toBeGreaterThanOrEqual(CROP_CONFIDENCE);
  });
});

describe('a byline, a table of contents, a logo and a title set in a span', () => {
  const page: PageElement[] = [
    element(
      { selector: 'a.logo', tag: 'a', role: 'link', name: 'The Daily Post', attributes: { class: 'logo' } },
      0,
      null,
    ), // 0
    element({ selector: 'header p', tag: 'p', text: 'By clicking Accept you agree to our terms' }, 40, null), // 1
    element(
      { selector: 'article', tag: 'article', role: 'article', box: wide(2000), text: 'A story' },
      100,
      null,
    ), // 2
    element({ selector: 'p.byline', tag: 'p', text: 'By Jane Roe, Science reporter' }, 150, 2), // 3
    element({ selector: '#toc', tag: 'div', text: 'Contents 1 History 2 Reception', box: wide(200) }, 200, 2), // 4
    element(
      { selector: '#toc h2', tag: 'h2', role: 'heading', level: 2, text: 'Contents', box: wide(40) },
      200,
      4,
    ), // 5
    element({ selector: 'nav a.portal', tag: 'a', role: 'link', text: 'Contents' }, 1900, null), // 6
    element(
      {
        selector: 'section.trend',
        tag: 'section',
        text: 'Trending now 1. A story 2. Another',
        box: wide(300),
      },
      2100,
      null,
    ), // 7
    element({ selector: 'section.trend span', tag: 'span', text: 'Trending now' }, 2100, 7), // 8
    element(
      {
        selector: 'footer a.logo',
        tag: 'a',
        role: 'link',
        name: 'The Daily Post',
        attributes: { class: 'logo' },
      },
      2500,
      null,
    ), // 9
  ];
  const views = viewsOf(page);
  const rule = evidentOn(page);

  it('is the one line that begins "By" and a name, when who wrote it is asked', () => {
    expect(soleByline(parseDescription('the author'), views)).toBe(3);
    expect(rule("the reporter's name")).toBe('p.byline');
    expect(soleByline(parseDescription('the headline'), views)).toBe(-1);
    // Asked when too, the line must show a day; asked for share buttons, the byline is only a place.
    expect(soleByline(parseDescription('who wrote it and when'), views)).toBe(-1);
    expect(soleByline(parseDescription('the share buttons below the byline'), views)).toBe(-1);
    // Something else about the author: not the byline.
    expect(soleByline(parseDescription("the reporter's bio at the end of the story"), views)).toBe(-1);
    expect(soleByline(parseDescription("the author's twitter handle"), views)).toBe(-1);
    expect(soleByline(parseDescription('who wrote this chapter'), views)).toBe(3);
    const dated = viewsOf([
      ...page.slice(0, 3),
      element({ selector: 'p.byline', tag: 'p', text: 'By Jane Roe, March 5, 2021' }, 150, 2),
    ]);
    expect(soleByline(parseDescription('who wrote it and when'), dated)).toBe(3);
    expect(soleByline(parseDescription('the author and publication time under the headline'), views)).toBe(
      -1,
    );
    expect(soleByline(parseDescription('the author and publication time under the headline'), dated)).toBe(3);
    const twice = viewsOf([
      ...page,
      element({ selector: 'li.by', tag: 'li', text: 'By Max Muster' }, 2200, 7),
    ]);
    // A list item's "By …" is another story's (or a menu's "By Any Means Necessary"): the story's stands.
    expect(soleByline(parseDescription('the author'), twice)).toBe(3);
    const two = viewsOf([...page, element({ selector: 'p.by', tag: 'p', text: 'By Max Muster' }, 2200, 7)]);
    expect(soleByline(parseDescription('the author'), two)).toBe(-1);
    // Of two, the one that shows a writer the metadata names.
    expect(soleByline(parseDescription('the author'), two, ['Max Muster'])).toBe(10);
    expect(soleByline(parseDescription('the author'), two, ['Erika Mustermann'])).toBe(-1);
    // A line that says when, then "by" and a name.
    const datedBy = viewsOf([
      ...page.slice(0, 3),
      element({ selector: 'div.meta', tag: 'div', text: 'November 16, 2025 by Stephanie' }, 150, 2),
    ]);
    expect(soleByline(parseDescription('who wrote it'), datedBy)).toBe(3);
  });

  it('is the box the heading "Contents" heads, not a link of that name', () => {
    expect(contentsBox(parseDescription('the table of contents'), views)).toBe(4);
    expect(contentsBox(parseDescription('the sidebar'), views)).toBe(-1);
  });

  it('is the first logo that shows the brand, the last at the bottom, none for another brand', () => {
    expect(brandLogo('The Daily Post logo', parseDescription('The Daily Post logo'), views)).toBe(0);
    // The logo rule decides wherever the ranker looked; a vouching rule does not.
    const found = evidentFound('The Daily Post logo', parseDescription('The Daily Post logo'), views);
    expect(found.rule).toBe('logo');
    expect(decidingEvident(found)).toBe(0);
    expect(decidingEvident({ index: 0, rule: 'heading' })).toBe(-1);
    const located = locateOffline('The Daily Post logo at the top', storyMap(page, 3000));
    expect(located).toMatchObject({ selector: page[0]?.selector });
    expect(located.confidence).toBeGreaterThanOrEqual(0.7);
    const bottom = 'the Daily Post logo at the bottom';
    expect(brandLogo(bottom, parseDescription(bottom), views)).toBe(9);
    expect(brandLogo('the Acme logo', parseDescription('the Acme logo'), views)).toBe(-1);
    // A picture's alt that only mentions the brand ("Daily News, a Gannett company") is not its logo.
    const parent = logoLink('img', 'Daily News, an Acme company');
    expect(brandLogo('the Acme logo', parseDescription('the Acme logo'), parent)).not.toBe(0);
    // A logo link whose picture says the brand only in its alt.
    const svg = logoLink('svg', 'Acme powered by Quill');
    expect(brandLogo('the Acme logo', parseDescription('the Acme logo'), svg)).toBe(0);
    expect(brandLogo('the logo', parseDescription('the logo'), views)).toBe(-1);
    // The link that holds the brand's image, not the image.
    const linked = viewsOf([
      element(
        {
          selector: 'a.brand',
          tag: 'a',
          role: 'link',
          name: 'The Daily Post',
          attributes: { class: 'branding' },
        },
        0,
        null,
      ),
      element({ selector: 'a.brand svg', tag: 'svg', role: 'img', name: 'The Daily Post' }, 0, 0),
    ]);
    expect(brandLogo('The Daily Post logo', parseDescription('The Daily Post logo'), linked)).toBe(0);
  });

  it("is the link to the site's home near the top that shows the brand, its title or its image", () => {
    const home = (href: string, text: string, y = 40, extra: Partial<PageElement> = {}): PageElement =>
      element(
        {
          selector: `a[href="${href}"]`,
          tag: 'a',
          role: 'link',
          name: text,
          text,
          attributes: { href },
          ...extra,
        },
        y,
        null,
      );
    const logo = (d: string, page: PageElement[]): number => brandLogo(d, parseDescription(d), viewsOf(page));
    expect(logo('the Cookie and Kate logo', [home('https://cookieandkate.com/', 'Cookie and Kate')])).toBe(0);
    expect(logo('the Mozilla logo link at the top', [home('/en-US/', 'Mozilla')])).toBe(0);
    expect(logo('the Argos logo', [home('/?from=header', 'Argos Logo - Load homepage')])).toBe(0);
    // An image in it says the brand by its alt text.
    const pictured = [
      home('/', '', 10, { name: 'Daring Fireball' }),
      element({ selector: 'a img', tag: 'img', role: 'img', name: 'Daring Fireball' }, 10, 0),
    ];
    expect(logo('the Daring Fireball logo', pictured)).toBe(0);
    // A picture linking home may head the site's navigation bar, before a text link that an id calls
    // a logo further down; a menu's text link home in it is no logo.
    const nav = element({ selector: 'nav', tag: 'nav', role: 'navigation', text: 'Menu Search' }, 10, null);
    const inNav = (link: PageElement, picture: number | null): PageElement[] => [
      nav,
      { ...link, parent: 0 },
      ...(picture !== null
        ? [
            {
              ...element({ selector: 'nav a svg', tag: 'svg' }, 10, 1),
              box: { x: 0, y: 10, width: picture, height: 24 },
            },
          ]
        : []),
      element(
        { selector: 'h2', tag: 'h2', role: 'heading', level: 2, text: 'Search for articles on Wevolver' },
        1700,
        null,
      ),
      element(
        {
          selector: '#wevolver-logo-search',
          tag: 'a',
          role: 'link',
          name: 'Wevolver',
          text: 'Wevolver',
          attributes: { id: 'wevolver-logo-search', href: '/' },
        },
        1700,
        picture !== null ? 3 : 2,
      ),
    ];
    expect(
      logo('the Wevolver logo', inNav(home('https://www.wevolver.com/', '', 10, { name: 'wevolver' }), 100)),
    ).toBe(1);
    // Without a picture, the menu's link is passed over: the first logo is the one an id names.
    expect(logo('the Wevolver logo', inNav(home('/', 'Wevolver', 10), null))).toBe(3);
    // Nor is a home icon in a bar of links (a house 24 px wide, named for the brand).
    expect(logo('the Wevolver logo', inNav(home('/', '', 10, { name: 'Wevolver home' }), 24))).toBe(4);
    // Not a link elsewhere, far down the page, or one that says more than the brand.
    expect(logo('the Cookie and Kate logo', [home('/recipes/', 'Cookie and Kate')])).toBe(-1);
    expect(logo('the Cookie and Kate logo', [home('/', 'Cookie and Kate', 900)])).toBe(-1);
    expect(logo('the Fandom logo', [home('/', 'Join the Fandom community today')])).toBe(-1);
  });

  it('is the box a title of two words heads when no heading shows it', () => {
    expect(rule('the Trending now list')).toBe('section.trend');
    // One word is too little to go by outside a heading.
    expect(rule('the Trending list')).toBe(undefined);
  });
});

describe('a control the description names by its label', () => {
  // A product page: a buy box with two buttons, a link that also reads "README", and a newsletter
  // with a "Subscribe" button at the top and another at the bottom.
  const SHOP: PageElement[] = [
    element({ selector: 'main', tag: 'main', role: 'main', text: 'Trail shoe Add to Cart Buy Now' }, 0, null), // 0
    element({ selector: '#buy-box', tag: 'div', text: 'Add to Cart Buy Now' }, 100, 0), // 1
    element({ selector: '#add-to-cart', tag: 'input', role: 'button', name: 'Add to Cart' }, 120, 1), // 2
    element({ selector: '#buy-now', tag: 'input', role: 'button', name: 'Buy Now' }, 170, 1), // 3
    element({ selector: 'a.readme', tag: 'a', role: 'link', name: 'README', text: 'README' }, 300, 0), // 4
    element(
      { selector: '#sub-top', tag: 'button', role: 'button', name: 'Subscribe', text: 'Subscribe' },
      400,
      0,
    ), // 5
    element(
      { selector: '#sub-end', tag: 'button', role: 'button', name: 'Subscribe', text: 'Subscribe' },
      900,
      0,
    ), // 6
    element({ selector: '#remember', tag: 'input', role: 'checkbox', name: 'Remember me' }, 950, 0), // 7
    // Buttons whose names share the words: the ranker alone is unsure among them.
    ...[
      'Buy now, pay later',
      'Now buying: what to know',
      'Buy it now used',
      'Why buy now?',
      'Add to Cart guide',
    ].map((name, k) =>
      element({ selector: `#near-${k}`, tag: 'button', role: 'button', name, text: name }, 500 + k * 40, 0),
    ),
  ];
  const views = viewsOf(SHOP);
  const named = (description: string): number =>
    namedControl(description, parseDescription(description), views);

  it('is the one button, link or box whose name the description says', () => {
    expect(named('the Add to Cart button')).toBe(2);
    expect(named('Buy Now')).toBe(3);
    expect(named('the "Buy Now" button')).toBe(3);
    expect(named('remember me checkbox')).toBe(7);
  });

  it('is none when several controls carry the name, or the description names another kind of thing', () => {
    expect(named('the Subscribe button')).toBe(-1);
    expect(named('the Buy Now section')).toBe(-1);
  });

  it('is the biggest of several controls of that name when it is at least twice any other', () => {
    const wide = { x: 0, y: 0, width: 200, height: 40 };
    const small = { x: 0, y: 0, width: 80, height: 30 };
    const compared = viewsOf([
      ...SHOP.slice(0, 2),
      { ...SHOP[2]!, box: { ...wide, y: 120 } },
      element(
        {
          selector: 'td #compare-1',
          tag: 'input',
          role: 'button',
          name: 'Add to Cart',
          box: { ...small, y: 2000 },
        },
        2000,
        0,
      ),
      element(
        {
          selector: 'td #compare-2',
          tag: 'input',
          role: 'button',
          name: 'Add to Cart',
          box: { ...small, x: 300, y: 2000 },
        },
        2000,
        0,
      ),
    ]);
    const d = 'the Add to Cart button';
    expect(namedControl(d, parseDescription(d), compared)).toBe(2);
  });

  it('is none for one word and no kind: "the README" is not the link README', () => {
    expect(named('the README')).toBe(-1);
    expect(named('the README link')).toBe(4);
  });

  it('is cropped when the locator chose it, however unsure the ranker is among its namesakes', () => {
    const answer = shortlistOffline('Buy Now', storyMap(SHOP, 1000), 0).answer;
    expect(answer.selector).toBe('#buy-now');
    expect(answer.confidence).toBeGreaterThanOrEqual(CROP_CONFIDENCE);
  });
});

describe("the page's footer and its breadcrumb trail", () => {
  const band = (y: number, height: number): PageElement['box'] => ({ x: 0, y, width: 1264, height });
  const page: PageElement[] = [
    element({ selector: 'header', tag: 'header', role: 'banner', box: band(0, 100) }, 0, null), // 0
    element(
      {
        selector: 'nav.crumbs',
        tag: 'nav',
        role: 'navigation',
        attributes: { class: 'nav-crumbs' },
        text: 'Home Articles',
      },
      120,
      null,
    ), // 1
    element(
      { selector: 'main', tag: 'main', role: 'main', box: band(200, 3000), text: 'A story' },
      200,
      null,
    ), // 2
    element({ selector: 'article footer', tag: 'footer', box: band(3000, 100), text: 'Tags: news' }, 3000, 2), // 3
    element(
      {
        selector: '#newsletter',
        tag: 'form',
        role: 'form',
        attributes: { id: 'footer-newsletter' },
        box: band(3300, 200),
      },
      3300,
      null,
    ), // 4
    element(
      { selector: '#page-foot', tag: 'div', attributes: { id: 'page-footer' }, box: band(3500, 500) },
      3500,
      null,
    ), // 5
    element(
      { selector: '#page-foot footer', tag: 'footer', role: 'contentinfo', box: band(3700, 300) },
      3700,
      5,
    ), // 6
    element(
      {
        selector: '#bc',
        tag: 'div',
        attributes: { id: 'breadcrumb_ctr' },
        text: 'Home News Health Email a friend Print',
        box: band(3400, 200),
      },
      3400,
      4,
    ), // 7
  ];
  const views = viewsOf(page);
  const footer = (description: string): number =>
    pageFooter(parseDescription(description), views, description);

  it('is the outermost footer across the page\'s end, that holds the landmark, for just "the footer"', () => {
    // The article's footer is in the main part; the newsletter form only says footer in its id.
    expect(footer('the footer')).toBe(5);
    expect(footer('the site footer')).toBe(5);
    expect(footer('the page footer')).toBe(5);
    // Something in it, or another footer: not for this rule.
    expect(footer('the copyright line in the footer')).toBe(-1);
    expect(footer('the footer of the article')).toBe(-1);
    expect(footer('the newsletter footer')).toBe(-1);
    expect(footer('the second footer')).toBe(-1);
  });

  it("is named by the site's name when the footer shows it, not by other words", () => {
    const named = page.map((e, i) => (i === 5 ? { ...e, text: 'The Quill About Contact Careers' } : e));
    const of = (description: string): number =>
      pageFooter(parseDescription(description), viewsOf(named), description);
    expect(of('the Quill site footer')).toBe(5);
    expect(of('the dark footer')).toBe(-1);
    expect(of('the Gazette footer')).toBe(-1);
    // A word the footer shows that is no name: not this rule's ("the footer about us" is in it).
    const shows = page.map((e, i) =>
      i === 5 ? { ...e, text: 'The Quill About Contact Careers copyright 2021' } : e,
    );
    expect(pageFooter(parseDescription('the footer copyright'), viewsOf(shows), 'the footer copyright')).toBe(
      -1,
    );
    // What it holds is free: "© 2021" for "the copyright notice".
    expect(of('the site footer with the copyright notice')).toBe(-1);
    const copyright = page.map((e, i) => (i === 5 ? { ...e, text: 'The Quill © 2021 About Contact' } : e));
    const notice = 'the site footer with the copyright notice';
    expect(pageFooter(parseDescription(notice), viewsOf(copyright), notice)).toBe(5);
  });

  it("is not a wrapper whose class says footer, nor a card's footer above the page's", () => {
    const wrapped = [
      element(
        {
          selector: '#page',
          tag: 'div',
          attributes: { id: 'page', class: 'has-sticky-footer' },
          box: band(0, 4000),
        },
        0,
        null,
      ),
      element({ selector: 'header', tag: 'header', role: 'banner', box: band(0, 100) }, 0, 0),
      element({ selector: 'main', tag: 'main', role: 'main', box: band(100, 3000) }, 100, 0),
      element({ selector: 'footer', tag: 'footer', role: 'contentinfo', box: band(3600, 400) }, 3600, 0),
    ];
    expect(pageFooter(parseDescription('the footer'), viewsOf(wrapped), 'the footer')).toBe(3);
    const cards = [
      element(
        { selector: 'div.post', tag: 'div', attributes: { class: 'post' }, box: band(0, 3000) },
        0,
        null,
      ),
      element(
        { selector: 'div.post footer', tag: 'footer', role: 'contentinfo', box: band(2900, 100) },
        2900,
        0,
      ),
      element(
        { selector: '#footer', tag: 'div', attributes: { id: 'footer' }, box: band(3200, 800) },
        3200,
        null,
      ),
    ];
    expect(pageFooter(parseDescription('the footer'), viewsOf(cards), 'the footer')).toBe(-1);
  });

  it('is vouched for: the locator crops it', () => {
    const found = evidentFound('the footer', parseDescription('the footer'), views);
    expect(found).toEqual({ index: 5, rule: 'footer' });
    expect(vouchedEvident(found)).toBe(5);
    const answer = shortlistOffline('the footer', storyMap(page, 4000), 0).answer;
    // The footer landmark fills most of its box: one a user takes for the other.
    expect(answer.selector).toMatch(/^#page-foot/);
    expect(answer.confidence).toBeGreaterThanOrEqual(CROP_CONFIDENCE);
  });

  it('is the first element that says breadcrumb, the trail inside a box that adds more', () => {
    const trail = (list: PageElement[], description = 'the breadcrumb'): number =>
      breadcrumbTrail(parseDescription(description), viewsOf(list));
    expect(trail(page)).toBe(1);
    // "crumble" is no crumb.
    const crumble = [
      element({ selector: 'h2.crumble', tag: 'h2', attributes: { class: 'apple-crumble' } }, 0, null),
    ];
    expect(trail(crumble)).toBe(-1);
    expect(trail(page, 'the footer')).toBe(-1);
    // A box that holds the trail and its tools: the trail it shows first.
    const boxed = [
      ...page,
      element(
        {
          selector: '#bc-trail',
          tag: 'div',
          attributes: { id: 'breadcrumb_rdr' },
          text: 'Home News Health',
          box: band(3400, 20),
        },
        3400,
        7,
      ),
      element({ selector: '#bc-trail a.home', tag: 'a', role: 'link', text: 'Home' }, 3400, 8),
      element({ selector: '#bc-trail a.news', tag: 'a', role: 'link', text: 'News' }, 3400, 8),
    ];
    // The last at the bottom: the box of the trail (7), and in it the trail of two links or more.
    expect(trail(boxed, 'the breadcrumb at the bottom')).toBe(8);
    expect(trail(boxed)).toBe(1);
    // A label inside the trail that shows its start ("You are here:") is not the trail; nor is a
    // layout wrapper whose class says breadcrumb, nor a link whose text does.
    const labelled = [
      element(
        {
          selector: 'div.crumbs',
          tag: 'div',
          attributes: { class: 'breadcrumbs' },
          text: 'You are here: Home » Shoes',
        },
        0,
        null,
      ),
      element(
        {
          selector: 'span.label',
          tag: 'span',
          attributes: { class: 'breadcrumb-label' },
          text: 'You are here:',
        },
        0,
        0,
      ),
      element({ selector: 'a.home', tag: 'a', role: 'link', text: 'Home' }, 0, 0),
      element({ selector: 'main', tag: 'main', role: 'main', box: band(100, 3000) }, 100, null),
    ];
    expect(trail(labelled)).toBe(0);
    const layout = [
      element(
        {
          selector: 'div.page',
          tag: 'div',
          attributes: { class: 'page with-breadcrumbs' },
          box: band(0, 4000),
        },
        0,
        null,
      ),
      element({ selector: 'main', tag: 'main', role: 'main', box: band(200, 3000) }, 200, 0),
      element({ selector: 'a.panko', tag: 'a', role: 'link', name: '1 cup panko bread crumbs' }, 300, 1),
    ];
    expect(trail(layout)).toBe(-1);
    expect(vouchedEvident(evidentFound('breadcrumb', parseDescription('breadcrumb'), views))).toBe(1);
  });
});

describe("the page's search form, its previous and next links, and a wordmark logo", () => {
  const band = (y: number, height: number, width = 1264): PageElement['box'] => ({ x: 0, y, width, height });
  const page: PageElement[] = [
    element({ selector: 'header', tag: 'header', role: 'banner', box: band(0, 200) }, 0, null), // 0
    element(
      {
        selector: '#wp-logo',
        tag: 'div',
        attributes: { id: 'wp-logo' },
        text: 'The Daily Post',
        box: band(0, 20),
      },
      0,
      0,
    ), // 1
    element({ selector: '#wp-logo a', tag: 'a', role: 'link', name: 'The Daily Post' }, 0, 1), // 2
    element({ selector: '#p-search', tag: 'div', attributes: { id: 'p-search' }, box: band(40, 60) }, 40, 0), // 3
    element({ selector: '#p-search h3', tag: 'h3', role: 'heading', level: 3, text: 'Search' }, 40, 3), // 4
    element(
      { selector: '#searchform', tag: 'form', attributes: { id: 'searchform' }, box: band(70, 30) },
      70,
      3,
    ), // 5
    element(
      { selector: '#q', tag: 'input', role: 'searchbox', attributes: { name: 'q', type: 'search' } },
      70,
      5,
    ), // 6
    element({ selector: 'main', tag: 'main', role: 'main', box: band(200, 3000) }, 200, null), // 7
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 200, 7), // 8
    element({ selector: 'nav.paging', tag: 'nav', role: 'navigation', box: band(3000, 40) }, 3000, 7), // 9
    element({ selector: 'a.older', tag: 'a', role: 'link', name: '« Older posts' }, 3000, 9), // 10
    element({ selector: 'a.newer', tag: 'a', role: 'link', name: 'Newer posts »' }, 3000, 9), // 11
    element({ selector: 'footer', tag: 'footer', role: 'contentinfo', box: band(3200, 300) }, 3200, null), // 12
    element(
      { selector: 'form.news', tag: 'form', attributes: { class: 'newsletter' }, box: band(3200, 40) },
      3200,
      12,
    ), // 13
    element({ selector: 'form.news input', tag: 'input', attributes: { type: 'email' } }, 3200, 13), // 14
    element(
      { selector: 'form.find', tag: 'form', attributes: { class: 'footer-search' }, box: band(3300, 40) },
      3300,
      12,
    ), // 15
    element({ selector: 'form.find input', tag: 'input', attributes: { type: 'text', name: 's' } }, 3300, 15), // 16
    element(
      { selector: 'footer img.logo', tag: 'img', name: 'The Daily Post', attributes: { class: 'logo' } },
      3400,
      12,
    ), // 17
  ];
  const views = viewsOf(page);
  const search = (description: string, on = views): number =>
    searchForm(description, parseDescription(description), on);

  it('is the innermost form that holds a field and says search, the first on the page or the last at the bottom', () => {
    expect(search('the search box')).toBe(5);
    expect(search('the site search form')).toBe(5);
    expect(search('the search bar at the bottom')).toBe(15);
    expect(vouchedEvident(evidentFound('the search box', parseDescription('the search box'), views))).toBe(5);
    // "the search field" may mean the field alone; "the job search form" names one of several.
    expect(search('the search field')).toBe(-1);
    expect(search('the job search form')).toBe(-1);
    expect(search('the newsletter form')).toBe(-1);
    // A form that wraps the whole page (ASP.NET) is no search form, whatever field it holds.
    const wrapped = viewsOf([
      element(
        { selector: 'form#aspnet', tag: 'form', attributes: { id: 'aspnetForm' }, box: band(0, 4000) },
        0,
        null,
      ),
      element({ selector: '#q', tag: 'input', attributes: { type: 'search', name: 'q' } }, 10, 0),
    ]);
    expect(search('the search box', wrapped)).toBe(-1);
  });

  it('is the innermost element that holds a link back and a link on, when both are asked', () => {
    const adjacent = (description: string, on = views): number =>
      adjacentLinks(description, parseDescription(description), on);
    expect(adjacent('links to the previous and next articles')).toBe(9);
    expect(adjacent('the older and newer posts links')).toBe(9);
    // Right 5 of 5 times on bench/describe's pages: it vouches for its element.
    const pager = 'links to the previous and next articles';
    expect(vouchedEvident(evidentFound(pager, parseDescription(pager), views))).toBe(9);
    expect(adjacent('the link to the next article')).toBe(-1);
    // A link back in the header and one on in the footer: what holds both holds the page's headline.
    const apart = viewsOf([
      element({ selector: 'body > div', tag: 'div', box: band(0, 4000) }, 0, null),
      element({ selector: 'a.prev', tag: 'a', role: 'link', name: 'Previous' }, 0, 0),
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, 0),
      element({ selector: 'a.next', tag: 'a', role: 'link', name: 'Next' }, 3900, 0),
    ]);
    expect(adjacent('links to the previous and next articles', apart)).toBe(-1);
  });

  it("takes the one block under a wiki's heading that says [edit] after its name, its section's blocks beside it", () => {
    const wiki: PageElement[] = [
      element({ selector: 'div.mw-parser-output', tag: 'div', box: band(0, 3000) }, 0, null), // 0
      element({ selector: 'h2.a', tag: 'h2', role: 'heading', level: 2, text: 'See also[edit]' }, 2000, 0), // 1
      element(
        { selector: 'h2.a a', tag: 'a', role: 'link', text: 'edit', attributes: { href: '?action=edit' } },
        2000,
        1,
      ), // 2
      element(
        { selector: 'ul.see', tag: 'ul', role: 'list', text: 'Vector space Skew-Hermitian matrix' },
        2040,
        0,
      ), // 3
      element(
        { selector: 'h2.b', tag: 'h2', role: 'heading', level: 2, text: 'References[edit | edit source]' },
        2200,
        0,
      ), // 4
      element({ selector: 'p.note', tag: 'p', text: 'Notes on sources' }, 2240, 0), // 5
      element({ selector: 'ol.refs', tag: 'ol', role: 'list', text: 'Frankel, Theodore (2004)' }, 2280, 0), // 6
    ];
    const found = (d: string): { index: number; rule: string | null } =>
      evidentFound(d, parseDescription(d), viewsOf(wiki));
    expect(found('the See also links')).toEqual({ index: 3, rule: 'heading' });
    expect(found('the See also heading')).toEqual({ index: 1, rule: 'heading' });
    // Two blocks under the heading: not one of them, nor the heading; a map or video with no text counts.
    expect(found('the References list').index).toBe(-1);
    expect(found('the References heading')).toEqual({ index: 4, rule: 'heading' });
    const mapped = [
      ...wiki.slice(0, 3),
      element({ selector: 'div.map', tag: 'div', box: { x: 0, y: 2040, width: 600, height: 400 } }, 2040, 0),
      ...wiki.slice(3),
    ];
    expect(
      evidentFound('the See also links', parseDescription('the See also links'), viewsOf(mapped)).index,
    ).toBe(-1);
  });

  it("sees through a wiki's heading wrapped with its [edit] link in a box of its own (MediaWiki since 2024)", () => {
    const wrapped = (at: number, y: number, name: string, id: string): PageElement[] => [
      element(
        {
          selector: `div.mw-heading:nth-of-type(${at})`,
          tag: 'div',
          text: `${name}[edit]`,
          attributes: { class: 'mw-heading mw-heading2' },
        },
        y,
        0,
      ),
      element({ selector: `h2#${id}`, tag: 'h2', role: 'heading', level: 2, text: name }, y, -1),
      element(
        { selector: `h2#${id} + span`, tag: 'span', text: '[edit]', attributes: { class: 'mw-editsection' } },
        y,
        -1,
      ),
      element(
        {
          selector: `h2#${id} + span a`,
          tag: 'a',
          role: 'link',
          text: 'edit',
          attributes: { href: '?action=edit' },
        },
        y,
        -1,
      ),
    ];
    const parented = (block: PageElement[], start: number): PageElement[] =>
      block.map((e, i) => (i === 0 ? e : { ...e, parent: i === 3 ? start + 2 : start }));
    const wiki: PageElement[] = [
      element({ selector: 'div.mw-parser-output', tag: 'div', box: band(0, 3000) }, 0, null), // 0
      ...parented(wrapped(1, 1000, 'History', 'History'), 1), // 1-4
      element({ selector: 'p.one', tag: 'p', text: 'The town was founded in 1850.' }, 1040, 0), // 5
      element({ selector: 'p.two', tag: 'p', text: 'It grew along the river.' }, 1080, 0), // 6
      ...parented(wrapped(2, 2000, 'See also', 'See_also'), 7), // 7-10
      element(
        { selector: 'ul.see', tag: 'ul', role: 'list', text: 'Vector space Skew-Hermitian matrix' },
        2040,
        0,
      ), // 11
      ...parented(wrapped(3, 2200, 'References', 'References'), 12), // 12-15
      element({ selector: 'div.reflist', tag: 'div', text: 'Frankel, Theodore (2004)' }, 2240, 0), // 16
    ];
    const found = (d: string): { index: number; rule: string | null } =>
      evidentFound(d, parseDescription(d), viewsOf(wiki));
    expect(found('the See also links')).toEqual({ index: 11, rule: 'heading' });
    expect(found('the References section')).toEqual({ index: 16, rule: 'heading' });
    // Two paragraphs under the heading: neither of them, and not the heading's box.
    expect(found('the History section').index).toBe(-1);
    expect(found('the See also heading')).toEqual({ index: 8, rule: 'heading' });
    // A box that opens with its heading and holds its section is the section, not a heading's box.
    const boxed: PageElement[] = [
      element({ selector: 'main', tag: 'main', role: 'main', box: band(0, 3000) }, 0, null), // 0
      element(
        { selector: 'section.also', tag: 'section', text: 'See also Vector space Skew-Hermitian matrix' },
        2000,
        0,
      ), // 1
      element(
        { selector: 'section.also h2', tag: 'h2', role: 'heading', level: 2, text: 'See also' },
        2000,
        1,
      ), // 2
      element(
        { selector: 'section.also ul', tag: 'ul', role: 'list', text: 'Vector space Skew-Hermitian matrix' },
        2040,
        1,
      ), // 3
      element({ selector: 'p.after', tag: 'p', text: 'Published by the Example Society.' }, 2300, 0), // 4
    ];
    expect(
      evidentFound('the See also section', parseDescription('the See also section'), viewsOf(boxed)).index,
    ).toBe(1);
  });

  it("takes no card that shows only its title and a picture for a heading's box", () => {
    const grid: PageElement[] = [
      element(
        { selector: 'div.grid', tag: 'div', text: 'Rome Lisbon View all destinations', box: band(2800, 400) },
        2800,
        null,
      ), // 0
      element(
        {
          selector: 'a.rome',
          tag: 'a',
          role: 'link',
          text: 'Rome',
          box: { x: 0, y: 2800, width: 300, height: 260 },
        },
        2800,
        0,
      ), // 1
      element({ selector: 'a.rome h3', tag: 'h3', role: 'heading', level: 3, text: 'Rome' }, 2800, 1), // 2
      element(
        { selector: 'a.rome img', tag: 'img', role: 'img', box: { x: 0, y: 2840, width: 300, height: 200 } },
        2840,
        1,
      ), // 3
      element(
        {
          selector: 'a.lisbon',
          tag: 'a',
          role: 'link',
          text: 'Lisbon',
          box: { x: 400, y: 2800, width: 300, height: 260 },
        },
        2800,
        0,
      ), // 4
      element({ selector: 'a.lisbon h3', tag: 'h3', role: 'heading', level: 3, text: 'Lisbon' }, 2800, 4), // 5
      element(
        {
          selector: 'a.lisbon img',
          tag: 'img',
          role: 'img',
          box: { x: 400, y: 2840, width: 300, height: 200 },
        },
        2840,
        4,
      ), // 6
      element({ selector: 'a.all', tag: 'a', role: 'link', text: 'View all destinations' }, 3080, 0), // 7
    ];
    const found = (d: string): { index: number; rule: string | null } =>
      evidentFound(d, parseDescription(d), viewsOf(grid));
    expect(found('the Lisbon link')).toEqual({ index: 4, rule: 'heading' });
    expect(found('the Rome link')).toEqual({ index: 1, rule: 'heading' });
  });

  it('takes the block under a heading the description places it in or under, up to the next heading', () => {
    const page: PageElement[] = [
      element({ selector: 'div.content', tag: 'div', box: band(0, 3000) }, 0, null), // 0
      element(
        { selector: 'h2#Ingredients', tag: 'h2', role: 'heading', level: 2, text: 'Ingredients' },
        100,
        0,
      ), // 1
      element({ selector: 'ul.a', tag: 'ul', role: 'list', text: '1 cup flour 2 eggs' }, 140, 0), // 2
      element({ selector: 'h2#Procedure', tag: 'h2', role: 'heading', level: 2, text: 'Procedure' }, 400, 0), // 3
      element({ selector: 'p.intro', tag: 'p', text: 'Heat the oven first.' }, 440, 0), // 4
      element({ selector: 'ol.steps', tag: 'ol', role: 'list', text: 'Mix. Bake. Serve.' }, 480, 0), // 5
      element(
        { selector: 'h2#Notes', tag: 'h2', role: 'heading', level: 2, text: 'Notes, tips, and variations' },
        800,
        0,
      ), // 6
      element({ selector: 'ul.notes', tag: 'ul', role: 'list', text: 'Use less sugar. Try honey.' }, 840, 0), // 7
      element(
        { selector: 'h3#Variations', tag: 'h3', role: 'heading', level: 3, text: 'Variations' },
        1000,
        0,
      ), // 8
      element({ selector: 'ul.variations', tag: 'ul', role: 'list', text: 'Sweet potato pie' }, 1040, 0), // 9
      element(
        {
          selector: 'div.box',
          tag: 'div',
          text: 'Method Whisk the cream. Fold in.',
          box: { x: 0, y: 1200, width: 800, height: 400 },
        },
        1200,
        0,
      ), // 10
      element({ selector: 'div.box h2', tag: 'h2', role: 'heading', level: 2, text: 'Method' }, 1200, 10), // 11
      element({ selector: 'div.box div.steps', tag: 'div', text: 'Whisk the cream. Fold in.' }, 1240, 10), // 12
      element({ selector: 'h2#Comments', tag: 'h2', role: 'heading', level: 2, text: 'Comments' }, 1700, 0), // 13
      element({ selector: 'ol.comments', tag: 'ol', role: 'list', text: 'Great pie! Too sweet.' }, 1740, 0), // 14
      element(
        {
          selector: 'div.row',
          tag: 'div',
          text: 'Sections Books Music Film',
          box: { x: 0, y: 2000, width: 600, height: 300 },
        },
        2000,
        0,
      ), // 15
      element({ selector: 'div.row h2', tag: 'h2', role: 'heading', level: 2, text: 'Sections' }, 2000, 15), // 16
      element({ selector: 'div.row ul', tag: 'ul', role: 'list', text: 'Books Music Film' }, 2040, 15), // 17
      // A heading in a row with its "See all" link, a list after the row.
      element(
        { selector: 'div.head', tag: 'div', text: 'Latest News See all', box: band(2400, 40) },
        2400,
        0,
      ), // 18
      element(
        { selector: 'div.head h2', tag: 'h2', role: 'heading', level: 2, text: 'Latest News' },
        2400,
        18,
      ), // 19
      element({ selector: 'div.head a', tag: 'a', role: 'link', text: 'See all' }, 2400, 18), // 20
      element({ selector: 'ul.news', tag: 'ul', role: 'list', text: 'Rates rise Markets fall' }, 2460, 0), // 21
      // A heading in a row with a "Print" button.
      element({ selector: 'div.bar', tag: 'div', text: 'Instructions Print', box: band(2600, 40) }, 2600, 0), // 22
      element(
        { selector: 'div.bar h2', tag: 'h2', role: 'heading', level: 2, text: 'Instructions' },
        2600,
        22,
      ), // 23
      element({ selector: 'div.bar button', tag: 'button', role: 'button', text: 'Print' }, 2600, 22), // 24
      element({ selector: 'ol.instructions', tag: 'ol', role: 'list', text: 'Roll. Fill. Bake.' }, 2660, 0), // 25
      // A card whose text is its title's, a picture in it: no heading's box.
      element(
        {
          selector: 'a.card',
          tag: 'a',
          role: 'link',
          text: 'Lisbon',
          box: { x: 0, y: 2800, width: 300, height: 260 },
        },
        2800,
        0,
      ), // 26
      element({ selector: 'a.card h3', tag: 'h3', role: 'heading', level: 3, text: 'Lisbon' }, 2800, 26), // 27
      element(
        { selector: 'a.card img', tag: 'img', role: 'img', box: { x: 0, y: 2840, width: 300, height: 200 } },
        2840,
        26,
      ), // 28
      element({ selector: 'a.all', tag: 'a', role: 'link', text: 'View all destinations' }, 3080, 0), // 29
      element({ selector: 'h2#Dough', tag: 'h2', role: 'heading', level: 2, text: 'Dough' }, 3200, 0), // 30
      element({ selector: 'ul.dough', tag: 'ul', role: 'list', text: 'Flour Water Salt' }, 3240, 0), // 31
      element({ selector: 'h3#Tips', tag: 'h3', role: 'heading', level: 3, text: 'Tips' }, 3300, 0), // 32
      element({ selector: 'p.tip', tag: 'p', text: 'Rest it overnight.' }, 3340, 0), // 33
      element({ selector: 'h2#Gallery', tag: 'h2', role: 'heading', level: 2, text: 'Gallery' }, 3500, 0), // 34
      element(
        {
          selector: 'div.side',
          tag: 'div',
          text: 'Share this',
          box: { x: 600, y: 3490, width: 200, height: 40 },
        },
        3490,
        0,
      ), // 35
      element({ selector: 'h2#Partners', tag: 'h2', role: 'heading', level: 2, text: 'Partners' }, 3700, 0), // 36
      element({ selector: 'a.partners', tag: 'a', role: 'link', text: 'Visit our partners' }, 3740, 0), // 37
    ];
    const found = (d: string): { index: number; rule: string | null } =>
      evidentFound(d, parseDescription(d), viewsOf(page));
    // The one block under it; the one list among several when a list is asked for.
    expect(found('the numbered steps in the Procedure section')).toEqual({ index: 5, rule: 'heading' });
    // A subheading before the next heading: which part is meant is unsaid.
    expect(found('the bullet points under Notes, tips, and variations').index).toBe(-1);
    expect(found('the list under the Dough heading').index).toBe(-1);
    // Nothing below the heading, or only a link: none.
    expect(found('the items under Gallery').index).toBe(-1);
    expect(found('the links under Partners').index).toBe(-1);
    // A heading in a row with its own link or button: the block after the row, not the control.
    expect(found('the links in the Latest News section')).toEqual({ index: 21, rule: 'heading' });
    expect(found('the steps under Instructions')).toEqual({ index: 25, rule: 'heading' });
    expect(found('the list under the Ingredients heading')).toEqual({ index: 2, rule: 'heading' });
    // A heading in a box of its own: the block beside it.
    expect(found('the steps in the Method section')).toEqual({ index: 12, rule: 'heading' });
    // Not a box of things, or a heading the page does not show: none of this rule's.
    expect(found('the oven temperature under the Ingredients heading')).not.toEqual({
      index: 2,
      rule: 'heading',
    });
    expect(found('the steps under Preparation').index).toBe(-1);
    // A one-word heading before words for a box of things, unless the word names a kind of thing:
    // the box it heads.
    expect(found('the Method steps')).toEqual({ index: 10, rule: 'heading' });
    expect(found('the Procedure steps').index).toBe(-1);
    expect(found('the Comments list').rule).not.toBe('heading');
    expect(found('the Sections menu').rule).not.toBe('heading');
    // Written in lower case or in Title Case, a word is no heading's name ("the news feed").
    expect(found('the method steps').rule).not.toBe('heading');
    expect(found('The Method Steps').rule).not.toBe('heading');
  });

  it("takes links that show only the other page's title by a label beside them or a box whose class says so", () => {
    const adjacent = (description: string, on: PageElement[]): number =>
      adjacentLinks(description, parseDescription(description), viewsOf(on));
    const titled = (selector: string, text: string, parent: number): PageElement =>
      element(
        { selector, tag: 'a', role: 'link', name: text, text, attributes: { href: '/a/' } },
        3000,
        parent,
      );
    const labelled: PageElement[] = [
      element({ selector: 'p.PageNavigation', tag: 'p', text: 'Next: A Previous: B' }, 3000, null), // 0
      element({ selector: 'p b.n', tag: 'b', text: 'Next:' }, 3000, 0), // 1
      titled('p a.n', 'Elegantly activating a virtualenv', 0), // 2
      element({ selector: 'p b.p', tag: 'b', text: 'Previous:' }, 3020, 0), // 3
      titled('p a.p', 'The high cost of slow builds', 0), // 4
    ];
    expect(adjacent('links to the next and previous articles', labelled)).toBe(0);
    // A label that says more is prose, not a label.
    const prose = labelled.map((e, i) => (i === 1 ? { ...e, text: 'Next step' } : e));
    expect(adjacent('links to the next and previous articles', prose)).toBe(-1);
    const classed: PageElement[] = [
      element({ selector: 'div.nav-links', tag: 'div', text: 'A B' }, 3000, null), // 0
      element(
        { selector: 'div.nav-previous', tag: 'div', attributes: { class: 'nav-previous' }, text: 'A' },
        3000,
        0,
      ), // 1
      titled('div.nav-previous a', 'The AMP Camp build process', 1), // 2
      element(
        { selector: 'div.nav-next', tag: 'div', attributes: { class: 'nav-next' }, text: 'B' },
        3000,
        0,
      ), // 3
      titled('div.nav-next a', 'Adobe Experience Cloud Extends AMP', 3), // 4
    ];
    expect(adjacent('links to the previous and next posts', classed)).toBe(0);
    // A class that says next on a box with no link is no pager's, nor on one with two ("read next").
    const unlinked = classed.filter((_, i) => i !== 4);
    expect(adjacent('links to the previous and next posts', unlinked)).toBe(-1);
    const rail = [...classed, titled('div.nav-next a.b', 'Another post', 3)];
    expect(adjacent('links to the previous and next posts', rail)).toBe(-1);
    // A slider's "prev" and "next" buttons are no labels, and a label needs a link beside it.
    const buttons = labelled.map((e, i) =>
      i === 1 || i === 3 ? { ...e, tag: 'button', role: 'button' } : e,
    );
    expect(adjacent('links to the next and previous articles', buttons)).toBe(-1);
    const apartLabels: PageElement[] = [
      element({ selector: 'table', tag: 'table', text: 'Next: Previous:' }, 3000, null), // 0
      element({ selector: 'th.n', tag: 'th', text: 'Next:' }, 3000, 0), // 1
      element({ selector: 'th.p', tag: 'th', text: 'Previous:' }, 3000, 0), // 2
    ];
    expect(adjacent('links to the next and previous articles', apartLabels)).toBe(-1);
  });

  it('is a wordmark marked as the logo that shows the brand, before a later image; a logo link only for "logo link"', () => {
    const logo = (description: string): number =>
      brandLogo(description, parseDescription(description), views);
    expect(logo('The Daily Post logo')).toBe(1);
    expect(logo('The Daily Post logo at the bottom')).toBe(17);
    expect(logo('the Daily Post logo link')).toBe(-1);
    expect(
      vouchedEvident(evidentFound('The Daily Post logo', parseDescription('The Daily Post logo'), views)),
    ).toBe(1);
  });
});

describe('the line under the headline', () => {
  const page: PageElement[] = [
    element({ selector: 'header', tag: 'header', role: 'banner' }, 0, null), // 0
    element({ selector: 'header h1', tag: 'h1', role: 'heading', level: 1, text: 'The Daily Post' }, 0, 0), // 1
    element({ selector: 'header p', tag: 'p', text: 'News you can use, every day of the week' }, 40, 0), // 2
    element({ selector: 'article', tag: 'article', role: 'article', box: wide(2000) }, 100, null), // 3
    element(
      { selector: 'article h1', tag: 'h1', role: 'heading', level: 1, text: 'Rockets for all' },
      100,
      3,
    ), // 4
    element(
      {
        selector: 'article h2',
        tag: 'h2',
        role: 'heading',
        level: 2,
        text: 'Cheap launches change who gets to go',
      },
      150,
      3,
    ), // 5
    element({ selector: 'p.byline', tag: 'p', text: 'By Jane Roe' }, 200, 3), // 6
  ];
  const views = viewsOf(page);
  const sub = (description: string, on = views): number =>
    subheadline(description, parseDescription(description), on);

  it("is the first line after the story's headline, not the masthead's", () => {
    expect(sub('the subheadline')).toBe(5);
    expect(sub('the dek')).toBe(5);
    expect(sub('the summary under the title')).toBe(5);
    expect(sub('the headline')).toBe(-1);
    expect(sub('the summary')).toBe(-1);
    // A byline right under the headline is no subheadline.
    const bylined = viewsOf([...page.slice(0, 5), page[6]!]);
    expect(sub('the subheadline', bylined)).toBe(-1);
    // Right wherever it was found on the labelled pages (3 of 3): it vouches.
    const found = evidentFound('the subheadline', parseDescription('the subheadline'), views);
    expect(found).toEqual({ index: 5, rule: 'subheadline' });
    expect(vouchedEvident(found)).toBe(5);
  });

  it('is past a disclosure, a player or an age warning over the standfirst, and a block marked summary comes first', () => {
    const line = (selector: string, text: string, y: number, attributes = {}): PageElement =>
      element({ selector, tag: 'p', text, attributes }, y, 3);
    const under = (...lines: PageElement[]): ReturnType<typeof viewsOf> =>
      viewsOf([...page.slice(0, 5), ...lines]);
    const disclosure = line(
      'p.note',
      'We independently review everything we recommend. When you buy through our links, we may earn a commission.',
      130,
    );
    const standfirst = line('p.lede', 'Cheap launches change who gets to go', 160);
    expect(sub('the subheadline', under(disclosure, standfirst))).toBe(6);
    const associate = line(
      'p.a',
      'As an Amazon Associate we may earn a commission from qualifying purchases.',
      130,
    );
    expect(sub('the subheadline', under(associate, standfirst))).toBe(6);
    // A box holding the notice and the standfirst is neither: the standfirst in it.
    const box = element(
      { selector: 'div.top', tag: 'div', text: `${disclosure.text} ${standfirst.text}` },
      130,
      3,
    );
    const inBox = (e: PageElement): PageElement => ({ ...e, parent: 5 });
    expect(
      sub(
        'the subheadline',
        under(
          box,
          inBox(disclosure),
          inBox(standfirst),
          line('p.body', 'The body of the story begins here.', 400),
        ),
      ),
    ).toBe(7);
    // A standfirst that says what the writers did is none.
    const tested = line('p.lede', 'We independently tested 25 air fryers over three months', 130);
    expect(sub('the subheadline', under(tested))).toBe(5);
    expect(
      sub('the subheadline', under(line('p.a', 'Listen to this article · 4 min', 130), standfirst)),
    ).toBe(6);
    expect(
      sub('the subheadline', under(line('p.a', 'This article is more than 5 years old', 130), standfirst)),
    ).toBe(6);
    const player = element(
      {
        selector: 'div.audio-player',
        tag: 'div',
        text: 'Play 4:05 Speed 1x',
        attributes: { class: 'audio-player' },
      },
      130,
      3,
    );
    // Nor a line inside the player.
    const caption = element(
      { selector: 'div.audio-player p', tag: 'p', text: 'Hear the story read by its author' },
      130,
      5,
    );
    expect(sub('the subheadline', under(player, caption, standfirst))).toBe(7);
    // A credit line first, then the block the page marks as the summary.
    const summary = line('p.summary', 'Cheap launches change who gets to go', 160, { class: 'summary' });
    expect(
      sub(
        'the subheadline',
        under(line('p.credit', 'Photographs from the launch pad at dawn', 130), summary),
      ),
    ).toBe(6);
    expect(
      sub(
        'the subheadline',
        under(line('p.credit', 'Photographs from the launch pad at dawn', 130), standfirst),
      ),
    ).toBe(5);
    // Not a summary box below the byline (a review's verdict): the standfirst above it.
    const verdict = line('div.review-summary', 'Our pick: the one that launches cheapest', 260, {
      class: 'review-summary',
    });
    expect(sub('the subheadline', under(standfirst, line('p.byline', 'By Jane Roe', 200), verdict))).toBe(5);
  });
});

describe('the new rules on pages a review made up to fool them', () => {
  const band = (y: number, height: number, width = 1264): PageElement['box'] => ({ x: 0, y, width, height });

  it('counts code blocks without line-number gutters, and not where the description says where', () => {
    const gutters: PageElement[] = [
      element({ selector: 'article', tag: 'article', role: 'article', box: band(0, 3000) }, 0, null), // 0
      ...[0, 1].flatMap((b) => [
        element(
          { selector: `table.b${b}`, tag: 'table', role: 'table', box: band(100 + 500 * b, 200) },
          100 + 500 * b,
          0,
        ),
        element(
          {
            selector: `table.b${b} td.gutter pre`,
            tag: 'pre',
            text: '1 2 3',
            attributes: { class: 'gutter' },
          },
          100 + 500 * b,
          1 + 3 * b,
        ),
        element(
          { selector: `table.b${b} td.code pre`, tag: 'pre', text: `let x${b} = fetch("/a");` },
          100 + 500 * b,
          1 + 3 * b,
        ),
      ]),
    ];
    const views = viewsOf(gutters);
    const code = (description: string): string | undefined =>
      gutters[codeFound(description, parseDescription(description), views)]?.selector;
    expect(code('the first code block')).toBe('table.b0 td.code pre');
    expect(code('the second code block')).toBe('table.b1 td.code pre');
    expect(code('the second code block in the Installation section')).toBeUndefined();
    expect(code('the first code block under Installation')).toBeUndefined();
  });

  it('takes the form in the part of the page named for "the footer search form", and no form whose id says research', () => {
    const page: PageElement[] = [
      element(
        { selector: 'header form', tag: 'form', attributes: { class: 'site-search' }, box: band(0, 40) },
        0,
        null,
      ), // 0
      element({ selector: 'header input', tag: 'input', attributes: { type: 'search' } }, 0, 0), // 1
      element({ selector: 'main', tag: 'main', role: 'main', box: band(100, 3000) }, 100, null), // 2
      element({ selector: 'footer', tag: 'footer', role: 'contentinfo', box: band(3200, 300) }, 3200, null), // 3
      element(
        { selector: 'footer form', tag: 'form', attributes: { class: 'footer-search' }, box: band(3200, 40) },
        3200,
        3,
      ), // 4
      element({ selector: 'footer input', tag: 'input', attributes: { type: 'text', name: 's' } }, 3200, 4), // 5
    ];
    const views = viewsOf(page);
    const search = (d: string, on = views): number => searchForm(d, parseDescription(d), on);
    expect(search('the search form')).toBe(0);
    // Not the first on the page: the one in the footer, and none for a sidebar the page lacks.
    expect(search('the footer search form')).toBe(4);
    expect(search('the search box in the footer')).toBe(4);
    expect(search('the sidebar search box')).toBe(-1);
    expect(search('the search box in the sidebar')).toBe(-1);
    // A page-wide wrapper that says footer (`has-sticky-footer`) is no footer: not the header's form.
    const wrapped = viewsOf([
      element(
        { selector: 'div#page', tag: 'div', attributes: { class: 'has-sticky-footer' }, box: band(0, 4000) },
        0,
        null,
      ),
      ...page.slice(0, 3).map((e) => ({ ...e, parent: e.parent === null ? 0 : e.parent + 1 })),
    ]);
    expect(search('the footer search form', wrapped)).toBe(-1);
    expect(search('the search form', wrapped)).toBe(1);
    const research = viewsOf([
      element(
        {
          selector: '#research-signup',
          tag: 'form',
          attributes: { id: 'research-signup' },
          box: band(0, 40),
        },
        0,
        null,
      ),
      element(
        { selector: '#research-signup input', tag: 'input', attributes: { type: 'text', name: 'email' } },
        0,
        0,
      ),
      element({ selector: 'main', tag: 'main', role: 'main', box: band(100, 3000) }, 100, null),
    ]);
    expect(search('the search form', research)).toBe(-1);
  });

  it('takes the search form by the site name written before it and by what it holds, said after "with"', () => {
    const logo = (alt: string): PageElement =>
      element(
        { selector: 'img#logo', tag: 'img', role: 'img', name: alt, attributes: { id: 'logo', alt } },
        0,
        null,
      );
    const page: PageElement[] = [
      element(
        { selector: 'form#gh-f', tag: 'form', attributes: { id: 'gh-f' }, box: band(10, 34) },
        10,
        null,
      ), // 0
      element(
        {
          selector: '#gh-ac',
          tag: 'input',
          role: 'textbox',
          name: 'Search for anything',
          attributes: { 'aria-label': 'Search for anything', type: 'text' },
        },
        10,
        0,
      ), // 1
      element(
        { selector: '#gh-cat', tag: 'select', role: 'combobox', name: 'Select a category for search' },
        10,
        0,
      ), // 2
      element(
        { selector: '#gh-btn', tag: 'input', role: 'button', name: 'Titles', attributes: { type: 'submit' } },
        10,
        0,
      ), // 3
      element({ selector: 'main', tag: 'main', role: 'main', box: band(100, 3000) }, 100, null), // 4
      logo('eBay Logo'), // 5
    ];
    const views = viewsOf(page);
    const search = (d: string, on = views): number => searchForm(d, parseDescription(d), on);
    expect(search('the eBay search bar at the top')).toBe(0);
    // A capitalised word is a name only when the page shows it as its name (its logo, its link
    // home) or the form says it: not a name the page does not show, nor a description's first word.
    expect(search('the Wikipedia search form')).toBe(-1);
    expect(search('Job search form')).toBe(-1);
    expect(search('the eBay search bar at the top', viewsOf([...page.slice(0, 5), logo('Wikipedia')]))).toBe(
      -1,
    );
    expect(search('the Wikipedia search form', viewsOf([...page.slice(0, 5), logo('Wikipedia')]))).toBe(0);
    const saying = page.map((e, i) =>
      i === 1 ? { ...e, attributes: { ...e.attributes, placeholder: 'Search eBay' } } : e,
    );
    expect(search('the eBay search bar at the top', viewsOf(saying.slice(0, 5)))).toBe(0);
    // The page's name in a link home: its text, the host it links to, a picture inside it (its alt
    // or its file name).
    const home = (href: string, text = '', picture?: Record<string, string>): PageElement[] => [
      element({ selector: 'a.home', tag: 'a', role: 'link', text, attributes: { href } }, 0, null),
      ...(picture
        ? [element({ selector: 'a.home img', tag: 'img', role: 'img', attributes: picture }, 0, 5)]
        : []),
    ];
    const etsy = (...extra: PageElement[]): number =>
      search('the Etsy search bar', viewsOf([...page.slice(0, 5), ...extra]));
    expect(etsy(...home('/', 'Etsy'))).toBe(0);
    expect(etsy(...home('https://www.etsy.com/'))).toBe(0);
    expect(etsy(...home('/', '', { alt: 'Etsy' }))).toBe(0);
    expect(etsy(...home('/', '', { alt: '', src: '/images/etsy-logo.svg' }))).toBe(0);
    expect(etsy(...home('/help', 'Etsy'))).toBe(-1);
    expect(etsy(...home('https://www.example.com/'))).toBe(-1);
    // "Search input": a field of the search kind, not one that says "searchbox".
    expect(search('the search bar with the search input')).toBe(0);
    // A word that is no name still names one of several.
    expect(search('the job search form')).toBe(-1);
    expect(search('the search bar with the category dropdown')).toBe(0);
    expect(search('the search box with Titles button')).toBe(0);
    // What the form does not hold: a dropdown of languages, a Text button, a checkbox.
    expect(search('the search bar with the language dropdown')).toBe(-1);
    expect(search('the search box with Titles and Text buttons')).toBe(-1);
    expect(search('the search bar with a checkbox')).toBe(-1);
    // The words before a kind word say which of its kind: a button that says search, not any button.
    expect(search('the search box with the Search button')).toBe(-1);
    expect(search('the search box with the category dropdown and the Titles button')).toBe(0);
    expect(search('the search box with the Titles dropdown')).toBe(-1);
    // Where it is, said after what it holds, is not held; "sign in" is no place.
    expect(search('the search bar with the category dropdown at the top of the page')).toBe(0);
    expect(holdsClause('the footer with the sign in link at the bottom').held).toEqual(words('sign in link'));
    expect(holdsClause('the menu with the log in button').held).toEqual(words('log in button'));
    // "with" says what it holds, not which part of the page: still no field alone.
    expect(search('the search field with the category dropdown')).toBe(-1);
  });

  it("takes no product's brand name nor a masthead for a wordmark", () => {
    const page: PageElement[] = [
      element(
        {
          selector: 'header.brand-header',
          tag: 'header',
          attributes: { class: 'brand-header' },
          text: 'The Atlantic',
          box: band(0, 300),
        },
        0,
        null,
      ), // 0
      element(
        {
          selector: 'div.product-brand',
          tag: 'div',
          attributes: { class: 'product-brand', itemprop: 'brand' },
          text: 'Nike',
        },
        400,
        null,
      ), // 1
      element(
        {
          selector: 'img.nike',
          tag: 'img',
          role: 'img',
          name: 'Nike',
          attributes: { class: 'logo', alt: 'Nike' },
        },
        450,
        null,
      ), // 2
    ];
    const views = viewsOf(page);
    const logo = (d: string): number => brandLogo(d, parseDescription(d), views);
    expect(logo('the Nike logo')).toBe(2);
    expect(logo('The Atlantic logo')).toBe(-1);
  });

  it('takes no biggest control when one other copy of the name is smaller: a sticky bar may be bigger', () => {
    const page = viewsOf([
      element(
        {
          selector: '#buy',
          tag: 'button',
          role: 'button',
          name: 'Add to Cart',
          box: { x: 0, y: 100, width: 260, height: 44 },
        },
        100,
        null,
      ),
      element(
        {
          selector: '#sticky',
          tag: 'button',
          role: 'button',
          name: 'Add to Cart',
          box: { x: 0, y: 0, width: 600, height: 44 },
        },
        0,
        null,
      ),
    ]);
    const d = 'the Add to Cart button';
    expect(namedControl(d, parseDescription(d), page)).toBe(-1);
  });

  it("takes no carousel's arrows for the pager, and no dateline or image for the subheadline", () => {
    const carousel = viewsOf([
      element(
        {
          selector: '#hero',
          tag: 'div',
          attributes: { id: 'hero', class: 'carousel slide' },
          box: band(0, 400),
        },
        0,
        null,
      ),
      element({ selector: '#hero a.prev', tag: 'a', role: 'button', name: 'Previous' }, 0, 0),
      element({ selector: '#hero a.next', tag: 'a', role: 'button', name: 'Next' }, 0, 0),
    ]);
    const pager = 'links to the previous and next articles';
    expect(adjacentLinks(pager, parseDescription(pager), carousel)).toBe(-1);
    const dated = viewsOf([
      element({ selector: 'article', tag: 'article', role: 'article', box: band(0, 2000) }, 0, null),
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, 0),
      element({ selector: 'p.posted', tag: 'p', text: 'Posted on March 10, 2015 by Jane Roe' }, 50, 0),
    ]);
    expect(subheadline('the subheadline', parseDescription('the subheadline'), dated)).toBe(-1);
    const image = 'the lead image below the headline';
    expect(subheadline(image, parseDescription(image), dated)).toBe(-1);
  });
});

describe("a story's tags", () => {
  const page: PageElement[] = [
    element(
      { selector: 'header', tag: 'header', role: 'banner', box: { x: 0, y: 0, width: 1264, height: 80 } },
      0,
      null,
    ), // 0
    element(
      {
        selector: 'ul.topics',
        tag: 'ul',
        role: 'list',
        attributes: { class: 'topics' },
        box: { x: 0, y: 40, width: 800, height: 30 },
      },
      40,
      0,
    ), // 1
    element({ selector: 'ul.topics a.a', tag: 'a', role: 'link', text: 'World' }, 40, 1), // 2
    element({ selector: 'ul.topics a.b', tag: 'a', role: 'link', text: 'Science' }, 40, 1), // 3
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, null), // 4
    element(
      { selector: 'p', tag: 'p', text: 'The story.', box: { x: 0, y: 150, width: 800, height: 2000 } },
      150,
      null,
    ), // 5
    element(
      {
        selector: 'div.story-tags',
        tag: 'div',
        attributes: { class: 'story-tags' },
        text: 'Filed under: Space, Mars',
        box: { x: 0, y: 2200, width: 800, height: 40 },
      },
      2200,
      null,
    ), // 6
    element({ selector: 'div.story-tags a.a', tag: 'a', role: 'link', text: 'Space' }, 2200, 6), // 7
    element({ selector: 'div.story-tags a.b', tag: 'a', role: 'link', text: 'Mars' }, 2200, 6), // 8
  ];
  const tags = (description: string, list = page): number =>
    tagList(parseDescription(description), viewsOf(list));

  it('is the box marked as tags with its links below the headline, not the topics menu in the banner', () => {
    expect(tags('the topic tags')).toBe(6);
    expect(tags("the story's tags")).toBe(6);
    expect(tags('the list of categories at the bottom of the article')).toBe(6);
    expect(tags('the tags for this story')).toBe(6);
    expect(
      evidentFound('the tags of the post', parseDescription('the tags of the post'), viewsOf(page)),
    ).toEqual({ index: 6, rule: 'tags' });
  });

  it('is not asked for by a menu, a sidebar, a date, or a box without links', () => {
    expect(tags('the topics navigation menu')).toBe(-1);
    expect(tags('the sidebar listing all the categories')).toBe(-1);
    expect(tags('when was this posted and in which categories')).toBe(-1);
    expect(tags('the share buttons')).toBe(-1);
    const linkless = page.slice(0, 7);
    expect(tags('the tags', linkless)).toBe(-1);
  });
});

describe('a day asked alone', () => {
  it('is the publication date or when it was published, not who wrote it and when', () => {
    for (const d of [
      'the publication date',
      'when was this story published',
      'the date the post was published',
    ])
      expect(asksDayAlone(parseDescription(d)), d).toBe(true);
    for (const d of [
      'who wrote it and when',
      'the byline with the author and date',
      'who opened the issue and when',
    ])
      expect(asksDayAlone(parseDescription(d)), d).toBe(false);
  });
});

describe("the author's name", () => {
  const page: PageElement[] = [
    element({ selector: 'header', tag: 'header', role: 'banner', box: wide(80) }, 0, null), // 0
    element({ selector: 'a.user', tag: 'a', attributes: { class: 'username' }, text: 'Sign in' }, 10, 0), // 1
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, null), // 2
    element(
      {
        selector: 'p.byline__name',
        tag: 'p',
        attributes: { class: 'byline__name' },
        text: 'Jane Doe',
        box: wide(18),
      },
      160,
      null,
    ), // 3
    element(
      { selector: 'p.byline__name a', tag: 'a', attributes: { href: '/people/jane-doe' }, text: 'Jane Doe' },
      160,
      3,
    ), // 4
    element(
      { selector: 'p.story', tag: 'p', text: 'The story, by Jane Doe and John Roe.', box: wide(900) },
      200,
      null,
    ), // 5
    element(
      { selector: 'aside.comments', tag: 'aside', attributes: { class: 'comments' }, box: wide(300) },
      1200,
      null,
    ), // 6
    element(
      {
        selector: 'aside.comments span',
        tag: 'span',
        attributes: { class: 'comment-author' },
        text: 'Troll',
      },
      1200,
      6,
    ), // 7
  ];
  const name = (description: string, list = page, authors: string[] = []): number =>
    authorName(description, parseDescription(description), viewsOf(list), authors);

  it('is the line of the name the page marks as its author, below the headline, out of banners and comments', () => {
    expect(name("the author's name")).toBe(3);
    expect(name("the reporter's name")).toBe(3);
    expect(name('the username of whoever posted this')).toBe(3);
    expect(name("the author's name", page, ['Jane Doe'])).toBe(3);
    expect(name("the author's name", page, ['Someone Else'])).toBe(-1);
    expect(name("the author's name", [...page.slice(0, 3), ...page.slice(5)])).toBe(-1);
  });

  it("is in a story's own header marked as a banner inside the main part, and its line is a list of one author", () => {
    const masthead: PageElement[] = [
      element({ selector: 'main', tag: 'main', role: 'main', box: wide(2000) }, 0, null), // 0
      element(
        {
          selector: 'main div.masthead',
          tag: 'div',
          role: 'banner',
          text: 'A story Jane Doe',
          box: wide(200),
        },
        100,
        0,
      ), // 1
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, 1), // 2
      element(
        {
          selector: 'div.authors',
          tag: 'div',
          attributes: { class: 'post-header-authors' },
          text: 'Jane Doe',
          box: wide(18),
        },
        160,
        1,
      ), // 3
      element(
        { selector: 'div.authors ul', tag: 'ul', role: 'list', text: 'Jane Doe', box: wide(18) },
        160,
        3,
      ), // 4
      element({ selector: 'div.authors li', tag: 'li', role: 'listitem', text: 'Jane Doe' }, 160, 4), // 5
      element(
        {
          selector: 'div.authors a',
          tag: 'a',
          role: 'link',
          attributes: { rel: 'author', href: '/author/jane' },
          text: 'Jane Doe',
        },
        160,
        5,
      ), // 6
    ];
    expect(name('who created this recipe', masthead, ['Jane Doe'])).toBe(3);
    // The site's own banner is still no place for the page's author.
    const site = masthead.map((e, i) => (i === 1 ? { ...e, parent: null } : e));
    expect(name('who created this recipe', site, ['Jane Doe'])).toBe(-1);
  });

  it('is not asked for by more than the name', () => {
    expect(name("the author's name and the date")).toBe(-1);
    expect(name("the author's photo")).toBe(-1);
    expect(name("the author's bio")).toBe(-1);
    expect(name('who wrote it and when')).toBe(-1);
    expect(name('the username field')).toBe(-1);
    expect(name("the login form's username box")).toBe(-1);
  });
});

describe('the comments', () => {
  const page: PageElement[] = [
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, null), // 0
    element({ selector: 'p', tag: 'p', text: 'The story.', box: wide(900) }, 150, null), // 1
    element(
      {
        selector: 'aside.sidebar',
        tag: 'aside',
        attributes: { class: 'sidebar' },
        box: { x: 900, y: 150, width: 300, height: 900 },
      },
      150,
      null,
    ), // 2
    element(
      {
        selector: '#recent-comments',
        tag: 'div',
        attributes: { id: 'recent-comments' },
        box: { x: 900, y: 400, width: 300, height: 300 },
      },
      400,
      2,
    ), // 3
    element(
      {
        selector: '#comments',
        tag: 'section',
        attributes: { id: 'comments' },
        box: { x: 0, y: 1100, width: 1264, height: 800 },
      },
      1100,
      null,
    ), // 4
    element(
      {
        selector: 'ol.comment-list',
        tag: 'ol',
        role: 'list',
        attributes: { class: 'comment-list' },
        box: wide(600),
      },
      1100,
      4,
    ), // 5
    element(
      { selector: 'a.comments-link', tag: 'a', attributes: { class: 'comments-link' }, text: '12 comments' },
      120,
      null,
    ), // 6
  ];
  const comments = (description: string, list = page): number =>
    commentsBox(description, parseDescription(description), viewsOf(list));

  it("is the outermost box marked as the comments, below the headline and out of the sidebar's widget", () => {
    expect(comments('the comments section')).toBe(4);
    expect(comments('the reader comments')).toBe(4);
    expect(comments('the comments', page.slice(0, 4))).toBe(-1);
  });

  it('is the comments box, not a one-line count of them marked alike above it', () => {
    const summary = element(
      {
        selector: 'div.comment-summary',
        tag: 'div',
        attributes: { class: 'pb-comment-wrapper' },
        box: { x: 0, y: 1080, width: 1264, height: 18 },
      },
      1080,
      null,
    );
    expect(comments('the comments section', [...page, summary])).toBe(4);
  });

  it('is not asked for by one comment or a part of them', () => {
    expect(comments('the top comment')).toBe(-1);
    expect(comments('the first comment')).toBe(-1);
    expect(comments('the comment count')).toBe(-1);
    expect(comments('the comment form')).toBe(-1);
    expect(comments('the review comments left on the changed lines')).toBe(-1);
  });
});

describe('a part sites mark alike', () => {
  const at = (y: number, height: number): PageElement['box'] => ({ x: 0, y, width: 800, height });
  const page: PageElement[] = [
    element({ selector: 'nav', tag: 'nav', role: 'navigation', box: at(0, 80) }, 0, null), // 0
    element({ selector: 'nav a.steps', tag: 'a', attributes: { class: 'steps' }, box: at(0, 80) }, 0, 0), // 1
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A cake' }, 100, null), // 2
    element(
      {
        selector: 'div.recipe-ingredients',
        tag: 'div',
        attributes: { class: 'recipe-ingredients' },
        box: at(200, 400),
      },
      200,
      null,
    ), // 3
    element(
      {
        selector: 'h3.ingredients-title',
        tag: 'h3',
        attributes: { class: 'ingredients-title' },
        box: at(200, 30),
      },
      200,
      3,
    ), // 4
    element(
      {
        selector: 'img.ingredients',
        tag: 'img',
        attributes: { class: 'ingredients-photo' },
        box: at(250, 300),
      },
      250,
      3,
    ), // 5
    element(
      {
        selector: 'div.recipe-instructions',
        tag: 'div',
        attributes: { class: 'recipe-instructions' },
        box: at(700, 600),
      },
      700,
      null,
    ), // 6
    element({ selector: 'div.recipe-instructions ol', tag: 'ol', role: 'list', box: at(740, 500) }, 740, 6), // 7
  ];
  const part = (description: string, list = page): number =>
    markedPart(description, parseDescription(description), viewsOf(list));

  it('is the one outermost box marked as the part, out of the navigation; the numbered list in it when asked', () => {
    expect(part('the ingredients')).toBe(3);
    expect(part('the ingredients list')).toBe(3);
    expect(part('the cooking steps')).toBe(6);
    expect(part('the recipe instructions')).toBe(6);
    expect(part('the numbered steps')).toBe(7);
  });

  it('reads a mark run together with another word ("infoboxtable"), not a short one ("stepper")', () => {
    const wiki = [
      element(
        { selector: '#infoboxtable', tag: 'table', attributes: { id: 'infoboxtable' }, box: at(100, 400) },
        100,
        null,
      ),
    ];
    expect(part('the infobox with birthday and address', wiki)).toBe(0);
    const stepper = [
      element(
        { selector: 'div.stepper', tag: 'div', attributes: { class: 'stepper' }, box: at(100, 400) },
        100,
        null,
      ),
    ];
    expect(part('the cooking steps', stepper)).toBe(-1);
    // Only with a word for a box, and only when no element carries the mark itself.
    const video = [
      element(
        { selector: 'div.video', tag: 'div', attributes: { class: 'instructionsvideo' }, box: at(100, 400) },
        100,
        null,
      ),
    ];
    expect(part('the recipe instructions', video)).toBe(-1);
    const both = [
      ...wiki,
      element(
        { selector: 'div.infobox', tag: 'div', attributes: { class: 'infobox' }, box: at(600, 400) },
        600,
        null,
      ),
    ];
    expect(part('the infobox', both)).toBe(1);
  });

  it('is not asked for by an ordinal, a picture or a heading of it, nor when two boxes are marked so', () => {
    expect(part('the first step')).toBe(-1);
    expect(part('the photo of the ingredients')).toBe(-1);
    expect(part('the ingredients heading')).toBe(-1);
    expect(part('the number of ingredients')).toBe(-1);
    expect(part('the link to the steps')).toBe(-1);
    const twice = [...page, { ...page[3]!, selector: 'div.more-ingredients', box: at(1400, 300) }];
    expect(part('the ingredients', twice)).toBe(-1);
  });
});

describe('a section named by its heading', () => {
  it('is the section for "the … section", whatever kind its heading is of', () => {
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
      element(
        {
          selector: 'section.authors',
          tag: 'section',
          attributes: { class: 'authors' },
          text: 'About the Author Jane Doe writes about kitchens.',
          box: { x: 0, y: 2000, width: 800, height: 300 },
        },
        2000,
        null,
      ), // 1
      element(
        {
          selector: 'h4.about',
          tag: 'h4',
          role: 'heading',
          level: 4,
          attributes: { class: 'author-about-title' },
          text: 'About the Author',
        },
        2000,
        1,
      ), // 2
      element({ selector: 'p.bio', tag: 'p', text: 'Jane Doe writes about kitchens.' }, 2040, 1), // 3
    ];
    const found = (d: string): number => evidentFound(d, parseDescription(d), viewsOf(page)).index;
    expect(found('the About the Author section')).toBe(1);
    expect(found('the About the Author box')).toBe(1);
  });
});

describe('a data table', () => {
  const table = (selector: string, text: string, y: number, parent: number | null = null): PageElement =>
    element(
      { selector, tag: 'table', role: 'table', text, box: { x: 0, y, width: 800, height: 200 } },
      y,
      parent,
    );
  const page: PageElement[] = [
    element({ selector: 'header', tag: 'header', role: 'banner', box: wide(300) }, 0, null), // 0
    table('header table', 'Menu Home About', 0, 0), // 1
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Benchmarks' }, 400, null), // 2
    table('table.layout', 'Results Parser Speed simdjson 2.5 GB/s Sizes Small 1 KB', 500), // 3
    table('table.results', 'Parser Speed simdjson 2.5 GB/s', 500, 3), // 4
    table('table.sizes', 'Sizes Small 1 KB Large 1 MB', 800, 3), // 5
  ];
  const data = (description: string, list = page): number =>
    dataTable(parseDescription(description), viewsOf(list));

  it("is the page's one table that holds no other, out of the banner", () => {
    expect(data('the table', page.slice(0, 5))).toBe(4);
    expect(data('the benchmark results table', page.slice(0, 5))).toBe(4);
  });

  it('is, of several, the one whose own words say most of what is asked', () => {
    expect(data('the table of parser speeds')).toBe(4);
    expect(data('the table of file sizes')).toBe(5);
    expect(data('the table')).toBe(-1);
    expect(data('the table of benchmarks')).toBe(-1);
  });

  it('is not asked for by an ordinal or a table of contents', () => {
    expect(data('the second table')).toBe(-1);
    expect(data('the table of contents', page.slice(0, 5))).toBe(-1);
  });
});

describe('more to read', () => {
  const box = (selector: string, className: string, y: number, height = 300, parent: number | null = null) =>
    element(
      { selector, tag: 'div', attributes: { class: className }, box: { x: 0, y, width: 800, height } },
      y,
      parent,
    );
  const link = (selector: string, y: number, parent: number): PageElement =>
    element({ selector, tag: 'a', role: 'link', text: 'Another story' }, y, parent);
  const page: PageElement[] = [
    element({ selector: 'header', tag: 'header', role: 'banner', box: wide(80) }, 0, null), // 0
    box('header .trending-topics', 'trending-topics', 20, 40, 0), // 1
    link('header .trending-topics a', 20, 1), // 2
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, null), // 3
    element({ selector: 'article', tag: 'article', role: 'article', box: wide(3000) }, 150, null), // 4
    box('div.related-inline', 'related-inline', 1000, 80, 4), // 5
    link('div.related-inline a', 1000, 5), // 6
    box('div.related-posts', 'related-posts', 3200), // 7
    link('div.related-posts a.a', 3200, 7), // 8
    link('div.related-posts a.b', 3300, 7), // 9
    box('aside.most-popular', 'most-popular', 3600), // 10
    link('aside.most-popular a', 3600, 10), // 11
  ];
  const more = (description: string, list = page): number =>
    moreToRead(description, parseDescription(description), viewsOf(list));

  it('is the box marked as most read when the most read are asked, wherever the banner says trending', () => {
    expect(more('the Most Popular stories box')).toBe(10);
    expect(more('the list of trending stories')).toBe(10);
    expect(more('the most read stories')).toBe(10);
  });

  it('is the related box whose marks name what is asked, or the last one after the story', () => {
    expect(more('the related posts')).toBe(7);
    expect(more('the related links after the article')).toBe(7);
    // Two related boxes, neither named by what is asked, nor placed: none.
    expect(more('the related links')).toBe(-1);
    expect(more('the related links', page.slice(0, 7))).toBe(5);
    expect(evidentFound('the related posts', parseDescription('the related posts'), viewsOf(page))).toEqual({
      index: 7,
      rule: 'related',
    });
  });

  it('is not asked for by tags, a file name, an ordinal or another kind', () => {
    expect(more('the related topics tags')).toBe(-1);
    expect(more('the diff of popular-cat-names.js')).toBe(-1);
    expect(more('the second related post')).toBe(-1);
    expect(more('the search box of the related posts')).toBe(-1);
    expect(more('the share buttons')).toBe(-1);
  });

  it("is no box of the story's related tags", () => {
    // A styled-components class that says "related tag": the story's tags, not more to read.
    const tags = [
      box('div.tags', 'PostMainArticle__ScRelatedTagLayout-sc-2', 3200, 18),
      link('div.tags a', 3200, 0),
    ];
    expect(more('the related articles', tags)).toBe(-1);
    const posts = [box('div.related-posts', 'related-posts', 3400), link('div.related-posts a', 3400, 2)];
    expect(more('the related articles', [...tags, ...posts])).toBe(2);
  });
});

describe("a newsletter's sign-up", () => {
  const page: PageElement[] = [
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
    element(
      { selector: 'p', tag: 'p', text: 'The story.', box: { x: 0, y: 60, width: 800, height: 2000 } },
      60,
      null,
    ), // 1
    element(
      { selector: '#comment-subscribe', tag: 'div', attributes: { id: 'prompt-comment-subscribe' } },
      2100,
      null,
    ), // 2
    element({ selector: '#comment-subscribe input', tag: 'input', role: 'checkbox' }, 2100, 2), // 3
    element(
      {
        selector: 'section.newsletter',
        tag: 'section',
        attributes: { class: 'newsletter-signup' },
        text: 'Get our newsletter',
        box: { x: 0, y: 2200, width: 800, height: 300 },
      },
      2200,
      null,
    ), // 4
    element({ selector: 'section.newsletter p', tag: 'p', text: 'Get our newsletter' }, 2200, 4), // 5
    element(
      {
        selector: 'section.newsletter form',
        tag: 'form',
        role: 'form',
        box: { x: 0, y: 2400, width: 400, height: 60 },
      },
      2400,
      4,
    ), // 6
    element({ selector: 'section.newsletter input', tag: 'input', role: 'textbox' }, 2400, 6), // 7
    element(
      { selector: 'section.newsletter button', tag: 'button', role: 'button', text: 'Sign up' },
      2400,
      6,
    ), // 8
  ];
  const box = (description: string, list = page): number =>
    newsletterBox(description, parseDescription(description), viewsOf(list));

  it('is the box the page marks as the sign-up, holding a field or a button; the form in it when a form is asked', () => {
    expect(box('the newsletter sign-up box')).toBe(4);
    expect(box('the sign-up box for breaking news email alerts')).toBe(4);
    expect(box('the newsletter signup form')).toBe(6);
  });

  it("is no comment's subscribe box, and not asked for without a newsletter or an email sign-up", () => {
    expect(box('the newsletter sign-up box', [...page.slice(0, 4)])).toBe(-1);
    expect(box('the sign up button')).toBe(-1);
    expect(box('the search box')).toBe(-1);
  });

  // A page with two newsletters: a sidebar's that only says so (its form is not in the saved page),
  // a "subscribe" wrapper around the site's own with its form, and the deals newsletter's with a form.
  const signUp = (
    selector: string,
    className: string,
    text: string,
    y: number,
    parent: number | null,
  ): PageElement =>
    element(
      {
        selector,
        tag: 'div',
        attributes: { class: className },
        text,
        box: { x: 0, y, width: 800, height: 100 },
      },
      y,
      parent,
    );
  const two: PageElement[] = [
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
    signUp(
      'aside .newsletter',
      'sidebar__newsletter',
      'Newsletter: get the Daily Quill in your inbox',
      200,
      null,
    ), // 1
    signUp(
      '#subscribe-download',
      'subscribe-download-wrapper',
      'Get the Daily Quill Download the app',
      3000,
      null,
    ), // 2
    signUp('#newsletter-form', 'newsletter-form', 'Get the Daily Quill every morning', 3000, 2), // 3
    element({ selector: '#newsletter-form input', tag: 'input', role: 'textbox' }, 3050, 3), // 4
    signUp(
      'div.deals-newsletter',
      'cta-newsletter',
      'Quill Deals: sign up for deals sent to your inbox daily',
      4000,
      null,
    ), // 5
    element(
      { selector: 'div.deals-newsletter button', tag: 'button', role: 'button', text: 'Sign up' },
      4050,
      5,
    ), // 6
    element(
      {
        selector: 'nav a.newsletter',
        tag: 'a',
        role: 'link',
        attributes: { class: 'newsletter-link' },
        text: 'Newsletters: get the Daily Quill and more',
      },
      10,
      null,
    ), // 7
  ];

  it('of several, is the one whose text names the newsletter asked for, then one with a field or a button, then one marked a newsletter', () => {
    expect(box('the Quill Deals newsletter signup', two)).toBe(5);
    // The sidebar's says so but has no form; the wrapper says only "subscribe".
    expect(box('the Daily Quill newsletter signup', two)).toBe(3);
    expect(box('the newsletter sign-up box', two)).toBe(3);
  });

  it("is a box marked a newsletter's that says so in its own text when the page has no form for it, not a link", () => {
    const story = element(
      { selector: 'p', tag: 'p', text: 'The story.', box: { x: 0, y: 60, width: 800, height: 2000 } },
      60,
      null,
    );
    expect(box('the newsletter box', [...two.slice(0, 2), story])).toBe(1);
    expect(box('the newsletter box', [two[0]!, story, two[7]!])).toBe(-1);
    // Not when another box has a form, nor for "the newsletters section", which lists them.
    expect(box('the Daily Quill newsletter box', [...two.slice(0, 5), story])).toBe(3);
    expect(box('the newsletters box', [...two.slice(0, 2), story])).toBe(-1);
    // The words that name it come first: a named promo before an unnamed form.
    const promo = [
      two[0]!,
      story,
      two[1]!,
      ...two.slice(5, 7).map((e) => ({ ...e, text: e.text.replace('Quill Deals: ', '') })),
    ];
    expect(box('the Daily Quill newsletter box', promo)).toBe(2);
  });
});

describe("a writer's bio", () => {
  const tall = (
    selector: string,
    tag: string,
    text: string,
    y: number,
    height: number,
    parent: number | null,
  ): PageElement => element({ selector, tag, text, box: { x: 0, y, width: 800, height } }, y, parent);
  const page: PageElement[] = [
    tall('header', 'header', "Jane Doe's blog Jane Doe is a reporter who writes about the city", 0, 80, null), // 0
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, null), // 1
    element({ selector: 'div.byline', tag: 'div', text: 'By Jane Doe March 5, 2021 at 3:57 PM' }, 150, null), // 2
    tall('p.story', 'p', 'The story, told at length.', 200, 2000, null), // 3
    tall(
      'div.about',
      'div',
      'About the author Jane Doe Jane Doe is a reporter who covers the city and its courts.',
      2300,
      150,
      null,
    ), // 4
    element({ selector: 'div.about h3', tag: 'h3', role: 'heading', level: 3, text: 'Jane Doe' }, 2300, 4), // 5
    tall('div.about p', 'p', 'Jane Doe is a reporter who covers the city and its courts.', 2350, 40, 4), // 6
    tall(
      'div.more',
      'div',
      'Jane Doe Follow More stories The Long Road Home to the City Council',
      2500,
      400,
      null,
    ), // 7
    element(
      {
        selector: 'div.more h2',
        tag: 'h2',
        role: 'heading',
        level: 2,
        text: 'The Long Road Home to the City Council',
      },
      2600,
      7,
    ), // 8
    tall(
      'li.comment',
      'div',
      'Jane Doe says March 6, 2021 at 1:46 pm thanks to all who wrote in about the courts',
      2950,
      60,
      null,
    ), // 9
    tall(
      'div.end',
      'div',
      'Related links Contact us Privacy policy Careers About the author Jane Doe Jane Doe is a reporter who covers the city and its courts. John Roe is an editor who writes the morning newsletter for readers.',
      2290,
      700,
      null,
    ), // 10
    tall(
      'p.editor',
      'p',
      'John Roe is an editor who writes the morning newsletter for readers.',
      2460,
      40,
      10,
    ), // 11
  ];
  // The box about the writer lies in the page's end (10), beside the editor's bio (11).
  page[4] = { ...page[4]!, parent: 10 };
  const bio = (description: string, list = page, authors: string[] = []): number =>
    authorBio(description, parseDescription(description), viewsOf(list), authors);

  it("is the innermost text that begins with a writer's name, from the byline or the metadata, and goes on", () => {
    expect(bio("the author's bio")).toBe(6);
    expect(bio('the short bio of Jane Doe')).toBe(6);
    // Of the page's writers, the one the description names.
    expect(bio('the short bio of John Roe', page, ['John Roe'])).toBe(11);
    // In place of the byline, a line that names no one.
    const noByline = page.map((e, i) => (i === 2 ? { ...e, text: 'March 5, 2021' } : e));
    expect(bio("the author's bio", noByline)).toBe(-1);
    expect(bio("the author's bio", noByline, ['Jane Doe'])).toBe(6);
  });

  it('for a box, card or profile, is the outermost box that still begins with the name or a lead-in such as "About the author"', () => {
    expect(bio('the about the author box')).toBe(4);
    expect(bio('the author card at the end')).toBe(4);
    expect(bio('the box about the writer at the bottom of the post')).toBe(4);
  });

  it('is no site title above the headline, byline or comment that says when after the name, nor a box that heads other stories', () => {
    // Without the box about the writer (left in the page as a blank line).
    const rest = page.map((e, i) => ([4, 5, 6].includes(i) ? { ...e, text: '' } : e));
    expect(bio("the author's bio", rest)).toBe(-1);
    expect(bio('the author card', rest)).toBe(-1);
  });

  // A page whose only lines that begin with the writer's name are no bio of her.
  const story = (...rest: PageElement[]): PageElement[] => [
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, null), // 0
    element({ selector: 'div.byline', tag: 'div', text: 'By Jane Doe' }, 150, null), // 1
    tall('p.story', 'p', 'The story, told at length.', 200, 2000, null), // 2
    ...rest,
  ];
  const notBios: [string, PageElement[]][] = [
    [
      'a dateline',
      [tall('div.meta', 'div', 'Jane Doe · Staff writer · Updated 2 hours ago · 5 min read', 2300, 20, null)],
    ],
    [
      'a comment',
      [
        element(
          {
            selector: 'div.comment-body',
            tag: 'div',
            attributes: { class: 'comment-body' },
            text: 'Jane Doe Thanks for reading, everyone, more on this next week',
            box: { x: 0, y: 2300, width: 800, height: 40 },
          },
          2300,
          null,
        ),
      ],
    ],
    [
      'her other stories',
      [
        tall('section.more', 'section', 'More by Jane Doe', 2300, 200, null),
        tall('div.card', 'div', 'Jane Doe Mayor names new library chief after months of delay', 2330, 60, 3),
        tall(
          'div.card2',
          'div',
          'Jane Doe Courts weigh the future of the old city hall and its park',
          2400,
          60,
          3,
        ),
      ],
    ],
    [
      'the footer',
      [
        tall(
          'footer',
          'footer',
          'Jane Doe writes here about the city and its courts, since 2012',
          2300,
          40,
          null,
        ),
      ],
    ],
  ];

  it("is no dateline, comment, list of the writer's stories or footer that begins with the name", () => {
    for (const [what, rest] of notBios) {
      expect(bio("the author's bio", story(...rest)), what).toBe(-1);
      expect(bio('the author card', story(...rest)), what).toBe(-1);
    }
  });

  it('is no caption of her photo nor a line that says what she did', () => {
    const lines = story(
      element(
        {
          selector: 'figure',
          tag: 'figure',
          role: 'figure',
          text: 'Jane Doe stands outside her childhood home in Dayton, Ohio',
          box: { x: 0, y: 2200, width: 800, height: 300 },
        },
        2200,
        null,
      ), // 3
      element(
        {
          selector: 'figcaption',
          tag: 'figcaption',
          text: 'Jane Doe stands outside her childhood home in Dayton, Ohio',
        },
        2450,
        3,
      ), // 4
      tall(
        'p.credit',
        'p',
        'Jane Doe reported from Kyiv, and John Roe from Moscow, for this story.',
        2550,
        20,
        null,
      ), // 5
      tall('p.bio', 'p', 'Jane Doe is a reporter who covers the city and its courts.', 2600, 40, null), // 6
    );
    expect(bio("the author's bio", lines)).toBe(6);
    expect(bio('the short bio of the reporter', lines)).toBe(6);
  });

  it('falls back on the byline when the metadata names an organisation, and "The Author\'s Bio" names no one', () => {
    const page2 = story(
      tall('p.bio', 'p', 'Jane Doe is a reporter who covers the city and its courts.', 2600, 40, null),
    );
    expect(bio('the short bio of the writer', page2, ['Daily Planet Staff'])).toBe(3);
    expect(bio("The Author's Bio", page2)).toBe(3);
  });

  it("is a writer's: the one named (stemmed as descriptions are), none for a person who is no writer, none for an artist", () => {
    const two = story(
      tall('div.bio1', 'div', 'Jane Doe is a reporter who covers the city and its courts.', 2300, 40, null),
      tall('div.bio2', 'div', 'James Davies is an editor who writes the morning newsletter.', 2400, 40, null),
      tall(
        'div.artist',
        'div',
        'Radiohead are an English rock band formed in Abingdon in 1985.',
        2500,
        40,
        null,
      ),
    );
    const writers = ['Jane Doe', 'James Davies'];
    expect(bio('the short bio of James Davies', two, writers)).toBe(4);
    expect(bio("James Davies's author card", two, writers)).toBe(4);
    expect(bio('the short bio of Sam Lee', two, writers)).toBe(-1);
    // A name may hold a word that names a kind elsewhere: "David Price", "Sally Field".
    const price = two.map((e, i) =>
      i === 4 ? { ...e, text: e.text.replace('James Davies', 'David Price') } : e,
    );
    expect(bio("David Price's author card", price, ['Jane Doe', 'David Price'])).toBe(4);
    // Another's bio is no writer's, though the page has hers (two writers' bios side by side are not asked apart).
    const artist = [...two.slice(0, 4), two[5]!];
    expect(bio('the artist bio', artist, writers)).toBe(-1);
    expect(bio("the band's biography", artist, writers)).toBe(-1);
    expect(bio("the writer's bio", artist, writers)).toBe(3);
    // The metadata's writers, not another story's byline.
    const other = story(
      tall(
        'div.related',
        'div',
        'Mark Smith writes about money and markets every week for us.',
        2200,
        40,
        null,
      ),
      tall('div.bio', 'div', 'Jane Doe is a reporter who covers the city and its courts.', 2300, 40, null),
    );
    expect(bio("the writer's bio", other, ['Jane Doe'])).toBe(4);
  });

  it('for a box, climbs no further than a wrapper that holds the comments', () => {
    const after = story(
      tall(
        'div.after',
        'div',
        'Jane Doe is a reporter who covers the city and its courts. Comments Great read',
        2300,
        400,
        null,
      ), // 3
      tall('div.bio', 'div', 'Jane Doe is a reporter who covers the city and its courts.', 2300, 60, 3), // 4
      element(
        {
          selector: 'section.comments',
          tag: 'section',
          attributes: { id: 'comments' },
          text: 'Comments Great read',
          box: { x: 0, y: 2400, width: 800, height: 300 },
        },
        2400,
        3,
      ), // 5
    );
    expect(bio('the author card', after)).toBe(4);
  });

  it('is not asked for the name beside the bio, and no bio is taller than a screen', () => {
    expect(bio('the author name and short bio')).toBe(-1);
    expect(bio('the share buttons under the author card')).toBe(-1);
    const long = page.map((e, i) => (i === 6 ? { ...e, box: { ...e.box, height: 760 } } : e));
    expect(bio("the author's bio", long)).toBe(-1);
  });
});

describe("a product's price", () => {
  const page: PageElement[] = [
    element({ selector: 'header', tag: 'header', role: 'banner' }, 0, null), // 0
    element({ selector: 'header span.cart', tag: 'span', text: '$0.00' }, 0, 0), // 1
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Crib mattress' }, 100, null), // 2
    element(
      {
        selector: 'div.price-display',
        tag: 'div',
        attributes: { class: 'price-display' },
        text: 'Price: $169.99',
      },
      150,
      null,
    ), // 3
    element({ selector: 'span.price', tag: 'span', text: '$169.99' }, 150, 3), // 4
    element({ selector: 'span.amount', tag: 'span', text: '169.99' }, 150, 4), // 5
    element(
      { selector: 'ul.related', tag: 'ul', role: 'list', attributes: { class: 'related-products' } },
      600,
      null,
    ), // 6
    element({ selector: 'ul.related a', tag: 'a', role: 'link', text: '$99.00' }, 600, 6), // 7
  ];
  const price = (description: string, list = page): number =>
    productPrice(description, parseDescription(description), viewsOf(list));

  it('is the first amount at or below the headline, with its own label, in no banner or other product', () => {
    expect(price('the price')).toBe(3);
    expect(price('how much does the mattress cost')).toBe(3);
    const amounts = ['US $2.66', 'GBP 1.99', '69.95 EUR', '₹1,299', '€ 5,95', 'US$11.99 / Set'];
    for (const text of amounts) {
      const one = [page[2]!, element({ selector: 'b', tag: 'b', text }, 150, null)];
      expect(price('the price', one), text).toBe(1);
    }
    const notAmounts = ['Free delivery over $50', 'Save 20%', '2021'];
    for (const text of notAmounts) {
      const one = [page[2]!, element({ selector: 'b', tag: 'b', text }, 150, null)];
      expect(price('the price', one), text).toBe(-1);
    }
  });

  it('is not asked for by a table or list of prices, or delivery options', () => {
    expect(price('the table of prices from different sellers')).toBe(-1);
    expect(price('delivery options and their prices')).toBe(-1);
    expect(price('the Add to Cart button')).toBe(-1);
    expect(price('the starting price with the Buy Now link')).toBe(-1);
    expect(price('the price and the add to basket button')).toBe(-1);
  });
});

describe("a story's picture", () => {
  const box = (y: number, height: number): PageElement['box'] => ({ x: 0, y, width: 700, height });
  const page: PageElement[] = [
    element(
      {
        selector: 'header img.logo',
        tag: 'img',
        role: 'img',
        attributes: { alt: 'The Paper' },
        box: box(0, 80),
      },
      0,
      null,
    ), // 0
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 100, null), // 1
    element(
      {
        selector: 'figure.lead',
        tag: 'figure',
        role: 'figure',
        text: 'Police in Chelsea on Sunday. (Getty)',
        box: box(150, 500),
      },
      150,
      null,
    ), // 2
    element(
      {
        selector: 'figure.lead img',
        tag: 'img',
        role: 'img',
        attributes: { alt: 'police' },
        box: box(150, 460),
      },
      150,
      2,
    ), // 3
    element({ selector: 'p', tag: 'p', text: 'The story goes on.', box: box(700, 800) }, 700, null), // 4
    element(
      {
        selector: 'figure.second',
        tag: 'figure',
        role: 'figure',
        text: 'Zuckerberg on stage.',
        box: box(1600, 500),
      },
      1600,
      null,
    ), // 5
    element(
      {
        selector: 'figure.second img',
        tag: 'img',
        role: 'img',
        attributes: { alt: 'Mark Zuckerberg' },
        box: box(1600, 460),
      },
      1600,
      5,
    ), // 6
    element({ selector: 'aside', tag: 'aside', role: 'complementary', box: box(2200, 300) }, 2200, null), // 7
    element(
      { selector: 'aside figure', tag: 'figure', role: 'figure', text: 'Another story', box: box(2200, 200) },
      2200,
      7,
    ), // 8
  ];
  const figure = (description: string): number => storyFigure(parseDescription(description), viewsOf(page));

  it("is the figure whose caption or images say what the description says it shows, else the story's first", () => {
    expect(figure('the lead photo with its caption')).toBe(2);
    expect(figure('the first photo in the story')).toBe(2);
    expect(figure('the photo of Zuckerberg with its caption and credit')).toBe(5);
    expect(figure('the photo of the Zuckerberg speech')).toBe(5);
    expect(figure('the photo of the moon landing')).toBe(-1);
  });

  it('of pictures that show the same, is the first for the lead one, and none for one alone', () => {
    // The second picture's caption names the first one's subject too.
    const twice = page.map((e, i) =>
      i === 5 ? { ...e, text: 'Zuckerberg on stage, after the police in Chelsea.' } : e,
    );
    const of = (description: string): number => storyFigure(parseDescription(description), viewsOf(twice));
    expect(of('the lead photo of the police in Chelsea')).toBe(2);
    expect(of('the photo of the police in Chelsea')).toBe(-1);
    // A sponsored picture is no story's.
    const sponsored = twice.map((e, i) => (i === 2 ? { ...e, attributes: { class: 'sponsored-promo' } } : e));
    expect(storyFigure(parseDescription('the lead photo of the police in Chelsea'), viewsOf(sponsored))).toBe(
      5,
    );
  });

  it("is not asked for by several photos, a second one, the author's photo or the logo", () => {
    expect(figure('the item photos')).toBe(-1);
    expect(figure('the second photo')).toBe(-1);
    expect(figure("the author's photo")).toBe(-1);
    expect(figure('the logo')).toBe(-1);
  });
});

describe('a row of tabs', () => {
  const tab = (selector: string, id: string, text: string, parent: number): PageElement =>
    element(
      { selector, tag: 'a', role: 'link', attributes: { id, class: 'UnderlineNav-item' }, text },
      60,
      parent,
    );
  const page: PageElement[] = [
    element(
      {
        selector: 'nav.repo',
        tag: 'nav',
        role: 'navigation',
        attributes: { 'aria-label': 'Repository' },
        text: 'Code Issues 1 Pull requests 3',
      },
      60,
      null,
    ), // 0
    element({ selector: 'ul.repo', tag: 'ul', role: 'list', text: 'Code Issues 1 Pull requests 3' }, 60, 0), // 1
    tab('#code-tab', 'code-tab', 'Code', 1), // 2
    tab('#issues-tab', 'issues-tab', 'Issues 1', 1), // 3
    tab('#pulls-tab', 'pull-requests-tab', 'Pull requests 3', 1), // 4
    element(
      {
        selector: 'nav.pr',
        tag: 'nav',
        role: 'navigation',
        text: 'Conversation Commits Checks Files changed',
      },
      300,
      null,
    ), // 5
    element({ selector: 'nav.pr a.1', tag: 'a', role: 'tab', text: 'Conversation' }, 300, 5), // 6
    element({ selector: 'nav.pr a.2', tag: 'a', role: 'tab', text: 'Commits' }, 300, 5), // 7
    element({ selector: 'nav.pr a.3', tag: 'a', role: 'tab', text: 'Checks' }, 300, 5), // 8
  ];
  const bar = (description: string): number =>
    tabBar(description, parseDescription(description), viewsOf(page));

  it('is the innermost element holding a row of three tabs or more, the one the description names, else the first', () => {
    expect(bar('the repository tabs')).toBe(1);
    expect(bar('the repo tabs: Code, Issues, Pull requests')).toBe(1);
    expect(bar('the tab bar')).toBe(1);
    expect(bar('the tabs')).toBe(1);
  });

  it('is not one tab', () => {
    expect(bar('the Issues tab')).toBe(-1);
    expect(bar('the navigation')).toBe(-1);
  });
});

describe("a file's lines on a code host", () => {
  const page: PageElement[] = [
    element(
      { selector: '#file-a', tag: 'div', text: 'popular-cat-names.js @@ -1,4 +1,4 @@ Tigger' },
      0,
      null,
    ), // 0
    element(
      {
        selector: '#file-a table',
        tag: 'table',
        attributes: { class: 'diff-table tab-size' },
        text: '@@ -1,4 +1,4 @@ Tigger',
      },
      40,
      0,
    ), // 1
    element(
      { selector: '#file-b', tag: 'div', text: 'popular-rabbit-names.js @@ -1,5 +1,6 @@ Thumper' },
      400,
      null,
    ), // 2
    element(
      {
        selector: '#file-b table',
        tag: 'table',
        attributes: { class: 'diff-table tab-size' },
        text: '@@ -1,5 +1,6 @@ Thumper',
      },
      440,
      2,
    ), // 3
  ];
  const file = (description: string, list = page): number => shownFile(description, viewsOf(list));

  it('is the table of lines in the box that shows the file named, else the first', () => {
    expect(file('the diff of popular-rabbit-names.js')).toBe(3);
    expect(file('the diff showing the changed lines of popular-cat-names.js')).toBe(1);
    expect(file('the code diff')).toBe(1);
    expect(file('the diff of missing.js')).toBe(-1);
    const blob = [
      element(
        {
          selector: 'table.highlight',
          tag: 'table',
          attributes: { class: 'highlight tab-size' },
          text: 'Max Buddy',
        },
        0,
        null,
      ),
    ];
    expect(file('the file contents', blob)).toBe(0);
  });

  it('is not asked for by the comments on the changed lines, or on a page without such tables', () => {
    expect(file('the review comments left on the changed lines')).toBe(-1);
    expect(file('the diff', [element({ selector: 'pre', tag: 'pre', text: 'x' }, 0, null)])).toBe(-1);
  });
});

describe("a repository's list of files", () => {
  const link = (name: string, href: string, parent: number | null): PageElement =>
    element(
      { selector: `a[title="${name}"]`, tag: 'a', role: 'link', attributes: { href }, text: name },
      100,
      parent,
    );
  const page: PageElement[] = [
    element({ selector: 'div.Box', tag: 'div', text: 'Latest commit Merge … src docs README.md' }, 0, null), // 0
    element(
      {
        selector: 'a.permalink',
        tag: 'a',
        role: 'link',
        attributes: { class: 'd-none js-permalink-shortcut', href: '/o/r/tree/3735276' },
        text: 'Permalink',
      },
      0,
      0,
    ), // 1
    element(
      { selector: 'div.files', tag: 'div', attributes: { role: 'grid' }, text: 'src docs README.md' },
      50,
      0,
    ), // 2
    link('src', '/o/r/tree/main/src', 2), // 3
    link('docs', '/o/r/tree/main/docs', 2), // 4
    link('README.md', '/o/r/blob/main/README.md', 2), // 5
    link('Unlicense license', '/o/r/blob/main/LICENSE.md', null), // 6
  ];
  it("is the innermost element holding most links to the repository's files and folders", () => {
    expect(fileList('the list of files in the repository', viewsOf(page))).toBe(2);
    expect(fileList('the files and folders', viewsOf(page))).toBe(2);
    expect(fileList('the Files changed tab', viewsOf(page))).toBe(-1);
    expect(fileList('the README', viewsOf(page))).toBe(-1);
    // Right wherever it was found on the labelled pages (2 of 2): it vouches.
    const d = 'the list of files in the repository';
    const found = evidentFound(d, parseDescription(d), viewsOf(page));
    expect(found).toEqual({ index: 2, rule: 'files' });
    expect(vouchedEvident(found)).toBe(2);
  });

  it("is not a README's text that links to more of the repository's docs than the file table shows", () => {
    const readme: PageElement[] = [
      ...page,
      element(
        {
          selector: 'article.markdown-body',
          tag: 'article',
          attributes: { class: 'markdown-body' },
          text: 'Docs',
        },
        900,
        null,
      ), // 7
      element({ selector: 'article ul', tag: 'ul', role: 'list', text: 'a b c d e' }, 950, 7), // 8
      ...['a', 'b', 'c', 'd', 'e'].map((name) => link(`${name}.md`, `/o/r/blob/main/docs/${name}.md`, 8)), // 9–13
    ];
    expect(fileList('the list of files in the repository', viewsOf(readme))).toBe(2);
    // Marked as the README by its id alone.
    const byId = readme.map((e, k) =>
      k === 7 ? { ...e, selector: 'div#readme', attributes: { id: 'readme' } } : e,
    );
    expect(fileList('the list of files in the repository', viewsOf(byId))).toBe(2);
  });
});

describe("the new rules' guards (from a review)", () => {
  it('a row of tabs only when the tabs are asked for, not a thing in them', () => {
    const page: PageElement[] = [
      element(
        { selector: 'nav.tabs', tag: 'nav', role: 'navigation', text: 'Code Issues 3 Pull requests' },
        0,
        null,
      ), // 0
      element(
        { selector: '#code-tab', tag: 'a', role: 'link', attributes: { id: 'code-tab' }, text: 'Code' },
        0,
        0,
      ), // 1
      element(
        {
          selector: '#issues-tab',
          tag: 'a',
          role: 'link',
          attributes: { id: 'issues-tab' },
          text: 'Issues 3',
        },
        0,
        0,
      ), // 2
      element(
        {
          selector: '#pulls-tab',
          tag: 'a',
          role: 'link',
          attributes: { id: 'pulls-tab' },
          text: 'Pull requests',
        },
        0,
        0,
      ), // 3
      element({ selector: 'input.search', tag: 'input', role: 'searchbox' }, 0, 0), // 4
    ];
    const bar = (d: string): number => tabBar(d, parseDescription(d), viewsOf(page));
    expect(bar('the repository tabs')).toBe(0);
    expect(bar('the search box in the tab bar')).toBe(-1);
    expect(bar('the search field next to the tabs')).toBe(-1);
    expect(bar('the issue counter in the repository tabs')).toBe(-1);
  });

  it("a file's lines, not a button, name or count about them", () => {
    const page = [
      element({ selector: 'table', tag: 'table', attributes: { class: 'diff-table' }, text: '@@' }, 0, null),
    ];
    for (const d of [
      'the button to switch the diff to split view',
      'the file name of the diff',
      'the number of lines in the diff',
    ])
      expect(shownFile(d, viewsOf(page)), d).toBe(-1);
  });

  it("a story's picture, not the author's", () => {
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null),
      element(
        {
          selector: 'figure',
          tag: 'figure',
          role: 'figure',
          text: 'A lead photo',
          box: { x: 0, y: 100, width: 700, height: 400 },
        },
        100,
        null,
      ),
    ];
    for (const d of ['the photo of the author', "the reporter's photo", 'the picture of the writer'])
      expect(storyFigure(parseDescription(d), viewsOf(page)), d).toBe(-1);
    expect(storyFigure(parseDescription('the lead photo'), viewsOf(page))).toBe(1);
  });

  it("a story's tags, not a sidebar's tag cloud; in the story's own footer", () => {
    const tags = (selector: string, y: number, parent: number | null, className = 'tags'): PageElement[] => [
      element(
        { selector, tag: 'div', attributes: { class: className }, box: { x: 0, y, width: 300, height: 40 } },
        y,
        parent,
      ),
    ];
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
      element({ selector: 'aside', tag: 'aside', role: 'complementary' }, 500, null), // 1
      ...tags('aside .tags', 500, 1), // 2
      element({ selector: 'aside a.1', tag: 'a', role: 'link', text: 'Art' }, 500, 2), // 3
      element({ selector: 'aside a.2', tag: 'a', role: 'link', text: 'Law' }, 500, 2), // 4
      element({ selector: 'article', tag: 'article', role: 'article' }, 1000, null), // 5
      element({ selector: 'article footer', tag: 'footer' }, 2900, 5), // 6
      ...tags('article footer .tags', 2900, 6), // 7
      element({ selector: 'footer a.1', tag: 'a', role: 'link', text: 'Space' }, 2900, 7), // 8
      element({ selector: 'footer a.2', tag: 'a', role: 'link', text: 'Mars' }, 2900, 7), // 9
    ];
    expect(tagList(parseDescription('the tags'), viewsOf(page))).toBe(7);
  });

  it('a price is an amount alone, and no filter of prices', () => {
    const page = (text: string): PageElement[] => [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A lamp' }, 0, null),
      element({ selector: 'span', tag: 'span', text }, 50, null),
    ];
    expect(productPrice('the price', parseDescription('the price'), viewsOf(page('Was $499.00')))).toBe(-1);
    expect(productPrice('the price', parseDescription('the price'), viewsOf(page('US $2.66')))).toBe(1);
    expect(
      productPrice('the price filter', parseDescription('the price filter'), viewsOf(page('$500'))),
    ).toBe(-1);
    expect(
      productPrice(
        'the price range slider',
        parseDescription('the price range slider'),
        viewsOf(page('$500')),
      ),
    ).toBe(-1);
  });
});

describe("the thirteenth look's guards (from a review)", () => {
  it("asks the page's day alone only when nothing but the page is named", () => {
    for (const d of [
      'the date of the comment',
      'when the comment was posted',
      'the date of the concert',
      'the date on the related story card',
      'the date of the next meetup',
    ])
      expect(asksDayAlone(parseDescription(d)), d).toBe(false);
    for (const d of [
      'when it was first published',
      'the date the recipe was posted',
      'the original publication date',
    ])
      expect(asksDayAlone(parseDescription(d)), d).toBe(true);
  });

  it("reads 'method' as a recipe's steps only of a recipe; one part of two, or one step, is no part", () => {
    const at = (y: number, height: number): PageElement['box'] => ({ x: 0, y, width: 800, height });
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Checkout' }, 0, null), // 0
      element(
        {
          selector: 'ol.checkout-steps',
          tag: 'ol',
          attributes: { class: 'checkout-steps' },
          box: at(100, 300),
        },
        100,
        null,
      ), // 1
      element(
        { selector: 'div.ingredients', tag: 'div', attributes: { class: 'ingredients' }, box: at(500, 300) },
        500,
        null,
      ), // 2
      element(
        {
          selector: 'div.instructions',
          tag: 'div',
          attributes: { class: 'instructions' },
          box: at(900, 600),
        },
        900,
        null,
      ), // 3
    ];
    const part = (d: string): number => markedPart(d, parseDescription(d), viewsOf(page));
    expect(part('the shipping method')).toBe(-1);
    expect(part('the payment method')).toBe(-1);
    expect(part('the ingredients and instructions')).toBe(-1);
    expect(part('the recipe card with the ingredients and method')).toBe(-1);
    expect(part('the instructions for step 2')).toBe(-1);
    expect(part('the step that says to bake the cake')).toBe(-1);
    // On a recipe alone (no checkout's steps): one step-by-step box, the method of a recipe.
    const recipe = [page[0]!, page[2]!, page[3]!];
    const inRecipe = (d: string): number => markedPart(d, parseDescription(d), viewsOf(recipe));
    expect(inRecipe('the step-by-step instructions')).toBe(2);
    expect(inRecipe("the recipe's method")).toBe(2);
    expect(inRecipe('the ingredients')).toBe(1);
  });

  it('takes no control named in a box, nor a check box, for the section its heading heads', () => {
    const page: PageElement[] = [
      element({ selector: 'header', tag: 'header', role: 'banner', text: 'Sign in', box: wide(80) }, 0, null), // 0
      element({ selector: 'header a', tag: 'a', role: 'link', name: 'Sign in', text: 'Sign in' }, 10, 0), // 1
      element(
        {
          selector: 'form',
          tag: 'form',
          role: 'form',
          text: 'Remember me',
          box: { x: 0, y: 200, width: 400, height: 100 },
        },
        200,
        null,
      ), // 2
      element(
        {
          selector: 'label',
          tag: 'label',
          text: 'Remember me',
          box: { x: 0, y: 200, width: 150, height: 20 },
        },
        200,
        2,
      ), // 3
      element(
        {
          selector: 'input#remember',
          tag: 'input',
          role: 'checkbox',
          name: 'Remember me',
          attributes: { id: 'remember' },
        },
        200,
        3,
      ), // 4
    ];
    const found = (d: string): number => evidentFound(d, parseDescription(d), viewsOf(page)).index;
    expect(found('the "Sign in" link in the header area')).not.toBe(0);
    expect(found('the "Remember me" check box')).not.toBe(2);
  });

  it("takes no total, former, another product's or one of several items' amount for the price", () => {
    const h1 = element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Blue hat' }, 0, null);
    const price = (d: string, page: PageElement[]): number =>
      productPrice(d, parseDescription(d), viewsOf(page));
    const product: PageElement[] = [
      h1, // 0
      element({ selector: 'div.prices', tag: 'div', text: '$40.00 $25.00' }, 50, null), // 1
      element({ selector: 'del', tag: 'del', text: '$40.00' }, 50, 1), // 2
      element({ selector: 'span.now', tag: 'span', text: '$25.00' }, 50, 1), // 3
    ];
    expect(price('the current price', product)).toBe(3);
    expect(price('the sale price', product)).toBe(3);
    expect(price('the original price', product)).toBe(-1);
    expect(price('the total price', product)).toBe(-1);
    expect(price('the price of the hat', product)).toBe(3);
    expect(price('the price of the scarf', product)).toBe(-1);
    const cart: PageElement[] = [
      h1, // 0
      element({ selector: 'ul.lines', tag: 'ul', role: 'list' }, 50, null), // 1
      element({ selector: 'li.a', tag: 'li', role: 'listitem' }, 50, 1), // 2
      element({ selector: 'li.a span', tag: 'span', text: '$25.00' }, 50, 2), // 3
      element({ selector: 'li.b', tag: 'li', role: 'listitem' }, 100, 1), // 4
      element({ selector: 'li.b span', tag: 'span', text: '$12.00' }, 100, 4), // 5
    ];
    expect(price('the price', cart)).toBe(-1);
  });

  it("reads a username as the author's only with a poster's wording, and no other person's name", () => {
    const page: PageElement[] = [
      element({ selector: 'header', tag: 'header', role: 'banner', box: wide(80) }, 0, null), // 0
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A question' }, 100, null), // 1
      element(
        {
          selector: 'div.author',
          tag: 'div',
          attributes: { class: 'author' },
          text: 'jane_roe',
          box: wide(18),
        },
        160,
        null,
      ), // 2
    ];
    const name = (d: string): number => authorName(d, parseDescription(d), viewsOf(page), []);
    expect(name('the username of whoever posted this')).toBe(2);
    expect(name("the poster's username")).toBe(2);
    for (const d of [
      'the username in the header',
      'my username',
      "the answerer's username",
      "the commenter's username",
      "the answer author's name",
    ])
      expect(name(d), d).toBe(-1);
  });

  it('takes no box of more to read for one thing in it, a negation, or the most popular of something else', () => {
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
      element(
        {
          selector: 'div.related-posts',
          tag: 'div',
          attributes: { class: 'related-posts popular-answers' },
          box: { x: 0, y: 2000, width: 800, height: 300 },
        },
        2000,
        null,
      ), // 1
      element({ selector: 'div.related-posts a', tag: 'a', role: 'link', text: 'Another story' }, 2000, 1), // 2
    ];
    const more = (d: string): number => moreToRead(d, parseDescription(d), viewsOf(page));
    expect(more('the related posts')).toBe(1);
    for (const d of [
      'the related article card',
      'the link to the related article',
      'the main article without the related stories',
      'the most popular answer',
    ])
      expect(more(d), d).toBe(-1);
  });

  it('takes no comments box for a count of them, a negation, or one person’s comments', () => {
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
      element(
        { selector: '#comments', tag: 'section', attributes: { id: 'comments' }, box: wide(800) },
        1000,
        null,
      ), // 1
    ];
    const comments = (d: string): number => commentsBox(d, parseDescription(d), viewsOf(page));
    expect(comments('the comments section')).toBe(1);
    expect(comments('the comments from readers')).toBe(1);
    for (const d of [
      'the comments counter',
      'the total comments',
      'the article without the comments',
      'the comments by Bob',
    ])
      expect(comments(d), d).toBe(-1);
  });

  it('takes no one data table for tables', () => {
    const table = (selector: string, text: string, y: number): PageElement =>
      element(
        { selector, tag: 'table', role: 'table', text, box: { x: 0, y, width: 800, height: 200 } },
        y,
        null,
      );
    const page = [table('table.results', 'Results by size', 0), table('table.sizes', 'Sizes', 400)];
    expect(dataTable(parseDescription('the results and sizes tables'), viewsOf(page))).toBe(-1);
    expect(dataTable(parseDescription('the results table'), viewsOf(page.slice(0, 1)))).toBe(0);
  });

  it('reads command words without the quotes, brackets and stops around them', () => {
    expect(codePhrases(`run "python -m venv${')'.repeat(2_000)}.`)).toContain(' python -m venv ');
    expect(codePhrases("the line ('publish = false');")).toContain(' publish = false ');
  });
});

describe('marks read as the page writes them (plural classes)', () => {
  const box = (className: string, y: number): PageElement =>
    element(
      { selector: `div.${className}`, tag: 'div', attributes: { class: className }, box: wide(600) },
      y,
      null,
    );
  const h1 = element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null);

  it("finds the comments a class calls replies or responses, and more to read a class calls 'relatedposts'", () => {
    for (const className of ['js_replies', 'responses', 'reviews']) {
      const d = 'the comments section';
      expect(commentsBox(d, parseDescription(d), viewsOf([h1, box(className, 1000)])), className).toBe(1);
    }
    const related = [
      h1,
      box('jp-relatedposts', 2000),
      element({ selector: 'div.jp-relatedposts a', tag: 'a', role: 'link', text: 'Another story' }, 2000, 1),
    ];
    const d = 'the related posts below the article';
    expect(moreToRead(d, parseDescription(d), viewsOf(related))).toBe(1);
  });

  it("reads the kinds' marks stemmed too: a class 'stars' is a rating's, 'sharetools' a share bar's", () => {
    const one = (className: string) => viewsOf([box(className, 0)]);
    expect(KINDS.rating?.match(one('stars')[0]!, one('stars'))).toBe(1);
    expect(KINDS.share?.match(one('sharetools')[0]!, one('sharetools'))).toBe(1);
  });
});

describe("the guards' own guards (from a second review)", () => {
  const h1 = element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Blue hat' }, 0, null);
  const price = (d: string, page: PageElement[]): number =>
    productPrice(d, parseDescription(d), viewsOf(page));

  it("takes a store's one price classed 'regular' as the price, and no other product's below it", () => {
    const page: PageElement[] = [
      h1, // 0
      element(
        {
          selector: 'span.regular-price',
          tag: 'span',
          attributes: { class: 'regular-price' },
          text: '$25.00',
        },
        50,
        null,
      ), // 1
      element(
        { selector: 'span.regular-price span', tag: 'span', attributes: { class: 'price' }, text: '$25.00' },
        50,
        1,
      ), // 2
      element({ selector: 'div.upsell span', tag: 'span', text: '$12.00' }, 600, null), // 3
    ];
    expect(price('the price', page)).toBe(1);
  });

  it('asks for no current price when the former one is asked', () => {
    const page: PageElement[] = [
      h1, // 0
      element({ selector: 'div.prices', tag: 'div', text: '$40.00 $25.00' }, 50, null), // 1
      element({ selector: 'del', tag: 'del', text: '$40.00' }, 50, 1), // 2
      element({ selector: 'span.now', tag: 'span', text: '$25.00' }, 50, 1), // 3
    ];
    for (const d of [
      'the crossed-out price',
      'the strikethrough price',
      'the price before discount',
      'the compare-at price',
      'the usual price',
      'the price it used to be',
    ])
      expect(price(d, page), d).toBe(-1);
    for (const d of ['what was the price', 'the price including tax', 'the price of the hat at the top'])
      expect(price(d, page), d).toBe(3);
    expect(price('the price of the product in the buy box', page)).toBe(3);
  });

  it("keeps the price when the list beside it shows shipping, not other products' prices", () => {
    const page: PageElement[] = [
      h1, // 0
      element({ selector: 'ul', tag: 'ul', role: 'list' }, 50, null), // 1
      element({ selector: 'li.price', tag: 'li', text: '$25.00' }, 50, 1), // 2
      element({ selector: 'li.ship', tag: 'li', text: 'Shipping $4.99' }, 80, 1), // 3
      element({ selector: 'li.ship span', tag: 'span', text: '$4.99' }, 80, 3), // 4
    ];
    expect(price('the price', page)).toBe(2);
  });

  it('reads "the External links section" as the section its heading heads', () => {
    const page: PageElement[] = [
      element(
        { selector: 'section', tag: 'section', text: 'External links Home page Source', box: wide(200) },
        1000,
        null,
      ), // 0
      element({ selector: 'h2', tag: 'h2', role: 'heading', level: 2, text: 'External links' }, 1000, 0), // 1
      element({ selector: 'ul', tag: 'ul', role: 'list', text: 'Home page Source' }, 1040, 0), // 2
    ];
    for (const d of ['the External links section', 'the "External links" section', 'the External Links box'])
      expect(evidentFound(d, parseDescription(d), viewsOf(page)).index, d).toBe(0);
  });

  it('takes a negation or a sort order after the comments or related stories as no leaving out', () => {
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
      element(
        { selector: '#comments', tag: 'section', attributes: { id: 'comments' }, box: wide(800) },
        1000,
        null,
      ), // 1
      element(
        {
          selector: 'div.related-posts',
          tag: 'div',
          attributes: { class: 'related-posts' },
          box: { x: 0, y: 2000, width: 800, height: 300 },
        },
        2000,
        null,
      ), // 2
      element({ selector: 'div.related-posts a', tag: 'a', role: 'link', text: 'Another story' }, 2000, 2), // 3
    ];
    const comments = (d: string): number => commentsBox(d, parseDescription(d), viewsOf(page));
    for (const d of [
      'the comments, excluding the ads',
      'the comments below the article, not the recent comments widget',
      'the comments sorted by newest',
      'the comments powered by Disqus',
      'the reader comments from Facebook',
    ])
      expect(comments(d), d).toBe(1);
    expect(comments('the comments by Bob')).toBe(-1);
    expect(comments('the replies by @jane')).toBe(-1);
    const more = (d: string): number => moreToRead(d, parseDescription(d), viewsOf(page));
    for (const d of ['the related stories, not the ads', 'the related posts, excluding sponsored ones'])
      expect(more(d), d).toBe(2);
  });

  it('takes "the Most Popular" and a trending rail as the box, the most popular answer as none', () => {
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
      element(
        {
          selector: 'aside.most-popular',
          tag: 'aside',
          attributes: { class: 'most-popular trending' },
          box: { x: 900, y: 100, width: 300, height: 600 },
        },
        100,
        null,
      ), // 1
      element({ selector: 'aside.most-popular a', tag: 'a', role: 'link', text: 'Another story' }, 100, 1), // 2
    ];
    const more = (d: string): number => moreToRead(d, parseDescription(d), viewsOf(page));
    for (const d of [
      'the Most Popular',
      'the Trending Now rail',
      'the most popular column',
      'the popular products',
    ])
      expect(more(d), d).toBe(1);
    for (const d of ['the most popular answer', 'the most popular comment', 'the most popular story'])
      expect(more(d), d).toBe(-1);
  });

  it("reads the page's date for a review page, a header, an image or the share buttons; not for a show", () => {
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
      element({ selector: 'time', tag: 'time', text: 'March 5, 2021' }, 40, null), // 1
    ];
    const map = {
      ...storyMap(page, 720),
      about: { authors: [], published: '2021-03-05T08:00:00Z', headline: 'A story' },
    };
    const date = (d: string): number => soleDate(parseDescription(d), viewsOf(page), map, d);
    for (const d of [
      'when was this review published',
      'the review date',
      'the date in the article header',
      'the date below the main image',
      'the date next to the share buttons',
    ])
      expect(date(d), d).toBe(1);
    for (const d of ['the date of the show', 'the show date', 'the date of the comment'])
      expect(date(d), d).toBe(-1);
    for (const d of ['the timestamp', 'the posting date', 'when was the video uploaded'])
      expect(asksDayAlone(parseDescription(d), d), d).toBe(true);
    expect(asksDayAlone(parseDescription('the show date'), 'the show date')).toBe(false);
  });

  it("reads a day that stands alone in the author's line when neither metadata nor a <time> says when", () => {
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 350, null), // 0
      element(
        { selector: 'div.article-author', tag: 'div', attributes: { class: 'article-author' } },
        440,
        null,
      ), // 1
      element({ selector: 'div.article-author > a', tag: 'a', role: 'link', text: 'Jane Roe' }, 440, 1), // 2
      element(
        {
          selector: 'div.article-author > span',
          tag: 'span',
          text: 'Monday, February 29, 2016 @ 11:10 PM UTC',
        },
        440,
        1,
      ), // 3
      element({ selector: 'div.promo', tag: 'div', attributes: { class: 'author-promo' } }, 900, null), // 4
      element({ selector: 'div.promo > span', tag: 'span', text: 'Sale ends March 3, 2016' }, 900, 4), // 5
    ];
    const date = (d: string, on = page): number =>
      soleDate(parseDescription(d), viewsOf(on), storyMap(on, 720), d);
    expect(date('the publication date')).toBe(3);
    expect(date('when was it published')).toBe(3);
    // A line that says more than when ("Sale ends …") is no date line, even in an element so classed.
    const undated = page.map((e, i) => (i === 3 ? { ...e, text: 'Staff writer' } : e));
    expect(date('the publication date', undated)).toBe(-1);
  });

  it("reads the author's name in a header, and the original poster's username", () => {
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A question' }, 100, null), // 0
      element(
        {
          selector: 'div.author',
          tag: 'div',
          attributes: { class: 'author' },
          text: 'jane_roe',
          box: wide(18),
        },
        160,
        null,
      ), // 1
    ];
    const name = (d: string): number => authorName(d, parseDescription(d), viewsOf(page), []);
    for (const d of [
      "the author's name in the article header",
      'the username of the original poster',
      "the OP's username",
      "the uploader's username",
    ])
      expect(name(d), d).toBe(1);
  });

  it('reads "the instructions, one step at a time" as the steps', () => {
    const page: PageElement[] = [
      element(
        {
          selector: 'div.instructions',
          tag: 'div',
          attributes: { class: 'instructions' },
          box: { x: 0, y: 900, width: 800, height: 600 },
        },
        900,
        null,
      ),
    ];
    const d = 'the instructions, one step at a time';
    expect(markedPart(d, parseDescription(d), viewsOf(page))).toBe(0);
  });
});

describe("the guards' guards (from a third review)", () => {
  it('asks for no day alone when the headline, the title or the bottom comes with it', () => {
    for (const d of ['the headline and the date', 'the title and date of the post', 'the date at the bottom'])
      expect(asksDayAlone(parseDescription(d), d), d).toBe(false);
  });

  it("takes no docs section whose anchor's slug ends in 'code-review' for the comments", () => {
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Evolve' }, 0, null), // 0
      element(
        {
          selector: '#sharing-with-multiple-developers-code-review',
          tag: 'section',
          attributes: { id: 'sharing-with-multiple-developers-code-review' },
          box: wide(800),
        },
        1000,
        null,
      ), // 1
    ];
    for (const d of ['the comments', 'the comments section'])
      expect(commentsBox(d, parseDescription(d), viewsOf(page)), d).toBe(-1);
  });

  it("takes no sign-in link, no breadcrumb's first item and no section's link for the site's home", () => {
    const link = (href: string, text: string, parent: number | null = null, y = 40): PageElement =>
      element(
        { selector: `a[href="${href}"]`, tag: 'a', role: 'link', name: text, text, attributes: { href } },
        y,
        parent,
      );
    const logo = (d: string, page: PageElement[]): number => brandLogo(d, parseDescription(d), viewsOf(page));
    const icon = (parent: number): PageElement =>
      element({ selector: 'a svg', tag: 'svg', role: 'img' }, 40, parent);
    expect(logo('the Acme logo', [link('/', 'Sign in to Acme'), icon(0)])).toBe(-1);
    expect(
      logo('the Acme logo', [link('/', 'Back to Acme'), icon(0), link('/', 'Acme', null, 60), icon(2)]),
    ).toBe(2);
    const trail = [
      element(
        { selector: 'ol.breadcrumb', tag: 'ol', role: 'list', attributes: { class: 'breadcrumb' } },
        300,
        null,
      ),
      element({ selector: 'ol.breadcrumb li', tag: 'li', role: 'listitem' }, 300, 0),
      link('/', 'Acme', 1, 300),
    ];
    expect(logo('the Acme logo', trail)).toBe(-1);
    expect(logo('the Acme logo', [link('?lang=fr', 'Acme')])).toBe(-1);
    expect(logo('the Acme logo', [link('/tv', 'Acme')])).toBe(-1);
    expect(logo('the Acme logo', [link('//www.acme.com/', 'Acme')])).toBe(0);
    expect(logo('the Acme logo', [link('https://www.acme.com', 'Acme')])).toBe(0);
  });

  it("reads a capitalised description's 'By Readers' as anyone's, and 'from @jane' as one person's", () => {
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
      element(
        { selector: '#comments', tag: 'section', attributes: { id: 'comments' }, box: wide(800) },
        1000,
        null,
      ), // 1
    ];
    const comments = (d: string): number => commentsBox(d, parseDescription(d), viewsOf(page));
    for (const d of ['The Comments By Readers', 'the comments by Other Readers', 'Comments Sorted By Newest'])
      expect(comments(d), d).toBe(1);
    for (const d of ['the replies from @jane', 'the comments from Bob']) expect(comments(d), d).toBe(-1);
  });

  it('places "of the paper" on the page, "of the answer" in one of several', () => {
    expect(placedOnPage(parseDescription('the title of the paper'))).toBe(true);
    expect(placedOnPage(parseDescription('the date of the answer'))).toBe(false);
    expect(placedOnPage(parseDescription('the date of the review'))).toBe(false);
  });

  it('passes over a former price classed so on a shallow map too', () => {
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Blue hat' }, 0, null),
      element(
        { selector: 'span.old-price', tag: 'span', attributes: { class: 'old-price' }, text: '$40.00' },
        50,
        null,
      ),
      element(
        { selector: 'span.price', tag: 'span', attributes: { class: 'price' }, text: '$25.00' },
        50,
        null,
      ),
    ];
    expect(productPrice('the price', parseDescription('the price'), viewsOf(page))).toBe(2);
  });
});

describe('who and when, and the search that finds a place', () => {
  it('takes a line that ends "by" and a name for its author', () => {
    const page = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
      element({ selector: 'h5.posted', tag: 'h5', text: '2/26/2015 7:11 AM PST BY TMZ STAFF' }, 40, null), // 1
      element({ selector: 'p.body', tag: 'p', text: 'The story, by and large, goes on.' }, 80, null), // 2
    ];
    const views = viewsOf(page);
    const map = storyMap(page, 720);
    expect(soleDate(parseDescription('when it was posted and by whom'), views, map)).toBe(1);
    expect(soleDate(parseDescription('who wrote the story and when'), views, map)).toBe(1);
    // "by" and a lower-case word, or more than a name after it, is no byline.
    const prose = viewsOf([
      page[0]!,
      element(
        { selector: 'p.note', tag: 'p', text: 'Updated 2/26/2015 by the editors of the desk' },
        40,
        null,
      ),
    ]);
    expect(soleDate(parseDescription('who wrote the story and when'), prose, storyMap(page, 720))).toBe(-1);
  });

  it('is not a form that asks for a zip code: that one finds stations, not the site', () => {
    const page = [
      element(
        {
          selector: 'form.station',
          tag: 'form',
          attributes: { class: 'station-search-form' },
          text: 'Enter your Zip Code',
        },
        100,
        null,
      ), // 0
      element(
        {
          selector: 'form.station input',
          tag: 'input',
          attributes: { type: 'text', class: 'zip-code-field' },
        },
        100,
        0,
      ), // 1
      element(
        { selector: 'form.site', tag: 'form', attributes: { name: 'topform', class: 'search' } },
        300,
        null,
      ), // 2
      element({ selector: 'form.site input', tag: 'input', attributes: { type: 'text', name: 'q' } }, 300, 2), // 3
    ];
    const description = 'the search bar at the top of the page';
    expect(searchForm(description, parseDescription(description), viewsOf(page))).toBe(2);
  });
});

describe("who and when's guards (from a review)", () => {
  const page = [
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null), // 0
    element({ selector: 'figure', tag: 'figure', role: 'figure' }, 40, null), // 1
    element(
      {
        selector: 'figcaption',
        tag: 'figcaption',
        text: 'Crowds gather in Kyiv on Feb. 24, 2022. Photograph by John Smith',
      },
      300,
      1,
    ), // 2
    element(
      { selector: 'p.dek', tag: 'p', text: 'The bill was signed on March 3 by President Biden' },
      340,
      null,
    ), // 3
    element({ selector: 'div.meta', tag: 'div', text: 'Jane Roe • 8h' }, 380, null), // 4
    element(
      {
        selector: 'div.meta a',
        tag: 'a',
        role: 'link',
        attributes: { href: '/author/jane-roe' },
        text: 'Jane Roe',
      },
      380,
      4,
    ), // 5
    element({ selector: 'div.meta time', tag: 'time', text: '8h' }, 380, 4), // 6
    element({ selector: 'p.times', tag: 'p', text: 'Prep time 10 mins, cook time 40 mins' }, 420, null), // 7
  ];
  const views = viewsOf(page);
  const map = storyMap(page, 720);
  const dated = (d: string): number => soleDate(parseDescription(d), views, map, d);

  it('takes no caption or prose ending "by" and a name for the author\'s line', () => {
    expect(dated('who wrote the story and when')).toBe(4);
    const alone = viewsOf([page[0]!, page[1]!, page[2]!, page[3]!]);
    expect(soleDate(parseDescription('who wrote the story and when'), alone, map)).toBe(-1);
    // A line that says when in the ways bylines do, then "by" and a name, is the author's.
    for (const line of [
      'Posted on the 5th of March by Jane Doe',
      'Thurs., March 5 at noon by Jane Doe',
      '3 hrs ago by Jane Doe',
      'March 5, 2021 · 5 min read by Jane Doe',
    ]) {
      const signed = [page[0]!, element({ selector: 'p.meta', tag: 'p', text: line }, 40, null)];
      const d = 'who wrote the story and when';
      expect(soleDate(parseDescription(d), viewsOf(signed), storyMap(signed, 720), d), line).toBe(1);
    }
  });

  it('reads "written by" and "reported by" as asking who, and another time or thing as no byline', () => {
    expect(dated('written by and when')).toBe(4);
    expect(parseDescription('reported by').who).toBe(true);
    for (const d of [
      'the cook time and the author',
      'the time it takes to make and who made it',
      'who posted the top review and when',
      'the author and date of the first photo',
      "the author's other stories from 2 days ago",
    ])
      expect(dated(d), d).toBe(-1);
  });

  it('keeps a site search whose field asks for a location: only a postal code makes a finder', () => {
    const search = [
      element({ selector: 'form#search', tag: 'form', attributes: { id: 'search' } }, 0, null),
      element(
        { selector: 'main', tag: 'main', role: 'main', box: { x: 0, y: 40, width: 1280, height: 3000 } },
        40,
        null,
      ),
      element(
        {
          selector: 'form#search input',
          tag: 'input',
          attributes: { type: 'text', id: 'LocationSearch_input' },
        },
        0,
        0,
      ),
    ];
    expect(searchForm('the search bar', parseDescription('the search bar'), viewsOf(search))).toBe(0);
  });
});

describe('items listed as the headings of a box', () => {
  it('is the innermost box that holds a heading for each item, when no text shows them all', () => {
    const wide = (y: number, height: number) => ({ x: 0, y, width: 1280, height });
    const boxOf = (i: number, title: string, y: number, parent: number): PageElement[] => [
      element({ selector: `div.s${i}`, tag: 'div', box: wide(y, 400) }, y, parent),
      element({ selector: `div.s${i} h2`, tag: 'h2', role: 'heading', level: 2, text: title }, y, -1),
    ];
    const page: PageElement[] = [
      element({ selector: 'main', tag: 'main', role: 'main', box: wide(0, 6000) }, 0, null), // 0
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, 0), // 1
      element(
        { selector: '#sidebar', tag: 'div', attributes: { id: 'sidebar' }, box: wide(3000, 1300) },
        3000,
        0,
      ), // 2
    ];
    for (const [i, title] of ['Guides', 'Upcoming', 'Other Stories'].entries()) {
      const [section, heading] = boxOf(i, title, 3000 + 430 * i, 2);
      page.push(section!, { ...heading!, parent: page.length });
    }
    const views = viewsOf(page);
    const d = 'the sidebar with Guides, Upcoming and Other Stories';
    expect(evidentFound(d, parseDescription(d), views)).toEqual({ index: 2, rule: 'headed' });
    const missing = 'the sidebar with Guides, Upcoming and Deals';
    expect(evidentFound(missing, parseDescription(missing), views).rule).not.toBe('headed');
    // An article heading that begins "Upcoming" above the sidebar: the sidebar's own heading says it exactly.
    const earlier = viewsOf([
      ...page.slice(0, 2),
      element(
        { selector: 'h2.story', tag: 'h2', role: 'heading', level: 2, text: 'Upcoming iPhone features' },
        100,
        0,
      ),
      ...page
        .slice(2)
        .map((e) => ({ ...e, parent: e.parent !== null && e.parent >= 2 ? e.parent + 1 : e.parent })),
    ]);
    expect(evidentFound(d, parseDescription(d), earlier)).toEqual({ index: 3, rule: 'headed' });
    // Headings spread over the whole page: their holder is no box of them.
    const spread = viewsOf([
      element({ selector: '#shell', tag: 'div', attributes: { id: 'shell' }, box: wide(0, 9000) }, 0, null),
      element({ selector: 'ul.ribbon', tag: 'ul', box: { x: 0, y: 0, width: 7000, height: 40 } }, 0, 0),
      element({ selector: 'h2.a', tag: 'h2', role: 'heading', level: 2, text: 'Trending' }, 100, 0),
      element({ selector: 'h2.b', tag: 'h2', role: 'heading', level: 2, text: 'Opinion' }, 4000, 0),
      element({ selector: 'h2.c', tag: 'h2', role: 'heading', level: 2, text: 'Site Index' }, 8800, 0),
    ]);
    const across = 'the section with Trending, Opinion and Site Index';
    expect(evidentFound(across, parseDescription(across), spread).rule).not.toBe('headed');
  });
});

describe('who wrote the page, asked alone', () => {
  const head = element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A story' }, 0, null);
  it("is the author's marked name when no line says 'By' and a name", () => {
    const page = [
      head,
      element(
        {
          selector: 'a.writer',
          tag: 'a',
          role: 'link',
          attributes: { href: '/author/jane-roe' },
          text: 'Jane Roe',
        },
        60,
        null,
      ),
    ];
    const name = (d: string): number => authorName(d, parseDescription(d), viewsOf(page), ['Jane Roe']);
    for (const d of ['who wrote the article', 'who wrote it', 'who created this recipe'])
      expect(name(d), d).toBe(1);
    // No metadata to say whose: a link to /author/… is not enough for so common a question.
    expect(authorName('who wrote it', parseDescription('who wrote it'), viewsOf(page), [])).toBe(-1);
    // More than who: no name alone.
    expect(name('who wrote the article and when')).toBe(-1);
    expect(name('who wrote the comment')).toBe(-1);
  });

  it("leaves a line 'By Jane Roe, staff reporter' to the byline rule", () => {
    const page = [
      head,
      element({ selector: 'div.byline', tag: 'div', text: 'By Jane Roe Staff reporter' }, 60, null),
      element(
        {
          selector: 'a.writer',
          tag: 'a',
          role: 'link',
          attributes: { href: '/author/jane-roe' },
          text: 'Jane Roe',
        },
        60,
        1,
      ),
    ];
    const d = 'who wrote it';
    expect(authorName(d, parseDescription(d), viewsOf(page), ['Jane Roe'])).toBe(-1);
    expect(evidentFound(d, parseDescription(d), viewsOf(page), ['Jane Roe'])).toEqual({
      index: 1,
      rule: 'byline',
    });
  });
});

describe('the second review of this session: pagers, finders, durations, places', () => {
  const wide = (y: number, height: number) => ({ x: 0, y, width: 1280, height });
  const link = (selector: string, text: string, y: number, parent: number): PageElement =>
    element({ selector, tag: 'a', role: 'link', text }, y, parent);

  it("takes no other pager for the page's: a carousel's, a calendar's, the comments'", () => {
    const page = viewsOf([
      element({ selector: 'main', tag: 'main', role: 'main', box: wide(0, 3000) }, 0, null), // 0
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A post' }, 0, 0), // 1
      element(
        { selector: '#comments', tag: 'section', attributes: { id: 'comments' }, box: wide(3100, 600) },
        3100,
        null,
      ), // 2
      element({ selector: 'nav.comment-navigation', tag: 'nav', role: 'navigation' }, 3100, 2), // 3
      link('a.older-c', '« Older Comments', 3100, 3),
      link('a.newer-c', 'Newer Comments »', 3100, 3),
      element({ selector: 'nav.post-navigation', tag: 'nav', role: 'navigation' }, 3800, null), // 6
      link('a.prev', 'Previous post: A', 3800, 6),
      link('a.next', 'Next post: B', 3800, 6),
    ]);
    const pager = (d: string): number => adjacentLinks(d, parseDescription(d), page);
    expect(pager('links to the previous and next articles')).toBe(6);
    for (const d of [
      'the next and previous buttons of the image carousel',
      'the previous and next month links of the calendar',
      'the list of older posts next to the article',
    ])
      expect(pager(d), d).toBe(-1);
    expect(pager('the older and newer comments links')).toBe(3);
    // A place beside a photo or the comments is no other pager.
    for (const d of [
      'the previous and next post links below the photos',
      'links to the next and previous posts above the comments',
    ])
      expect(pager(d), d).toBe(6);
  });

  it('is no store finder above the site search, but a location search when it is the only one', () => {
    const form = (selector: string, y: number, attributes: Record<string, string>): PageElement[] => [
      element({ selector, tag: 'form', attributes: { class: 'search' } }, y, null),
      element(
        { selector: `${selector} input`, tag: 'input', attributes: { type: 'text', ...attributes } },
        y,
        -1,
      ),
    ];
    const withParents = (els: PageElement[]): PageElement[] =>
      els.map((e, i) => (e.parent === -1 ? { ...e, parent: i - 1 } : e));
    const page = withParents([
      element({ selector: 'main', tag: 'main', role: 'main', box: wide(200, 3000) }, 200, null),
      ...form('form.store-finder', 40, { name: 'city', placeholder: 'Search stores by city' }),
      ...form('form.site', 120, { name: 'q' }),
    ]);
    const d = 'the search box';
    expect(searchForm(d, parseDescription(d), viewsOf(page))).toBe(3);
    expect(searchForm(d, parseDescription(d), viewsOf(page.slice(0, 3)))).toBe(1);
  });

  it("takes no recipe's prep time for when it was written, nor a place beside the top image for another photo", () => {
    const page = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A cake' }, 0, null), // 0
      element(
        { selector: 'ul.details', tag: 'ul', text: 'Author: Jane Roe Prep Time: 15 mins Cook Time: 1 hr' },
        60,
        null,
      ), // 1
      element(
        {
          selector: 'ul.details span.author',
          tag: 'span',
          attributes: { class: 'author' },
          text: 'Jane Roe',
        },
        60,
        1,
      ), // 2
      element(
        {
          selector: 'ul.details span.prep',
          tag: 'span',
          attributes: { class: 'prep-time' },
          text: 'Prep Time: 15 mins',
        },
        60,
        1,
      ), // 3
    ];
    const d = 'written by and the date';
    expect(soleDate(parseDescription(d), viewsOf(page), storyMap(page, 720), d)).toBe(-1);
    const dated = [page[0]!, element({ selector: 'time', tag: 'time', text: 'March 5, 2021' }, 40, null)];
    const map = {
      ...storyMap(dated, 720),
      about: { authors: [], published: '2021-03-05T08:00:00Z', headline: 'A cake' },
    };
    const above = 'the date above the top image';
    expect(soleDate(parseDescription(above), viewsOf(dated), map, above)).toBe(1);
  });
});

describe("the page's rating", () => {
  const wide = (y: number, height: number) => ({ x: 0, y, width: 1280, height });
  const star = (selector: string, y: number, parent: number): PageElement =>
    element({ selector, tag: 'span', attributes: { class: 'rating-star full' } }, y, parent);
  // A product's stars and count under its title; an alternative product's in a list; readers' reviews.
  const page: PageElement[] = [
    element({ selector: 'main', tag: 'main', role: 'main', box: wide(0, 5000) }, 0, null), // 0
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A camera' }, 0, 0), // 1
    element(
      {
        selector: 'div.flag',
        tag: 'div',
        attributes: { class: 'rating-flag' },
        text: '4.8 out of 5 Read reviews (190) Write a review',
        box: wide(60, 90),
      },
      60,
      0,
    ), // 2
    element(
      {
        selector: 'div.rating',
        tag: 'div',
        attributes: { class: 'rating-wrapper' },
        text: '4.8 out of 5 Read reviews (190)',
        box: wide(60, 60),
      },
      60,
      2,
    ), // 3
    star('div.rating span.s1', 60, 3), // 4
    star('div.rating span.s2', 60, 3), // 5
    element({ selector: 'div.rating a', tag: 'a', role: 'link', text: 'Read reviews (190)' }, 100, 3), // 6
    element({ selector: 'ul.others', tag: 'ul', role: 'list', box: wide(2000, 300) }, 2000, 0), // 7
    element({ selector: 'ul.others li', tag: 'li', role: 'listitem', box: wide(2000, 300) }, 2000, 7), // 8
    element(
      { selector: 'ul.others li div.rating', tag: 'div', attributes: { class: 'rating' }, text: '4.5 (39)' },
      2000,
      8,
    ), // 9
    element(
      { selector: '#reviews', tag: 'section', attributes: { id: 'reviews' }, box: wide(3000, 900) },
      3000,
      0,
    ), // 10
    element(
      { selector: '#reviews div.rating', tag: 'div', attributes: { class: 'rating' }, text: '5 out of 5' },
      3000,
      10,
    ), // 11
  ];
  const views = viewsOf(page);
  const rating = (d: string): number => ratingSummary(parseDescription(d), views);

  it('is the first rating the page marks, with its stars and the count when asked, outside lists and reviews', () => {
    // Inside the first marked box, the innermost that holds the stars: not the flag that adds "Write a review".
    expect(rating('star rating and number of reviews')).toBe(3);
    expect(rating('the star rating')).toBe(3);
    const d = 'the star rating and number of reviews';
    expect(evidentFound(d, parseDescription(d), views)).toEqual({ index: 3, rule: 'rating' });
  });

  it("is no review's own stars, no form and no more than the rating", () => {
    for (const d of [
      'the star rating the reviewer gave',
      'the rating and the make-it-again percentage',
      'the second star rating',
      'the star rating at the bottom',
    ])
      expect(rating(d), d).toBe(-1);
    // A page whose only ratings are another product's in a list and the readers' own: none.
    const others = viewsOf([
      page[0]!,
      page[1]!,
      { ...page[7]!, parent: 0 },
      { ...page[8]!, parent: 2 },
      { ...page[9]!, parent: 3 },
      { ...page[10]!, parent: 0 },
      { ...page[11]!, parent: 5 },
    ]);
    expect(ratingSummary(parseDescription('the star rating'), others)).toBe(-1);
  });
});

describe("the page's rating: decoys (from a review)", () => {
  const decoys: PageElement[] = [
    element(
      { selector: 'main', tag: 'main', role: 'main', box: { x: 0, y: 0, width: 1280, height: 4000 } },
      0,
      null,
    ), // 0
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A film' }, 0, 0), // 1
    element(
      { selector: 'form.rate', tag: 'form', attributes: { class: 'rating-form' }, text: 'Rate this recipe' },
      40,
      0,
    ), // 2
    element(
      { selector: 'span.age', tag: 'span', attributes: { class: 'content-rating' }, text: 'Rated PG-13' },
      80,
      0,
    ), // 3
    element(
      {
        selector: 'div.seller',
        tag: 'div',
        attributes: { class: 'seller-rating' },
        text: '99.2% positive feedback (12,345)',
      },
      120,
      0,
    ), // 4
    element(
      {
        selector: 'figure.key',
        tag: 'figure',
        attributes: { class: 'score-legend rating-key' },
        text: 'Poor Good Excellent',
      },
      160,
      0,
    ), // 5
    element(
      { selector: 'div.rating', tag: 'div', attributes: { class: 'rating' }, text: '4.8 out of 5 (190)' },
      200,
      0,
    ), // 6
  ];
  it('passes over a form to rate, a content rating, a share of feedback and a legend for the one rating with a value', () => {
    const views = viewsOf(decoys);
    expect(ratingSummary(parseDescription('the star rating'), views)).toBe(6);
    expect(ratingSummary(parseDescription('the star rating and number of reviews'), views)).toBe(6);
    expect(ratingSummary(parseDescription('the star rating'), viewsOf(decoys.slice(0, 6)))).toBe(-1);
  });
});

describe('the box a title heads, a part beside another, and an amount in a wide row', () => {
  const box = (height: number, y = 0): PageElement['box'] => ({ x: 0, y, width: 1264, height });

  it('climbs past a row of tabs or a header with its toggle to the box they head', () => {
    const tabs: PageElement[] = [
      element(
        {
          selector: 'div.tabbed',
          tag: 'div',
          text: 'Ingredients Nutrition 2 tbsp olive oil 1 onion',
          box: box(610),
        },
        0,
        null,
      ), // 0
      element({ selector: 'div.tabbed-head', tag: 'div', text: 'Ingredients Nutrition', box: box(74) }, 0, 0), // 1
      element(
        {
          selector: 'div.tabbed-head h2',
          tag: 'h2',
          role: 'heading',
          level: 2,
          text: 'Ingredients',
          box: box(27),
        },
        0,
        1,
      ), // 2
      element(
        { selector: 'div.tabbed-head h2 button', tag: 'button', role: 'button', text: 'Ingredients' },
        0,
        2,
      ), // 3
      element(
        {
          selector: 'div.tabbed-head h2 + h2',
          tag: 'h2',
          role: 'heading',
          level: 2,
          text: 'Nutrition',
          box: box(27, 40),
        },
        40,
        1,
      ), // 4
      element(
        { selector: 'div.tabbed-head h2 + h2 button', tag: 'button', role: 'button', text: 'Nutrition' },
        40,
        4,
      ), // 5
      element(
        { selector: 'div.tabbed-body', tag: 'div', text: '2 tbsp olive oil 1 onion', box: box(516, 94) },
        94,
        0,
      ), // 6
      element(
        {
          selector: 'div.tabbed-body ul',
          tag: 'ul',
          role: 'list',
          text: '2 tbsp olive oil 1 onion',
          box: box(288, 94),
        },
        94,
        6,
      ), // 7
    ];
    const found = (d: string, page: PageElement[]) => evidentFound(d, parseDescription(d), viewsOf(page));
    expect(found('the ingredients list', tabs)).toEqual({ index: 0, rule: 'heading' });
    const contents: PageElement[] = [
      element(
        {
          selector: 'nav#toc',
          tag: 'nav',
          role: 'navigation',
          text: 'Contents hide (Top) See also References',
          box: box(138),
        },
        0,
        null,
      ), // 0
      element({ selector: 'div.toc-head', tag: 'div', text: 'Contents hide', box: box(68) }, 0, 0), // 1
      element(
        { selector: 'div.toc-head h2', tag: 'h2', role: 'heading', level: 2, text: 'Contents', box: box(27) },
        0,
        1,
      ), // 2
      element({ selector: 'div.toc-head button', tag: 'button', role: 'button', text: 'hide' }, 0, 1), // 3
      element(
        {
          selector: 'nav#toc ul',
          tag: 'ul',
          role: 'list',
          text: '(Top) See also References',
          box: box(54, 70),
        },
        70,
        0,
      ), // 4
      element({ selector: 'nav#toc ul a', tag: 'a', role: 'link', text: 'See also' }, 70, 4), // 5
    ];
    expect(contentsBox(parseDescription('the contents box'), viewsOf(contents))).toBe(0);
  });

  it("takes a recipe's part, not the wrapper that holds another part too", () => {
    const page: PageElement[] = [
      element(
        {
          selector: 'div.recipe__instructions',
          tag: 'div',
          attributes: { class: 'recipe__instructions' },
          text: 'Ingredients 2 tbsp olive oil Method step 1 Heat the oil',
          box: box(900),
        },
        0,
        null,
      ), // 0
      element(
        {
          selector: '#ingredients-list',
          tag: 'section',
          attributes: { id: 'ingredients-list' },
          text: '2 tbsp olive oil',
          box: box(300),
        },
        0,
        0,
      ), // 1
      element(
        {
          selector: 'section.method-steps',
          tag: 'section',
          attributes: { class: 'method-steps' },
          text: 'Method step 1 Heat the oil',
          box: box(255, 400),
        },
        400,
        0,
      ), // 2
      element(
        {
          selector: 'ul.method-steps__list',
          tag: 'ul',
          attributes: { class: 'method-steps__list' },
          text: 'step 1 Heat the oil',
          box: box(208, 446),
        },
        446,
        2,
      ), // 3
    ];
    const part = (d: string): number => markedPart(d, parseDescription(d), viewsOf(page));
    expect(part('the method steps')).toBe(2);
    expect(part('the ingredients')).toBe(1);
  });

  it('climbs from an amount to a wrapper of the same text only while it is at most twice as large', () => {
    const page: PageElement[] = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Bird feeder' }, 0, null), // 0
      element(
        {
          selector: '#buybox',
          tag: 'div',
          text: '$34.98 + $41.13 Shipping',
          box: { x: 1018, y: 100, width: 244, height: 500 },
        },
        100,
        null,
      ), // 1
      element(
        {
          selector: '#priceRow',
          tag: 'div',
          text: '$34.98',
          box: { x: 1037, y: 110, width: 206, height: 24 },
        },
        110,
        1,
      ), // 2
      element(
        { selector: '#price', tag: 'span', text: '$34.98', box: { x: 1037, y: 112, width: 55, height: 20 } },
        112,
        2,
      ), // 3
      element(
        {
          selector: '#labelled',
          tag: 'div',
          text: 'Price: $12.00',
          box: { x: 0, y: 700, width: 600, height: 24 },
        },
        700,
        null,
      ), // 4
      element(
        {
          selector: '#labelled span',
          tag: 'span',
          text: '$12.00',
          box: { x: 60, y: 700, width: 55, height: 20 },
        },
        700,
        4,
      ), // 5
    ];
    const price = (views: PageElement[]) =>
      productPrice('the price', parseDescription('the price'), viewsOf(views));
    expect(price(page)).toBe(3);
    // The amount with its label, however wide the row: the labelled amount.
    expect(price([page[0]!, page[4]!, { ...page[5]!, parent: 1 }])).toBe(1);
  });
});

describe('a menu whose dropdown is hidden, a trail of one link, a control repeated further down', () => {
  const box = (x: number, y: number, width: number, height: number): PageElement['box'] => ({
    x,
    y,
    width,
    height,
  });

  it("takes no menu button for the menu when its hidden dropdown's text runs far past its box", () => {
    const items = 'ALL RECIPES VIEW ALL COURSE Appetizers Baked goods Breakfast Cookies Dessert Dips Dinner';
    const page: PageElement[] = [
      element(
        {
          selector: 'nav',
          tag: 'nav',
          role: 'navigation',
          text: `${items} BREAKFAST SALAD`,
          box: box(0, 300, 1280, 62),
        },
        300,
        null,
      ), // 0
      element(
        {
          selector: 'nav ul',
          tag: 'ul',
          role: 'list',
          text: `${items} BREAKFAST SALAD`,
          box: box(170, 300, 940, 31),
        },
        300,
        0,
      ), // 1
      element(
        { selector: 'nav li.all', tag: 'li', role: 'listitem', text: items, box: box(170, 300, 156, 31) },
        300,
        1,
      ), // 2
      element(
        {
          selector: 'nav li.all a',
          tag: 'a',
          role: 'link',
          text: 'ALL RECIPES',
          box: box(170, 300, 156, 31),
        },
        300,
        2,
      ), // 3
      element(
        { selector: 'nav li.b', tag: 'li', role: 'listitem', text: 'BREAKFAST', box: box(332, 300, 133, 31) },
        300,
        1,
      ), // 4
      element(
        { selector: 'nav li.b a', tag: 'a', role: 'link', text: 'BREAKFAST', box: box(332, 300, 133, 31) },
        300,
        4,
      ), // 5
    ];
    const d = 'the main menu (All recipes, Course...)';
    expect(evidentFound(d, parseDescription(d), viewsOf(page))).toEqual({ index: 1, rule: 'listed' });
  });

  it('takes the menu that shows the listed items in their order over a dropdown that shows them among its own', () => {
    const page: PageElement[] = [
      element(
        {
          selector: 'div.navBar',
          tag: 'div',
          text: 'Art Jewelry Asian Antiques Furniture Coins',
          box: box(0, 300, 1264, 160),
        },
        300,
        null,
      ), // 0
      ...['Art', 'Jewelry', 'Asian Antiques', 'Furniture', 'Coins'].map((name, i) =>
        element(
          {
            selector: `div.navBar a.c${i}`,
            tag: 'a',
            role: 'link',
            name,
            box: box(8 + 150 * i, 300, 140, 30),
          },
          300,
          0,
        ),
      ), // 1–5
      element(
        {
          selector: 'div.dropdown',
          tag: 'div',
          text: 'Asian Antiques Art Collectibles Furniture Jewelry Vases',
          box: box(0, 2000, 1264, 160),
        },
        2000,
        null,
      ), // 6
      ...['Asian Antiques', 'Art', 'Collectibles', 'Furniture', 'Jewelry', 'Vases'].map((name, i) =>
        element(
          {
            selector: `div.dropdown a.d${i}`,
            tag: 'a',
            role: 'link',
            name,
            box: box(8 + 150 * i, 2000, 140, 30),
          },
          2000,
          6,
        ),
      ), // 7–12
    ];
    const views = viewsOf(page);
    const listed = (d: string): { index: number; rule: string | null } =>
      evidentFound(d, parseDescription(d), views);
    expect(listed('the category menu (Art, Jewelry, Asian Antiques, Furniture, ...)')).toEqual({
      index: 0,
      rule: 'listed',
    });
    expect(listed('the menu with Asian Antiques, Art, Collectibles and Vases')).toEqual({
      index: 6,
      rule: 'listed',
    });
    // In no one order: both show them, neither is a copy of the other — none.
    expect(listed('the menu with Furniture, Art and Jewelry').index).toBe(-1);
    // A menu whose text the map cut ("…") shows its first items in order: it, not an uncut copy
    // further down (the footer's).
    const cutTo = (text: string): ReturnType<typeof viewsOf> =>
      viewsOf([
        { ...page[0]!, text },
        ...page.slice(1, 6),
        ...page.slice(0, 6).map((e, i) => ({
          ...e,
          selector: `footer ${e.selector}`,
          parent: i === 0 ? null : 6,
          box: { ...e.box, y: 5000 },
        })),
      ]);
    const d = 'the category menu (Art, Jewelry, Asian Antiques, Furniture, ...)';
    expect(evidentFound(d, parseDescription(d), cutTo('Art Jewelry Asian Antiques Furn…'))).toEqual({
      index: 0,
      rule: 'listed',
    });
    // A cut text that shows a later item before them is out of order: the uncut menu in order.
    expect(evidentFound(d, parseDescription(d), cutTo('Furniture Art Jewelry Coins…'))).toEqual({
      index: 6,
      rule: 'listed',
    });
  });

  it("takes a trail before a section's name alone in the masthead, classed as a breadcrumb too", () => {
    const page: PageElement[] = [
      element(
        {
          selector: 'div.header-breadcrumbs',
          tag: 'div',
          attributes: { class: 'header-breadcrumbs' },
          text: 'News',
          box: box(8, 100, 1264, 18),
        },
        100,
        null,
      ), // 0
      element(
        {
          selector: 'div.header-breadcrumbs a',
          tag: 'a',
          role: 'link',
          text: 'News',
          box: box(48, 100, 36, 17),
        },
        100,
        0,
      ), // 1
      element(
        {
          selector: 'nav.breadcrumbs',
          tag: 'nav',
          role: 'navigation',
          attributes: { class: 'breadcrumbs' },
          text: 'Telegraph News',
          box: box(8, 400, 1264, 36),
        },
        400,
        null,
      ), // 2
      element(
        {
          selector: 'nav.breadcrumbs a',
          tag: 'a',
          role: 'link',
          text: 'Telegraph',
          box: box(48, 400, 64, 17),
        },
        400,
        2,
      ), // 3
      element(
        {
          selector: 'nav.breadcrumbs a + a',
          tag: 'a',
          role: 'link',
          text: 'News',
          box: box(48, 418, 36, 17),
        },
        418,
        2,
      ), // 4
    ];
    expect(breadcrumbTrail(parseDescription('breadcrumb'), viewsOf(page))).toBe(2);
    // A page whose trails are all of one link: the first, as before.
    expect(breadcrumbTrail(parseDescription('breadcrumb'), viewsOf(page.slice(0, 2)))).toBe(0);
  });

  it('takes the upper of two controls alike when the other is a screen or more below, none when closer', () => {
    const button = (selector: string, y: number): PageElement =>
      element(
        {
          selector,
          tag: 'button',
          role: 'button',
          name: 'Start Order',
          text: 'Start Order',
          box: box(8, y, 82, 21),
        },
        y,
        null,
      );
    const named = (page: PageElement[]) =>
      namedControl('Start Order button', parseDescription('Start Order button'), viewsOf(page));
    expect(named([button('#order', 2969), button('#order-again', 15025)])).toBe(0);
    expect(named([button('#order', 2969), button('#order-again', 3100)])).toBe(-1);
    expect(named([button('#a', 100), button('#b', 1000), button('#c', 2000)])).toBe(-1);
  });
});

describe('the control named as the description says, among icons named so for a screen reader', () => {
  const icon = (i: number): PageElement =>
    element(
      {
        selector: `li.c${i} button`,
        tag: 'button',
        role: 'button',
        name: 'Add to shopping bag',
        box: { x: 8, y: 3000 + 600 * i, width: 16, height: 6 },
      },
      3000 + 600 * i,
      null,
    );
  const page: PageElement[] = [
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A lamp' }, 0, null), // 0
    icon(0), // 1
    icon(1), // 2
    icon(2), // 3
    element(
      {
        selector: 'button.buy',
        tag: 'button',
        role: 'button',
        name: 'Add to shopping bag',
        text: 'Add to shopping bag',
        box: { x: 8, y: 6000, width: 138, height: 21 },
      },
      6000,
      null,
    ), // 4
    icon(5), // 5
    element(
      {
        selector: 'button.sticky',
        tag: 'button',
        role: 'button',
        name: 'Add to shopping bag',
        text: 'Add to shopping bag',
        box: { x: 8, y: 30000, width: 138, height: 143 },
      },
      30000,
      null,
    ), // 6
  ];

  it('takes the button that shows its name, the upper of two, and the locator crops it', () => {
    const d = 'the Add to shopping bag button';
    expect(namedControl(d, parseDescription(d), viewsOf(page))).toBe(4);
    const located = locateOffline(d, storyMap(page, 30200));
    expect(located.selector).toBe('button.buy');
    expect(located.confidence).toBeGreaterThanOrEqual(0.7);
  });
});

describe("a review's pages against the titles climb and the other part", () => {
  const box = (x: number, y: number, width: number, height: number): PageElement['box'] => ({
    x,
    y,
    width,
    height,
  });
  const found = (d: string, page: PageElement[]) => evidentFound(d, parseDescription(d), viewsOf(page)).index;

  it('keeps a part that holds a small mark of another: a citation in the infobox, an ingredient in a step', () => {
    const wiki: PageElement[] = [
      element(
        {
          selector: 'table.infobox',
          tag: 'table',
          attributes: { class: 'infobox' },
          text: 'Capital Wellington [3]',
          box: box(900, 100, 300, 400),
        },
        100,
        null,
      ), // 0
      element(
        {
          selector: 'sup#cite_ref-3',
          tag: 'sup',
          attributes: { id: 'cite_ref-3', class: 'reference' },
          text: '[3]',
          box: box(1100, 120, 10, 12),
        },
        120,
        0,
      ), // 1
      element(
        {
          selector: 'ol.references',
          tag: 'ol',
          attributes: { class: 'references' },
          text: '1. A source',
          box: box(0, 3000, 1264, 200),
        },
        3000,
        null,
      ), // 2
    ];
    expect(markedPart('the infobox', parseDescription('the infobox'), viewsOf(wiki))).toBe(0);
    const recipe: PageElement[] = [
      element(
        {
          selector: 'div.recipe-instructions',
          tag: 'div',
          attributes: { class: 'recipe-instructions' },
          text: 'Chop the onion. Fry it.',
          box: box(0, 500, 1264, 300),
        },
        500,
        null,
      ), // 0
      element(
        { selector: 'ol', tag: 'ol', text: 'Chop the onion. Fry it.', box: box(0, 500, 1264, 300) },
        500,
        0,
      ), // 1
      element(
        {
          selector: 'li.instruction',
          tag: 'li',
          attributes: { class: 'instruction' },
          text: 'Chop the onion.',
          box: box(40, 500, 1224, 150),
        },
        500,
        1,
      ), // 2
      element(
        {
          selector: 'span.wprm-inline-ingredient',
          tag: 'span',
          attributes: { class: 'wprm-inline-ingredient' },
          text: 'onion',
          box: box(100, 500, 40, 17),
        },
        500,
        2,
      ), // 3
      element(
        {
          selector: 'li.instruction + li',
          tag: 'li',
          attributes: { class: 'instruction' },
          text: 'Fry it.',
          box: box(40, 650, 1224, 150),
        },
        650,
        1,
      ), // 4
    ];
    expect(markedPart('the instructions', parseDescription('the instructions'), viewsOf(recipe))).toBe(0);
  });

  it('does not climb past a heading over share buttons, a sign-up field or an accordion among other things', () => {
    const share: PageElement[] = [
      element(
        {
          selector: 'article',
          tag: 'article',
          role: 'article',
          text: 'Share this recipe Facebook Pinterest Email Chop the onion and fry it until golden.',
          box: box(0, 0, 1264, 900),
        },
        0,
        null,
      ), // 0
      element(
        {
          selector: 'div.share',
          tag: 'div',
          text: 'Share this recipe Facebook Pinterest Email',
          box: box(0, 0, 1264, 80),
        },
        0,
        0,
      ), // 1
      element(
        {
          selector: 'div.share h3',
          tag: 'h3',
          role: 'heading',
          level: 3,
          text: 'Share this recipe',
          box: box(0, 0, 1264, 27),
        },
        0,
        1,
      ), // 2
      element({ selector: 'div.share button.fb', tag: 'button', role: 'button', text: 'Facebook' }, 40, 1), // 3
      element({ selector: 'div.share button.pin', tag: 'button', role: 'button', text: 'Pinterest' }, 40, 1), // 4
      element({ selector: 'div.share button.mail', tag: 'button', role: 'button', text: 'Email' }, 40, 1), // 5
      element(
        {
          selector: 'article p',
          tag: 'p',
          text: 'Chop the onion and fry it until golden.',
          box: box(0, 200, 1264, 60),
        },
        200,
        0,
      ), // 6
    ];
    expect(found('the Share this recipe section', share)).toBe(1);
    const signup: PageElement[] = [
      element(
        {
          selector: 'main',
          tag: 'main',
          role: 'main',
          text: 'Stay in the loop Sign up The story goes on here at length.',
          box: box(0, 0, 1264, 2000),
        },
        0,
        null,
      ), // 0
      element(
        { selector: 'div.loop', tag: 'div', text: 'Stay in the loop Sign up', box: box(0, 0, 1264, 120) },
        0,
        0,
      ), // 1
      element(
        {
          selector: 'div.loop h2',
          tag: 'h2',
          role: 'heading',
          level: 2,
          text: 'Stay in the loop',
          box: box(0, 0, 1264, 30),
        },
        0,
        1,
      ), // 2
      element({ selector: 'div.loop input', tag: 'input', role: 'textbox', name: 'Email' }, 40, 1), // 3
      element({ selector: 'div.loop button', tag: 'button', role: 'button', text: 'Sign up' }, 80, 1), // 4
      element(
        {
          selector: 'main p',
          tag: 'p',
          text: 'The story goes on here at length.',
          box: box(0, 300, 1264, 60),
        },
        300,
        0,
      ), // 5
    ];
    expect(found('the Stay in the loop box', signup)).toBe(1);
    const accordion: PageElement[] = [
      element(
        {
          selector: 'div.column',
          tag: 'div',
          text: 'A lamp $25 Details Care Delivery Add to bag',
          box: box(0, 0, 600, 1200),
        },
        0,
        null,
      ), // 0
      element(
        {
          selector: 'div.column h1',
          tag: 'h1',
          role: 'heading',
          level: 1,
          text: 'A lamp',
          box: box(0, 0, 600, 40),
        },
        0,
        0,
      ), // 1
      element({ selector: 'div.column p.price', tag: 'p', text: '$25', box: box(0, 50, 600, 20) }, 50, 0), // 2
      element(
        { selector: 'div.acc', tag: 'div', text: 'Details Care Delivery', box: box(0, 100, 600, 120) },
        100,
        0,
      ), // 3
      element(
        {
          selector: 'div.acc h3.d',
          tag: 'h3',
          role: 'heading',
          level: 3,
          text: 'Details',
          box: box(0, 100, 600, 40),
        },
        100,
        3,
      ), // 4
      element({ selector: 'div.acc h3.d button', tag: 'button', role: 'button', text: 'Details' }, 100, 4), // 5
      element(
        {
          selector: 'div.acc h3.c',
          tag: 'h3',
          role: 'heading',
          level: 3,
          text: 'Care',
          box: box(0, 140, 600, 40),
        },
        140,
        3,
      ), // 6
      element({ selector: 'div.acc h3.c button', tag: 'button', role: 'button', text: 'Care' }, 140, 6), // 7
      element(
        {
          selector: 'div.acc h3.v',
          tag: 'h3',
          role: 'heading',
          level: 3,
          text: 'Delivery',
          box: box(0, 180, 600, 40),
        },
        180,
        3,
      ), // 8
      element({ selector: 'div.acc h3.v button', tag: 'button', role: 'button', text: 'Delivery' }, 180, 8), // 9
      element(
        { selector: 'div.column button.bag', tag: 'button', role: 'button', text: 'Add to bag' },
        300,
        0,
      ), // 10
    ];
    expect(found('the Details section', accordion)).toBe(3);
  });
});

describe("the site's name", () => {
  const blog: PageElement[] = [
    element({ selector: 'div.header', tag: 'div', attributes: { class: 'header' } }, 60, null), // 0
    element({ selector: 'div.header a', tag: 'a', role: 'link', attributes: { href: '/.' } }, 110, 0), // 1
    element({ selector: 'h2.blog', tag: 'h2', role: 'heading', level: 2, text: 'Security Blog' }, 115, 1), // 2
    element(
      {
        selector: 'article',
        tag: 'article',
        role: 'article',
        box: { x: 0, y: 420, width: 800, height: 900 },
      },
      420,
      null,
    ), // 3
    element({ selector: 'h3.post', tag: 'h3', role: 'heading', level: 3, text: 'A post' }, 430, 3), // 4
  ];
  const name = (d: string, on = blog): number => siteName(d, parseDescription(d), viewsOf(on));

  it('is the heading near the top that links to the home page ("/." too), or the first one over a post title', () => {
    expect(name('the blog name at the top')).toBe(2);
    expect(name("the site's title")).toBe(2);
    expect(name("the blog's name at the top of the page")).toBe(2);
    expect(name('the site name')).toBe(2);
    expect(name('the website name at the top')).toBe(2);
    expect(name('the name')).toBe(-1);
    // No link home: the first heading near the top, when a post's title follows it.
    const unlinked = blog.map((e, i) =>
      i === 1 ? { ...e, attributes: { href: '/2024/05/a-post.html' } } : e,
    );
    expect(name('the blog name', unlinked)).toBe(2);
    expect(name('the blog name', unlinked.slice(0, 3))).toBe(-1);
    // A post's own title at the top, over a sidebar's headings, is no site name.
    const postFirst: PageElement[] = [
      element(
        {
          selector: 'article',
          tag: 'article',
          role: 'article',
          box: { x: 0, y: 50, width: 800, height: 900 },
        },
        50,
        null,
      ), // 0
      element({ selector: 'article h1', tag: 'h1', role: 'heading', level: 1, text: 'A post' }, 60, 0), // 1
      element({ selector: 'aside h2', tag: 'h2', role: 'heading', level: 2, text: 'Archive' }, 600, null), // 2
    ];
    expect(name('the blog name', postFirst)).toBe(-1);
    const sectioned = [
      ...postFirst,
      element({ selector: 'article h2', tag: 'h2', role: 'heading', level: 2, text: 'Part two' }, 400, 0),
    ];
    expect(name('the blog name', sectioned)).toBe(-1);
    // A heading at the top over a sidebar's, with no post: none either.
    const sidebarOnly: PageElement[] = [
      element({ selector: 'h2.top', tag: 'h2', role: 'heading', level: 2, text: 'Welcome' }, 60, null),
      element({ selector: 'aside h2', tag: 'h2', role: 'heading', level: 2, text: 'Archive' }, 600, null),
    ];
    expect(name('the blog name', sidebarOnly)).toBe(-1);
    // From a review: an announcement bar's heading, a logo image linked home, a link to "./" (the
    // page's own folder, not the home).
    const announced: PageElement[] = [
      element(
        { selector: 'div.announcement-bar', tag: 'div', attributes: { class: 'announcement-bar' } },
        10,
        null,
      ), // 0
      element(
        { selector: 'div.announcement-bar h2', tag: 'h2', role: 'heading', level: 2, text: 'Spring sale' },
        10,
        0,
      ), // 1
      element({ selector: 'h2.blog', tag: 'h2', role: 'heading', level: 2, text: 'The Blog' }, 80, null), // 2
      element({ selector: 'article', tag: 'article', role: 'article' }, 420, null), // 3
      element({ selector: 'article h2', tag: 'h2', role: 'heading', level: 2, text: 'A post' }, 430, 3), // 4
    ];
    expect(name('the blog name at the top', announced)).toBe(2);
    const logo = [
      ...announced,
      element({ selector: 'a.logo', tag: 'a', role: 'link', attributes: { href: '/' } }, 40, null),
    ];
    expect(name('the blog name at the top', logo)).toBe(-1);
    const folder = blog.map((e, i) => (i === 1 ? { ...e, attributes: { href: './' } } : e));
    const folderMenu = [
      element({ selector: 'h4.menu', tag: 'h4', role: 'heading', level: 4, text: 'Menu' }, 20, null),
      ...folder.map((e) => ({ ...e, parent: e.parent === null ? null : e.parent + 1 })),
    ];
    expect(name('the blog name', folderMenu)).toBe(-1);
    // The linked one before an earlier heading: in the link ("/."), or holding it.
    const menuFirst: PageElement[] = [
      element({ selector: 'h4.menu', tag: 'h4', role: 'heading', level: 4, text: 'Menu' }, 20, null), // 0
      element({ selector: 'div.header', tag: 'div' }, 60, null), // 1
      element({ selector: 'div.header a', tag: 'a', role: 'link', attributes: { href: '/.' } }, 110, 1), // 2
      element({ selector: 'h2.blog', tag: 'h2', role: 'heading', level: 2, text: 'Security Blog' }, 115, 2), // 3
      element({ selector: 'h3.post', tag: 'h3', role: 'heading', level: 3, text: 'A post' }, 430, null), // 4
    ];
    expect(name('the blog name', menuFirst)).toBe(3);
    const holding: PageElement[] = [
      menuFirst[0]!,
      element({ selector: 'h1.title', tag: 'h1', role: 'heading', level: 1, text: 'EMACSPEAK' }, 80, null), // 1
      element(
        {
          selector: 'h1.title a',
          tag: 'a',
          role: 'link',
          attributes: { href: 'https://emacspeak.example/' },
        },
        80,
        1,
      ), // 2
      menuFirst[4]!,
    ];
    expect(name('the blog name', holding)).toBe(1);
    const rule = evidentFound(
      'the blog name at the top',
      parseDescription('the blog name at the top'),
      viewsOf(blog),
    );
    expect(rule).toEqual({ index: 2, rule: 'site' });
    expect(vouchedEvident(rule)).toBe(2);
  });

  it("is none for the post's title, another thing the site has, or the bottom", () => {
    expect(name('the blog post title')).toBe(-1);
    expect(name('the blog name in the footer')).toBe(-1);
    expect(name('the blog name at the bottom')).toBe(-1);
    expect(name('the site search')).toBe(-1);
    expect(name('the title')).toBe(-1);
  });
});

describe('a list or table named by the label set right before it', () => {
  // A post: its title, a line, a label "Ingredients" set as a paragraph and its list, a heading
  // "Method" and its steps, a "Most Read" module (its title, its list and a "more" link), a table
  // under a heading in a box of notes, and a footer column headed "News" with its links.
  const POST: PageElement[] = [
    element({ selector: 'main', tag: 'main', role: 'main', text: 'How to smoke ribs' }, 0, null), // 0
    element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'How to smoke ribs' }, 10, 0), // 1
    element(
      { selector: 'p.intro', tag: 'p', text: 'Low and slow for hours, as everyone knows by now.' },
      60,
      0,
    ), // 2
    element({ selector: 'p.label', tag: 'p', text: 'Ingredients:' }, 120, 0), // 3
    element(
      { selector: 'ul.ingredients', tag: 'ul', role: 'list', text: 'Baby back ribs Honey rub' },
      150,
      0,
    ), // 4
    element({ selector: 'h3.method', tag: 'h3', role: 'heading', level: 3, text: 'Method' }, 220, 0), // 5
    element({ selector: 'ol.method', tag: 'ol', role: 'list', text: 'Smoke them Rest and slice' }, 250, 0), // 6
    element({ selector: 'div.most-read', tag: 'div', text: 'Most Read 1 Ribs 2 Brisket More' }, 400, 0), // 7
    element(
      { selector: 'div.most-read h4', tag: 'h4', role: 'heading', level: 4, text: 'Most Read' },
      400,
      7,
    ), // 8
    element({ selector: 'div.most-read ul', tag: 'ul', role: 'list', text: '1 Ribs 2 Brisket' }, 430, 7), // 9
    element({ selector: 'div.most-read a.more', tag: 'a', role: 'link', text: 'More' }, 500, 7), // 10
    element({ selector: 'div.hops', tag: 'div', text: 'Hops Amount Variety Boil for an hour' }, 600, 0), // 11
    element({ selector: 'div.hops h4', tag: 'h4', role: 'heading', level: 4, text: 'Hops' }, 600, 11), // 12
    element({ selector: 'div.hops table', tag: 'table', role: 'table', text: 'Amount Variety' }, 630, 11), // 13
    element({ selector: 'div.hops p', tag: 'p', text: 'Boil for an hour' }, 700, 11), // 14
    element(
      { selector: 'footer', tag: 'footer', role: 'contentinfo', text: 'News Today Yesterday' },
      900,
      null,
    ), // 15
    element({ selector: 'footer h4', tag: 'h4', role: 'heading', level: 4, text: 'News' }, 900, 15), // 16
    element({ selector: 'footer ul', tag: 'ul', role: 'list', text: 'Today Yesterday' }, 930, 15), // 17
  ];
  const views = viewsOf(POST);
  const found = (description: string): { selector: string | undefined; rule: string | null } => {
    const { index, rule } = evidentFound(description, parseDescription(description), views);
    return { selector: POST[index]?.selector, rule };
  };

  it('is the list or the steps after a label or heading of that name, however the description puts it', () => {
    expect(found('the ingredients list')).toEqual({ selector: 'ul.ingredients', rule: 'labelled' });
    expect(found('the list of ingredients for the ribs')).toEqual({
      selector: 'ul.ingredients',
      rule: 'labelled',
    });
    expect(found('the method steps')).toEqual({ selector: 'ol.method', rule: 'labelled' });
  });

  it('reads a label set in bold inside its own line', () => {
    const bold = viewsOf([
      element({ selector: 'main', tag: 'main', role: 'main', text: 'Directions Mix Bake' }, 0, null),
      element({ selector: 'p.d', tag: 'p', text: 'Directions' }, 10, 0),
      element({ selector: 'p.d strong', tag: 'strong', text: 'Directions' }, 10, 1),
      element({ selector: 'ol.d', tag: 'ol', role: 'list', text: 'Mix Bake' }, 40, 0),
    ]);
    const asked = 'the directions list';
    expect(evidentFound(asked, parseDescription(asked), bold)).toEqual({ index: 3, rule: 'labelled' });
  });

  it('is the box a label heads for a list, the table itself for a table', () => {
    expect(found('the Most Read list')).toEqual({ selector: 'div.most-read', rule: 'labelled' });
    expect(found('the hops table')).toEqual({ selector: 'div.hops table', rule: 'labelled' });
  });

  it('is none for a block of another kind, in the footer, or under a kind word', () => {
    expect(found('the ingredients table').rule).not.toBe('labelled');
    expect(found('the news list').rule).not.toBe('labelled');
    expect(found('the news list in the footer')).toEqual({ selector: 'footer ul', rule: 'labelled' });
    const twice = viewsOf([
      ...POST,
      element({ selector: 'p.label2', tag: 'p', text: 'Ingredients' }, 1000, 0),
      element({ selector: 'ul.sauce', tag: 'ul', role: 'list', text: 'Honey Vinegar' }, 1030, 0),
    ]);
    expect(
      evidentFound('the ingredients list', parseDescription('the ingredients list'), twice).rule,
    ).not.toBe('labelled');
  });
});

describe('a spaced slash between names, and what a page marks by its tag or first sign', () => {
  it('lists three capitalised names or more with a spaced slash between them, not a spec or lower-case sites', () => {
    expect(listedItems('Twitter / Facebook / Youtube / Vimeo links')).toEqual([
      'twitter',
      'facebook',
      'youtube',
      'vimeo',
    ]);
    expect(listedItems('the 3.6GHz/8GB/1TB model')).toEqual([]);
    expect(listedItems('share on facebook / twitter / pinterest links')).toEqual([]);
    expect(listedItems('the Previous / Next buttons')).toEqual([]);
    // A path that says where the thing is lists nothing.
    expect(listedItems('the main image of the laptop listed in Home / Computers / Laptops')).toEqual([]);
    expect(listedItems('the product photo on the Home / Computers / Laptops page')).toEqual([]);
    expect(listedItems('the laptop image, Home / Computers / Laptops')).toEqual([]);
    expect(listedItems('the Home / Computers / Laptops links')).toEqual(['home', 'computers', 'laptops']);
    expect(listedItems('the links on the Home / Computers / Laptops links bar')).toEqual([]);
  });

  // A post with a quote, a comment that quotes, an address in the footer, and two © lines: a
  // photo's credit and the footer's.
  const PAGE: PageElement[] = [
    element({ selector: 'main', tag: 'main', role: 'main', text: 'Story' }, 0, null), // 0
    element(
      {
        selector: 'blockquote.pull',
        tag: 'blockquote',
        attributes: { class: 'pullquote' },
        text: 'We build for the long run.',
      },
      100,
      0,
    ), // 1
    element({ selector: 'p.credit', tag: 'p', text: '© Photo: Jane Roe' }, 300, 0), // 2
    element({ selector: '#comments', tag: 'section', attributes: { id: 'comments' }, text: 'Nice' }, 600, 0), // 3
    element({ selector: '#comments blockquote', tag: 'blockquote', text: 'long run' }, 620, 3), // 4
    element(
      { selector: 'footer', tag: 'footer', role: 'contentinfo', text: '1 Main St © 2024 Acme Inc.' },
      900,
      null,
    ), // 5
    element({ selector: 'footer address', tag: 'address', text: '1 Main St, Springfield' }, 910, 5), // 6
    element({ selector: 'footer p.legal', tag: 'p', text: '© 2024 Acme Inc. All rights reserved.' }, 950, 5), // 7
  ];
  const views = viewsOf(PAGE);
  const found = (d: string): { selector: string | undefined; rule: string | null } => {
    const { index, rule } = evidentFound(d, parseDescription(d), views);
    return { selector: PAGE[index]?.selector, rule };
  };

  it("is the page's one address, its one quote outside the comments, the © line at the bottom", () => {
    expect(found('company street address')).toEqual({ selector: 'footer address', rule: 'semantic' });
    expect(found('the pull quote')).toEqual({ selector: 'blockquote.pull', rule: 'semantic' });
    expect(found('© line in the footer')).toEqual({ selector: 'footer p.legal', rule: 'semantic' });
    expect(found('the copyright notice at the bottom of the page')).toEqual({
      selector: 'footer p.legal',
      rule: 'semantic',
    });
  });

  it('is none when more is asked, the footer itself, or several lines could be meant', () => {
    expect(found('their address and email').rule).not.toBe('semantic');
    expect(found('the copyright footer').rule).not.toBe('semantic');
    expect(found('the copyright line').rule).not.toBe('semantic');
    // A byline set in an `address`, a tweet's blockquote, a photo's © credit: none of them is meant.
    const others = viewsOf([
      element(
        { selector: 'address.author', tag: 'address', text: 'By Jane Roe, Head of Communications' },
        50,
        null,
      ),
      element(
        {
          selector: 'blockquote.twitter-tweet',
          tag: 'blockquote',
          attributes: { class: 'twitter-tweet' },
          text: 'A tweet',
        },
        100,
        null,
      ),
      element({ selector: 'figure', tag: 'figure', text: 'A photo © Reuters' }, 200, null),
      element({ selector: 'figcaption', tag: 'figcaption', text: '© Reuters/John Doe' }, 400, 2),
      element(
        { selector: 'footer', tag: 'footer', role: 'contentinfo', text: 'Acme Media Inc. © 2024.' },
        900,
        null,
      ),
    ]);
    const rule = (d: string): number => {
      const f = evidentFound(d, parseDescription(d), others);
      return f.rule === 'semantic' ? f.index : -1;
    };
    expect(rule('the company address')).toBe(-1);
    expect(rule('the quote')).toBe(-1);
    expect(rule('the copyright line')).toBe(-1);
    expect(rule('the copyright notice in the footer')).toBe(4);
    // An address of no street, written without "By"; a © line outside the footer when it is asked in it.
    const plainAddress = viewsOf([
      element({ selector: 'address', tag: 'address', text: 'Jane Roe, Head of Communications' }, 50, null),
    ]);
    expect(
      evidentFound('the company address', parseDescription('the company address'), plainAddress).rule,
    ).not.toBe('semantic');
    const noFooter = viewsOf([
      element({ selector: 'p.partner', tag: 'p', text: '© 2023 Partner content' }, 500, null),
    ]);
    const inFooter = 'the copyright line in the footer';
    expect(evidentFound(inFooter, parseDescription(inFooter), noFooter).rule).not.toBe('semantic');
    // A footer marked only by its class is the footer.
    const classed = viewsOf([
      element(
        {
          selector: 'div.site-footer',
          tag: 'div',
          attributes: { class: 'site-footer' },
          text: 'Acme © 2024',
        },
        900,
        null,
      ),
      element({ selector: 'div.site-footer p', tag: 'p', text: 'Acme © 2024' }, 900, 0),
    ]);
    expect(evidentFound(inFooter, parseDescription(inFooter), classed)).toEqual({
      index: 1,
      rule: 'semantic',
    });
    // Two quotes in the story: which is unsaid, unless a pull quote is asked and one is marked so.
    const two = viewsOf([
      ...PAGE,
      element({ selector: 'blockquote.second', tag: 'blockquote', text: 'And more.' }, 200, 0),
    ]);
    expect(evidentFound('the quote', parseDescription('the quote'), two).rule).not.toBe('semantic');
    expect(evidentFound('the pull quote', parseDescription('the pull quote'), two)).toEqual({
      index: 1,
      rule: 'semantic',
    });
  });

  it('is the innermost line that begins with ©, one line even when a box around it shows the same', () => {
    const wrapped = [
      element({ selector: 'div.legal', tag: 'div', text: '© 2024 Acme Inc.' }, 900, null),
      element({ selector: 'div.legal p', tag: 'p', text: '© 2024 Acme Inc.' }, 900, 0),
    ];
    expect(
      evidentFound('the copyright line', parseDescription('the copyright line'), viewsOf(wrapped)),
    ).toEqual({
      index: 1,
      rule: 'semantic',
    });
  });
});

describe('a control whose text shows an icon glyph name', () => {
  it("reads past an icon font's glyph names (Material Icons' ligatures) in a control's name", () => {
    const views = viewsOf([
      element({ selector: 'div.hero', tag: 'div', text: 'chevron_left Browse All Posts' }, 0, null),
      element(
        {
          selector: 'div.hero a.btn',
          tag: 'a',
          role: 'link',
          name: 'chevron_left Browse All Posts',
          text: 'chevron_left Browse All Posts',
        },
        0,
        0,
      ),
      element(
        {
          selector: 'a.next',
          tag: 'a',
          role: 'link',
          name: 'Next arrow_forward',
          text: 'Next arrow_forward',
        },
        900,
        null,
      ),
    ]);
    const named = (d: string): number => namedControl(d, parseDescription(d), views);
    expect(named('the Browse All Posts button')).toBe(1);
    expect(named('the Next link')).toBe(2);
    // The glyph's name is no part of the control's.
    expect(named('the Chevron Left Browse All Posts button')).toBe(-1);
  });
});

describe("a review's pages against the label rule, the price question and a control's glyphs", () => {
  it('leaves it unsaid when two labels name the list, and never takes a box of several blocks', () => {
    // A story's "Ingredients" notes, then a recipe card's "Ingredients" over a group of lists.
    const twice = viewsOf([
      element({ selector: 'div.entry', tag: 'div', text: 'Ingredients Ribs Ingredients Ribs Rub' }, 0, null), // 0
      element({ selector: 'h2.i', tag: 'h2', role: 'heading', level: 2, text: 'Ingredients' }, 10, 0), // 1
      element({ selector: 'ul.notes', tag: 'ul', role: 'list', text: 'Ribs: baby back are best' }, 40, 0), // 2
      element({ selector: 'div.card', tag: 'div', text: 'Ingredients Ribs Rub' }, 300, 0), // 3
      element({ selector: 'h3.card', tag: 'h3', role: 'heading', level: 3, text: 'Ingredients' }, 300, 3), // 4
      element({ selector: 'div.group', tag: 'div', text: 'Ribs Rub' }, 330, 3), // 5
      element({ selector: 'div.group ul', tag: 'ul', role: 'list', text: 'Ribs Rub' }, 330, 5), // 6
    ]);
    const asked = 'the ingredients list';
    expect(evidentFound(asked, parseDescription(asked), twice).rule).not.toBe('labelled');
    // A recipe's body: "Ingredients:", its list, "Instructions:", its steps — the list, not the body.
    const body = viewsOf([
      element({ selector: 'div.recipe', tag: 'div', text: 'Ingredients: Ribs Instructions: Smoke' }, 0, null), // 0
      element({ selector: 'p.ing', tag: 'p', text: 'Ingredients:' }, 0, 0), // 1
      element({ selector: 'ul.ing', tag: 'ul', role: 'list', text: 'Ribs' }, 30, 0), // 2
      element({ selector: 'p.ins', tag: 'p', text: 'Instructions:' }, 60, 0), // 3
      element({ selector: 'ol.ins', tag: 'ol', role: 'list', text: 'Smoke' }, 90, 0), // 4
    ]);
    expect(evidentFound(asked, parseDescription(asked), body)).toEqual({ index: 2, rule: 'labelled' });
    // It decides, wherever the ranker looked (a label and its list may score alike).
    expect(decidingEvident({ index: 4, rule: 'labelled' })).toBe(4);
  });

  it('asks the price for "how much is it" or "how much does it cost", not "how much does it weigh"', () => {
    const kinds = (d: string): string[] => parseDescription(d).kinds.map((k) => k.kind.id);
    expect(kinds('how much does the lamp cost')).toEqual(['price']);
    expect(kinds('how much is the car')).toEqual(['price']);
    expect(kinds('how much does it weigh')).not.toContain('price');
  });

  it('keeps a name that is all snake case', () => {
    const views = viewsOf([
      element({ selector: 'a.fn', tag: 'a', role: 'link', name: 'get_user', text: 'get_user' }, 0, null),
    ]);
    expect(namedControl('the get_user link', parseDescription('the get_user link'), views)).toBe(0);
  });
});

describe('pages in other languages, quoted badges and pictures, a side of the page', () => {
  it('folds accents and keeps letters of any script, so a quoted phrase reads as the page writes it', () => {
    expect(words('Co hledáte?')).toEqual(['co', 'hledate']);
    expect(quotedPhrase("the 'Co hledáte?' search box")).toBe('co hledate');
    expect(quotedPhrase("the gallery 'Umwelt schützen'")).toBe('umwelt schutzen');
    expect(words('Привет мир')).toEqual(['привет', 'мир']);
  });

  it('reads a day written in French, Spanish, Portuguese, Italian or Dutch, with its year', () => {
    expect(showsSomeDay('8 de novembro de 2023')).toBe(true);
    expect(showsSomeDay('le 3 août 2021')).toBe(true);
    expect(showsSomeDay('1er décembre 2022')).toBe(true);
    expect(showsSomeDay('12 maart 2020')).toBe(true);
    expect(showsSomeDay('15 settembre 2019')).toBe(true);
    // Without its year a month's name may be a word: two tablespoons of mayo, the planet.
    expect(showsSomeDay('2 tbsp mayo')).toBe(false);
    expect(showsSomeDay('3 mars')).toBe(false);
    // Swedish, Czech and Polish months, in the cases a day takes.
    expect(showsSomeDay('12. května 2023')).toBe(true);
    expect(showsSomeDay('3 września 2021')).toBe(true);
    expect(showsSomeDay('5 augusti 2020')).toBe(true);
  });

  it('reads how long ago in other languages, and not the phrases that look like it', () => {
    for (const ago of [
      'před 2 hodinami',
      'Před hodinou',
      'pred 3 dňami',
      'vor 3 Stunden',
      'vor einem Tag',
      'il y a 2 jours',
      'hace 5 minutos',
      'há 2 dias',
      '3 ore fa',
      '2 uur geleden',
      'gestern, 14:00',
      '2 hours ago',
    ]) {
      expect(showsAgo(ago), ago).toBe(true);
      expect(showsSomeTime(ago), ago).toBe(true);
      expect(withoutDaysAndTimes(ago).replace(/[\s,]/g, ''), ago).toBe('');
    }
    for (const not of ['il y a un problème', 'hace frío', 'vor allem', 'predator', 'Agosto']) {
      expect(showsAgo(not), not).toBe(false);
      expect(showsSomeTime(not), not).toBe(false);
    }
  });

  it('takes a byline that says how long ago in another language for who wrote it and when', () => {
    const page = [
      element({ selector: 'h1', tag: 'h1', role: 'heading', text: 'Souček rozhodl' }, 100, null),
      element(
        {
          selector: 'div.author',
          tag: 'div',
          text: 'Jan Novák před 2 hodinami',
          attributes: { class: 'author' },
        },
        160,
        null,
      ),
      element({ selector: 'div.author a', tag: 'a', role: 'link', text: 'Jan Novák' }, 160, 1),
      element({ selector: 'div.author span', tag: 'span', text: 'před 2 hodinami' }, 160, 1),
      element({ selector: 'article p', tag: 'p', text: 'West Ham vyhrál na Villa Parku.' }, 220, null),
    ];
    const at = page.map((e) => e.selector);
    const answer = locateOffline('who wrote it and when', storyMap(page, 1400));
    expect(at.indexOf(answer.selector ?? '')).toBe(1);
    expect(answer.confidence).toBeGreaterThanOrEqual(0.6);
  });

  // A nav that lists a rating among its links, a fact-check's rating picture, a badge drawn with
  // hashed classes, a search form whose field says only "Co hledáte?", a gallery under its title,
  // a time line that says both days, and a footer's bottom row.
  const page: PageElement[] = [
    element({ selector: 'nav', tag: 'nav', role: 'navigation', text: 'All True Mostly True False' }, 0, null), // 0
    element({ selector: 'nav a.mt', tag: 'a', role: 'link', name: 'Mostly True', text: 'Mostly True' }, 0, 0), // 1
    element({ selector: 'img.meter', tag: 'img', role: 'img', name: 'Mostly True' }, 100, null), // 2
    element(
      {
        selector: 'button.css-9i655i',
        tag: 'button',
        role: 'button',
        text: 'Evidence Based',
        box: { x: 0, y: 150, width: 140, height: 30 },
      },
      150,
      null,
    ), // 3
    element(
      {
        selector: 'span.css-1',
        tag: 'span',
        text: 'Evidence Based',
        box: { x: 20, y: 156, width: 110, height: 16 },
      },
      156,
      3,
    ), // 4
    element({ selector: 'form#search-form', tag: 'form', attributes: { id: 'search-form' } }, 200, null), // 5
    element(
      {
        selector: 'input#q',
        tag: 'input',
        role: 'textbox',
        attributes: { type: 'text', placeholder: 'Co hledáte?' },
      },
      200,
      5,
    ), // 6
    element(
      {
        selector: 'section.ImageGallery',
        tag: 'section',
        text: 'Umwelt schützen Mehrweg ist besser!',
        box: wide(900),
      },
      400,
      null,
    ), // 7
    element(
      {
        selector: 'h2.ImageGallery-headline',
        tag: 'h2',
        role: 'heading',
        level: 2,
        text: 'Umwelt schützen',
        box: wide(30),
      },
      400,
      7,
    ), // 8
    element(
      {
        selector: 'ul.ImageGallery-list',
        tag: 'ul',
        role: 'list',
        text: 'Mehrweg ist besser!',
        box: wide(800),
      },
      450,
      7,
    ), // 9
    element(
      {
        selector: 'div.time',
        tag: 'div',
        text: 'PUBLISHED: November 8, 2023 at 4:56 p.m. | UPDATED: November 8, 2023 at 6:00 p.m.',
      },
      1400,
      null,
    ), // 10
    element({ selector: 'time.updated', tag: 'time', text: 'November 8, 2023 at 6:00 p.m.' }, 1400, 10), // 11
    element(
      {
        selector: 'footer',
        tag: 'footer',
        role: 'contentinfo',
        text: 'About © 2021 Economia',
        box: wide(300),
      },
      2000,
      null,
    ), // 12
    element(
      {
        selector: '#footer__bottom',
        tag: 'div',
        attributes: { id: 'footer__bottom' },
        text: 'Centrum.cz © 2021 Economia | About | Jobs',
        box: wide(86),
      },
      2200,
      12,
    ), // 13
    element(
      { selector: '#footer__bottom p', tag: 'p', text: 'Centrum.cz © 2021 Economia', box: wide(18) },
      2200,
      13,
    ), // 14
  ];
  const views = viewsOf(page);
  const found = (d: string): { selector: string | undefined; rule: string | null } => {
    const { index, rule } = evidentFound(d, parseDescription(d), views);
    return { selector: page[index]?.selector, rule };
  };

  it('is the one picture whose alternative text the description quotes, and the small box a quoted badge says', () => {
    expect(found("the 'Mostly True' rating picture")).toEqual({ selector: 'img.meter', rule: 'quoted' });
    expect(found("the 'Evidence Based' badge next to the category")).toEqual({
      selector: 'button.css-9i655i',
      rule: 'quoted',
    });
    // Two pictures say it: neither is the one.
    const twice = viewsOf([
      ...page,
      element({ selector: 'img.other', tag: 'img', role: 'img', name: 'Mostly True' }, 900, null),
    ]);
    const picture = "the 'Mostly True' rating picture";
    expect(page[evidentFound(picture, parseDescription(picture), twice).index]?.selector).not.toBe(
      'img.meter',
    );
    // A tall box that says it is no badge.
    const tall = viewsOf(
      page.map((e, i) => (i === 3 || i === 4 ? { ...e, box: { ...e.box, height: 300 } } : e)),
    );
    const badge = "the 'Evidence Based' badge";
    expect(evidentFound(badge, parseDescription(badge), tall).rule).not.toBe('quoted');
  });

  it("is the search form whose field's placeholder the description quotes, and the gallery its title heads", () => {
    expect(
      searchForm("the 'Co hledáte?' search box", parseDescription("the 'Co hledáte?' search box"), views),
    ).toBe(5);
    expect(found("the photo gallery 'Umwelt schützen'")).toEqual({
      selector: 'section.ImageGallery',
      rule: 'quoted',
    });
    expect(kindsOf('carousel').map((k) => k.kind.id)).toEqual(['gallery']);
    expect(
      KINDS.gallery?.match(
        viewsOf([
          element({ selector: 'div.slick', tag: 'div', attributes: { class: 'slick-slider' } }, 0, null),
        ])[0]!,
        [],
      ),
    ).toBe(1);
  });

  it('is the line that says both days when both are asked, and the bottom row a copyright bar opens', () => {
    expect(found('when was it published and when was it last updated')).toEqual({
      selector: 'div.time',
      rule: 'updated',
    });
    expect(found('the copyright bar at the very bottom')).toEqual({
      selector: '#footer__bottom',
      rule: 'semantic',
    });
    expect(found('the copyright notice at the very bottom')).toEqual({
      selector: '#footer__bottom p',
      rule: 'semantic',
    });
    // Two lines, each saying one of the days: no one line is meant.
    const apart = viewsOf([
      element({ selector: 'p.pub', tag: 'p', text: 'Published November 8, 2023' }, 100, null),
      element({ selector: 'p.upd', tag: 'p', text: 'Updated November 9, 2023' }, 140, null),
    ]);
    const both = 'when was it published and when was it last updated';
    expect(evidentFound(both, parseDescription(both), apart).index).toBe(-1);
  });

  it('reads a fact-check as a piece of writing, and an ad as the page', () => {
    const story = viewsOf([
      element(
        { selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'What is the value of drugs?' },
        0,
        null,
      ),
      element({ selector: 'div.article__text', tag: 'div', box: wide(600) }, 100, null),
      ...[0, 1, 2].map((i) =>
        element(
          { selector: `p.p${i}`, tag: 'p', text: `Paragraph ${i} `.repeat(8), box: wide(60) },
          100 + 70 * i,
          1,
        ),
      ),
    ]);
    expect(mainText(parseDescription('the text of the fact-check'), story)).toBe(1);
    expect(
      soleTitle(
        parseDescription("the fact-check's headline"),
        story,
        'What is the value of drugs? | PolitiFact',
      ),
    ).toBe(0);
    expect(soleTitle(parseDescription('the title of the ad'), story, 'What is the value of drugs?')).toBe(0);
    expect(
      soleTitle(parseDescription('the title of the conference talk'), story, 'What is the value of drugs?'),
    ).toBe(-1);
  });

  it('prefers the copy of a repeated menu that holds its items in its markup, and the first of two named alike', () => {
    const menus: PageElement[] = [
      // An off-canvas menu drawn over the page's row: its box covers the row's first two links.
      element(
        {
          selector: 'div.offcanvas',
          tag: 'div',
          text: 'Local News Crime Nation World',
          box: { x: 0, y: 60, width: 300, height: 500 },
        },
        60,
        null,
      ), // 0
      element(
        {
          selector: 'div.offcanvas a.n',
          tag: 'a',
          role: 'link',
          text: 'Nation',
          box: { x: 0, y: 300, width: 100, height: 20 },
        },
        300,
        0,
      ), // 1
      element(
        {
          selector: 'div.offcanvas a.w',
          tag: 'a',
          role: 'link',
          text: 'World',
          box: { x: 0, y: 330, width: 100, height: 20 },
        },
        330,
        0,
      ), // 2
      element(
        {
          selector: 'ul#subnav',
          tag: 'ul',
          role: 'list',
          text: 'Local Crime Nation World',
          box: { x: 190, y: 140, width: 900, height: 48 },
        },
        140,
        null,
      ), // 3
      ...['Local', 'Crime', 'Nation', 'World'].map((item, i) =>
        element(
          {
            selector: `ul#subnav a.${item}`,
            tag: 'a',
            role: 'link',
            text: item,
            box: { x: 190 + 50 * i, y: 150, width: 45, height: 26 },
          },
          150,
          3,
        ),
      ), // 4–7
    ];
    const d = 'the row of section links (Local, Crime, Nation, World…)';
    expect(menus[evidentFound(d, parseDescription(d), viewsOf(menus)).index]?.selector).toBe('ul#subnav');
    // The same menu twice, each headed by the same link: the first copy.
    const twice: PageElement[] = [0, 1]
      .map((copy) => [
        element(
          {
            selector: `nav.c${copy}`,
            tag: 'nav',
            role: 'navigation',
            text: 'West Virginia Edition All True False',
            box: wide(200),
          },
          1000 * copy,
          null,
        ),
        element(
          { selector: `nav.c${copy} a`, tag: 'a', role: 'link', text: 'West Virginia Edition' },
          1000 * copy,
          2 * copy,
        ),
      ])
      .flat();
    const named = 'the West Virginia Edition menu';
    expect(twice[evidentFound(named, parseDescription(named), viewsOf(twice)).index]?.selector).toBe(
      'nav.c0',
    );
  });

  it('reads a side of the page, and a corner as its top or bottom too', () => {
    expect(parseDescription('the Most Popular list on the right').side).toBe('right');
    expect(parseDescription('the Recent Features box in the left sidebar').side).toBe('left');
    expect(parseDescription('right-hand sidebar').side).toBe('right');
    expect(parseDescription('the sidebar').side).toBe(null);
    const corner = parseDescription('the blue Subscribe button at the top right');
    expect(corner.side).toBe('right');
    expect(corner.place).toEqual({ at: 'top', page: true });
    const map = storyMap([], 720);
    const at = (x: number, width: number): ElementView =>
      viewsOf([element({ selector: 'a', tag: 'a', box: { x, y: 10, width, height: 40 } }, 10, null)])[0]!;
    const right = parseDescription('the Subscribe button on the right');
    expect(wrongPlace(right, at(940, 120), map)).toBe(false);
    expect(wrongPlace(right, at(60, 230), map)).toBe(true);
    // As wide as the window: on both sides.
    expect(wrongPlace(right, at(0, 1280), map)).toBe(false);
    expect(wrongPlace(parseDescription('the logo on the left'), at(940, 120), map)).toBe(true);
  });
});
