import { describe, expect, it } from 'vitest';
import {
  elsewhereForTheLeadPhoto,
  productPrice,
  soleTitle,
} from '../../../src/adapters/offline-locator/evident.js';
import {
  currentForAFormerPrice,
  doubtful,
  linksForSocial,
  noSearchInIt,
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
 * many a recipe serves; a story list classed `cmp` for the cookie banner, a widget's heading
 * "Copyright" for the copyright notice, a sign-up prompt or the site's tagline for the recipe's
 * description, a site's profile links for the share buttons and a share bar for the follow links;
 * a breadcrumb's last item set as an `h1` for the headline, a form to follow the comments for the
 * newsletter, a menu classed `search-container` for the search box, the comment field for the
 * comments, a footer widget's or a login pop-up's picture for the main photo; a discount's bubble
 * "8折" for the cart icon, a note on postage for the discount.
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

describe('words that say what a thing is', () => {
  const parts: PageElement[] = [
    ...storyOpening(), // 0-2
    box(
      {
        selector: 'div.cmp',
        tag: 'div',
        attributes: { class: 'cmp' },
        text: 'Mehr Themen 1 Der Absturz 2 Der Wechsel',
      },
      3630,
      54,
      0,
    ), // 3
    box({ selector: '#cookie-notice', tag: 'div', text: 'Diese Website benutzt Cookies. OK' }, 5296, 18, 0), // 4
    box({ selector: '#text-3 > h3', tag: 'h3', role: 'heading', level: 3, text: 'Copyright' }, 1600, 22, 0), // 5
    box({ selector: 'i.copyright-symbol', tag: 'i', text: '©' }, 3414, 17, 0, 12), // 6
    box({ selector: 'div.site-info', tag: 'div', text: '© 2023 Tegernseerstimme' }, 10890, 18, 0), // 7
    box(
      {
        selector: 'p.site-description',
        tag: 'p',
        attributes: { class: 'site-description' },
        text: 'Quick and Easy Recipes',
      },
      97,
      36,
      0,
      195,
    ), // 8
    box(
      {
        selector: 'div.wpforms-description',
        tag: 'div',
        text: 'Just enter your email and get it sent to your inbox!',
      },
      6310,
      34,
      0,
    ), // 9
    box(
      {
        selector: 'div.wprm-recipe-summary',
        tag: 'div',
        text: 'Crispy tacos with buffalo cauliflower and a cool ranch.',
      },
      4959,
      66,
      1,
    ), // 10
  ];
  const all = viewsOf(parts);
  const asked = (description: string, index: number): boolean =>
    doubtful(parseDescription(description), all[index]!, storyMap(parts, 12000));

  it("a cookie banner speaks of cookies or consent; a class's initials do not", () => {
    expect(asked('the cookie banner', 3)).toBe(true);
    expect(asked('the cookie banner', 4)).toBe(false);
    expect(asked('the cookie recipe', 3)).toBe(false);
  });

  it('a copyright notice says more than its mark', () => {
    expect(asked('the copyright notice', 5)).toBe(true);
    expect(asked('the copyright notice', 6)).toBe(true);
    expect(asked('the copyright notice', 7)).toBe(false);
  });

  it("a recipe's description is neither a sign-up prompt nor the site's tagline", () => {
    expect(asked('the recipe description', 8)).toBe(true);
    expect(asked('the recipe description', 9)).toBe(true);
    expect(asked('the recipe description', 10)).toBe(false);
    expect(asked('the newsletter description', 9)).toBe(false);
    expect(asked("the site's tagline description", 8)).toBe(false);
  });
});

describe('share and follow links', () => {
  const link = (selector: string, href: string, text: string, y: number, parent: number): PageElement =>
    box({ selector, tag: 'a', role: 'link', attributes: { href }, text }, y, 18, parent, 40);
  const bars: PageElement[] = [
    ...storyOpening(), // 0-2
    box({ selector: 'div.social', tag: 'div', attributes: { class: 'social' } }, 50, 20, 0), // 3
    link('a.fb', 'https://www.facebook.com/thesite', 'FB', 50, 3), // 4
    link('a.tw', 'https://www.twitter.com/thesite', 'TW', 50, 3), // 5
    box({ selector: 'ul.share', tag: 'ul', attributes: { class: 'share' } }, 900, 20, 1), // 6
    link('a.s1', 'https://example.com/2019/11/17/a-story/?share=twitter', 'Twitter', 900, 6), // 7
    link('a.s2', 'whatsapp://send?text=A%20story', 'WhatsApp', 900, 6), // 8
    box({ selector: 'ul.jetpack', tag: 'ul' }, 1000, 20, 1), // 9
    link(
      'a.j1',
      'https://example.com/2019/11/17/a-story-with-a-long-address-that-the-map-cuts-of…',
      'Twitter',
      1000,
      9,
    ), // 10
    link(
      'a.j2',
      'https://example.com/2019/11/17/a-story-with-a-long-address-that-the-map-cuts-of…',
      'Facebook',
      1000,
      9,
    ), // 11
  ];
  const all = viewsOf(bars);
  const social = (description: string, index: number): boolean =>
    linksForSocial(parseDescription(description), all[index]!, all);

  it("takes no site's profile links for the share buttons", () => {
    expect(social('the share buttons', 3)).toBe(true);
    expect(social('the share buttons', 6)).toBe(false);
    // A cut address may have lost its `?share=`.
    expect(social('the share buttons', 9)).toBe(false);
  });

  it('takes no share bar for the links to follow the site', () => {
    expect(social('the social media follow links', 6)).toBe(true);
    expect(social('the social media follow links', 3)).toBe(false);
    expect(social('the social media follow links', 9)).toBe(false);
  });

  it('asks nothing when both or neither are asked', () => {
    expect(social('the social icons', 3)).toBe(false);
    expect(social('the share and follow buttons', 3)).toBe(false);
  });
});

describe('where a thing is', () => {
  it("takes a breadcrumb's last item set as an h1 for the headline only when no other heading says it", () => {
    const page = (withTitle: boolean): PageElement[] => [
      box({ selector: 'ol.breadcrumbs', tag: 'ol', attributes: { class: 'breadcrumbs' } }, 300, 18, null), // 0
      box(
        {
          selector: 'ol.breadcrumbs h1',
          tag: 'h1',
          role: 'heading',
          level: 1,
          text: 'Can the spread be stopped?',
        },
        300,
        18,
        0,
        410,
      ), // 1
      box(
        withTitle
          ? {
              selector: 'header h2',
              tag: 'h2',
              role: 'heading',
              level: 2,
              text: 'Can the spread be stopped?',
            }
          : { selector: 'header p', tag: 'p', text: 'A story' },
        404,
        180,
        null,
        780,
      ), // 2
    ];
    const title = (elements: PageElement[]): number =>
      soleTitle(parseDescription('the headline'), viewsOf(elements), 'Can the spread be stopped? - Spektrum');
    expect(title(page(true))).toBe(2);
    expect(title(page(false))).toBe(1);
  });

  it('takes no form to follow the comments for the newsletter sign-up', () => {
    const parts: PageElement[] = [
      ...storyOpening(), // 0-2
      box(
        {
          selector: '#wpdiscuz-subscribe-form',
          tag: 'form',
          text: 'Ja, ich möchte benachrichtigt werden, wenn ein Kommentar abgegeben wird.',
        },
        6126,
        94,
        0,
      ), // 3
      box(
        {
          selector: 'form.newsletter',
          tag: 'form',
          text: 'Unser Newsletter: jeden Freitag die besten Geschichten. Anmelden',
        },
        5000,
        94,
        0,
      ), // 4
    ];
    const all = viewsOf(parts);
    const asked = (index: number): boolean =>
      doubtful(parseDescription('the newsletter signup form'), all[index]!, storyMap(parts, 8000));
    expect(asked(3)).toBe(true);
    expect(asked(4)).toBe(false);
  });

  it('takes no menu and no email-only form for the search box', () => {
    const parts: PageElement[] = [
      ...storyOpening(), // 0-2
      box({ selector: '#search-container', tag: 'div', attributes: { id: 'search-container' } }, 368, 18, 0), // 3
      ...['News', 'Features', 'Beauty'].map((text, i) =>
        box(
          {
            selector: `#search-container a.${i}`,
            tag: 'a',
            role: 'link',
            attributes: { href: `/${text}` },
            text,
          },
          368,
          18,
          3,
          80,
        ),
      ), // 4-6
      box(
        { selector: 'div.search', tag: 'div', attributes: { class: 'search' }, text: 'Your email:' },
        1506,
        76,
        0,
      ), // 7
      box(
        { selector: 'div.search input', tag: 'input', attributes: { type: 'text', name: 'email' } },
        1530,
        20,
        7,
        200,
      ), // 8
      box(
        { selector: 'form.search-form', tag: 'form', attributes: { class: 'search-form' } },
        100,
        40,
        0,
        300,
      ), // 9
      box(
        { selector: 'form.search-form input', tag: 'input', attributes: { type: 'text', name: 's' } },
        100,
        40,
        9,
        200,
      ), // 10
    ];
    const all = viewsOf(parts);
    const search = parseDescription('the search box');
    expect(noSearchInIt(search, all[3]!, all)).toBe(true);
    expect(noSearchInIt(search, all[7]!, all)).toBe(true);
    expect(noSearchInIt(search, all[9]!, all)).toBe(false);
    expect(noSearchInIt(search, all[10]!, all)).toBe(false);
  });

  it('takes no field to write a comment in for the comments, unless asked', () => {
    const parts: PageElement[] = [
      ...storyOpening(), // 0-2
      box(
        { selector: 'textarea#comment', tag: 'textarea', attributes: { id: 'comment' } },
        13732,
        96,
        0,
        182,
      ), // 3
    ];
    const all = viewsOf(parts);
    const asked = (description: string): boolean =>
      doubtful(parseDescription(description), all[3]!, storyMap(parts, 16000));
    expect(asked('the comments')).toBe(true);
    expect(asked('the comment box')).toBe(false);
  });

  it('takes no picture of a footer widget, a pop-up or an avatar for the main photo', () => {
    const parts: PageElement[] = [
      ...storyOpening(), // 0-2
      box({ selector: 'figure.lead', tag: 'figure', role: 'figure' }, 200, 400, 1), // 3
      box(
        {
          selector: 'figure.lead img',
          tag: 'img',
          role: 'img',
          attributes: { class: 'entry-thumb td-modal-image' },
        },
        200,
        400,
        3,
      ), // 4
      box(
        { selector: 'div.footer-widgets', tag: 'div', attributes: { class: 'footer-widgets' } },
        5000,
        600,
        0,
      ), // 5
      box({ selector: 'div.footer-widgets img', tag: 'img', role: 'img' }, 5000, 551, 5, 846), // 6
      box(
        {
          selector: 'div.modal-login__background',
          tag: 'div',
          attributes: { class: 'modal-login__background' },
        },
        4000,
        200,
        0,
      ), // 7
      box({ selector: 'div.modal-login__background figure', tag: 'figure', role: 'figure' }, 4000, 197, 7), // 8
      box(
        { selector: 'img.avatar', tag: 'img', role: 'img', attributes: { class: 'avatar wp-user-avatar' } },
        3983,
        192,
        1,
        192,
      ), // 9
    ];
    const all = viewsOf(parts);
    const lead = (description: string, index: number): boolean =>
      elsewhereForTheLeadPhoto(parseDescription(description), all[index]!, all);
    expect(lead('the main photo', 4)).toBe(false);
    expect(lead('the main photo', 6)).toBe(true);
    expect(lead('the main photo', 8)).toBe(true);
    expect(lead('the main photo', 9)).toBe(true);
    expect(lead('the photo in the footer', 6)).toBe(false);
    expect(lead("the author's photo", 9)).toBe(false);
  });
});

describe('a shop', () => {
  const parts: PageElement[] = [
    ...storyOpening(), // 0-2
    box({ selector: 'div.icon', tag: 'div', attributes: { class: 'icon' }, text: '8折' }, 973, 27, 0), // 3
    box(
      {
        selector: 'a.cart',
        tag: 'a',
        role: 'link',
        attributes: { href: '/cart' },
        text: '0 items in Basket',
      },
      40,
      20,
      0,
      120,
    ), // 4
    box(
      { selector: 'i.icon-shopping-cart', tag: 'i', attributes: { class: 'icon-shopping-cart' } },
      30,
      30,
      0,
      9,
    ), // 5
    box(
      {
        selector: 'a.warenkorb',
        tag: 'a',
        role: 'link',
        attributes: { href: '/warenkorb' },
        text: 'Warenkorb',
      },
      40,
      20,
      0,
      120,
    ), // 6
    box({ selector: 'button.bt-buy', tag: 'button', role: 'button', text: 'Comprar' }, 980, 71, 1, 304), // 7
    box(
      {
        selector: '#discount_msg',
        tag: 'div',
        text: '0,50 EUR de frais de livraison pour chaque objet supplémentaire',
      },
      5899,
      18,
      0,
    ), // 8
    box({ selector: 'div.badge', tag: 'div', text: '-50%' }, 400, 18, 1, 60), // 9
    box({ selector: 'div.sale', tag: 'div', text: '8 折' }, 420, 18, 1, 60), // 10
  ];
  const all = viewsOf(parts);
  const asked = (description: string, index: number): boolean =>
    doubtful(parseDescription(description), all[index]!, storyMap(parts, 8000));

  it('takes nothing that names no cart in words for the cart icon', () => {
    expect(asked('the cart icon', 3)).toBe(true);
    expect(asked('the cart icon', 4)).toBe(false);
    expect(asked('the cart icon', 5)).toBe(false);
    expect(asked('the shopping cart link', 6)).toBe(false);
    // A button that adds to the cart is named as the shop likes.
    expect(asked('the add to cart button', 7)).toBe(false);
  });

  it('takes no note on postage for the discount', () => {
    expect(asked('the discount', 8)).toBe(true);
    expect(asked('the discount', 9)).toBe(false);
    expect(asked('the discount', 10)).toBe(false);
  });
});
