import type { PageElement } from '../../ports/element-locator.js';
import { FALSE_FRIENDS, FINE_PRINT, stem, words } from './text.js';

/** One element of the map, prepared for matching. */
export interface ElementView {
  index: number;
  element: PageElement;
  tag: string;
  role: string | null;
  /** Words of the id, class, `data-testid`, `name`, microdata (`itemprop`, `itemtype`), `rel` and image file name. */
  hints: Set<string>;
  /** Words of the accessible name and of alt, title, aria-label, placeholder, value. */
  labels: Set<string>;
  /** Words of the visible text, in order. */
  text: string[];
  textSet: Set<string>;
  /** Words of the link target. */
  href: Set<string>;
  /** Words of the heading of the section it is in (the first heading before it in its nearest headed ancestor). */
  sectionHeading: Set<string>;
  /** Indices of the ancestors in the map, nearest first. */
  ancestors: number[];
  /** Elements of the map whose parent this is. */
  children: number;
  area: number;
}

/** What a kind word asks for: how well an element is of that kind, 0–1. */
export interface Kind {
  id: string;
  /** Kinds that hold other elements (sections, forms, tables): their text is long by nature. */
  container: boolean;
  match(view: ElementView, views: readonly ElementView[]): number;
}

/**
 * Beginnings of words that start like a kind's word and mean something else ({@link FALSE_FRIENDS}),
 * and `format` no form. `format` stays out of the shared list: a description's own "form" still
 * pairs with a class's `format` (measured: unpaired, a comments box that holds its comment form
 * lost its right crop).
 */
const KIND_FALSE_FRIENDS = [...FALSE_FRIENDS, 'format', 'formula'];
/**
 * True when a word of `set` is one of `candidates` or starts with one (of 4 letters or more, and
 * not beginning as one of {@link KIND_FALSE_FRIENDS} does).
 */
const has = (set: Set<string>, ...candidates: string[]): boolean => {
  for (const word of set) {
    const prefixed = !KIND_FALSE_FRIENDS.some((f) => word.startsWith(f));
    for (const c of candidates)
      if (word === c || (prefixed && c.length >= 4 && word.startsWith(c))) return true;
  }
  return false;
};
/** True when a word of the element's id, class or other hints is one of `candidates` or starts with one (of 4 letters or more). */
export const hinted = (v: ElementView, ...candidates: string[]): boolean => has(v.hints, ...candidates);
const labelled = (v: ElementView, ...candidates: string[]): boolean => has(v.labels, ...candidates);
/** An id or class that says "table of contents": `contents`, `page-contents`, `table-of-contents`. */
const CONTENTS_HINT = /(?:^|[\s_-])contents(?:$|[\s_-])/i;
const CONTENTS_NAME = /\bcontents\b|\bon this page\b/i;
const isRole = (v: ElementView, ...roles: string[]): boolean => v.role !== null && roles.includes(v.role);
const CURRENCY = /(?:[$€£¥]\s?\d)|(?:\d[\d,.]*\s?(?:usd|eur|gbp|€|£|\$))/i;
const DATE =
  /\b(?:\d{4}-\d{2}-\d{2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}|\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{4})\b/i;
/** True when an element inside `v` passes `test`. */
export const hasDescendant = (
  v: ElementView,
  views: readonly ElementView[],
  test: (d: ElementView) => boolean,
): boolean => views.some((d) => d.ancestors.includes(v.index) && test(d));
/** Roles of what a menu's items are: links, or buttons and menu items that open one. */
const ITEM_ROLES = new Set(['link', 'button', 'menuitem', 'tab']);
/** A paragraph of running text: a `p` of 80 characters or more. */
export const longParagraph = (d: ElementView): boolean => d.tag === 'p' && d.element.text.length >= 80;
/** What {@link heldCount} counts: links (`a` elements), a menu's items, or paragraphs of running text. */
const HELD = {
  links: (d: ElementView): boolean => d.tag === 'a',
  items: (d: ElementView): boolean => d.role !== null && ITEM_ROLES.has(d.role),
  paragraphs: longParagraph,
};
const heldCounts = new WeakMap<readonly ElementView[], Map<keyof typeof HELD, Int32Array>>();
/** How many links, menu items or paragraphs of running text the element at `index` holds (not counting itself): counted once per map. */
export function heldCount(views: readonly ElementView[], sort: keyof typeof HELD, index: number): number {
  let sorts = heldCounts.get(views);
  if (!sorts) heldCounts.set(views, (sorts = new Map<keyof typeof HELD, Int32Array>()));
  let counts = sorts.get(sort);
  if (!counts) {
    counts = new Int32Array(views.length);
    const test = HELD[sort];
    for (const d of views) if (test(d)) for (const a of d.ancestors) if (a < counts.length) counts[a]! += 1;
    sorts.set(sort, counts);
  }
  return counts[index] ?? 0;
}
/** How many links, buttons or menu items `v` holds, itself included. */
const itemsIn = (v: ElementView, views: readonly ElementView[]): number =>
  heldCount(views, 'items', v.index) + (HELD.items(v) ? 1 : 0);
const paragraphs = new WeakMap<readonly ElementView[], { inside: number[]; total: number }>();
/** The share of the page's paragraphs (`p` elements of the map) that lie inside `v`. */
const paragraphShare = (v: ElementView, views: readonly ElementView[]): number => {
  let counts = paragraphs.get(views);
  if (!counts) {
    const inside = new Array<number>(views.length).fill(0);
    let total = 0;
    for (const d of views) {
      if (d.tag !== 'p') continue;
      total += 1;
      for (const a of d.ancestors) inside[a] = (inside[a] ?? 0) + 1;
    }
    counts = { inside, total };
    paragraphs.set(views, counts);
  }
  return counts.total < 3 ? 0 : (counts.inside[v.index] ?? 0) / counts.total;
};
const boxy = (v: ElementView): number => (v.children >= 2 ? 0.6 : v.children === 1 ? 0.4 : 0);

/** Words of a label's class that say it labels something else than a tag: a comment count, a field, a count of shares. */
const LABELS_OF_OTHERS = [
  'comment',
  'field',
  'form',
  'input',
  'checkbox',
  'radio',
  'select',
  'share',
  'count',
  'num',
];

const k = (id: string, container: boolean, match: Kind['match']): Kind => ({ id, container, match });

export const KINDS: Record<string, Kind> = {
  button: k('button', false, (v) =>
    isRole(v, 'button')
      ? 1
      : v.tag === 'a' && hinted(v, 'button', 'btn', 'cta')
        ? 0.9
        : hinted(v, 'button', 'btn')
          ? 0.6
          : 0,
  ),
  link: k('link', false, (v) => (isRole(v, 'link') ? 1 : v.tag === 'a' ? 0.7 : 0)),
  heading: k('heading', false, (v) => {
    if (isRole(v, 'heading')) return v.element.level === 1 ? 1 : v.element.level === 2 ? 0.85 : 0.75;
    return hinted(v, 'title', 'headline', 'heading') ? 0.7 : 0;
  }),
  image: k('image', false, (v) => {
    if (v.tag === 'img' || isRole(v, 'img')) return 1;
    if (v.tag === 'picture' || v.tag === 'svg') return 0.8;
    if (v.tag === 'figure') return 0.75;
    if (v.tag === 'video') return 0.4;
    return hinted(v, 'image', 'img', 'photo', 'picture', 'avatar') ? 0.5 : 0;
  }),
  logo: k('logo', false, (v, views) => {
    if (hinted(v, 'logo', 'brand', 'wordmark') || labelled(v, 'logo')) {
      // A block of fine print beside a logo (`.footer-terms-logo`: "© 2022 Condé Nast. All rights…") is no logo.
      if (FINE_PRINT.test(v.element.text) || v.element.text.length > 200) return 0.2;
      return ['img', 'svg', 'a', 'picture'].includes(v.tag) ? 1 : 0.7;
    }
    const inLogo = v.ancestors.some((i) => {
      const a = views[i];
      return a !== undefined && (hinted(a, 'logo', 'brand') || labelled(a, 'logo'));
    });
    return inLogo && ['img', 'svg', 'picture'].includes(v.tag) ? 0.85 : 0;
  }),
  avatar: k('avatar', false, (v) => {
    if (hinted(v, 'avatar', 'headshot', 'userpic') || labelled(v, 'avatar')) return 1;
    const small = v.element.box.width <= 128 && v.element.box.height <= 128;
    return (v.tag === 'img' || isRole(v, 'img')) && small ? 0.6 : 0;
  }),
  form: k('form', true, (v) => {
    if (v.tag === 'form' || isRole(v, 'form')) return 1;
    if (isRole(v, 'search')) return 0.8;
    if (v.tag === 'fieldset') return 0.5;
    return hinted(v, 'form') ? 0.7 : 0;
  }),
  search: k('search', false, (v) => {
    if (isRole(v, 'search', 'searchbox')) return 1;
    if (hinted(v, 'search') || labelled(v, 'search')) return 0.85;
    return 0;
  }),
  navigation: k('navigation', true, (v, views) => {
    if (isRole(v, 'navigation', 'menubar', 'menu')) return 1;
    // A form in a nav bar (`#navbar_loginform`, a search form) is a form, not the navigation.
    if (v.tag === 'form' || isRole(v, 'form', 'search')) return 0;
    if (!hinted(v, 'nav', 'navbar', 'navigation', 'menu')) return 0;
    // A trail of breadcrumbs classed as navigation too (`m-sub-navigation--items m-breadcrumbs`) is the trail.
    if (hinted(v, 'breadcrumb')) return 0.3;
    // A class alone makes no menu of one link (`.UrgentNav`: a news alert's one line).
    return itemsIn(v, views) < 2 ? 0.3 : 0.85;
  }),
  footer: k('footer', true, (v) =>
    isRole(v, 'contentinfo') ? 1 : v.tag === 'footer' ? 0.9 : hinted(v, 'footer') ? 0.85 : 0,
  ),
  header: k('header', true, (v) => {
    if (isRole(v, 'banner')) return 1;
    if (v.tag === 'header') return 0.9;
    return hinted(v, 'header', 'topbar', 'masthead', 'banner') ? 0.8 : 0;
  }),
  price: k('price', false, (v) => {
    const short = v.element.text.length <= 30;
    const money = CURRENCY.test(v.element.text);
    if (hinted(v, 'price', 'amount', 'cost')) return money ? 1 : 0.7;
    return money ? (short ? 0.6 : 0.2) : 0;
  }),
  table: k('table', true, (v) =>
    isRole(v, 'table', 'grid', 'treegrid') ? 1 : hinted(v, 'table', 'datatable') ? 0.6 : 0,
  ),
  list: k('list', true, (v) => (isRole(v, 'list') ? 1 : hinted(v, 'list') ? 0.6 : 0)),
  field: k('field', false, (v) => {
    if (isRole(v, 'textbox', 'searchbox', 'combobox', 'spinbutton', 'slider')) return 1;
    if (isRole(v, 'checkbox', 'radio', 'switch')) return 0.5;
    return hinted(v, 'input', 'field') ? 0.5 : 0;
  }),
  textarea: k('textarea', false, (v) => (v.tag === 'textarea' ? 1 : isRole(v, 'textbox') ? 0.6 : 0)),
  checkbox: k('checkbox', false, (v, views) => {
    if (isRole(v, 'checkbox', 'switch')) return 1;
    return v.tag === 'label' && hasDescendant(v, views, (d) => isRole(d, 'checkbox')) ? 0.7 : 0;
  }),
  choice: k('choice', false, (v, views) => {
    if (isRole(v, 'combobox', 'listbox', 'radiogroup')) return 1;
    if (v.tag === 'fieldset' && hasDescendant(v, views, (d) => isRole(d, 'radio'))) return 0.9;
    if (hinted(v, 'swatch', 'picker', 'select', 'option', 'dropdown', 'variant')) return 0.8;
    return isRole(v, 'radio') ? 0.6 : 0;
  }),
  card: k('card', true, (v) => {
    if (hinted(v, 'card', 'tile', 'plan', 'tier', 'panel', 'stat', 'widget', 'box')) return 1;
    if (v.tag === 'article') return 0.7;
    return ['div', 'section', 'aside', 'li'].includes(v.tag) ? boxy(v) : 0;
  }),
  section: k('section', true, (v) => {
    if (v.tag === 'section' || isRole(v, 'region')) return 1;
    if (isRole(v, 'main', 'complementary', 'article', 'form', 'navigation', 'contentinfo', 'banner'))
      return 0.7;
    if (['div', 'aside', 'article', 'figure'].includes(v.tag)) return v.element.attributes.id ? 0.7 : boxy(v);
    return 0;
  }),
  hero: k('hero', true, (v) => (hinted(v, 'hero', 'jumbotron', 'splash') ? 1 : 0)),
  sidebar: k('sidebar', true, (v) =>
    isRole(v, 'complementary') ? 1 : hinted(v, 'sidebar', 'aside', 'rail') ? 0.9 : 0,
  ),
  article: k('article', true, (v) =>
    isRole(v, 'article') ? 1 : hinted(v, 'post', 'article', 'entry', 'story') ? 0.7 : 0,
  ),
  body: k('body', true, (v, views) => {
    // The running text of an article or post: the block that holds most of the page's paragraphs,
    // better still when its id or class says so (article-body, entry-content, storytext, prose).
    const share = paragraphShare(v, views);
    const named = hinted(v, 'articlebody', 'body', 'content', 'prose', 'storytext', 'richtext', 'entry');
    if (share >= 0.5 && named) return 1;
    if (share >= 0.6) return 0.8;
    return named && share >= 0.25 ? 0.6 : 0;
  }),
  video: k('video', false, (v) => {
    if (v.tag === 'video') return 1;
    if (v.tag === 'iframe' && /youtube|vimeo|player|video/i.test(v.element.attributes.src ?? '')) return 0.9;
    return hinted(v, 'video', 'player') ? 0.8 : 0;
  }),
  chart: k('chart', false, (v) => {
    if (hinted(v, 'chart', 'graph', 'plot') || labelled(v, 'chart', 'graph', 'plot')) return 1;
    if (v.tag === 'canvas') return 0.8;
    if (v.tag === 'svg') return v.area > 40_000 ? 0.6 : 0.2;
    return (v.tag === 'img' || isRole(v, 'img')) && labelled(v, 'diagram') ? 0.7 : 0;
  }),
  quote: k('quote', false, (v, views) => {
    if (v.tag === 'blockquote' || v.tag === 'q' || isRole(v, 'blockquote')) return 1;
    if (hinted(v, 'quote', 'pullquote')) return 0.9;
    return v.tag === 'figure' && hasDescendant(v, views, (d) => d.tag === 'blockquote') ? 0.6 : 0;
  }),
  testimonial: k('testimonial', true, (v, views) => {
    if (hinted(v, 'testimonial', 'review', 'quote') || labelled(v, 'testimonial')) return 1;
    if (v.tag === 'blockquote') return 0.7;
    return hasDescendant(v, views, (d) => d.tag === 'blockquote') ? 0.6 : 0;
  }),
  code: k('code', false, (v) =>
    v.tag === 'pre' ? 1 : v.tag === 'code' ? 0.9 : hinted(v, 'code', 'highlight', 'snippet') ? 0.8 : 0,
  ),
  date: k('date', false, (v) => {
    if (v.tag === 'time') return 1;
    if (hinted(v, 'date', 'published', 'timestamp')) return 0.8;
    return v.element.text.length <= 40 && DATE.test(v.element.text) ? 0.6 : 0;
  }),
  byline: k('byline', false, (v) => {
    if (hinted(v, 'byline', 'author', 'writer', 'contributor', 'dateline')) return 1;
    return /^\s*(?:by|von|par|posted by|written by)\s/i.test(v.element.text) && v.element.text.length <= 160
      ? 0.7
      : 0;
  }),
  share: k('share', true, (v) => {
    if (hinted(v, 'share', 'sharing', 'sharetool', 'social', 'addthis', 'sharethis')) return 1;
    return labelled(v, 'share') ? 0.8 : 0;
  }),
  contents: k('contents', true, (v) => {
    // Hints and labels are stemmed ("contents" is "content", as every content wrapper): the
    // element's own id, class and name are read as written.
    const a = v.element.attributes;
    if (hinted(v, 'toc') || CONTENTS_HINT.test(`${a.id ?? ''} ${a.class ?? ''}`)) return 1;
    return CONTENTS_NAME.test(v.element.name) ? 0.8 : 0;
  }),
  comments: k('comments', true, (v) => (hinted(v, 'comment', 'discussion') ? 1 : 0)),
  related: k('related', true, (v) => {
    if (hinted(v, 'related', 'recirculation', 'similar', 'recommend', 'recommended', 'rltd')) return 1;
    if (labelled(v, 'related', 'similar', 'recommend')) return 0.8;
    return hinted(v, 'trending', 'popular', 'mostread', 'nextarticle') ? 0.6 : 0;
  }),
  rating: k('rating', false, (v) => {
    if (hinted(v, 'rating', 'star', 'score') || /\bout of \d|\bstars?\b/i.test(v.element.name)) return 1;
    return /★/.test(v.element.text) && v.element.text.length <= 40 ? 0.6 : 0;
  }),
  breadcrumb: k('breadcrumb', true, (v) => (hinted(v, 'breadcrumb') || labelled(v, 'breadcrumb') ? 1 : 0)),
  pagination: k('pagination', true, (v) =>
    hinted(v, 'pagination', 'pager', 'paging') || labelled(v, 'pagination') ? 1 : 0,
  ),
  tab: k('tab', false, (v) => (isRole(v, 'tab', 'tablist') ? 1 : hinted(v, 'tab') ? 0.6 : 0)),
  dialog: k('dialog', true, (v) =>
    isRole(v, 'dialog', 'alertdialog')
      ? 1
      : hinted(v, 'modal', 'dialog', 'popup', 'overlay', 'lightbox')
        ? 0.9
        : 0,
  ),
  alert: k('alert', false, (v) => {
    if (isRole(v, 'alert', 'status', 'alertdialog')) return 1;
    return hinted(v, 'alert', 'error', 'warning', 'notice', 'toast', 'notification', 'flash', 'message')
      ? 0.9
      : 0;
  }),
  icon: k('icon', false, (v) => {
    const small = v.element.box.width <= 48 && v.element.box.height <= 48;
    if (hinted(v, 'icon')) return 1;
    return small && (v.tag === 'svg' || v.tag === 'img' || v.tag === 'i') ? 0.8 : 0;
  }),
  paragraph: k('paragraph', false, (v) =>
    v.tag === 'p' ? 1 : hinted(v, 'intro', 'lead', 'description', 'summary', 'subtitle', 'blurb') ? 0.8 : 0,
  ),
  caption: k('caption', false, (v) =>
    v.tag === 'figcaption' || v.tag === 'caption' ? 1 : hinted(v, 'caption') ? 0.8 : 0,
  ),
  badge: k('badge', false, (v) => {
    if (hinted(v, 'badge', 'tag', 'pill', 'chip')) return 1;
    if (!hinted(v, 'label')) return 0;
    // A block of running text is no label, whatever its class says (Drupal's `field-label-hidden`),
    // nor is the label of something else (`.comments-label`: "51 Comments"; a field's; a count's,
    // `.num-shares-label`: "Shares").
    if (v.element.text.length > 150) return 0.2;
    return hinted(v, ...LABELS_OF_OTHERS) ? 0.5 : 1;
  }),
  map: k('map', false, (v) =>
    hinted(v, 'map') || (v.tag === 'iframe' && /map/i.test(v.element.attributes.src ?? '')) ? 1 : 0,
  ),
  // A box of pictures shown one after another: "the photo gallery", "the image carousel".
  gallery: k('gallery', true, (v) =>
    hinted(v, 'gallery', 'carousel', 'slider', 'slideshow', 'swiper', 'slick') ? 1 : 0,
  ),
};

/** Words that name a kind of element, with how strongly (1 = that is what the word means). */
const KIND_WORDS: Record<string, [kind: string, strength: number][]> = {
  button: [['button', 1]],
  btn: [['button', 1]],
  cta: [['button', 1]],
  link: [['link', 1]],
  hyperlink: [['link', 1]],
  anchor: [['link', 1]],
  heading: [['heading', 1]],
  headline: [['heading', 1]],
  title: [['heading', 1]],
  subheading: [['heading', 1]],
  header: [['header', 1]],
  masthead: [['header', 1]],
  topbar: [['header', 1]],
  banner: [['header', 0.6]],
  name: [['heading', 0.4]],
  subtitle: [['paragraph', 0.8]],
  image: [['image', 1]],
  picture: [['image', 1]],
  photo: [['image', 1]],
  photograph: [['image', 1]],
  img: [['image', 1]],
  pic: [['image', 1]],
  illustration: [['image', 1]],
  graphic: [['image', 1]],
  thumbnail: [['image', 1]],
  screenshot: [['image', 1]],
  artwork: [['image', 1]],
  figure: [['image', 0.8]],
  logo: [['logo', 1]],
  brand: [['logo', 0.8]],
  wordmark: [['logo', 1]],
  logotype: [['logo', 1]],
  avatar: [['avatar', 1]],
  headshot: [['avatar', 1]],
  userpic: [['avatar', 1]],
  form: [['form', 1]],
  signup: [['form', 0.6]],
  login: [['form', 0.6]],
  signin: [['form', 0.6]],
  subscription: [['form', 0.6]],
  registration: [['form', 0.6]],
  checkout: [['form', 0.5]],
  search: [['search', 1]],
  searchbox: [['search', 1]],
  searchbar: [['search', 1]],
  nav: [['navigation', 1]],
  navigation: [['navigation', 1]],
  navbar: [['navigation', 1]],
  menu: [['navigation', 0.7]],
  footer: [['footer', 1]],
  price: [['price', 1]],
  cost: [['price', 1]],
  amount: [['price', 0.7]],
  table: [['table', 1]],
  spreadsheet: [['table', 1]],
  datatable: [['table', 1]],
  grid: [['section', 0.6]],
  list: [['list', 1]],
  field: [['field', 1]],
  input: [['field', 1]],
  textbox: [['field', 1]],
  box: [['card', 0.4]],
  textarea: [['textarea', 1]],
  checkbox: [['checkbox', 1]],
  tickbox: [['checkbox', 1]],
  toggle: [['checkbox', 0.6]],
  switch: [['checkbox', 0.6]],
  option: [['choice', 0.8]],
  choice: [['choice', 0.8]],
  picker: [['choice', 1]],
  selector: [['choice', 1]],
  chooser: [['choice', 1]],
  dropdown: [['choice', 1]],
  select: [['choice', 1]],
  swatch: [['choice', 1]],
  variant: [['choice', 0.8]],
  card: [['card', 1]],
  tile: [['card', 1]],
  plan: [['card', 0.6]],
  tier: [['card', 0.6]],
  panel: [['card', 0.5]],
  widget: [['card', 0.4]],
  section: [['section', 1]],
  region: [['section', 0.6]],
  module: [['section', 0.5]],
  container: [['section', 0.5]],
  hero: [['hero', 1]],
  jumbotron: [['hero', 1]],
  splash: [['hero', 1]],
  sidebar: [['sidebar', 1]],
  aside: [['sidebar', 1]],
  article: [['article', 1]],
  text: [['body', 1]],
  body: [['body', 1]],
  prose: [['body', 1]],
  post: [['article', 1]],
  story: [['article', 0.8]],
  video: [['video', 1]],
  player: [['video', 0.8]],
  youtube: [['video', 1]],
  movie: [['video', 0.6]],
  chart: [['chart', 1]],
  graph: [['chart', 1]],
  plot: [['chart', 0.8]],
  diagram: [['chart', 0.8]],
  quote: [['quote', 1]],
  blockquote: [['quote', 1]],
  quotation: [['quote', 1]],
  pullquote: [['quote', 1]],
  testimonial: [['testimonial', 1]],
  code: [['code', 1]],
  snippet: [['code', 1]],
  codeblock: [['code', 1]],
  command: [['code', 0.8]],
  shell: [['code', 0.7]],
  terminal: [['code', 0.6]],
  console: [['code', 0.5]],
  bash: [['code', 0.8]],
  sql: [['code', 0.7]],
  dockerfile: [['code', 0.8]],
  makefile: [['code', 0.8]],
  yaml: [['code', 0.6]],
  date: [['date', 1]],
  timestamp: [['date', 1]],
  publication: [['date', 0.6]],
  published: [['date', 0.7]],
  byline: [['byline', 1]],
  author: [['byline', 1]],
  writer: [['byline', 1]],
  reporter: [['byline', 1]],
  journalist: [['byline', 1]],
  correspondent: [['byline', 1]],
  share: [['share', 1]],
  sharing: [['share', 1]],
  social: [['share', 0.8]],
  toc: [['contents', 1]],
  contents: [['contents', 1]],
  comment: [['comments', 1]],
  discussion: [['comments', 0.8]],
  reply: [['comments', 0.8]],
  related: [['related', 1]],
  similar: [['related', 0.8]],
  recommended: [['related', 0.8]],
  trending: [['related', 0.6]],
  rating: [['rating', 1]],
  star: [['rating', 1]],
  score: [['rating', 0.6]],
  breadcrumb: [['breadcrumb', 1]],
  pagination: [['pagination', 1]],
  pager: [['pagination', 1]],
  paging: [['pagination', 1]],
  tab: [['tab', 1]],
  dialog: [['dialog', 1]],
  modal: [['dialog', 1]],
  popup: [['dialog', 1]],
  overlay: [['dialog', 0.8]],
  lightbox: [['dialog', 1]],
  alert: [['alert', 1]],
  error: [['alert', 0.9]],
  warning: [['alert', 0.9]],
  notice: [['alert', 0.8]],
  notification: [['alert', 0.6]],
  toast: [['alert', 1]],
  message: [['alert', 0.4]],
  icon: [['icon', 1]],
  paragraph: [['paragraph', 1]],
  intro: [['paragraph', 0.6]],
  blurb: [['paragraph', 0.8]],
  description: [['paragraph', 0.5]],
  caption: [['caption', 1]],
  badge: [['badge', 1]],
  tag: [['badge', 0.7]],
  pill: [['badge', 1]],
  chip: [['badge', 1]],
  map: [['map', 1]],
  gallery: [['gallery', 1]],
  carousel: [['gallery', 1]],
  slider: [['gallery', 0.8]],
  slideshow: [['gallery', 1]],
};

export interface KindRequest {
  kind: Kind;
  strength: number;
  /** The description's word that named it. */
  word: string;
}

/** The kinds a description word names (stemmed word), strongest first. */
export function kindsOf(word: string): KindRequest[] {
  const found = KIND_WORDS[word] ?? KIND_WORDS[stem(word)] ?? [];
  return found.flatMap(([id, strength]) => {
    const kind = KINDS[id];
    return kind ? [{ kind, strength, word }] : [];
  });
}

/** Views of every element of a map, with their words, ancestors and child counts. */
export function viewsOf(elements: readonly PageElement[]): ElementView[] {
  const children = new Array<number>(elements.length).fill(0);
  const firstHeading = new Map<number, number>();
  elements.forEach((e, i) => {
    if (e.parent === null) return;
    children[e.parent] = (children[e.parent] ?? 0) + 1;
    if (e.role === 'heading' && !firstHeading.has(e.parent)) firstHeading.set(e.parent, i);
  });
  return elements.map((element, index) => {
    const a = element.attributes;
    const ancestors: number[] = [];
    for (let up = element.parent; up !== null && up !== undefined; up = elements[up]?.parent ?? null)
      ancestors.push(up);
    const text = words(element.text);
    const headed = ancestors.find((a) => (firstHeading.get(a) ?? index) < index);
    const heading = headed === undefined ? undefined : elements[firstHeading.get(headed) ?? -1];
    return {
      index,
      element,
      tag: element.tag,
      role: element.role,
      hints: new Set(
        words(
          [
            a.id,
            a.class,
            a['data-testid'],
            a.name,
            a.itemprop,
            a.itemtype,
            a.rel,
            a.src?.replace(/\.\w+$/, ''),
          ].join(' '),
        ),
      ),
      labels: new Set(
        words([element.name, a.alt, a.title, a['aria-label'], a.placeholder, a.value].join(' ')),
      ),
      text,
      textSet: new Set(text),
      href: new Set(words((a.href ?? '').replace(/^[a-z]+:\/\/[^/]+/i, ''))),
      sectionHeading: new Set(
        heading && !ancestors.includes(firstHeading.get(headed ?? -1) ?? -1) ? words(heading.text) : [],
      ),
      ancestors,
      children: children[index] ?? 0,
      area: element.box.width * element.box.height,
    };
  });
}

/** Where an element lies among the others, all {@link takenFor} needs. */
export interface Placed {
  index: number;
  /** Indices of its ancestors in the map. */
  ancestors: readonly number[];
  /** Its area in CSS px². */
  area: number;
}

/**
 * True when `v` is not `it` but an element a user would take for it: a wrapper of at most twice its
 * area, or an inside of at least half (the tolerance of a right crop). The one definition: the
 * ranker's families (`sameFamily` in ranker.ts) are this too.
 */
export function takenFor(it: Placed, v: Placed): boolean {
  if (v.index === it.index) return false;
  return (
    (it.ancestors.includes(v.index) && v.area <= 2 * it.area) ||
    (v.ancestors.includes(it.index) && v.area >= 0.5 * it.area)
  );
}

/**
 * Words of an id or class that mark a list of other stories, not readers' comments nor the story's
 * own picture: `#more-reviews` (a review site's other reviews), `most-commented`,
 * `featured-posts`, and the recommendation widgets Outbrain and Taboola put in a comments box.
 */
export const OTHER_STORIES_HINTS = ['more', 'related', 'popular', 'commented', 'outbrain', 'taboola'];

/** Tags that strike an amount through: a former price. */
const STRUCK_TAGS = new Set(['s', 'del', 'strike']);
/** True for an element struck through: `s`, `del`, `strike`, or the class `line-through` (Tailwind's, Bootstrap's `text-decoration-line-through`). */
export const struckThrough = (v: ElementView): boolean =>
  STRUCK_TAGS.has(v.tag) || (v.hints.has('line') && v.hints.has('through'));
/** Words of an id or class that mark a former price: `price--was`, `old-price`, `a-text-strike`. */
export const STRUCK_HINTS = [
  'was',
  'old',
  'strike',
  'strikethrough',
  'regular',
  'original',
  'rrp',
  'crossed',
];
