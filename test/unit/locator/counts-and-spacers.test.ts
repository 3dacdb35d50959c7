import { describe, expect, it } from 'vitest';
import { answerInComments } from '../../../src/adapters/offline-locator/evident.js';
import { doubtful, locateByHand } from '../../../src/adapters/offline-locator/hand-matcher.js';
import { viewsOf } from '../../../src/adapters/offline-locator/kinds.js';
import { parseDescription } from '../../../src/adapters/offline-locator/offline-locator.js';
import { sameOrPrefix } from '../../../src/adapters/offline-locator/text.js';
import type { PageElement } from '../../../src/ports/element-locator.js';
import { sized as box, STORY_LINE, storyMap, storyOpening } from '../../helpers/page-elements.js';

/**
 * Answers read from saved pages nobody labelled (README "A twenty-eighth look"): a comments box or
 * a byline for "the comment count", an empty paragraph for "the first paragraph", an empty list a
 * script would fill for "the related articles", an embedded tweet for "the quote"; a reader's comment
 * for the nutrition facts; an account's `authorization` links for the author.
 */

const LONG = STORY_LINE;

/** A story whose first and last paragraphs are empty spacers, and the parts around it. */
const page: PageElement[] = [
  ...storyOpening(), // 0-2
  box({ selector: '#body > p:nth-of-type(1)', tag: 'p', text: '' }, 160, 20, 1), // 3
  box({ selector: '#body > p:nth-of-type(2)', tag: 'p', text: LONG }, 200, 60, 1), // 4
  box({ selector: '#body > p:nth-of-type(3)', tag: 'p', text: LONG }, 300, 60, 1), // 5
  box({ selector: '#body > p:nth-of-type(4)', tag: 'p', text: '' }, 380, 20, 1), // 6
  box(
    {
      selector: 'div.entry-meta',
      tag: 'div',
      attributes: { class: 'entry-meta nyo-social-comments' },
      text: 'By Alexandra Tremayne-Pengelly • 11/08/23 5:19pm',
    },
    420,
    650,
    1,
  ), // 7
  box(
    {
      selector: '#comments',
      tag: 'div',
      attributes: { id: 'comments' },
      text: `Comments Jane Doe 02.12.2022 ${LONG} Reply`,
    },
    2200,
    600,
    0,
  ), // 8
  box({ selector: 'span.comments-count', tag: 'span', text: '12 Comments' }, 2200, 18, 8, 120), // 9
  box(
    { selector: 'div.comment-login', tag: 'div', text: 'Log in to comment. Forgot your password?' },
    2830,
    40,
    0,
  ), // 10
  box({ selector: 'ul.related', tag: 'ul', attributes: { class: 'related' }, text: '' }, 2900, 18, 0), // 11
  box(
    {
      selector: 'div.related-posts',
      tag: 'div',
      attributes: { class: 'related-posts' },
      text: 'Related posts The park reopens The bridge closes',
    },
    2950,
    200,
    0,
  ), // 12
  box(
    {
      selector: 'blockquote.twitter-tweet',
      tag: 'blockquote',
      attributes: { class: 'twitter-tweet' },
      text: 'The library opens on Monday — see you there! pic.twitter.com/abc',
    },
    500,
    100,
    1,
  ), // 13
  box(
    { selector: 'blockquote.pull', tag: 'blockquote', text: '“We need a library,” said the mayor.' },
    640,
    60,
    1,
  ), // 14
];
const views = viewsOf(page);
const map = storyMap(page, 6000);
const doubted = (description: string, index: number): boolean =>
  doubtful(parseDescription(description), views[index]!, map);

describe('a count', () => {
  it('is a number with a short label: no comments box, byline or note', () => {
    expect(doubted('the comment count', 9)).toBe(false);
    expect(doubted('how many comments', 9)).toBe(false);
    expect(doubted('the comment count', 8)).toBe(true);
    expect(doubted('the comment count', 7)).toBe(true);
    expect(doubted('the comment count', 10)).toBe(true);
    expect(doubted('the view counter', 10)).toBe(true);
  });

  it('asks nothing of a box that holds a count among other things', () => {
    expect(doubted('the comments', 8)).toBe(false);
    expect(doubted('the About box with the description, topics and star count', 8)).toBe(
      doubtful(parseDescription('the About box with the description and topics'), views[8]!, map),
    );
  });

  it("takes no story's byline in a box classed for comments for the comments", () => {
    expect(doubted('the comments', 7)).toBe(true);
  });
});

describe('spacers and embeds', () => {
  it('takes no empty paragraph or list for the paragraph or the related articles', () => {
    expect(doubted('the first paragraph', 3)).toBe(true);
    expect(doubted('the first paragraph', 4)).toBe(false);
    expect(doubted('the related articles', 11)).toBe(true);
    expect(doubted('the related articles', 12)).toBe(false);
  });

  it('takes nothing without words for a caption or a breadcrumb trail, whatever its size', () => {
    const parts: PageElement[] = [
      ...storyOpening(), // 0-2
      box({ selector: 'div.image-block', tag: 'div', attributes: { class: 'image-block' } }, 200, 618, 1), // 3
      box({ selector: 'figcaption', tag: 'figcaption', text: 'The new library, from the park' }, 820, 18, 1), // 4
      box({ selector: 'ol.breadcrumb > li', tag: 'li', role: 'listitem' }, 80, 1790, 0), // 5
      box({ selector: 'ol.breadcrumb', tag: 'ol', role: 'list', text: 'Home News' }, 60, 18, 0), // 6
    ];
    const all = viewsOf(parts);
    const asked = (description: string, index: number): boolean =>
      doubtful(parseDescription(description), all[index]!, storyMap(parts, 6000));
    expect(asked('the image caption', 3)).toBe(true);
    expect(asked('the image caption', 4)).toBe(false);
    expect(asked('the breadcrumb', 5)).toBe(true);
    expect(asked('the breadcrumb', 6)).toBe(false);
  });

  it('counts the worded paragraphs for the first and the last', () => {
    expect(locateByHand('the first paragraph', map).index).toBe(4);
    expect(locateByHand('the last paragraph', map).index).toBe(5);
  });

  it('takes no embedded tweet for the quote', () => {
    expect(doubted('the quote', 13)).toBe(true);
    expect(doubted('the quote', 14)).toBe(false);
  });
});

describe("readers' comments", () => {
  /** A recipe: its story's text, then a thread of comments, one of which asks for the nutrition facts. */
  const recipe: PageElement[] = [
    ...storyOpening(), // 0-2
    box({ selector: 'article p:nth-of-type(1)', tag: 'p', text: LONG }, 200, 60, 1), // 3
    box({ selector: 'article p:nth-of-type(2)', tag: 'p', text: LONG }, 300, 60, 1), // 4
    box({ selector: 'article p:nth-of-type(3)', tag: 'p', text: LONG }, 400, 60, 1), // 5
    box({ selector: '#comments', tag: 'div', attributes: { id: 'comments' } }, 2200, 600, 0), // 6
    box(
      { selector: '#comment-1', tag: 'li', attributes: { id: 'comment-1', class: 'comment' } },
      2200,
      150,
      6,
    ), // 7
    box(
      { selector: '#comment-1 p', tag: 'p', text: 'Would you have the nutrition facts for this recipe?' },
      2260,
      24,
      7,
    ), // 8
    box({ selector: 'div.nutrition', tag: 'div', text: 'Calories: 461kcal | Protein: 30g' }, 500, 80, 1), // 9
  ];
  const all = viewsOf(recipe);
  const inComments = (description: string, index: number): boolean =>
    answerInComments(parseDescription(description), all[index]!, all);

  it("takes nothing a reader wrote for the page's own parts", () => {
    expect(inComments('the nutrition facts', 8)).toBe(true);
    expect(inComments('the nutrition facts', 9)).toBe(false);
  });

  it('is asked of the comments, reviews and ratings themselves', () => {
    expect(inComments('the first comment', 8)).toBe(false);
    expect(inComments('the reviews', 8)).toBe(false);
    expect(inComments('the rating', 8)).toBe(false);
  });

  it('asks nothing of a page whose running text is its comments: an issue, a forum thread', () => {
    const thread: PageElement[] = [
      ...storyOpening(), // 0-2
      box({ selector: '#comments', tag: 'div', attributes: { id: 'comments' } }, 200, 3000, 0), // 3
      ...[0, 1, 2, 3].flatMap((n) => [
        box(
          { selector: `#comment-${n}`, tag: 'div', attributes: { class: 'comment' } },
          200 + 300 * n,
          300,
          3,
        ),
        box({ selector: `#comment-${n} p`, tag: 'p', text: LONG }, 220 + 300 * n, 60, 4 + 2 * n),
      ]),
    ];
    const views = viewsOf(thread);
    expect(answerInComments(parseDescription('the code snippet'), views[5]!, views)).toBe(false);
  });
});

describe('words that begin as another', () => {
  it('pairs no authorization with the author, nor a postal code or poster with a post', () => {
    expect(sameOrPrefix('author', 'authorization')).toBeNull();
    expect(sameOrPrefix('post', 'postal')).toBeNull();
    expect(sameOrPrefix('post', 'poster')).toBeNull();
    expect(sameOrPrefix('share', 'shareholder')).toBeNull();
    expect(sameOrPrefix('author', 'authors')).toBe('prefix');
    expect(sameOrPrefix('post', 'posted')).toBe('prefix');
    expect(sameOrPrefix('authorization', 'authorizations')).toBe('prefix');
  });
});
