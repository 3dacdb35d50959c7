import { describe, expect, it } from 'vitest';
import {
  doubtful,
  linklessTags,
  partForServings,
  proseForAShareBar,
  storyForAPager,
  storyForContents,
} from '../../../src/adapters/offline-locator/hand-matcher.js';
import { viewsOf } from '../../../src/adapters/offline-locator/kinds.js';
import { parseDescription } from '../../../src/adapters/offline-locator/offline-locator.js';
import {
  authorName,
  commentsBox,
  mainText,
  shareBar,
  soleDate,
  storyFigure,
  subheadline,
  tagList,
} from '../../../src/adapters/offline-locator/evident.js';
import { dayShownIn } from '../../../src/adapters/offline-locator/text.js';
import type { ElementMap, PageElement } from '../../../src/ports/element-locator.js';
import { sized, storyMap } from '../../helpers/page-elements.js';

/**
 * What a page shows beside the thing asked for, read from saved pages nobody labelled (README "A
 * twenty-sixth look"): a reader's comment of the same day, an embedded tweet, a review site's other
 * reviews, the author's headshot, a quote inside the story, the site's own accounts, a menu's
 * topics — none of them the thing.
 */

/** An element `width` x `height` at `y` inside `parent`. */
const box = sized;

/** A page's `main` and its `h1` saying `title`: elements 0 and 1. */
const opening = (title: string, height = 4000): PageElement[] => [
  box({ selector: 'main', tag: 'main', role: 'main' }, 0, height, null), // 0
  box({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: title }, 100, 40, 0), // 1
];

const LONG =
  'The council met on Tuesday evening to hear from residents about the plan for the new library and the park.';

/** A page published `published`, holding `elements`. */
const dated = (elements: PageElement[], published: string | null, authors: string[] = []): ElementMap => ({
  ...storyMap(elements, 4000),
  about: { authors, published, headline: null },
});

describe('the day a page was published', () => {
  // The story's header shows the day as "12.27.20", above its title; readers' comments show theirs.
  const page = [
    box({ selector: 'div.site', tag: 'div' }, 0, 4000, null), // 0
    box(
      { selector: 'header.entry-header', tag: 'header', attributes: { class: 'entry-header' } },
      50,
      100,
      0,
    ), // 1
    box(
      { selector: 'p.entry-meta', tag: 'p', attributes: { class: 'entry-meta' }, text: '12.27.20' },
      50,
      18,
      1,
    ), // 2
    box(
      { selector: 'time.entry-time', tag: 'time', attributes: { class: 'entry-time' }, text: '12.27.20' },
      50,
      18,
      2,
      56,
    ), // 3
    box({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Paleo Beef Stroganoff' }, 90, 40, 1), // 4
    box(
      { selector: 'ol.comment-list', tag: 'ol', role: 'list', attributes: { class: 'comment-list' } },
      2000,
      600,
      0,
    ), // 5
    box(
      {
        selector: '#comment-1',
        tag: 'li',
        role: 'listitem',
        attributes: { id: 'comment-1', class: 'comment' },
      },
      2000,
      300,
      5,
    ), // 6
    box(
      {
        selector: '#comment-1 time',
        tag: 'time',
        attributes: { class: 'comment-time' },
        text: 'December 27, 2020 at 8:33 pm',
      },
      2010,
      18,
      6,
      198,
    ), // 7
    box(
      {
        selector: '#comment-2',
        tag: 'li',
        role: 'listitem',
        attributes: { id: 'comment-2', class: 'comment' },
      },
      2300,
      300,
      5,
    ), // 8
    box(
      {
        selector: '#comment-2 time',
        tag: 'time',
        attributes: { class: 'comment-time' },
        text: 'December 28, 2020 at 9:02 am',
      },
      2310,
      18,
      8,
      198,
    ), // 9
  ];
  const when = parseDescription('when was it published');

  it('is shown as month, day and two digits of the year, in the header above the title', () => {
    expect(dayShownIn('2020-12-27T11:00:02+00:00')?.('12.27.20')).toBe(true);
    const map = dated(page, '2020-12-27T11:00:02+00:00');
    expect(soleDate(when, viewsOf(map.elements), map, 'when was it published')).toBe(3);
  });

  it("is never a reader's comment of the same day, even when the story shows it nowhere", () => {
    const unshown = page.map((e, i) => (i === 2 || i === 3 ? { ...e, text: 'Dinner' } : e));
    const map = dated(unshown, '2020-12-27T11:00:02+00:00');
    expect(soleDate(when, viewsOf(map.elements), map, 'when was it published')).toBe(-1);
  });

  it("is the story's own time above its title, not an embedded tweet's, when no metadata says", () => {
    const story = [
      box({ selector: 'main', tag: 'main', role: 'main' }, 0, 4000, null), // 0
      box(
        { selector: 'div.headline-container', tag: 'div', attributes: { class: 'headline-container' } },
        40,
        120,
        0,
      ), // 1
      box(
        { selector: 'span.headline-timestamp', tag: 'span', attributes: { class: 'headline-timestamp' } },
        40,
        18,
        1,
        138,
      ), // 2
      box(
        { selector: 'span.headline-timestamp time', tag: 'time', text: 'Posted on 3 Oct 2016' },
        40,
        18,
        2,
        138,
      ), // 3
      box(
        { selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'People Are Calling Out This Picture' },
        80,
        40,
        1,
      ), // 4
      box({ selector: 'p', tag: 'p', text: LONG }, 300, 60, 0), // 5
      box(
        { selector: 'blockquote.twitter-tweet', tag: 'blockquote', attributes: { class: 'twitter-tweet' } },
        1500,
        155,
        0,
      ), // 6
      box(
        {
          selector: 'time.tweet-timestamp',
          tag: 'time',
          attributes: { class: 'tweet-timestamp' },
          text: 'Fri Sep 30 15:13:45 UTC+0000 2016',
        },
        1600,
        18,
        6,
        241,
      ), // 7
    ];
    const map = dated(story, null);
    expect(soleDate(when, viewsOf(story), map, 'when was it published')).toBe(3);
  });
});

describe("what is not the page's own", () => {
  it('takes no list of other reviews for the comments', () => {
    const page = [
      ...opening('The SSD review'),
      box(
        {
          selector: '#more-reviews',
          tag: 'ul',
          role: 'list',
          attributes: { id: 'more-reviews' },
          text: 'Samsung 870 QVO LaCie Rugged',
        },
        3000,
        90,
        0,
      ), // 2
    ];
    const comments = parseDescription('the comments');
    expect(commentsBox('the comments', comments, viewsOf(page))).toBe(-1);
    const widget = page.map((e, i) =>
      i === 2
        ? { ...e, attributes: { class: 'comments outbrain-enabled' }, text: 'Most Popular This Week' }
        : e,
    );
    const views = viewsOf(widget);
    expect(doubtful(comments, views[2]!, storyMap(widget, 4000))).toBe(true);
    const real = widget.map((e, i) => (i === 2 ? { ...e, attributes: { class: 'comments' } } : e));
    expect(doubtful(comments, viewsOf(real)[2]!, storyMap(real, 4000))).toBe(false);
  });

  it("finds the author's name in the article's own header, not on another story's card", () => {
    const page = [
      box({ selector: 'div.root', tag: 'div' }, 0, 3500, null), // 0
      box(
        {
          selector: 'header.MainArticleHeader',
          tag: 'header',
          role: 'banner',
          attributes: { class: 'MainArticleHeader' },
        },
        280,
        225,
        0,
      ), // 1
      box({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Coty is breaking out' }, 300, 40, 1), // 2
      box(
        {
          selector: 'a.Author-authorName',
          tag: 'a',
          role: 'link',
          attributes: { class: 'Author-authorName' },
          text: 'Keris Lahiff',
        },
        456,
        14,
        1,
        93,
      ), // 3
      box({ selector: 'div.Card-card', tag: 'div', attributes: { class: 'Card-card' } }, 2400, 537, 0, 390), // 4
      box(
        {
          selector: 'span.Card-byline',
          tag: 'span',
          attributes: { class: 'Card-byline' },
          text: 'Keris Lahiff',
        },
        2879,
        17,
        4,
        66,
      ), // 5
    ];
    const who = 'who wrote the article';
    expect(authorName(who, parseDescription(who), viewsOf(page), ['Keris Lahiff'])).toBe(3);
  });

  it("takes the story's box, not a quote in it, for its running text, and no FAQ", () => {
    const page = [
      box({ selector: 'div.root', tag: 'div' }, 0, 3000, null), // 0
      box({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A hearing' }, 100, 40, 0), // 1
      box({ selector: '#entry-content', tag: 'div', attributes: { id: 'entry-content' } }, 200, 900, 0), // 2
      box({ selector: '#entry-content > p', tag: 'p', text: LONG }, 200, 60, 2), // 3
      box({ selector: 'blockquote', tag: 'blockquote', role: 'blockquote' }, 300, 400, 2), // 4
      box({ selector: 'blockquote p:nth-of-type(1)', tag: 'p', text: LONG }, 300, 60, 4), // 5
      box({ selector: 'blockquote p:nth-of-type(2)', tag: 'p', text: LONG }, 400, 60, 4), // 6
      box({ selector: 'blockquote p:nth-of-type(3)', tag: 'p', text: LONG }, 500, 60, 4), // 7
    ];
    const text = parseDescription('the article text');
    expect(mainText(text, viewsOf(page))).toBe(2);
    const faq = page.map((e, i) =>
      i === 4
        ? { ...e, tag: 'section', role: null, attributes: { id: 'recipe-faq' } }
        : i === 3
          ? { ...e, text: 'Short.' }
          : e,
    );
    expect(mainText(text, viewsOf(faq))).toBe(-1);
  });

  it("takes no author's headshot for the story's picture", () => {
    const page = [
      box({ selector: 'article', tag: 'article', role: 'article' }, 0, 3000, null), // 0
      box({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'The winter meetings' }, 100, 40, 0), // 1
      box(
        { selector: 'div.ArticleAuthor', tag: 'div', attributes: { class: 'ArticleAuthor-person' } },
        200,
        70,
        0,
      ), // 2
      box(
        {
          selector: 'figure.Headshot-image',
          tag: 'figure',
          role: 'figure',
          attributes: { class: 'Headshot-image' },
        },
        200,
        60,
        2,
        60,
      ), // 3
      box(
        {
          selector: 'figure.MediaShortcode',
          tag: 'figure',
          role: 'figure',
          attributes: { class: 'MediaShortcode' },
        },
        800,
        400,
        0,
        1184,
      ), // 4
    ];
    expect(storyFigure(parseDescription('the main image'), viewsOf(page))).toBe(4);
  });

  it("is no row of links to the site's accounts on networks one only follows", () => {
    const link = (selector: string, href: string, text: string, y: number, parent: number): PageElement =>
      box({ selector, tag: 'a', role: 'link', name: text, text, attributes: { href } }, y, 20, parent, 40);
    const page = [
      box({ selector: 'div.root', tag: 'div' }, 0, 3000, null), // 0
      box({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A recipe' }, 300, 40, 0), // 1
      box(
        { selector: 'ul.social-links', tag: 'ul', role: 'list', attributes: { class: 'social-links' } },
        2800,
        40,
        0,
      ), // 2
      link('a.ig', 'https://instagram.com/thesite', 'Instagram', 2800, 2), // 3
      link('a.fb', 'https://facebook.com/thesite', 'Facebook', 2800, 2), // 4
      link('a.tw', 'https://twitter.com/thesite', 'Twitter', 2800, 2), // 5
      box({ selector: 'div.buttons', tag: 'div', attributes: { class: 'buttons' } }, 400, 40, 0), // 6
      link('a.fb2', 'https://www.facebook.com/sharer/sharer.php?u=x', 'Facebook', 400, 6), // 7
      link('a.pin', 'https://pinterest.com/pin/create/button/?url=x', 'Pinterest', 400, 6), // 8
    ];
    const share = parseDescription('the share buttons');
    expect(shareBar(share, viewsOf(page))).toBe(6);
    const visit = page.map((e, i) =>
      i === 3
        ? {
            ...e,
            attributes: { href: '/x' },
            text: 'Besucht uns auf Facebook',
            name: 'Besucht uns auf Facebook',
          }
        : e,
    );
    const visits = visit.map((e, i) =>
      i === 2 ? { ...e, text: 'Besucht uns auf Facebook Besucht uns auf Twitter' } : e,
    );
    expect(shareBar(share, viewsOf(visits))).toBe(6);
  });

  it('takes no post that a tag names, nor a menu of topics, for the tags', () => {
    const link = (selector: string, text: string, y: number, parent: number): PageElement =>
      box(
        { selector, tag: 'a', role: 'link', name: text, text, attributes: { href: `/tag/${text}` } },
        y,
        20,
        parent,
        80,
      );
    const page = [
      ...opening('Episode 82', 3000),
      box(
        {
          selector: '#post-1184',
          tag: 'div',
          attributes: { id: 'post-1184', class: 'post tag-podcast tag-news' },
        },
        150,
        900,
        0,
      ), // 2
      box({ selector: '#post-1184 p', tag: 'p', text: LONG }, 200, 60, 2), // 3
      link('a.t1', 'podcast', 900, 2), // 4
      link('a.t2', 'news', 900, 2), // 5
      box(
        { selector: '#menu-main-menu', tag: 'ul', role: 'list', attributes: { id: 'menu-main-menu' } },
        2000,
        90,
        0,
      ), // 6
      box(
        { selector: 'li.category', tag: 'li', role: 'listitem', attributes: { class: 'menu-item category' } },
        2000,
        90,
        6,
      ), // 7
      link('a.c1', 'Barbados', 2000, 7), // 8
      link('a.c2', 'Jamaica', 2030, 7), // 9
    ];
    const tags = parseDescription('the tags');
    expect(tagList(tags, viewsOf(page))).toBe(-1);
    const listed = page.map((e, i) =>
      i === 2
        ? { ...e, attributes: { class: 'entry-tags' }, box: { ...e.box, y: 900, height: 40 } }
        : i === 3
          ? { ...e, text: 'Tags:', parent: 0 }
          : e,
    );
    expect(tagList(tags, viewsOf(listed))).toBe(2);
  });
});

describe('what is plainly not what is asked', () => {
  const page = [
    ...opening('Banana cream pie'),
    box(
      {
        selector: 'a.tips',
        tag: 'a',
        role: 'link',
        text: 'Google Search Tips',
        attributes: { href: '/tips' },
      },
      200,
      17,
      0,
      126,
    ), // 2
    box(
      {
        selector: 'a.search',
        tag: 'a',
        role: 'link',
        text: 'Search',
        attributes: { class: 'header-search' },
      },
      200,
      17,
      0,
      60,
    ), // 3
    box(
      {
        selector: '#comment-nav-after',
        tag: 'nav',
        role: 'navigation',
        attributes: { id: 'comment-nav-after', class: 'comment-navigation' },
        text: 'Newer Comments',
      },
      3000,
      85,
      0,
    ), // 4
    box(
      {
        selector: 'div.tabs',
        tag: 'div',
        attributes: { class: 'recipe-card-tabs d-xl-none' },
        text: 'Steps Ingredients',
      },
      700,
      39,
      0,
    ), // 5
    box(
      { selector: 'span.label', tag: 'span', attributes: { class: 'textresizer__label' }, text: 'Text size' },
      230,
      18,
      0,
      54,
    ), // 6
    box(
      {
        selector: 'textarea',
        tag: 'textarea',
        role: 'textbox',
        attributes: { name: 'share-comment', class: 'share' },
      },
      2500,
      36,
      0,
      182,
    ), // 7
    box({ selector: 'div.steps', tag: 'div', attributes: { class: 'recipe-instructions' } }, 900, 400, 0), // 8
    box({ selector: 'div.steps p', tag: 'p', text: 'Chill for 30 minutes before serving.' }, 900, 18, 8), // 9
    box(
      { selector: 'div.yield', tag: 'div', attributes: { class: 'recipe-yield' }, text: 'Serves 8' },
      800,
      18,
      0,
    ), // 10
  ];
  const map = storyMap(page, 4000);
  const views = viewsOf(page);
  const doubts = (description: string, index: number): boolean =>
    doubtful(parseDescription(description), views[index]!, map);

  it('takes no link that leads to a page about searching for the search box', () => {
    expect(doubts('the search box', 2)).toBe(true);
    expect(doubts('the search box', 3)).toBe(false);
  });

  it("takes no comments' pager for the main navigation, no row of tabs for the recipe card", () => {
    expect(doubts('the main navigation menu', 4)).toBe(true);
    expect(doubts('the comments navigation', 4)).toBe(false);
    expect(doubts('the recipe card', 5)).toBe(true);
    const tall = page.map((e, i) => (i === 5 ? { ...e, box: { ...e.box, height: 600 } } : e));
    expect(doubtful(parseDescription('the recipe card'), viewsOf(tall)[5]!, storyMap(tall, 4000))).toBe(
      false,
    );
  });

  it('takes no label without a link for the tags, no field for the share buttons, no step for the servings', () => {
    const tags = parseDescription('the tags');
    expect(linklessTags(tags, views[6]!, views)).toBe(true);
    expect(linklessTags(tags, views[2]!, views)).toBe(false);
    expect(proseForAShareBar(parseDescription('the share buttons'), views[7]!, views)).toBe(true);
    const servings = parseDescription('the servings');
    expect(partForServings(servings, views[9]!, views)).toBe(true);
    expect(partForServings(servings, views[10]!, views)).toBe(false);
    expect(partForServings(parseDescription('nutrition facts per serving'), views[9]!, views)).toBe(false);
  });
});

describe('what holds the story or names the writer, for a part of the page', () => {
  const page = [
    ...opening('Home Depot stock is falling'),
    box({ selector: '#contents', tag: 'div', attributes: { id: 'contents' } }, 80, 2400, 0), // 2
    box({ selector: '#contents p:nth-of-type(1)', tag: 'p', text: LONG }, 300, 60, 2), // 3
    box({ selector: '#contents p:nth-of-type(2)', tag: 'p', text: LONG }, 400, 60, 2), // 4
    box(
      { selector: 'div.toc', tag: 'div', attributes: { class: 'toc' }, text: 'Contents Why Ingredients' },
      200,
      90,
      2,
    ), // 5
    box(
      { selector: 'div.author', tag: 'div', attributes: { class: 'author' }, text: 'By Ben Silverman' },
      150,
      18,
      0,
    ), // 6
    box(
      {
        selector: 'div.author-bio',
        tag: 'div',
        attributes: { class: 'author-bio' },
        text: `Ben Silverman is the games editor. ${LONG}`,
      },
      2600,
      80,
      0,
    ), // 7
    box(
      { selector: 'div.pager', tag: 'div', attributes: { class: 'pager' }, text: '« Older Comments' },
      3000,
      18,
      0,
    ), // 8
  ];
  const map = storyMap(page, 4000);
  const views = viewsOf(page);

  it('takes no page content a class or id calls "contents" for the table of contents', () => {
    expect(storyForContents(parseDescription('the table of contents'), views[2]!, views)).toBe(true);
    expect(storyForContents(parseDescription('the table of contents'), views[5]!, views)).toBe(false);
  });

  it('takes no article for the previous and next links', () => {
    const links = parseDescription('the previous and next article links');
    expect(storyForAPager(links, views[2]!, views)).toBe(true);
    expect(storyForAPager(links, views[8]!, views)).toBe(false);
    expect(storyForAPager(parseDescription('the next article link'), views[2]!, views)).toBe(false);
  });

  it('takes no day alone for the byline with the date', () => {
    const day = page.map((e, i) => (i === 6 ? { ...e, text: 'Updated Jul 24, 2018, 2:15pm EDT' } : e));
    const dated = viewsOf(day);
    expect(doubtful(parseDescription('the byline with the date'), dated[6]!, storyMap(day, 4000))).toBe(true);
    const both = page.map((e, i) => (i === 6 ? { ...e, text: 'By Ben Silverman Jul 24, 2018' } : e));
    expect(
      doubtful(parseDescription('the byline with the date'), viewsOf(both)[6]!, storyMap(both, 4000)),
    ).toBe(false);
  });

  it("takes no byline for the author's bio, and no comments' pager for the pagination", () => {
    expect(doubtful(parseDescription('the author bio'), views[6]!, map)).toBe(true);
    expect(doubtful(parseDescription('the author bio'), views[7]!, map)).toBe(false);
    expect(doubtful(parseDescription("the author's name and short bio"), views[6]!, map)).toBe(false);
    expect(doubtful(parseDescription('the pagination'), views[8]!, map)).toBe(true);
    expect(doubtful(parseDescription('the comments pagination'), views[8]!, map)).toBe(false);
  });
});

describe('the line under the headline', () => {
  const under = (text: string, height = 18): number => {
    const page = [
      ...opening('Pink Popcorn'),
      box({ selector: 'div.meta > div', tag: 'div', attributes: { class: 'summary' }, text }, 160, height, 0),
    ];
    return subheadline('the subheadline', parseDescription('the subheadline'), viewsOf(page));
  };

  it('is no field and its value, no line that goes on, no tall box', () => {
    expect(under('Crunchy, sweet and pink: popcorn for a party.')).toBe(2);
    expect(under('Zubereitungszeit: 20 min')).toBe(-1);
    expect(under('Liebe Besucherinnen und Besucher,')).toBe(-1);
    expect(under('Crunchy, sweet and pink: popcorn for a party.', 1568)).toBe(-1);
  });
});
