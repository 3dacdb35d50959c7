import { describe, expect, it } from 'vitest';
import {
  accountsForNavigation,
  currentForAFormerPrice,
  doubtful,
  noControlForAForm,
  storyForLabels,
  storyForOthers,
  wordsForAHeadshot,
  wordsForAMedium,
} from '../../../src/adapters/offline-locator/hand-matcher.js';
import { viewsOf } from '../../../src/adapters/offline-locator/kinds.js';
import { parseDescription } from '../../../src/adapters/offline-locator/offline-locator.js';
import type { PageElement } from '../../../src/ports/element-locator.js';
import { sized, STORY_LINE, storyMap, storyOpening } from '../../helpers/page-elements.js';

/**
 * Answers read from saved pages nobody labelled (README "A twenty-seventh look"): the page's own
 * story for "the most popular article", a dateline for the subheadline, a post or a menu item for
 * the tags, a box's own footer for the page's, a row of account links for the main menu.
 */

/** An element `width` x `height` at `y` inside `parent`. */
const box = sized;

const LONG = STORY_LINE;

/** A page: its story (an `article` with the `h1` and three paragraphs) and the parts around it. */
const page: PageElement[] = [
  ...storyOpening(), // 0-2
  box({ selector: 'article p:nth-of-type(1)', tag: 'p', text: LONG }, 200, 60, 1), // 3
  box({ selector: 'article p:nth-of-type(2)', tag: 'p', text: LONG }, 300, 60, 1), // 4
  box({ selector: 'article p:nth-of-type(3)', tag: 'p', text: LONG }, 400, 60, 1), // 5
  box(
    {
      selector: 'aside.popular',
      tag: 'aside',
      role: 'complementary',
      attributes: { class: 'most-popular' },
      text: 'Most Popular The park reopens The bridge closes',
    },
    2200,
    400,
    0,
  ), // 6
  box(
    {
      selector: 'div.entry-subhead',
      tag: 'div',
      attributes: { class: 'entry-subhead' },
      text: 'Heute, 21. Januar',
    },
    150,
    18,
    1,
  ), // 7
  box(
    {
      selector: 'li.menu-item',
      tag: 'li',
      role: 'listitem',
      attributes: { class: 'menu-item menu-item-type-taxonomy menu-item-object-post_tag' },
      text: 'Trending',
    },
    20,
    18,
    0,
    120,
  ), // 8
  box(
    { selector: 'div.tags', tag: 'div', attributes: { class: 'tags' }, text: 'Libraries Parks Council' },
    2050,
    18,
    1,
  ), // 9
  box(
    {
      selector: 'dd.portletFooter',
      tag: 'dd',
      attributes: { class: 'portletFooter' },
      text: 'Advanced search…',
    },
    2700,
    18,
    0,
  ), // 10
  box(
    { selector: 'footer', tag: 'footer', role: 'contentinfo', text: 'About Contact Privacy' },
    5600,
    400,
    0,
  ), // 11
  box(
    { selector: 'nav.menu-global', tag: 'nav', role: 'navigation', text: 'Subscriptions Log in' },
    0,
    36,
    0,
  ), // 12
  box({ selector: 'nav.sections', tag: 'nav', role: 'navigation', text: 'News Sport Culture' }, 40, 36, 0), // 13
];
const views = viewsOf(page);
const map = storyMap(page, 6000);
const doubts = (description: string, index: number): boolean =>
  doubtful(parseDescription(description), views[index]!, map);

describe('other stories than the page shows', () => {
  it("is never the page's own story, nor the column that holds it", () => {
    expect(storyForOthers(parseDescription('the most popular article'), views[1]!, views)).toBe(true);
    expect(storyForOthers(parseDescription('the most popular article'), views[0]!, views)).toBe(true);
    expect(storyForOthers(parseDescription('the most read stories'), views[1]!, views)).toBe(true);
    expect(storyForOthers(parseDescription('more stories'), views[1]!, views)).toBe(true);
    expect(storyForOthers(parseDescription('the most popular article'), views[6]!, views)).toBe(false);
  });

  it('asks nothing of the story when the words say no other one', () => {
    expect(storyForOthers(parseDescription('the article text'), views[1]!, views)).toBe(false);
    expect(storyForOthers(parseDescription('the article text and more'), views[1]!, views)).toBe(false);
    expect(storyForOthers(parseDescription('the other images'), views[1]!, views)).toBe(false);
  });

  it("lets a box its class calls another stories' hold more text than a short story", () => {
    const related = page.map((e, i) =>
      i === 6 ? { ...e, attributes: { class: 'documentRelated' }, role: null } : e,
    );
    const moved = [
      ...related,
      box({ selector: 'aside p:nth-of-type(1)', tag: 'p', text: LONG }, 2250, 60, 6),
      box({ selector: 'aside p:nth-of-type(2)', tag: 'p', text: LONG }, 2350, 60, 6),
      box({ selector: 'aside p:nth-of-type(3)', tag: 'p', text: LONG }, 2450, 60, 6),
      box({ selector: 'aside p:nth-of-type(4)', tag: 'p', text: LONG }, 2550, 60, 6),
    ];
    const all = viewsOf(moved);
    expect(storyForOthers(parseDescription('the related articles'), all[6]!, all)).toBe(false);
  });
});

describe('the parts of a page taken for others', () => {
  it('takes no dateline or byline for the subheadline', () => {
    expect(doubts('the subheadline', 7)).toBe(true);
    const byline = page.map((e, i) => (i === 7 ? { ...e, text: 'von Nadja Demel 13.12.2022' } : e));
    expect(doubtful(parseDescription('the subheadline'), viewsOf(byline)[7]!, storyMap(byline, 6000))).toBe(
      true,
    );
    const dek = page.map((e, i) => (i === 7 ? { ...e, text: 'The council hears residents on Tuesday.' } : e));
    expect(doubtful(parseDescription('the subheadline'), viewsOf(dek)[7]!, storyMap(dek, 6000))).toBe(false);
    expect(doubts('the date', 7)).toBe(false);
  });

  it("takes no story or menu item for the tags or the category, but the story's own", () => {
    expect(storyForLabels(parseDescription('the tags'), views[1]!, views)).toBe(true);
    expect(storyForLabels(parseDescription('the category'), views[1]!, views)).toBe(true);
    expect(storyForLabels(parseDescription('the tags'), views[8]!, views)).toBe(true);
    expect(storyForLabels(parseDescription('the tags'), views[9]!, views)).toBe(false);
    expect(storyForLabels(parseDescription('the categories menu'), views[8]!, views)).toBe(false);
  });

  it("takes no box's own footer for the page's, nor a pop-up's at the page's end", () => {
    expect(doubts('the footer', 10)).toBe(true);
    expect(doubts('the footer', 11)).toBe(false);
    const popup = [
      ...page.slice(0, 11),
      box({ selector: 'div.modal', tag: 'div', role: 'dialog' }, 5500, 500, 0), // 11
      box(
        {
          selector: 'footer.modal',
          tag: 'footer',
          role: 'contentinfo',
          attributes: { class: 'wprm-popup-modal__footer' },
          text: 'Rate and Review Recipe',
        },
        5925,
        75,
        11,
      ), // 12
    ];
    expect(doubtful(parseDescription('the footer'), viewsOf(popup)[12]!, storyMap(popup, 6000))).toBe(true);
  });

  it("takes no comment form's row of fields for the comments", () => {
    const fields = page.map((e, i) =>
      i === 10 ? { ...e, text: 'Name * Email *', attributes: {}, box: { ...e.box, height: 42 } } : e,
    );
    expect(doubtful(parseDescription('the comments'), viewsOf(fields)[10]!, storyMap(fields, 6000))).toBe(
      true,
    );
    const said = fields.map((e, i) =>
      i === 10 ? { ...e, text: 'Anna: Name your price, Email me the recipe!' } : e,
    );
    expect(doubtful(parseDescription('the comments'), viewsOf(said)[10]!, storyMap(said, 6000))).toBe(false);
  });

  it("takes no writer's name for their photo, and no other stories' block for the pagination", () => {
    const photo = parseDescription("the author's photo");
    expect(wordsForAHeadshot(photo, views[7]!, views)).toBe(true);
    const pictured = [
      ...page,
      box({ selector: 'div.entry-subhead img', tag: 'img', role: 'img' }, 150, 18, 7, 18),
    ];
    expect(wordsForAHeadshot(photo, viewsOf(pictured)[7]!, viewsOf(pictured))).toBe(false);
    expect(wordsForAHeadshot(parseDescription('the main image'), views[7]!, views)).toBe(false);
    const related = page.map((e, i) =>
      i === 6 ? { ...e, role: null, attributes: { class: 'td_block_related_posts' } } : e,
    );
    const pager = (description: string): boolean =>
      doubtful(parseDescription(description), viewsOf(related)[6]!, storyMap(related, 6000));
    expect(pager('the pagination')).toBe(true);
    expect(pager('the related posts pagination')).toBe(false);
  });

  it('takes no row of account or share links for the main menu or the related stories', () => {
    const menu = parseDescription('the main navigation menu');
    expect(accountsForNavigation(menu, views[12]!)).toBe(true);
    expect(accountsForNavigation(menu, views[13]!)).toBe(false);
    expect(accountsForNavigation(parseDescription('the account menu'), views[12]!)).toBe(false);
    const share = page.map((e, i) => (i === 12 ? { ...e, text: 'Seite teilen' } : e));
    expect(accountsForNavigation(parseDescription('the related articles'), viewsOf(share)[12]!)).toBe(true);
    expect(doubts('the main navigation menu', 12)).toBe(true);
  });
});

describe("a shop's amounts and ratings", () => {
  const shop: PageElement[] = [
    box({ selector: 'main', tag: 'main', role: 'main' }, 0, 3000, null), // 0
    box(
      { selector: '#price', tag: 'div', attributes: { id: 'price' }, text: 'Price: £51.99' },
      400,
      24,
      0,
      396,
    ), // 1
    box({ selector: 'div.prices', tag: 'div', attributes: { class: 'prices' } }, 500, 24, 0, 396), // 2
    box(
      { selector: 'span.price-old', tag: 'span', attributes: { class: 'price-old-live' }, text: '100.00€' },
      500,
      17,
      2,
      52,
    ), // 3
    box({ selector: 'del', tag: 'del', text: '£60.00' }, 540, 17, 0, 52), // 4
    box(
      { selector: 'a.brand', tag: 'a', role: 'link', attributes: { href: '/g-star' }, text: 'G-Star' },
      300,
      17,
      0,
      43,
    ), // 5
    box(
      { selector: 'span.rating', tag: 'span', attributes: { class: 'rating' }, text: '4.2 out of 5' },
      320,
      17,
      0,
      80,
    ), // 6
    box(
      { selector: 'div.stars', tag: 'div', attributes: { class: 'star-rating' }, name: '' },
      340,
      17,
      0,
      80,
    ), // 7
  ];
  const all = viewsOf(shop);
  const map = storyMap(shop, 3000);

  it('takes no price without a mark of a former one for the old price', () => {
    const old = parseDescription('the old price');
    expect(currentForAFormerPrice(old, all[1]!, all)).toBe(true);
    expect(currentForAFormerPrice(old, all[3]!, all)).toBe(false);
    expect(currentForAFormerPrice(parseDescription('the original price'), all[4]!, all)).toBe(false);
    expect(currentForAFormerPrice(parseDescription('the price'), all[1]!, all)).toBe(false);
    const was = shop.map((e, i) => (i === 1 ? { ...e, text: 'Was £60.00' } : e));
    expect(currentForAFormerPrice(old, viewsOf(was)[1]!, viewsOf(was))).toBe(false);
    // A tax's rate is no discount's "%" (a shop's one price "12.95 EUR 21% VAT…").
    const taxed = shop.map((e, i) =>
      i === 1 ? { ...e, text: '12.95 EUR 21% VAT rate will be shown at checkout' } : e,
    );
    expect(currentForAFormerPrice(old, viewsOf(taxed)[1]!, viewsOf(taxed))).toBe(true);
    const off = shop.map((e, i) => (i === 1 ? { ...e, text: '-30% EUR 39.19' } : e));
    expect(currentForAFormerPrice(old, viewsOf(off)[1]!, viewsOf(off))).toBe(false);
  });

  it('takes no words without a number or a star for the rating', () => {
    expect(doubtful(parseDescription('the rating'), all[5]!, map)).toBe(true);
    expect(doubtful(parseDescription('the rating'), all[6]!, map)).toBe(false);
    expect(doubtful(parseDescription('the rating'), all[7]!, map)).toBe(false);
  });
});

describe('a form, a link back up, a block of code and an address', () => {
  const parts: PageElement[] = [
    box({ selector: 'main', tag: 'main', role: 'main' }, 0, 3000, null), // 0
    box(
      {
        selector: 'div.contact',
        tag: 'div',
        attributes: { class: 'contact' },
        text: 'Contact Contact Us FAQ',
      },
      2800,
      77,
      0,
    ), // 1
    box(
      {
        selector: 'div.contact a',
        tag: 'a',
        role: 'link',
        text: 'Contact Us',
        attributes: { href: '/contact' },
      },
      2800,
      17,
      1,
      80,
    ), // 2
    box({ selector: 'form.contact', tag: 'form', role: 'form', text: 'Name Message Send' }, 2000, 300, 0), // 3
    box({ selector: 'form.contact textarea', tag: 'textarea', role: 'textbox' }, 2100, 100, 3, 400), // 4
    box(
      {
        selector: 'a.back-issues',
        tag: 'a',
        role: 'link',
        text: 'Buy Back Issues',
        attributes: { href: '/issues' },
      },
      400,
      17,
      0,
      107,
    ), // 5
    box(
      { selector: 'a.top', tag: 'a', role: 'link', text: 'Back to top', attributes: { href: '#top' } },
      2950,
      17,
      0,
      74,
    ), // 6
    box(
      { selector: 'input.code', tag: 'input', role: 'textbox', attributes: { name: 'code' } },
      1000,
      35,
      0,
      109,
    ), // 7
    box({ selector: 'pre', tag: 'pre', text: 'npm install shots' }, 1200, 40, 0), // 8
    box(
      {
        selector: 'input.email',
        tag: 'input',
        role: 'textbox',
        attributes: { id: 'email', placeholder: 'Email address' },
      },
      1500,
      21,
      0,
      177,
    ), // 9
    box({ selector: 'address', tag: 'address', text: 'Bundeshaus Ost 3003 Bern' }, 2900, 54, 0), // 10
  ];
  const all = viewsOf(parts);
  const map = storyMap(parts, 3000);
  const doubts = (description: string, index: number): boolean =>
    doubtful(parseDescription(description), all[index]!, map);

  it('takes no links for a form to fill in, unless a newsletter box whose fields a script adds', () => {
    expect(noControlForAForm(parseDescription('the contact form'), all[1]!, all)).toBe(true);
    expect(noControlForAForm(parseDescription('the contact form'), all[3]!, all)).toBe(false);
    expect(noControlForAForm(parseDescription('the newsletter signup form'), all[1]!, all)).toBe(false);
  });

  it('takes no link that says nothing of the top for the back to top link', () => {
    expect(doubts('the back to top link', 5)).toBe(true);
    expect(doubts('the back to top link', 6)).toBe(false);
  });

  it("takes no menu's link for the video or the chart", () => {
    const media: PageElement[] = [
      ...parts,
      box({ selector: 'li.videos', tag: 'li', role: 'listitem', text: 'Videos' }, 20, 18, 0, 81), // 11
      box({ selector: 'div.video', tag: 'div', attributes: { class: 'video' }, text: 'Trailer' }, 600, 40, 0), // 12
      box({ selector: 'div.video video', tag: 'video' }, 600, 360, 12, 640), // 13
    ];
    const seen = viewsOf(media);
    expect(wordsForAMedium(parseDescription('the video'), seen[11]!, seen)).toBe(true);
    expect(wordsForAMedium(parseDescription('the chart'), seen[11]!, seen)).toBe(true);
    expect(wordsForAMedium(parseDescription('the video'), seen[12]!, seen)).toBe(false);
    expect(wordsForAMedium(parseDescription('the video'), seen[13]!, seen)).toBe(false);
    expect(wordsForAMedium(parseDescription('the videos link in the menu'), seen[11]!, seen)).toBe(false);
  });

  it('takes no field for the code block, and no email field for the address', () => {
    expect(doubts('the code block', 7)).toBe(true);
    expect(doubts('the code block', 8)).toBe(false);
    expect(doubts('the address', 9)).toBe(true);
    expect(doubts('the email address field', 9)).toBe(false);
    expect(doubts('the address', 10)).toBe(false);
  });
});
