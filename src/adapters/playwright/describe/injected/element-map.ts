import type { Page } from 'playwright-core';
import { evaluateIsolated } from '../../browser/isolated-world.js';
import type { ElementMap, PageElement } from '../../../../ports/element-locator.js';

/** Options of {@link buildElementMap}. */
export interface ElementMapOptions {
  /**
   * Most elements kept: the page's blocks first (up to a quarter; items of a list and rows of a
   * table last among them), then its paragraphs of 80 characters or more in page order (up to an
   * eighth), then the most relevant (landmarks, controls, headings, images, named elements).
   * Default 2000: on the saved real pages of bench/describe, 1,000 left the right element out for
   * 10 of 954 descriptions, 1,500 for 1; on 1,207 descriptions of 158 pages (twenty of them
   * with more than 1,500 visible elements, up to 7,600), 1,500 for 3 and 2,000 for none that is
   * shown (one footer, faded in by a script, is not).
   */
  maxElements?: number;
  /**
   * Elements looked at in full, in document order; past them, on a huge page, only the page's
   * structure (landmark and sectioning tags, tables, forms, figures, code, elements with an id or a
   * role) is looked at, so that a long page's footer and side panels stay in the map. Default 8000.
   */
  maxScanned?: number;
  /** Characters of text kept per element. Default 200. */
  maxTextChars?: number;
}

interface InPageOptions {
  maxElements: number;
  maxScanned: number;
  maxTextChars: number;
}

/**
 * The visible elements of the loaded page, open shadow roots included, each with a CSS selector
 * that matches it and no other (verified in the page; one inside a shadow root is matched by
 * Playwright's CSS engine, as the crop matches it), its role, accessible name, text, describing
 * attributes and box in document pixels. Elements smaller than 4×4 px, hidden or transparent ones, and the insides of
 * SVG images are left out; over `maxElements`, the least relevant (plain wrappers) go first.
 */
export async function buildElementMap(page: Page, options: ElementMapOptions = {}): Promise<ElementMap> {
  const settings: InPageOptions = {
    maxElements: options.maxElements ?? 2000,
    maxScanned: options.maxScanned ?? 8000,
    maxTextChars: options.maxTextChars ?? 200,
  };
  // Evaluated as source with a local `__name`: tsx and esbuild (keepNames) wrap even arrow
  // functions assigned to consts in a `__name` helper that does not exist in the page. The map
  // comes back as one JSON string: Playwright's own serialisation of a thousand small objects took
  // about 80 ms (median, bench/describe pages) against 17 ms for building the map; a string, 8 ms.
  // The map is built in the isolated world (see evaluateIsolated), where the page's built-ins cannot
  // reach; should it run in the page's own world, a page whose JSON is not the browser's own (a
  // replaced `JSON.stringify`, a `toJSON` that cannot be set aside) gets the slow way.
  const build = `(${mapInPage.toString()})(${JSON.stringify(settings)})`;
  const raw = await evaluateIsolated<unknown>(
    page,
    `(() => { const __name = (fn) => fn; return (${asJson.toString()})(${build}); })()`,
  );
  let map = typeof raw === 'string' ? parsedMap(raw) : null;
  map ??= await evaluateIsolated<InPageMap>(
    page,
    `(() => { const __name = (fn) => fn; return ${build}; })()`,
  );
  return { ...map, url: page.url() };
}

type InPageMap = Omit<ElementMap, 'url'>;

/** The map from its JSON, or null when the text is not a map (the page's JSON was not the browser's own). */
function parsedMap(text: string): InPageMap | null {
  try {
    const map = JSON.parse(text) as InPageMap;
    return Array.isArray(map?.elements) && map.elements.every((e) => typeof e?.selector === 'string')
      ? map
      : null;
  } catch {
    return null;
  }
}

// Runs in the page: `value` as JSON with the browser's own JSON.stringify, any `toJSON` a page set
// on the built-in prototypes (as Prototype.js does on arrays) set aside meanwhile; null when the
// page replaced JSON.stringify itself.
const asJson = (value: unknown): string | null => {
  const stringify = JSON.stringify;
  if (!/\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(stringify))) return null;
  const prototypes: object[] = [
    Object.prototype,
    Array.prototype,
    String.prototype,
    Number.prototype,
    Boolean.prototype,
  ];
  const saved = prototypes.map((p) => Object.getOwnPropertyDescriptor(p, 'toJSON'));
  try {
    prototypes.forEach((p, i) => {
      if (saved[i]) Reflect.deleteProperty(p, 'toJSON');
    });
    return stringify(value);
  } catch {
    return null;
  } finally {
    prototypes.forEach((p, i) => {
      const descriptor = saved[i];
      if (descriptor) Object.defineProperty(p, 'toJSON', descriptor);
    });
  }
};

// Runs in the page (see buildElementMap for how): it may use nothing from this module.
const mapInPage = ({ maxElements, maxScanned, maxTextChars }: InPageOptions): InPageMap => {
  const SKIP = new Set([
    'script',
    'style',
    'noscript',
    'template',
    'head',
    'meta',
    'link',
    'br',
    'wbr',
    'option',
    'optgroup',
    'source',
    'track',
    'param',
    'base',
    'title',
    'datalist',
    'slot',
  ]);
  const LANDMARKS: Record<string, string> = {
    nav: 'navigation',
    main: 'main',
    aside: 'complementary',
    form: 'form',
    search: 'search',
    article: 'article',
    dialog: 'dialog',
    table: 'table',
    ul: 'list',
    ol: 'list',
    figure: 'figure',
    details: 'group',
    fieldset: 'group',
    textarea: 'textbox',
    select: 'combobox',
    progress: 'progressbar',
    summary: 'button',
    button: 'button',
    img: 'img',
    li: 'listitem',
    blockquote: 'blockquote',
    pre: 'code',
    code: 'code',
    time: 'time',
    video: 'video',
    audio: 'audio',
    canvas: 'img',
  };
  const INPUT_ROLES: Record<string, string> = {
    button: 'button',
    submit: 'button',
    reset: 'button',
    image: 'button',
    checkbox: 'checkbox',
    radio: 'radio',
    range: 'slider',
    search: 'searchbox',
    email: 'textbox',
    tel: 'textbox',
    text: 'textbox',
    url: 'textbox',
    password: 'textbox',
    number: 'spinbutton',
  };
  const LANDMARK_ROLES = new Set([
    'banner',
    'navigation',
    'main',
    'contentinfo',
    'complementary',
    'search',
    'form',
    'region',
    'dialog',
  ]);
  const NAME_FROM_CONTENT = new Set([
    'button',
    'link',
    'heading',
    'tab',
    'menuitem',
    'option',
    'cell',
    'columnheader',
    'rowheader',
    'checkbox',
    'radio',
    'switch',
    'treeitem',
    'tooltip',
  ]);
  // A form's `id` property is its control named "id" when it has one (`<input name="id">`): the
  // attribute is what a selector matches.
  const idOf = (el: Element): string => el.getAttribute('id') ?? '';
  const collapse = (s: string | null | undefined, max: number): string => {
    const raw = s ?? '';
    // A long text (a wrapper's innerText can be the whole page's) is cut before its whitespace is
    // collapsed: when its beginning alone collapses to more than `max` characters, so does the whole,
    // with the same first `max - 1`.
    if (raw.length > 8 * max + 64) {
      const head = raw
        .slice(0, 8 * max)
        .replace(/\s+/g, ' ')
        .trim();
      if (head.length > max) return `${head.slice(0, max - 1)}…`;
    }
    const t = raw.replace(/\s+/g, ' ').trim();
    return t.length > max ? `${t.slice(0, max - 1)}…` : t;
  };
  const roleOf = (el: Element): string | null => {
    const explicit = el.getAttribute('role')?.trim().split(/\s+/)[0];
    if (explicit) return explicit;
    const tag = el.localName;
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'a' || tag === 'area') return el.hasAttribute('href') ? 'link' : null;
    if (tag === 'input') return INPUT_ROLES[(el.getAttribute('type') ?? 'text').toLowerCase()] ?? null;
    if (tag === 'header' || tag === 'footer') {
      if (el.parentElement?.closest('article, aside, main, nav, section')) return null;
      return tag === 'header' ? 'banner' : 'contentinfo';
    }
    if (tag === 'section')
      return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : null;
    if (tag === 'svg')
      return el.querySelector(':scope > title') || el.hasAttribute('aria-label') ? 'img' : null;
    return LANDMARKS[tag] ?? null;
  };
  // Open shadow roots: their hosts and the hosts' ancestors render text that innerText leaves out
  // (it reads the light DOM: a <x-card> host shows only what it slots in). Their text, and the text
  // of every element inside a shadow root, is read from the rendered (flat) tree instead: shadow
  // roots, and what each slot shows. (Filled by the counting pass below, which visits every element
  // anyway.)
  const holdsShadow = new Set<Element>();
  const shadowed = (el: Element): ShadowRoot | null => {
    const root = el.getRootNode();
    return root instanceof ShadowRoot ? root : null;
  };
  /** The element's parent in the tree a user sees: a shadow root's top elements belong to its host. */
  const parentOf = (el: Element): Element | null => el.parentElement ?? shadowed(el)?.host ?? null;
  const renderedText = (root: Element, max: number): string => {
    const parts: string[] = [];
    let length = 0;
    const visit = (node: Node): void => {
      if (length > max) return;
      if (node.nodeType === Node.TEXT_NODE) {
        const text = node.textContent ?? '';
        if (text.trim() !== '') {
          parts.push(text);
          length += text.length;
        }
        return;
      }
      if (node instanceof HTMLSlotElement) {
        const shown = node.assignedNodes({ flatten: true });
        (shown.length > 0 ? shown : Array.from(node.childNodes)).forEach(visit);
        return;
      }
      if (node instanceof Element) {
        if (SKIP.has(node.localName) || !node.checkVisibility({ visibilityProperty: true })) return;
        Array.from((node.shadowRoot ?? node).childNodes).forEach(visit);
        parts.push(' ');
        return;
      }
      Array.from(node.childNodes).forEach(visit);
    };
    visit(root);
    return collapse(parts.join(' '), max);
  };
  const textOf = (el: Element, max: number): string => {
    if (holdsShadow.has(el) || shadowed(el)) return renderedText(el, max);
    const raw = el instanceof HTMLElement ? el.innerText : el.textContent;
    return collapse(raw, max);
  };
  const labelledBy = (el: Element): string => {
    const ids = el.getAttribute('aria-labelledby');
    if (!ids) return '';
    return ids
      .split(/\s+/)
      .map((id) => document.getElementById(id))
      .map((ref) => (ref ? textOf(ref, 200) : ''))
      .join(' ');
  };
  const nameOf = (el: Element, role: string | null): string => {
    const tag = el.localName;
    const byAria = labelledBy(el) || el.getAttribute('aria-label');
    if (byAria) return collapse(byAria, 120);
    if (tag === 'img' || tag === 'area')
      return collapse(el.getAttribute('alt') ?? el.getAttribute('title'), 120);
    if (tag === 'svg') return collapse(el.querySelector(':scope > title')?.textContent, 120);
    if (
      el instanceof HTMLInputElement ||
      el instanceof HTMLTextAreaElement ||
      el instanceof HTMLSelectElement
    ) {
      const type = el instanceof HTMLInputElement ? el.type : '';
      if (['submit', 'button', 'reset'].includes(type))
        return collapse((el as HTMLInputElement).value || type, 120);
      if (type === 'image') return collapse(el.getAttribute('alt'), 120);
      const label = el.labels?.[0];
      if (label) return textOf(label, 120);
      return collapse(el.getAttribute('placeholder') ?? el.getAttribute('title'), 120);
    }
    if (tag === 'figure') return collapse(el.querySelector('figcaption')?.textContent, 120);
    if (tag === 'table') return collapse(el.querySelector('caption')?.textContent, 120);
    if (tag === 'fieldset') return collapse(el.querySelector('legend')?.textContent, 120);
    if (role && NAME_FROM_CONTENT.has(role)) {
      const text = textOf(el, 120);
      if (text) return text;
      const inner = el.querySelector('img[alt], svg > title, [aria-label]');
      const alt = inner?.getAttribute('alt') ?? inner?.getAttribute('aria-label') ?? inner?.textContent;
      if (alt) return collapse(alt, 120);
    }
    return collapse(el.getAttribute('title'), 120);
  };
  // The other names pages give a test id besides `data-testid` (not `data-component`, which some
  // sites put on every paragraph).
  const TEST_ID_ATTRS = [
    'data-test-id',
    'data-test',
    'data-qa',
    'data-cy',
    'data-e2e',
    'data-aut-id',
    'data-automation-id',
  ];
  const attributesOf = (el: Element): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const attr of [
      'id',
      'class',
      'alt',
      'title',
      'aria-label',
      'placeholder',
      'name',
      'type',
      'data-testid',
      'itemprop',
      'rel',
    ]) {
      const value = el.getAttribute(attr);
      if (value && value.trim()) out[attr] = collapse(value, 100);
    }
    // schema.org microdata: the type's own name ("https://schema.org/NewsArticle" → NewsArticle).
    const itemtype = el.getAttribute('itemtype');
    if (itemtype)
      out.itemtype = collapse(
        itemtype
          .split(/[\s/#]/)
          .filter(Boolean)
          .pop() ?? '',
        60,
      );
    const href = el.getAttribute('href');
    if (href && !href.startsWith('data:') && !href.startsWith('javascript:')) out.href = collapse(href, 80);
    const src = el.getAttribute('src');
    if (src && !src.startsWith('data:')) out.src = collapse(src.split(/[?#]/)[0]?.split('/').pop() ?? '', 60);
    if (el instanceof HTMLInputElement && ['submit', 'button'].includes(el.type) && el.value)
      out.value = collapse(el.value, 60);
    // A test id under another of its usual names (`data-test-id`, `data-qa`, `data-cy`…) says
    // what the element is as well: kept as `data-testid`.
    if (!out['data-testid'])
      for (const attr of TEST_ID_ATTRS) {
        const value = el.getAttribute(attr);
        if (value && value.trim()) {
          out['data-testid'] = collapse(value, 100);
          break;
        }
      }
    return out;
  };
  const ownText = (el: Element): boolean => {
    for (let n = el.firstChild; n; n = n.nextSibling)
      if (n.nodeType === Node.TEXT_NODE && /\S/.test((n as Text).data)) return true;
    return false;
  };
  /** Tags that give a page its shape: the blocks people name ("the infobox", "the footer", "the code"). */
  const STRUCTURE = new Set([
    'header',
    'footer',
    'nav',
    'aside',
    'main',
    'article',
    'section',
    'form',
    'table',
    'figure',
    'pre',
    'time',
    'dl',
    'h1',
    'h2',
    'h3',
  ]);
  // A class or id that names a part of a page people ask for ("main-price", "breadcrumb",
  // "published"), carried by at most a few elements of its tag: such an element is kept before
  // plain wrappers on a page of thousands (a shop's price, a chapter's date). Not an id numbered
  // per item (`product-price-123`), nor a class inside a shadow root, whose elements the counts do
  // not see.
  const PART_WORDS =
    /^(?:breadcrumbs?|prices?|byline|authors?|published|updated|dateline|timestamp|ratings?|stars|logo|share|sharing|comments|footer|search|toc|summary|caption|ingredients|instructions|directions|nutrition|specs|specifications|reviews|tags|categories)$/;
  const namesPart = (el: Element): boolean => {
    const words = (name: string): string[] =>
      name
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z]+/);
    const id = idOf(el);
    if (!/\d/.test(id) && words(id).some((w) => PART_WORDS.test(w))) return true;
    return Array.from(el.classList).some((c) => {
      const shared = counts.get(`${el.localName}.${fold(c)}`);
      return shared !== undefined && shared <= 3 && words(c).some((w) => PART_WORDS.test(w));
    });
  };
  const relevanceOf = (el: Element, role: string | null, area: number): number => {
    let score = 0;
    if (role) score += ['generic', 'presentation', 'none', 'listitem'].includes(role) ? 1 : 4;
    if (role && LANDMARK_ROLES.has(role)) score += 3;
    if (idOf(el)) score += 2;
    if (
      el.hasAttribute('aria-label') ||
      el.hasAttribute('data-testid') ||
      el.hasAttribute('title') ||
      TEST_ID_ATTRS.some((attr) => el.hasAttribute(attr))
    )
      score += 2;
    if (el.hasAttribute('itemprop') || el.hasAttribute('itemtype')) score += 2;
    if (
      [
        'section',
        'header',
        'footer',
        'label',
        'p',
        'span',
        'strong',
        'em',
        'small',
        'td',
        'th',
        'dt',
        'dd',
      ].includes(el.localName)
    )
      score += 1;
    if (ownText(el)) score += 1.5;
    if (el.classList.length > 0) score += 0.5;
    if (namesPart(el)) score += 3;
    if (area < 200) score -= 1;
    return score;
  };
  const unique = (selector: string, el: Element): boolean => {
    try {
      const found = document.querySelectorAll(selector);
      return found.length === 1 && found[0] === el;
    } catch {
      return false;
    }
  };
  // Uniqueness of the simple selectors (`#id`, `tag[attr="v"]`, `tag.class`) from counts made in one
  // pass over the document, instead of a querySelectorAll over the whole document per try. Quirks
  // mode matches ids and classes ASCII-case-insensitively: so do the counts there.
  const quirks = document.compatMode !== 'CSS1Compat';
  const fold = (name: string): string => (quirks ? name.replace(/[A-Z]/g, (c) => c.toLowerCase()) : name);
  const ATTRS = ['data-testid', 'name', 'aria-label', 'alt', 'for', 'title'];
  const counts = new Map<string, number>();
  const bump = (key: string): void => {
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const everything = document.getElementsByTagName('*');
  for (let i = 0; i < everything.length; i += 1) {
    const el = everything[i];
    if (!el) continue;
    if (el.shadowRoot)
      for (let up: Element | null = el; up && !holdsShadow.has(up); up = up.parentElement)
        holdsShadow.add(up);
    if (!el.hasAttributes()) continue;
    if (idOf(el)) bump(`#${fold(idOf(el))}`);
    for (const attr of ATTRS) {
      const value = el.getAttribute(attr);
      if (value) bump(`${el.localName}[${attr}]${value}`);
    }
    const classes = el.classList;
    for (let k = 0; k < classes.length; k += 1) bump(`${el.localName}.${fold(classes[k] ?? '')}`);
  }
  const only = (key: string): boolean => counts.get(key) === 1;
  const quote = (value: string): string => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  // Each child's place among its parent's children of its name (`:nth-of-type`), and the names that
  // siblings of two namespaces share, computed once per parent: wide parents have thousands of children.
  const siblings = new Map<Element | ShadowRoot, { nth: Map<Element, number>; mixed: Set<string> }>();
  const siblingsOf = (parent: Element | ShadowRoot): { nth: Map<Element, number>; mixed: Set<string> } => {
    let known = siblings.get(parent);
    if (!known) {
      const nth = new Map<Element, number>();
      const mixed = new Set<string>();
      const seen = new Map<string, { count: number; namespace: string | null }>();
      for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
        const before = seen.get(c.localName);
        if (before && before.namespace !== c.namespaceURI) mixed.add(c.localName);
        const count = (before?.count ?? 0) + 1;
        seen.set(c.localName, { count, namespace: before?.namespace ?? c.namespaceURI });
        nth.set(c, count);
      }
      known = { nth, mixed };
      siblings.set(parent, known);
    }
    return known;
  };
  const cache = new Map<Element, string | null>();
  const selectorOf = (el: Element): string | null => {
    const known = cache.get(el);
    if (known !== undefined) return known;
    const root = shadowed(el);
    if (root) {
      const found = shadowSelectorOf(el, root);
      cache.set(el, found);
      return found;
    }
    let found: string | null = null;
    const tag = CSS.escape(el.localName);
    if (idOf(el) && only(`#${fold(idOf(el))}`)) found = `#${CSS.escape(idOf(el))}`;
    for (const attr of ATTRS) {
      if (found) break;
      const value = el.getAttribute(attr);
      if (value && value.length <= 60 && !/[\n\r]/.test(value) && only(`${el.localName}[${attr}]${value}`))
        found = `${tag}[${attr}=${quote(value)}]`;
    }
    const classes = Array.from(el.classList)
      .filter((c) => /^[a-zA-Z_-][\w-]{0,40}$/.test(c))
      .slice(0, 4);
    for (const c of classes) {
      if (found) break;
      if (only(`${el.localName}.${fold(c)}`)) found = `${tag}.${CSS.escape(c)}`;
    }
    if (!found) {
      const parent = el.parentElement;
      const parentSelector = !parent ? null : parent === document.body ? 'body' : selectorOf(parent);
      if (parent && parentSelector) {
        const { nth, mixed } = siblingsOf(parent);
        const path = `${parentSelector} > ${tag}:nth-of-type(${nth.get(el) ?? 0})`;
        // One parent, one n-th child of the type: unique by construction, unless siblings of the
        // same name live in another namespace (an SVG <a> beside an HTML one).
        if (!mixed.has(el.localName) || unique(path, el)) found = path;
      }
    }
    cache.set(el, found);
    return found;
  };
  // The hosts of open shadow roots below `node` (not inside their own shadow roots), found once per node.
  const hostsBelow = new Map<Element | ShadowRoot, Element[]>();
  const hostsOf = (node: Element | ShadowRoot): Element[] => {
    let hosts = hostsBelow.get(node);
    if (!hosts) {
      hosts = Array.from(node.querySelectorAll('*')).filter((e) => e.shadowRoot !== null);
      hostsBelow.set(node, hosts);
    }
    return hosts;
  };
  // How many elements match `selector` below `node`, open shadow roots included (counting stops past `limit`).
  const deepCount = (node: Element | ShadowRoot, selector: string, limit: number): number => {
    let count = node.querySelectorAll(selector).length;
    for (const host of hostsOf(node)) {
      if (count >= limit) break;
      if (host.shadowRoot) count += deepCount(host.shadowRoot, selector, limit - count);
    }
    return count;
  };
  // An element inside an open shadow root: its host's selector, then what is unique in that root — an
  // id, a class, or the n-th child path from the root — which Playwright's CSS engine (the one the
  // capture crops with) matches across the shadow boundary: `#card p.price`, `#card > article:nth-of-type(1)`.
  // Refused when the host's own light-DOM descendants also match it (the crop looks in the document
  // first) or another element of the root, or of a shadow root below, does.
  const shadowSelectorOf = (el: Element, root: ShadowRoot): string | null => {
    const host = selectorOf(root.host);
    if (host === null) return null;
    const tag = CSS.escape(el.localName);
    // Playwright's descendant combinator reaches into shadow roots nested in the root, and into
    // those of the host's light descendants: `inner` must match `el` alone across all of them.
    const alone = (inner: string): boolean => {
      try {
        const found = root.querySelectorAll(inner);
        return (
          found.length === 1 &&
          found[0] === el &&
          deepCount(root, inner, 2) === 1 &&
          deepCount(root.host, inner, 1) === 0
        );
      } catch {
        return false;
      }
    };
    const simple = [
      ...(idOf(el) ? [`#${CSS.escape(idOf(el))}`] : []),
      ...Array.from(el.classList)
        .filter((c) => /^[a-zA-Z_-][\w-]{0,40}$/.test(c))
        .slice(0, 4)
        .map((c) => `${tag}.${CSS.escape(c)}`),
    ];
    for (const inner of simple) if (alone(inner)) return `${host} ${inner}`;
    const parent = el.parentElement;
    const step = `${tag}:nth-of-type(${siblingsOf(parent ?? root).nth.get(el) ?? 0})`;
    if (parent) {
      const above = selectorOf(parent);
      return above === null ? null : `${above} > ${step}`;
    }
    // A top element of the root: `host > x` also reaches the host's light children.
    return root.host.querySelector(`:scope > ${step}`) === null ? `${host} > ${step}` : null;
  };

  interface Candidate {
    el: Element;
    order: number;
    role: string | null;
    relevance: number;
    rect: DOMRect;
  }
  const candidates: Candidate[] = [];
  // Sections of `content-visibility: auto` that Chromium has not rendered (far from the viewport,
  // or before the page's first frame) keep a placeholder box and no text: shown, as a full page's
  // capture shows them, so that what they hold is found and measured as it will be cropped.
  const sections: { el: HTMLElement; contain: string }[] = [];
  for (const el of Array.from(document.body?.querySelectorAll('*') ?? [])) {
    const style = getComputedStyle(el);
    if (style.contentVisibility === 'auto' && el instanceof HTMLElement)
      sections.push({ el, contain: style.contain });
  }
  for (const { el, contain } of sections) {
    // What `auto` implied, layout, style and paint containment, kept once it is `visible` (the
    // same in capture/readiness.ts: code run in the page cannot share a helper):
    // without it the section's margins would collapse out of it and its fixed parts escape.
    const kept = new Set(
      contain
        .replace('strict', 'size layout paint style')
        .replace('content', 'layout paint style')
        .split(/\s+/)
        .filter((k) => k !== '' && k !== 'none'),
    );
    for (const k of ['layout', 'style', 'paint']) kept.add(k);
    el.style.setProperty('contain', [...kept].join(' '), 'important');
    el.style.setProperty('content-visibility', 'visible', 'important');
  }
  // The body's elements in document order, each host's open shadow tree right after the host.
  const deep = (root: Element | ShadowRoot, into: Element[]): Element[] => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      into.push(el);
      if (el.shadowRoot) deep(el.shadowRoot, into);
    }
    return into;
  };
  const all: ArrayLike<Element> = !document.body
    ? []
    : holdsShadow.size > 0
      ? deep(document.body, [])
      : document.body.querySelectorAll('*');
  for (let i = 0; i < all.length; i += 1) {
    const el = all[i];
    if (!el || SKIP.has(el.localName)) continue;
    if (i >= maxScanned && !STRUCTURE.has(el.localName) && !idOf(el) && !el.hasAttribute('role')) continue;
    if (el instanceof SVGElement && el.localName !== 'svg') continue;
    const rect = el.getBoundingClientRect();
    if (rect.width < 4 || rect.height < 4) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const role = roleOf(el);
    candidates.push({ el, order: i, role, relevance: relevanceOf(el, role, rect.width * rect.height), rect });
  }
  // The page's blocks first (up to a quarter of the map), then the rest by relevance: on a
  // 10,000-element page the infobox, the contents box and the footer must not lose their place to
  // the article's thousand links.
  const block = (c: Candidate): boolean =>
    (STRUCTURE.has(c.el.localName) || (c.role !== null && LANDMARK_ROLES.has(c.role)) || idOf(c.el) !== '') &&
    c.rect.width * c.rect.height >= 20000;
  // Items of a list, rows of a table and a definition list's terms and details come after the
  // other blocks: a wiki's hundreds of footnotes must not push out its contents box.
  const item = (c: Candidate): boolean => ['li', 'tr', 'dt', 'dd'].includes(c.el.localName);
  const chosen = new Set<Candidate>();
  const byRelevance = [...candidates].sort((a, b) => b.relevance - a.relevance || a.order - b.order);
  for (const items of [false, true])
    for (const c of byRelevance) {
      if (chosen.size >= maxElements / 4) break;
      if (item(c) === items && block(c) && selectorOf(c.el) !== null) chosen.add(c);
    }
  // Then the story's paragraphs, in page order (up to an eighth of the map): on a page of thousands
  // of links, they are what says where its running text is.
  let paragraphs = 0;
  for (const c of candidates) {
    if (paragraphs >= Math.floor(maxElements / 8) || chosen.size >= maxElements) break;
    if (c.el.localName !== 'p' || chosen.has(c) || (c.el.textContent ?? '').length < 80) continue;
    if (selectorOf(c.el) !== null) {
      chosen.add(c);
      paragraphs += 1;
    }
  }
  for (const c of byRelevance) {
    if (chosen.size >= maxElements) break;
    if (!chosen.has(c) && selectorOf(c.el) !== null) chosen.add(c);
  }
  const kept = [...chosen].sort((a, b) => a.order - b.order);
  const index = new Map<Element, number>(kept.map((c, i) => [c.el, i]));
  const sx = window.scrollX;
  const sy = window.scrollY;
  const elements: PageElement[] = kept.map((c) => {
    let parent: number | null = null;
    for (let up = parentOf(c.el); up && parent === null; up = parentOf(up)) parent = index.get(up) ?? null;
    const level = /^h[1-6]$/.test(c.el.localName)
      ? Number(c.el.localName[1])
      : Number(c.el.getAttribute('aria-level')) || null;
    return {
      selector: selectorOf(c.el) ?? '',
      tag: c.el.localName,
      role: c.role,
      level: c.role === 'heading' ? level : null,
      name: nameOf(c.el, c.role),
      text: textOf(c.el, maxTextChars),
      attributes: attributesOf(c.el),
      box: {
        x: Math.round(c.rect.left + sx),
        y: Math.round(c.rect.top + sy),
        width: Math.round(c.rect.width),
        height: Math.round(c.rect.height),
      },
      parent,
    };
  });
  // What the page says about itself (OpenGraph and article meta tags, JSON-LD, microdata): who wrote
  // it, when it was published, its headline. JSON-LD is read with the page's JSON.parse, checked.
  // The page's meta tags read once, by name, property and itemprop (any case).
  const metas = new Map<string, string[]>();
  for (const m of Array.from(document.querySelectorAll('meta'))) {
    const value = m.getAttribute('content') ?? m.getAttribute('value') ?? '';
    if (value.trim() === '') continue;
    const keys = new Set(
      ['name', 'property', 'itemprop'].map((attr) => m.getAttribute(attr)?.trim().toLowerCase() ?? ''),
    );
    for (const key of keys) if (key !== '') metas.set(key, [...(metas.get(key) ?? []), value]);
  }
  const metaOf = (...keys: string[]): string[] => keys.flatMap((key) => metas.get(key.toLowerCase()) ?? []);
  const authors: string[] = [];
  const published: string[] = [];
  const headlines: string[] = [];
  const nameOfAuthor = (a: unknown): string[] =>
    typeof a === 'string'
      ? [a]
      : Array.isArray(a)
        ? a.flatMap(nameOfAuthor)
        : a && typeof a === 'object' && typeof (a as { name?: unknown }).name === 'string'
          ? [(a as { name: string }).name]
          : [];
  const walk = (node: unknown, depth: number): void => {
    if (depth > 4 || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.slice(0, 20).forEach((n) => walk(n, depth + 1));
      return;
    }
    const o = node as Record<string, unknown>;
    authors.push(...nameOfAuthor(o.author), ...nameOfAuthor(o.creator));
    if (typeof o.datePublished === 'string') published.push(o.datePublished);
    if (typeof o.headline === 'string') headlines.push(o.headline);
    walk(o['@graph'], depth + 1);
    walk(o.mainEntity, depth + 1);
  };
  for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json" i]')).slice(
    0,
    10,
  )) {
    try {
      walk(JSON.parse(script.textContent ?? ''), 0);
    } catch {
      // not JSON: nothing to learn from it
    }
  }
  authors.push(
    ...metaOf('author', 'article:author', 'byl', 'sailthru.author', 'parsely-author', 'dc.creator'),
    ...Array.from(document.querySelectorAll('[itemprop~="author" i]'))
      .slice(0, 3)
      .map((el) => {
        const named = el.querySelector('[itemprop~="name" i]') ?? el;
        return named.getAttribute('content') ?? (named instanceof HTMLElement ? named.innerText : '');
      })
      .filter((a) => a.length <= 60),
  );
  published.push(...metaOf('article:published_time', 'datePublished', 'date', 'dc.date', 'parsely-pub-date'));
  headlines.push(...metaOf('og:title', 'twitter:title', 'headline'));
  const cleanAuthor = (a: string): string => collapse(a.replace(/^\s*by\s+/i, ''), 80);
  const about = {
    authors: authors
      .filter((a) => !/^\s*https?:/i.test(a))
      .map(cleanAuthor)
      .filter((a, i, all) => a !== '' && all.findIndex((b) => b.toLowerCase() === a.toLowerCase()) === i)
      .slice(0, 5),
    published: published.map((d) => collapse(d, 40)).find((d) => d !== '') ?? null,
    headline: headlines.map((h) => collapse(h, 200)).find((h) => h !== '') ?? null,
  };
  return {
    title: collapse(document.title, 200),
    about,
    viewport: { width: window.innerWidth, height: window.innerHeight },
    documentHeight: Math.ceil(
      Math.max(document.documentElement?.scrollHeight ?? 0, document.body?.scrollHeight ?? 0),
    ),
    elements,
    candidates: candidates.length,
    cut: candidates.length > kept.length || all.length > maxScanned,
  };
};
