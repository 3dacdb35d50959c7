import type { ElementMap } from '../../ports/element-locator.js';
import type { ElementView } from './kinds.js';
import { kindsOf, takenFor } from './kinds.js';
import type { Query, Scorer } from './hand-matcher.js';
import { countIn, words, writersOf } from './text.js';

/**
 * What the learned ranker knows of one element for one description: the hand-written matcher's
 * signals (its score, word coverage, kind match, context), how they compare with the element's
 * ancestors and descendants, and the element's own shape — where it is, how big, its tag and role.
 * Every feature is a plain number, most in 0–1 or a small log range; {@link FEATURES} names them in
 * order (the weights file is keyed by these names, so adding one is safe).
 */
export const FEATURES = [
  'bias',
  'hand',
  'handRel',
  'handRank',
  'handTop',
  'coverage',
  'content',
  'noContent',
  'kind',
  'noKind',
  'kindContainer',
  'kindAncestor',
  'kindDescendant',
  'kindChildren',
  'context',
  'handAbove',
  'handBelow',
  'coverAbove',
  'coverBelow',
  'logArea',
  'logAreaContainer',
  'logAreaSmall',
  'tallSmall',
  'top',
  'aboveFold',
  'logHeight',
  'width',
  'wide',
  'left',
  'right',
  'depth',
  'logChildren',
  'logText',
  'hasId',
  'named',
  'labelHit',
  'hintHit',
  'textHit',
  'ownKindHint',
  'firstOfKind',
  'kindRank',
  'paraShare',
  'logDescendants',
  'holdsH1',
  'largestOfKind',
  'smallestOfKind',
  'sameBoxAsParent',
  'kindGain',
  'outermostOfKind',
  'innermostOfKind',
  'outermostContainer',
  'innermostSmall',
  'inMain',
  'inChrome',
  'chromeAskedInChrome',
  'contentAskedInMain',
  'contentAskedInChrome',
  'handChoice',
  'handFamily',
  'evident',
  'evidentFamily',
  'plural',
  'pluralChildren',
  'tag:a',
  'tag:img',
  'tag:svg',
  'tag:h1',
  'tag:h2',
  'tag:h3',
  'tag:h4',
  'tag:p',
  'tag:span',
  'tag:div',
  'tag:section',
  'tag:article',
  'tag:aside',
  'tag:nav',
  'tag:header',
  'tag:footer',
  'tag:main',
  'tag:form',
  'tag:input',
  'tag:button',
  'tag:ul',
  'tag:li',
  'tag:table',
  'tag:pre',
  'tag:code',
  'tag:time',
  'tag:figure',
  'tag:details',
  'tag:td',
  'tag:other',
  'role:heading',
  'role:link',
  'role:navigation',
  'role:banner',
  'role:contentinfo',
  'role:complementary',
  'role:main',
  'role:search',
  'role:form',
  'role:region',
  'role:list',
  'role:listitem',
  'role:img',
  'role:button',
  'role:textbox',
  'role:none',
  'role:other',
  'topWantedPos',
  'bottomWantedPos',
  'topWantedFirstOfKind',
  'bottomWantedLastOfKind',
  'lastOfKind',
  'titleMatch',
  'titleMatchAsked',
  'isTitle',
  'isTitleAsked',
  'nearTitle',
  'aboveTitle',
  'chromeAskedIsChrome',
  'contentAskedIsChrome',
  'authorMatch',
  'authorMatchAsked',
  'publishedMatch',
  'publishedMatchAsked',
  'authorShareAsked',
  'authorAndDateAsked',
] as const;
export type FeatureName = (typeof FEATURES)[number];

const TAGS = new Set(FEATURES.filter((f) => f.startsWith('tag:')).map((f) => f.slice(4)));
const ROLES = new Set(FEATURES.filter((f) => f.startsWith('role:')).map((f) => f.slice(5)));
const INDEX = new Map<string, number>(FEATURES.map((f, i) => [f, i]));

/** Kinds that are parts of the page's frame rather than of its content. */
const CHROME_KINDS = new Set(['navigation', 'header', 'footer', 'sidebar', 'search', 'logo', 'breadcrumb']);
/** Kinds that are parts of an article or a product's content. */
const CONTENT_KINDS = new Set([
  'heading',
  'date',
  'byline',
  'article',
  'body',
  'code',
  'table',
  'share',
  'comments',
  'related',
  'contents',
  'image',
  'price',
  'quote',
  'caption',
  'paragraph',
  'rating',
  'video',
  'chart',
]);
const CHROME_TAGS = ['header', 'footer', 'nav', 'aside'];
const MAIN_ROLES = new Set(['main', 'article']);
const CHROME_ROLES = new Set(['banner', 'contentinfo', 'navigation', 'complementary']);

const tagOf = (tag: string): string => {
  if (tag === 'h5' || tag === 'h6') return 'h4';
  if (tag === 'ol' || tag === 'dl') return 'ul';
  if (tag === 'th') return 'td';
  if (tag === 'textarea' || tag === 'select') return 'input';
  return TAGS.has(tag) ? tag : 'other';
};
const roleOf = (role: string | null): string => {
  if (role === null) return 'none';
  if (role === 'searchbox') return 'textbox';
  return ROLES.has(role) ? role : 'other';
};

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** The words a page may show a date as: its year, day, and month (name, short name, number); null when it is no date. */
function dateWords(given: string | null): { year: string; day: string; month: string[] } | null {
  const m = given ? /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(given.trim()) : null;
  if (!m) return null;
  const month = Number(m[2]);
  const name = MONTHS[month - 1];
  if (!name) return null;
  return {
    year: m[1] ?? '',
    day: String(Number(m[3])),
    month: [name, name.slice(0, 3), name.slice(0, 4), String(month), String(month).padStart(2, '0')],
  };
}

/** True when `v` is not element `at` but one a user would take for it ({@link takenFor}). */
function takenForAt(views: readonly ElementView[], at: number, v: ElementView): boolean {
  const it = views[at];
  return it !== undefined && takenFor(it, v);
}

/** One row of features per element of `views`, in the order of {@link FEATURES}. */
export function featureRows(
  query: Query,
  views: readonly ElementView[],
  scorer: Scorer,
  map: ElementMap,
  /** The element the hand-written matcher chose (its index), -1 when none. */
  handChoice = -1,
  /** The element the page makes evident (soleEvident in evident.ts), -1 when none. */
  evident = -1,
): Float64Array[] {
  const n = views.length;
  const vw = Math.max(1, map.viewport.width);
  const vh = Math.max(1, map.viewport.height);
  const docH = Math.max(vh, map.documentHeight);
  const hand = views.map((v) => scorer.score(v));
  const order = [...hand.keys()].sort((a, b) => (hand[b] ?? 0) - (hand[a] ?? 0));
  const rank = new Array<number>(n);
  order.forEach((i, r) => (rank[i] = r));
  const maxHand = Math.max(0, ...hand);
  const coverage = views.map((v) => scorer.coverage(v));
  const kinds = query.kinds;
  const hasKind = kinds.length > 0;
  const containerKind = kinds.some((k) => k.kind.container);
  const smallKind = hasKind && !containerKind;
  const kind = views.map((v) => (hasKind ? Math.max(...kinds.map((k) => scorer.kindMatch(k.kind, v))) : 0));
  // Kind matches in page order: "the first" of a kind is often the one meant.
  const kindOrder = [...kind.keys()].filter((i) => (kind[i] ?? 0) >= 0.6);
  const kindRank = new Map<number, number>(kindOrder.map((i, r) => [i, r]));
  const context = query.contextTerms.length + query.contextKinds.length > 0;
  const ctx = context ? views.map((v) => scorer.context(v)) : [];

  // Distinctive words (not kind words, not modifiers), matched on the element or anything inside it.
  const content = query.terms.filter((t) => t.weight >= 1 && !t.kindWord);
  const lex = content.map((t) => views.map((v) => scorer.lexical(t.word, v)));
  const asKind = content.map((t) =>
    views.map((v) => Math.max(0, ...kindsOf(t.word).map((k) => k.strength * scorer.kindMatch(k.kind, v)))),
  );
  const insideLex = lex.map((row) => {
    const up = new Array<number>(n).fill(0);
    views.forEach((v, i) => {
      for (const a of v.ancestors) up[a] = Math.max(up[a] ?? 0, row[i] ?? 0);
    });
    return up;
  });
  const idf = content.map((t) => scorer.idf.get(t.word) ?? 1);
  const idfSum = idf.reduce((a, b) => a + b, 0);
  const contentCoverage = views.map((_, i) => {
    if (content.length === 0) return 1;
    let found = 0;
    content.forEach((_, t) => {
      const own = (lex[t]?.[i] ?? 0) / 0.3;
      const inner = (insideLex[t]?.[i] ?? 0) / 0.3;
      found += (idf[t] ?? 1) * Math.min(1, Math.max(own, inner, asKind[t]?.[i] ?? 0));
    });
    return found / idfSum;
  });

  // Best of descendants and of ancestors, for hand score, coverage and kind.
  const below = {
    hand: new Array<number>(n).fill(0),
    cover: new Array<number>(n).fill(0),
    kind: new Array<number>(n).fill(0),
  };
  views.forEach((v, i) => {
    for (const a of v.ancestors) {
      below.hand[a] = Math.max(below.hand[a] ?? 0, hand[i] ?? 0);
      below.cover[a] = Math.max(below.cover[a] ?? 0, coverage[i] ?? 0);
      below.kind[a] = Math.max(below.kind[a] ?? 0, kind[i] ?? 0);
    }
  });
  const kindChildren = new Array<number>(n).fill(0);
  views.forEach((v, i) => {
    const p = v.element.parent;
    if (p !== null && (kind[i] ?? 0) >= 0.6) kindChildren[p] = (kindChildren[p] ?? 0) + 1;
  });

  // How much of the page's running text (its paragraphs) an element holds, and its size in the map.
  const paras = new Array<number>(n).fill(0);
  const descendants = new Array<number>(n).fill(0);
  const holdsH1 = new Array<number>(n).fill(0);
  let totalParas = 0;
  views.forEach((v) => {
    const para = v.tag === 'p' ? 1 : 0;
    totalParas += para;
    const h1 = v.role === 'heading' && v.element.level === 1 ? 1 : 0;
    for (const a of v.ancestors) {
      paras[a] = (paras[a] ?? 0) + para;
      descendants[a] = (descendants[a] ?? 0) + 1;
      if (h1) holdsH1[a] = 1;
    }
  });
  const ofKind = [...kind.keys()].filter((i) => (kind[i] ?? 0) >= 0.6);
  const areaOf = (i: number): number => views[i]?.area ?? 0;
  const largest = ofKind.length === 0 ? -1 : ofKind.reduce((a, b) => (areaOf(b) > areaOf(a) ? b : a));
  const smallest = ofKind.length === 0 ? -1 : ofKind.reduce((a, b) => (areaOf(b) < areaOf(a) ? b : a));

  const askedChrome = kinds.some((k) => CHROME_KINDS.has(k.kind.id));
  const askedContent = kinds.some((k) => CONTENT_KINDS.has(k.kind.id));
  const within = (v: ElementView, roles: Set<string>, tags: string[]): number =>
    v.ancestors.some((a) => {
      const up = views[a];
      return up !== undefined && ((up.role !== null && roles.has(up.role)) || tags.includes(up.tag));
    })
      ? 1
      : 0;

  // "at the top", "at the end of the post": where on the page the described thing is.
  // (The modifiers "top", "upper", "bottom", "lower" are among the terms.)
  const said = new Set([...query.terms, ...query.contextTerms].map((t) => t.word));
  const wantTop = ['top', 'upper', 'beginning', 'start'].some((w) => said.has(w)) ? 1 : 0;
  const wantBottom = ['bottom', 'lower', 'end', 'foot'].some((w) => said.has(w)) ? 1 : 0;
  const lastKind = kindOrder.at(-1) ?? -1;

  // The page's own title: how much of an element's text is in the document's <title>, and the
  // heading that is the title (bylines, dates and share bars sit just below it, kickers above).
  const titled = new Set(words(`${map.title} ${map.about?.headline ?? ''}`));
  const titleMatch = views.map((v) => {
    if (titled.size === 0 || v.element.text.length > 200) return 0;
    const own = words(v.element.text || v.element.name);
    const overlap = countIn(own, titled);
    return own.length > 0 && overlap >= Math.min(2, own.length) ? overlap / own.length : 0;
  });
  const headingAsked = kinds.some((k) => k.kind.id === 'heading' && k.strength >= 0.8);
  let titleIndex = -1;
  views.forEach((v, i) => {
    if (v.role !== 'heading' || (titleMatch[i] ?? 0) < 0.5) return;
    const better =
      titleIndex < 0 ||
      (v.element.level ?? 9) < (views[titleIndex]?.element.level ?? 9) ||
      ((v.element.level ?? 9) === (views[titleIndex]?.element.level ?? 9) &&
        (titleMatch[i] ?? 0) > (titleMatch[titleIndex] ?? 0));
    if (better) titleIndex = i;
  });
  const titleBox = views[titleIndex]?.element.box ?? null;

  // Who the page says wrote it and when it says it was published (its metadata): the elements that
  // show that name or that date.
  const mentioned = new Set([...kinds, ...query.contextKinds].map((k) => k.kind.id));
  const authorNames = writersOf(map.about?.authors)
    .map((a) => words(a))
    .filter((w) => w.length > 0);
  // How much of each name the element shows, and how much of the element is a name.
  const authorMatch = new Array<number>(n).fill(0);
  const authorShare = new Array<number>(n).fill(0);
  const nameWords = new Set(authorNames.flat());
  if (authorNames.length > 0)
    views.forEach((v, i) => {
      if (v.element.text.length >= 200) return;
      const own = words(v.element.text || v.element.name);
      const set = new Set(own);
      authorMatch[i] = Math.max(
        0,
        ...authorNames.map((name) => name.filter((w) => set.has(w)).length / name.length),
      );
      authorShare[i] = own.length === 0 ? 0 : countIn(own, nameWords) / own.length;
    });
  const published = dateWords(map.about?.published ?? null);
  const publishedMatch = views.map((v) => {
    if (!published || v.element.text.length > 120) return 0;
    const own = new Set(v.element.text.toLowerCase().split(/[^a-z0-9]+/));
    const year = own.has(published.year) || own.has(published.year.slice(2)) ? 1 : 0;
    const day = own.has(published.day) || own.has(published.day.padStart(2, '0')) ? 1 : 0;
    const month = published.month.some((m) => own.has(m)) ? 1 : 0;
    return (year + day + month) / 3;
  });

  const termWords = query.terms.filter((t) => t.weight >= 1).map((t) => t.word);
  const hit = (set: Set<string>): number =>
    termWords.length === 0 ? 0 : termWords.filter((w) => set.has(w)).length / termWords.length;

  return views.map((v, i) => {
    const row = new Float64Array(FEATURES.length);
    const set = (name: FeatureName, value: number): void => {
      row[INDEX.get(name) ?? 0] = Number.isFinite(value) ? value : 0;
    };
    const box = v.element.box;
    const h = hand[i] ?? 0;
    const area = Math.max(1, box.width * box.height);
    const logArea = Math.max(-8, Math.min(4, Math.log(area / (vw * vh))));
    let aboveHand = 0;
    let aboveCover = 0;
    let aboveKind = 0;
    for (const a of v.ancestors) {
      aboveHand = Math.max(aboveHand, hand[a] ?? 0);
      aboveCover = Math.max(aboveCover, coverage[a] ?? 0);
      aboveKind = Math.max(aboveKind, kind[a] ?? 0);
    }
    set('bias', 1);
    set('hand', h);
    set('handRel', h - maxHand);
    set('handRank', Math.log1p(rank[i] ?? n));
    set('handTop', rank[i] === 0 ? 1 : 0);
    set('coverage', coverage[i] ?? 0);
    set('content', contentCoverage[i] ?? 0);
    set('noContent', content.length === 0 ? 1 : 0);
    set('kind', kind[i] ?? 0);
    set('noKind', hasKind ? 0 : 1);
    set('kindContainer', containerKind ? (kind[i] ?? 0) : 0);
    set('kindAncestor', aboveKind);
    set('kindDescendant', below.kind[i] ?? 0);
    set('kindChildren', Math.log1p(kindChildren[i] ?? 0));
    set('context', context ? (ctx[i] ?? 0) : 0);
    set('handAbove', aboveHand - h);
    set('handBelow', (below.hand[i] ?? 0) - h);
    set('coverAbove', aboveCover - (coverage[i] ?? 0));
    set('coverBelow', (below.cover[i] ?? 0) - (coverage[i] ?? 0));
    set('logArea', logArea);
    set('logAreaContainer', containerKind ? logArea : 0);
    set('logAreaSmall', smallKind ? logArea : 0);
    set('tallSmall', smallKind && box.height > 2 * vh ? 1 : 0);
    set('top', Math.min(1, box.y / docH));
    set('aboveFold', box.y < vh ? 1 : 0);
    set('logHeight', Math.max(-5, Math.min(4, Math.log(Math.max(1, box.height) / vh))));
    set('width', Math.min(1, box.width / vw));
    set('wide', box.width >= 0.9 * vw ? 1 : 0);
    set('left', box.x + box.width <= 0.4 * vw ? 1 : 0);
    set('right', box.x >= 0.6 * vw ? 1 : 0);
    set('depth', Math.min(30, v.ancestors.length) / 10);
    set('logChildren', Math.log1p(v.children));
    set('logText', Math.log1p(v.element.text.length) / 5);
    set('hasId', v.element.attributes.id ? 1 : 0);
    set('named', v.element.name ? 1 : 0);
    set('labelHit', hit(v.labels));
    set('hintHit', hit(v.hints));
    set('textHit', hit(v.textSet));
    set('ownKindHint', hasKind && kinds.some((k) => v.hints.has(k.word)) ? 1 : 0);
    set('firstOfKind', kindRank.get(i) === 0 ? 1 : 0);
    set('kindRank', kindRank.has(i) ? Math.log1p(kindRank.get(i) ?? 0) : 0);
    set('paraShare', totalParas === 0 ? 0 : (paras[i] ?? 0) / totalParas);
    set('logDescendants', Math.log1p(descendants[i] ?? 0) / 3);
    set('holdsH1', holdsH1[i] ?? 0);
    set('largestOfKind', i === largest ? 1 : 0);
    set('smallestOfKind', i === smallest ? 1 : 0);
    const parentBox = v.element.parent === null ? null : views[v.element.parent]?.element.box;
    set(
      'sameBoxAsParent',
      parentBox && Math.abs(parentBox.width - box.width) + Math.abs(parentBox.height - box.height) < 4
        ? 1
        : 0,
    );
    const inMain = within(v, MAIN_ROLES, ['main', 'article']);
    const inChrome = within(v, CHROME_ROLES, CHROME_TAGS);
    set('inMain', inMain);
    set('inChrome', inChrome);
    set('chromeAskedInChrome', askedChrome ? inChrome : 0);
    set('contentAskedInMain', askedContent ? inMain : 0);
    set('contentAskedInChrome', askedContent ? inChrome : 0);
    const own = kind[i] ?? 0;
    const outermost = own >= 0.6 && aboveKind < 0.6 ? 1 : 0;
    const innermost = own >= 0.6 && (below.kind[i] ?? 0) < 0.6 ? 1 : 0;
    set('kindGain', own - aboveKind);
    set('outermostOfKind', outermost);
    set('innermostOfKind', innermost);
    set('outermostContainer', containerKind ? outermost : 0);
    set('innermostSmall', smallKind ? innermost : 0);
    set('handChoice', i === handChoice ? 1 : 0);
    set('handFamily', takenForAt(views, handChoice, v) ? 1 : 0);
    set('evident', i === evident ? 1 : 0);
    set('evidentFamily', takenForAt(views, evident, v) ? 1 : 0);
    set('plural', query.plural ? 1 : 0);
    set('pluralChildren', query.plural ? Math.log1p(v.children) : 0);
    const pos = Math.min(1, box.y / docH);
    set('topWantedPos', wantTop ? pos : 0);
    set('bottomWantedPos', wantBottom ? pos : 0);
    set('topWantedFirstOfKind', wantTop && kindRank.get(i) === 0 ? 1 : 0);
    set('bottomWantedLastOfKind', wantBottom && i === lastKind ? 1 : 0);
    set('lastOfKind', i === lastKind && kindOrder.length > 1 ? 1 : 0);
    set('titleMatch', titleMatch[i] ?? 0);
    set('titleMatchAsked', headingAsked ? (titleMatch[i] ?? 0) : 0);
    set('isTitle', i === titleIndex ? 1 : 0);
    set('isTitleAsked', headingAsked && i === titleIndex ? 1 : 0);
    if (
      titleBox &&
      !wantBottom &&
      (smallKind || askedContent) &&
      i !== titleIndex &&
      !(views[titleIndex]?.ancestors ?? []).includes(i)
    ) {
      const below = box.y - (titleBox.y + titleBox.height);
      const above = titleBox.y - (box.y + box.height);
      set('nearTitle', below >= -8 && below <= 600 ? 1 - Math.max(0, below) / 600 : 0);
      set('aboveTitle', above >= -8 && above <= 300 ? 1 - Math.max(0, above) / 300 : 0);
    }
    const selfChrome = (v.role !== null && CHROME_ROLES.has(v.role)) || CHROME_TAGS.includes(v.tag) ? 1 : 0;
    set('chromeAskedIsChrome', askedChrome ? selfChrome : 0);
    set('contentAskedIsChrome', askedContent ? selfChrome : 0);
    set('authorMatch', authorMatch[i] ?? 0);
    set('authorMatchAsked', mentioned.has('byline') ? (authorMatch[i] ?? 0) : 0);
    set('publishedMatch', publishedMatch[i] ?? 0);
    set('publishedMatchAsked', mentioned.has('date') ? (publishedMatch[i] ?? 0) : 0);
    const askedAuthor = mentioned.has('byline');
    const askedDate = mentioned.has('date') || said.has('when');
    set('authorShareAsked', askedAuthor && !askedDate ? (authorShare[i] ?? 0) : 0);
    set(
      'authorAndDateAsked',
      askedAuthor && askedDate ? (authorMatch[i] ?? 0) * (publishedMatch[i] ?? 0) : 0,
    );
    set(`tag:${tagOf(v.tag)}` as FeatureName, 1);
    set(`role:${roleOf(v.role)}` as FeatureName, 1);
    return row;
  });
}
