import { describe, expect, it } from 'vitest';
import { viewsOf } from '../../../src/adapters/offline-locator/kinds.js';
import { wrongPlace } from '../../../src/adapters/offline-locator/hand-matcher.js';
import {
  locateOffline,
  parseDescription,
  soleTitle,
} from '../../../src/adapters/offline-locator/offline-locator.js';
import { evidentFound } from '../../../src/adapters/offline-locator/evident.js';
import { plain, words } from '../../../src/adapters/offline-locator/text.js';
import type { PageElement } from '../../../src/ports/element-locator.js';
import { element, storyMap } from '../../helpers/page-elements.js';

const found = (d: string, page: PageElement[]): string | undefined =>
  page[evidentFound(d, parseDescription(d), viewsOf(page)).index]?.selector;

describe('relative places, marks, quoted photos and badges, repeated labels', () => {
  it('folds a compatibility letter (™) to lower case, and splits camelCase after an accented letter', () => {
    // NFKD after toLowerCase turns "™" into a capital "TM" glued to the word: "nikeTM" meets no "nike".
    expect(words('Nike™ Air Max')).toEqual(['nike', 'air', 'max']);
    expect(plain('Xbox™ Series X')).toBe('xbox series x');
    expect(words('ÉtéFestival')).toEqual(['ete', 'festival']);
  });

  it('reads a fact-check as one word, and a check-in as no fact-check', () => {
    expect(words("the fact-check's headline")).toEqual(['factcheck', 'headline']);
    expect(words('the text of the fact check')).toEqual(['text', 'factcheck']);
    expect(words('the check-in date')).toEqual(['check', 'date']);
  });

  it('reads no side of the page in a relative place, a politics word or "the right to"', () => {
    expect(parseDescription('the search box to the right of the logo').side).toBe(null);
    expect(parseDescription('the story on the right-wing protests').side).toBe(null);
    expect(parseDescription('the section on the right to repair').side).toBe(null);
    expect(parseDescription('the op-ed on the left-wing party').side).toBe(null);
    // Still read:
    expect(parseDescription('the Most Popular list on the right').side).toBe('right');
    expect(parseDescription('the box on the right of the page').side).toBe('right');
    expect(parseDescription('the Subscribe button at the top right').side).toBe('right');
    expect(parseDescription('the left sidebar').side).toBe('left');
  });

  it('keeps the search box "to the right of the logo"', () => {
    const page: PageElement[] = [
      element(
        {
          selector: 'header',
          tag: 'header',
          role: 'banner',
          text: 'Acme Home Shop Blog',
          box: { x: 0, y: 0, width: 1280, height: 80 },
        },
        0,
        null,
      ),
      element(
        {
          selector: 'a.logo',
          tag: 'a',
          role: 'link',
          name: 'Acme',
          attributes: { class: 'logo', href: '/' },
          box: { x: 20, y: 10, width: 150, height: 60 },
        },
        10,
        0,
      ),
      element(
        {
          selector: 'form.search',
          tag: 'form',
          role: 'search',
          box: { x: 200, y: 20, width: 350, height: 40 },
        },
        20,
        0,
      ),
      element(
        {
          selector: 'form.search input',
          tag: 'input',
          role: 'searchbox',
          attributes: { type: 'search', placeholder: 'Search products' },
          box: { x: 200, y: 20, width: 300, height: 40 },
        },
        20,
        2,
      ),
      element(
        {
          selector: 'nav',
          tag: 'nav',
          role: 'navigation',
          text: 'Home Shop Blog',
          box: { x: 900, y: 20, width: 360, height: 40 },
        },
        20,
        0,
      ),
    ];
    expect(locateOffline('the search box to the right of the logo', storyMap(page, 3000)).selector).toBe(
      'form.search',
    );
  });

  it('reads a corner "of the comment" as a place in the comment, not the bottom of the page', () => {
    const q = parseDescription('the reply link at the bottom right of the first comment');
    expect(q.place).toEqual({ at: 'bottom', page: false });
    const reply = viewsOf([
      element({ selector: 'a.reply', tag: 'a', box: { x: 900, y: 2500, width: 60, height: 20 } }, 2500, null),
    ])[0]!;
    expect(wrongPlace(q, reply, storyMap([], 6000))).toBe(false);
  });

  it('answers "the \'…\' photos" with the gallery, not the one picture whose alt text says it', () => {
    const page: PageElement[] = [
      element(
        {
          selector: 'section.gal',
          tag: 'section',
          text: 'Summer Fair 2024',
          box: { x: 0, y: 400, width: 1280, height: 900 },
        },
        400,
        null,
      ),
      element(
        {
          selector: 'h2',
          tag: 'h2',
          role: 'heading',
          level: 2,
          text: 'Summer Fair 2024',
          box: { x: 0, y: 400, width: 1280, height: 30 },
        },
        400,
        0,
      ),
      ...[0, 1, 2].map((i) =>
        element(
          {
            selector: `img.p${i}`,
            tag: 'img',
            role: 'img',
            name: i === 0 ? 'Summer Fair 2024 opening' : `Crowd ${i}`,
            box: { x: 400 * i, y: 450, width: 380, height: 300 },
          },
          450,
          0,
        ),
      ),
    ];
    expect(found("the 'Summer Fair 2024' photos", page)).not.toBe('img.p0');
    expect(locateOffline("the 'Summer Fair 2024' photos", storyMap(page, 3000)).selector).not.toBe('img.p0');
  });

  it('takes no menu link for a quoted badge', () => {
    const page: PageElement[] = [
      element(
        {
          selector: 'nav',
          tag: 'nav',
          role: 'navigation',
          text: 'New Men Women Sale',
          box: { x: 0, y: 0, width: 1280, height: 40 },
        },
        0,
        null,
      ),
      element(
        {
          selector: 'nav a.sale',
          tag: 'a',
          role: 'link',
          text: 'Sale',
          attributes: { href: '/sale' },
          box: { x: 600, y: 0, width: 60, height: 30 },
        },
        0,
        0,
      ),
      element({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Air Runner' }, 100, null),
      element(
        { selector: 'span.badge', tag: 'span', text: '-20%', box: { x: 0, y: 150, width: 50, height: 20 } },
        150,
        null,
      ),
    ];
    const answer = locateOffline("the 'Sale' badge on the product", storyMap(page, 2000));
    expect(answer.selector === 'nav a.sale' && answer.confidence >= 0.6).toBe(false);
  });

  it("crops no page headline for an advertisement's headline on a page that shows ads", () => {
    const page: PageElement[] = [
      element(
        { selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'Storm hits the coast' },
        100,
        null,
      ),
      element(
        {
          selector: 'div.ad-slot',
          tag: 'div',
          attributes: { class: 'ad-slot' },
          text: 'Refinance today Rates from 5%',
          box: { x: 900, y: 300, width: 300, height: 250 },
        },
        300,
        null,
      ),
      element(
        {
          selector: 'div.ad-slot h3',
          tag: 'h3',
          role: 'heading',
          level: 3,
          text: 'Refinance today',
          box: { x: 900, y: 300, width: 300, height: 30 },
        },
        300,
        1,
      ),
    ];
    const title = 'Storm hits the coast | News';
    expect(soleTitle(parseDescription('the headline of the ad'), viewsOf(page), title)).toBe(-1);
    const answer = locateOffline('the headline of the ad', { ...storyMap(page, 3000), title });
    expect(answer.selector === 'h1' && answer.confidence >= 0.6).toBe(false);
  });

  it('takes no first card for a label every product card repeats', () => {
    const names = ['Nike Air Max 90 running shoe', 'Adidas Ultraboost Light', 'New Balance 574 Core'];
    const page: PageElement[] = names.flatMap((name, i) => [
      element(
        {
          selector: `div.card${i}`,
          tag: 'div',
          text: `${name} $120 Add to Cart`,
          box: { x: 400 * i, y: 300, width: 380, height: 400 },
        },
        300,
        null,
      ),
      element(
        {
          selector: `div.card${i} button`,
          tag: 'button',
          role: 'button',
          text: 'Add to Cart',
          box: { x: 400 * i, y: 650, width: 200, height: 40 },
        },
        650,
        2 * i,
      ),
    ]);
    const answer = locateOffline('the Add to Cart button', storyMap(page, 2000));
    expect(answer.confidence).toBeLessThan(0.6);
  });
});
