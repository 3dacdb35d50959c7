import { describe, expect, it } from 'vitest';
import { productPrice } from '../../../src/adapters/offline-locator/evident.js';
import {
  currentForAFormerPrice,
  doubtful,
  partForServings,
} from '../../../src/adapters/offline-locator/hand-matcher.js';
import { viewsOf } from '../../../src/adapters/offline-locator/kinds.js';
import { parseDescription } from '../../../src/adapters/offline-locator/offline-locator.js';
import type { PageElement } from '../../../src/ports/element-locator.js';
import { sized as box, storyMap, storyOpening } from '../../helpers/page-elements.js';

/**
 * Answers read from saved pages nobody labelled (README "A twenty-ninth look"): an empty spacer row
 * classed `footer` for the footer, a carousel's dots for the main menu, a "loading price…"
 * placeholder and a struck-through amount for the price, a nutrition label's serving size for how
 * many a recipe serves.
 */

const page: PageElement[] = [
  ...storyOpening(), // 0-2
  box({ selector: 'tr.footer', tag: 'tr', attributes: { class: 'footer' } }, 5366, 4, 0, 980), // 3
  box(
    { selector: 'footer', tag: 'footer', role: 'contentinfo', text: '© 2024 The Shop · Imprint' },
    5400,
    150,
    0,
  ), // 4
  box(
    {
      selector: 'div.dots',
      tag: 'div',
      name: 'Bullet Navigation',
      attributes: { 'aria-label': 'Bullet Navigation' },
    },
    1200,
    6,
    0,
  ), // 5
  box({ selector: 'nav', tag: 'nav', role: 'navigation', text: 'Home Shop About' }, 20, 40, 0), // 6
  box(
    {
      selector: 'div.price-loading',
      tag: 'div',
      attributes: { class: 'price-loading' },
      text: 'Carregando preço...',
    },
    150,
    20,
    1,
    300,
  ), // 7
  box({ selector: 'div.current', tag: 'div', text: '$960' }, 180, 18, 1, 300), // 8
  box({ selector: 'div.free', tag: 'div', text: 'Free' }, 210, 18, 1, 300), // 9
  box({ selector: 'hr', tag: 'hr' }, 900, 2, 1), // 10
];
const views = viewsOf(page);
const map = storyMap(page, 6000);
const doubted = (description: string, index: number): boolean =>
  doubtful(parseDescription(description), views[index]!, map);

describe('a slit', () => {
  it('is no footer, menu or comments when it shows no words', () => {
    expect(doubted('the footer', 3)).toBe(true);
    expect(doubted('the footer', 4)).toBe(false);
    expect(doubted('the main navigation menu', 5)).toBe(true);
    expect(doubted('the main navigation menu', 6)).toBe(false);
    expect(doubted('the comments', 10)).toBe(true);
  });

  it('may be what is asked when no box is: a line, a button', () => {
    expect(doubted('the horizontal line', 10)).toBe(false);
  });
});

describe('a price', () => {
  it('shows a figure: no placeholder a script would have filled', () => {
    expect(doubted('the price', 7)).toBe(true);
    expect(doubted('the price', 8)).toBe(false);
    expect(doubted('the price', 9)).toBe(false);
  });

  it('is not the amount a class strikes through, beside the one it costs now', () => {
    const shop: PageElement[] = [
      box({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A lamp' }, 0, 40, null), // 0
      box({ selector: 'div.price', tag: 'div', text: '$1200 $960 起' }, 100, 36, null, 350), // 1
      box(
        {
          selector: 'div.original',
          tag: 'div',
          attributes: { class: 'original line-through' },
          text: '$1200',
        },
        100,
        18,
        1,
        350,
      ), // 2
      box({ selector: 'div.current', tag: 'div', text: '$960 起' }, 118, 18, 1, 350), // 3
    ];
    const all = viewsOf(shop);
    expect(productPrice('the price', parseDescription('the price'), all)).not.toBe(2);
    const former = parseDescription('the original price');
    expect(currentForAFormerPrice(former, all[2]!, all)).toBe(false);
    expect(currentForAFormerPrice(former, all[3]!, all)).toBe(true);
  });
});

describe('the servings', () => {
  it("are not a nutrition label's serving size", () => {
    const recipe: PageElement[] = [
      ...storyOpening(), // 0-2
      box(
        {
          selector: 'div.servings',
          tag: 'div',
          attributes: { class: 'wprm-recipe-servings-container' },
          text: 'Servings: 4',
        },
        300,
        33,
        1,
        100,
      ), // 3
      box(
        { selector: 'div.nutrition', tag: 'div', attributes: { class: 'tasty-recipes-nutrition' } },
        1400,
        200,
        1,
      ), // 4
      box(
        {
          selector: 'span.size',
          tag: 'span',
          attributes: { class: 'tasty-recipes-serving-size' },
          text: '1 cookie',
        },
        1410,
        14,
        4,
        41,
      ), // 5
    ];
    const all = viewsOf(recipe);
    const servings = parseDescription('the servings');
    expect(partForServings(servings, all[3]!, all)).toBe(false);
    expect(partForServings(servings, all[5]!, all)).toBe(true);
  });
});
