import type { ElementMap, LocateAnswer, LocateCandidate } from '../../ports/element-locator.js';
import type { ElementView, Kind, KindRequest } from './kinds.js';
import {
  hasDescendant,
  heldCount,
  KINDS,
  kindsOf,
  longParagraph,
  OTHER_STORIES_HINTS,
  STRUCK_HINTS,
  struckThrough,
  takenFor,
  viewsOf,
} from './kinds.js';
import {
  blankParentheses,
  FINE_PRINT,
  isCredit,
  sameOrPrefix,
  saysOnlyWhen,
  showsSomeDay,
  showsSomeTime,
  synonymsOf,
  titleCased,
  words,
} from './text.js';

/**
 * The hand-written matcher: ranks the page's element map against the words of the description —
 * the element's accessible name, alt and aria attributes, text, id and class, link target and its
 * ancestors — and against the kind of element the description names, with rules for what people
 * mean (the innermost of equals, the section a heading names, the form around a search field, the
 * n-th of a group). The learned ranker (ranker.ts) builds on its signals.
 */

/** A word of the description to look for, with its weight. */
interface Term {
  word: string;
  weight: number;
  /** A word that names a kind of element (matched through the kind, not only as a word). */
  kindWord: boolean;
}

/**
 * True for a word that says what the thing shows ("pricing", "Cape Orran"): neither a kind word
 * nor a modifier, which {@link parseDescription} weighs below 1.
 */
export const contentWord = (t: Term): boolean => !t.kindWord && t.weight >= 1;

export interface Query {
  /** The kind the description's head noun names (its last kind word); empty when none. */
  kinds: KindRequest[];
  /** Kinds named earlier in the description: the element or an ancestor should be of them ("article title"). */
  contextKinds: KindRequest[];
  terms: Term[];
  /** Words after "in the", "of the", "at the", …: the element or an ancestor should match them. */
  contextTerms: Term[];
  /**
   * Words of `contextTerms` that say what the thing holds, not where it is: after "with",
   * "showing", … in the place's part ("the photo at the top of the story with its caption and
   * credit"). Absent when none.
   */
  heldTerms?: ReadonlySet<string>;
  /**
   * The description says "who", "whom" or a verb and "by" ("written by"): its verbs ask for a
   * person ("who asked", "reported by"; not "when the question was asked").
   */
  who?: boolean;
  modifiers: Set<string>;
  /** "first" → 0, "second" → 1, "third" → 2, "last" → -1; null when none. */
  ordinal: number | null;
  /** The last word is plural ("the thumbnails"): a group of like elements is meant. */
  plural: boolean;
  /**
   * Where the description puts the thing: at the top or the end of the page ("at the top", "at the
   * end", "bottom of the page"), or of something in it (`page` false: "at the end of the story");
   * null when it does not.
   */
  place: { at: 'top' | 'bottom'; page: boolean } | null;
  /** The side of the page the description puts the thing on ("on the right", "the left sidebar", "at the top right"); null when none. */
  side?: 'left' | 'right' | null;
}

// "at the top", "near the end of the story", "bottom of the page" (not "in the top comment"). The
// top or end of the page itself, or of something in it (a story may end mid-page).
// A corner is a top or a bottom too: "at the top right".
const AT_TOP =
  /\b(?:at|near|on|in|towards?)\s+the\s+(?:very\s+)?(?:top|start|beginning)(?:\s+(?:right|left)(?:\s+corner)?)?(?=\s+of\b|\s*$|\s*[,.;)])/;
const AT_BOTTOM =
  /\b(?:at|near|on|in|towards?)\s+the\s+(?:very\s+)?(?:bottom|end|foot)(?:\s+(?:right|left)(?:\s+corner)?)?(?=\s+of\b|\s*$|\s*[,.;)])|\bbottom of the\b/;
/** "on the right", "at the top left", "the right-hand sidebar", "in the left column": a side of the page. */
// Not a place beside something ("to the right of the logo", "at the bottom right of the comment"),
// nor a politics word or a right ("on the right-wing protests", "on the right to repair", "in the right order").
const ON_SIDE =
  /\b(?:on|at|to|in|along)\s+the\s+(?:very\s+|far\s+)?(?:(?:top|bottom)\s+)?(right|left)\b(?!-|\s+(?:to|order|wing(?:er)?s?)\b|\s+of\s+(?!the\s+(?:page|screen|window)\b))|\b(right|left)[- ](?:hand\s+)?(?:side|column|rail|sidebar)\b/;
const OF_SOMETHING =
  /\b(?:top|start|beginning|bottom|end|foot)(?:\s+(?:right|left)(?:\s+corner)?)? of the (?!page\b)/;

/** "who", "whom", or a verb and "by": the description asks for a person ("who wrote it", "written by and when"). */
const WHO_ASKED =
  /\bwho(?:m)?\b|\b(?:written|wrote|reported|posted|authored|created|made|started|asked|opened|submitted)\s+by\b/;

/** "last updated", "last modified on", "was last edited". */
const LAST_CHANGED = /\blast\s+(?:updat|modifi|edit|chang|revis)/;
/** "first" saying when rather than which one: "when it was first published", "the day the story first appeared". */
const FIRST_WHEN =
  /\b(?:was|were|is|are|been|be)\s+first\b|\bfirst\s+(?:published|posted|appeared|written|released|seen|added|created|launched|aired|announced|shown|went|came)\b/;

const MODIFIERS = new Set([
  'main',
  'primary',
  'big',
  'biggest',
  'large',
  'largest',
  'top',
  'upper',
  'bottom',
  'lower',
  'first',
  'second',
  'third',
  'last',
  'small',
  'smallest',
]);
const ORDINALS: Record<string, number> = { first: 0, second: 1, third: 2, last: -1 };
const LOCATION =
  /\b(?:in|inside|within|at|on|of|under|near|below|beneath|above|beside|next to)\s+(?:the|a|an|this|our|my)\b/;
/**
 * "After" and "before" written in lower case, unquoted: they say where when a kind of thing or a part
 * of the page ({@link PAGE_PLACES}) follows within three words ("the box after the post", "the text
 * right after the logo", "the comments after the question", "the list after the Ingredients
 * heading") — not "the After the Storm heading", "the price after the discount", "the countdown
 * before the launch".
 */
const AFTER_OR_BEFORE = /\b(?:after|before)\s+(?:the|a|an|this|our|my)\b/g;

/** Parts of a page that are no kind of element but say where: "the comments after the question". */
const PAGE_PLACES = new Set(
  words(
    'post article story comments footer header headline title byline image photo picture video table list form section ' +
      'content text body intro introduction paragraph heading summary abstract page review answer question recipe ' +
      'ingredients instructions steps code example',
  ),
);

/** `text` with what it quotes blanked, each character a space. */
function blankQuotes(text: string): string {
  return text.replace(/"[^"]*"|“[^”]*”|'[^']{3,}'/g, (m) => ' '.repeat(m.length));
}

/** The first "after the …" or "before the …" of `cased` that a kind of thing follows ({@link AFTER_OR_BEFORE}); null when none. */
function afterOrBefore(cased: string): RegExpExecArray | null {
  for (const found of cased.matchAll(AFTER_OR_BEFORE)) {
    const next = cased.slice((found.index ?? 0) + found[0].length).split(/[,;.()]/)[0] ?? '';
    if (
      words(next.toLowerCase())
        .slice(0, 3)
        .some((w) => kindsOf(w).length > 0 || PAGE_PLACES.has(w))
    )
      return found;
  }
  return null;
}

/**
 * Where the description begins to say where the thing is ({@link LOCATION}, {@link afterOrBefore});
 * null when it does not. A place word written with a capital after the first word, its next word
 * capitalised too, is part of a name, not a place: "the At a Glance table", "the In the Loop box" —
 * unless the description capitalises most of its words ("The Search Box In The Header").
 */
function locationIn(masked: string, cased: string): RegExpExecArray | null {
  const places = new RegExp(LOCATION.source, 'g');
  const named = (at: RegExpExecArray): boolean =>
    at.index > 0 &&
    !titleCased(cased) &&
    /^[A-Z]/.test(cased.slice(at.index)) &&
    /^\s*[A-Z0-9]/.test(cased.slice(at.index + at[0].length));
  let at: RegExpExecArray | null;
  while ((at = places.exec(masked)) !== null && named(at));
  const order = afterOrBefore(cased);
  if (at === null || at.index === 0) return order ?? at;
  return order !== null && order.index > 0 && order.index < at.index ? order : at;
}

/**
 * A clause that says what the described thing holds or shows — "the sidebar with Navigation and
 * Tools", "the price shown with the add to basket button", "the query that computes the average":
 * its words are the thing's content, and its kind words do not name what is asked for.
 */
const HOLDING =
  /\s(?:(?:shown|listed|together)\s+)?(?:with|containing|showing|listing|holding|having|that|which)\s/;

/**
 * A page's table of contents said the way wikis and docs label it: "the contents", "the contents
 * box", "the page contents", "the 'On this page' list" (not "the file contents", "the contents of
 * the cart": those are what a thing holds).
 */
const CONTENTS =
  /^(?:the\s+)?(?:(?:page|book|article|document|guide|chapter|wiki)(?:'s)?\s+)?contents(?:\s+(?:box|list|panel|menu|sidebar|section|block|navigation|nav|pane))?\s*$|["“']on this page["”']|^(?:the\s+)?on this page(?:\s+(?:box|list|panel|menu|sidebar|section|links|navigation|nav))?\s*$/;

/**
 * Questions that name what they ask for without a kind word: "who wrote the article (and when)" asks
 * for the byline, "when was this published" and "how long ago it was posted" for the date, "how
 * much is the car" for the price — whatever other kind words they hold.
 */
function intentOf(lower: string): KindRequest[] | null {
  if (CONTENTS.test(lower)) return kindsOf('toc');
  if (/\bwho\s+(?:wrote|writes|posted|asked|started|edited|authored|created|published)\b/.test(lower))
    return kindsOf('byline');
  if (/^(?:the\s+)?(?:when|date)\b|\bwhen\s+(?:was|were|is|did)\b|^how\s+(?:long\s+ago|old)\b/.test(lower))
    return kindsOf('date');
  // "How much is the car", "how much does it cost", "how much the recipe costs" — not "how much
  // sugar", nor "how much does it weigh": with a verb, one of paying.
  const howMuch =
    /^(?:and\s+)?how\s+much\s+(is|are|was|does|do|did|will|would|it|they|this|that|these|the|for)\b/.exec(
      lower,
    );
  if (
    howMuch &&
    (/^(?:is|are|was|for)$/.test(howMuch[1] ?? '') ||
      /\b(?:cost|costs|charge|charges|sell|sells|pay)\b/.test(lower))
  )
    return kindsOf('price');
  return null;
}

/** Head nouns that only say "a part of the page": the kind named before them is the one meant. */
const GENERIC_HEADS = new Set([
  'section',
  'area',
  'box',
  'block',
  'part',
  'panel',
  'module',
  'widget',
  'container',
  'region',
]);

/** Kinds of the things a box of related things lists ("related articles", "similar videos", "related links"). */
const RELATED_MEMBERS = new Set(['article', 'link', 'list', 'image', 'video']);

/** Members of a group: named in the plural after a kind that holds them, the group is meant. */
const MEMBER_HEADS = new Set(['button', 'link', 'icon']);

/**
 * The kind word that says what is asked for: the last one, unless it is a generic part ("the
 * comments section", "the list of site sections") or a person's name ("the reporter's name") after
 * a word that clearly names a kind — then that word.
 */
function headOf(kindWords: readonly string[], plural: boolean): string | undefined {
  const last = kindWords.at(-1);
  if (last === undefined || kindWords.length < 2) return last;
  const strong = kindWords
    .slice(0, -1)
    .reverse()
    .find((w) => kindsOf(w).some((k) => k.strength >= 0.8));
  if (strong === undefined) return last;
  if (GENERIC_HEADS.has(last)) return strong;
  // "the share buttons", "the social links": the group that holds them.
  if (plural && MEMBER_HEADS.has(last) && kindsOf(strong).some((k) => k.kind.container)) return strong;
  if (last === 'name' && kindsOf(strong).some((k) => k.kind.id === 'byline')) return strong;
  // "the related articles", "similar posts", "the related article link": the box of them — not "the
  // related posts heading", "the recommended plan card", "the Similar items button".
  const related = kindWords.slice(0, -1).find((w) => kindsOf(w).some((k) => k.kind.id === 'related'));
  const member = kindsOf(last).some((k) => RELATED_MEMBERS.has(k.kind.id));
  return related !== undefined && member ? related : last;
}

/**
 * The words of a kind of thing that the head names as the owner of what is asked, when what follows
 * it names no kind ("the post's vote count": a count, on the post — not the post); empty otherwise
 * ("the reporter's name", "the article's headline": their kind words still say what is meant).
 */
function possessor(head: string): string[] {
  const owned = /(?:^|\s)([a-z]+)['’]s\s+([a-z][a-z -]*)$/.exec(head.trim());
  if (!owned) return [];
  const rest = words(owned[2] ?? '').filter((w) => !MODIFIERS.has(w));
  return rest.length > 0 && rest.every((w) => kindsOf(w).length === 0) ? words(owned[1] ?? '') : [];
}

/** Splits a description into what to find and where. */
export function parseDescription(description: string): Query {
  const lower = description.toLowerCase();
  // What a parenthesis lists ("the menu (Home, News in the world, About)") says neither where the
  // thing is nor what it holds, nor (below) its kind: blanked where those are read.
  const masked = blankParentheses(lower);
  const at = locationIn(masked, blankQuotes(blankParentheses(description)));
  const targetText = at && at.index > 0 ? lower.slice(0, at.index) : lower;
  const contextText = at && at.index > 0 ? lower.slice(at.index + at[0].length) : '';
  const heldAt = HOLDING.exec(masked.slice(lower.length - contextText.length));
  const heldTerms = heldAt ? new Set(words(contextText.slice(heldAt.index))) : undefined;
  const modifiers = new Set<string>();
  const notModifier = (w: string): boolean => {
    if (!MODIFIERS.has(w)) return true;
    modifiers.add(w);
    return false;
  };
  const target = words(targetText).filter(notModifier);
  const context = words(contextText).filter(notModifier);
  const holding = HOLDING.exec(masked.slice(0, targetText.length));
  const headText = holding && holding.index > 0 ? targetText.slice(0, holding.index) : targetText;
  // "the Tools links (What links here, Related changes…)" asks for links.
  const headWords = masked.slice(0, headText.length);
  const owner = possessor(headWords);
  const kindWords = words(headWords).filter(
    (w) => !MODIFIERS.has(w) && kindsOf(w).length > 0 && !owner.includes(w),
  );
  const named = new Set(kindWords);
  // The head's words as written: stemming drops the plural ("buttons" is "button").
  const raw = words(headWords, { stem: false }).filter((w) => !MODIFIERS.has(w));
  const last = raw.at(-1) ?? '';
  const kindWordsRaw = raw.filter((w) => kindsOf(w).length > 0);
  const head = headOf(kindWords, isPlural(kindWordsRaw.at(-1) ?? ''));
  const strongKind = (w: string): boolean =>
    w === head || (named.has(w) && kindsOf(w).some((k) => k.strength >= 0.8));
  const terms: Term[] = target.map((word) => ({
    word,
    // The head weighs half (its kind is matched on its own); a generic word it replaced, less.
    weight: word === head ? 0.5 : word === kindWords.at(-1) ? 0.3 : 1,
    kindWord: strongKind(word),
  }));
  for (const word of modifiers) terms.push({ word, weight: 0.3, kindWord: false });
  // Earlier kind words that clearly name a kind ("article title", "breadcrumb navigation") say where to look.
  const earlier = kindWords
    .slice(0, -1)
    .flatMap((w) => kindsOf(w))
    .filter((k) => k.strength >= 0.8);
  const contextKinds = [
    ...earlier,
    ...owner.flatMap((w) => kindsOf(w)),
    ...context.flatMap((w) => kindsOf(w)),
  ];
  // "last" in "when the page was last edited" says when, not which one.
  const lastChanged = LAST_CHANGED.test(lower);
  const ordinal = [...modifiers]
    .filter((m) => !(m === 'last' && lastChanged) && !(m === 'first' && FIRST_WHEN.test(lower)))
    .map((m) => ORDINALS[m])
    .find((n) => n !== undefined);
  return {
    kinds: intentOf(lower) ?? (head ? kindsOf(head) : []),
    contextKinds,
    terms,
    contextTerms: context
      .filter((w) => kindsOf(w).length === 0)
      .map((word) => ({ word, weight: 1, kindWord: false })),
    ...(heldTerms ? { heldTerms } : {}),
    ...(WHO_ASKED.test(lower) ? { who: true } : {}),
    modifiers,
    ordinal: ordinal ?? null,
    // "the share buttons" is one share bar, not a group of them.
    plural:
      isPlural(kindWordsRaw.at(-1) ?? last) &&
      !(head !== kindWords.at(-1) && MEMBER_HEADS.has(kindWords.at(-1) ?? '')),
    place:
      AT_TOP.test(lower) === AT_BOTTOM.test(lower)
        ? null
        : { at: AT_TOP.test(lower) ? 'top' : 'bottom', page: !OF_SOMETHING.test(lower) },
    side: sideOf(masked),
  };
}

/** The side of the page `lower` puts the thing on ({@link ON_SIDE}), when it says one. */
function sideOf(lower: string): 'left' | 'right' | null {
  const said = ON_SIDE.exec(lower);
  const side = said?.[1] ?? said?.[2];
  return side === 'left' || side === 'right' ? side : null;
}

export interface Scored {
  view: ElementView;
  score: number;
}

const isPlural = (word: string): boolean => word.length > 3 && word.endsWith('s') && words(word)[0] !== word;

/** Every element of `map` with its score for `description`, best first. */
export function rankElements(
  description: string,
  map: ElementMap,
): { query: Query; ranked: Scored[]; scorer: Scorer; views: ElementView[] } {
  const query = parseDescription(description);
  const views = viewsOf(map.elements);
  const scorer = new Scorer(query, views, map.documentHeight);
  const ranked = views
    .map((view) => ({ view, score: scorer.score(view) }))
    .sort((a, b) => b.score - a.score || a.view.index - b.view.index);
  return { query, ranked, scorer, views };
}

/** The hand-written matcher's answer, with what the learned ranker builds on. */
export interface HandAnswer {
  answer: LocateAnswer;
  query: Query;
  views: readonly ElementView[];
  scorer: Scorer;
  /** Index in the map of the element it chose; -1 when none. */
  index: number;
}

/** The hand-written matcher alone: the best element by its rules, with its own confidence. */
export function locateByHand(description: string, map: ElementMap): HandAnswer {
  const { query, ranked, scorer, views } = rankElements(description, map);
  const base = { query, views, scorer, index: -1 };
  const top = ranked[0];
  if (query.terms.length === 0 && query.kinds.length === 0) {
    const problem = 'nothing in the description to match';
    return { ...base, answer: { selector: null, confidence: 0, raw: null, problem } };
  }
  if (!top) {
    const problem = 'the page shows no element to match';
    return { ...base, answer: { selector: null, confidence: 0, raw: null, problem } };
  }
  if (top.score <= 0) return { ...base, answer: { selector: null, confidence: 0, raw: null } };
  let chosen = innermost(ranked, top);
  chosen = sectionOfHeading(ranked, chosen, query) ?? chosen;
  chosen = searchBoxOf(ranked, chosen, query) ?? chosen;
  const grouped = memberOfGroup(ranked, chosen, query);
  if (grouped) chosen = grouped.chosen;
  const rivalScore = rival(ranked, top, grouped?.group ?? []);
  const confidence = doubtful(query, chosen.view, map)
    ? Math.min(DOUBT_CAP, calibrate(top.score, rivalScore, scorer.contentCoverage(top.view)))
    : calibrate(top.score, rivalScore, scorer.contentCoverage(top.view));
  const selector = chosen.view.element.selector;
  return {
    ...base,
    index: chosen.view.index,
    answer: { selector, confidence, raw: selector, candidates: candidatesOf(ranked, chosen, confidence) },
  };
}

/**
 * The chosen element with the answer's `confidence`, then the next two best elements with their
 * fit, never above it, none of them one a user would take for an element before it ({@link takenFor};
 * a wrapper or an inside of another size may follow).
 */
function candidatesOf(ranked: readonly Scored[], chosen: Scored, confidence: number): LocateCandidate[] {
  const picked: Scored[] = [chosen];
  for (const s of ranked) {
    if (picked.length === 3 || s.score <= 0) break;
    if (picked.some((p) => p === s || takenFor(p.view, s.view))) continue;
    picked.push(s);
  }
  const round = (x: number): number => Math.round(Math.min(1, Math.max(0, x)) * 100) / 100;
  const fit = (s: Scored): number =>
    s === chosen ? round(confidence) : Math.min(round(confidence), round(s.score));
  return picked.map((s) => ({ selector: s.view.element.selector, score: fit(s) }));
}

const isInside = (inner: ElementView, outer: ElementView): boolean => inner.ancestors.includes(outer.index);

/** The best score among elements that are not the winner, inside it or around it, nor in its `group`. */
function rival(ranked: readonly Scored[], best: Scored, group: readonly Scored[]): number {
  let top = 0;
  for (const other of ranked) {
    if (other === best || isInside(other.view, best.view) || isInside(best.view, other.view)) continue;
    if (group.some((g) => g === other || isInside(other.view, g.view) || isInside(g.view, other.view)))
      continue;
    top = Math.max(top, other.score);
  }
  return top;
}

/**
 * Confidence from the winner's score, its lead over the best unrelated rival (capped at 0.2), and
 * how much of the description's distinctive words (not kind words) it explains — a form that is
 * not the asked-for login form explains "form" but not "login". Two elements that fit alike (no
 * lead) stay below 0.6 however well they fit; the matcher never claims more than 0.85. The
 * weights were fitted on the evaluation set of test/integration/locator (75 descriptions on five
 * pages): there, every answer at or above 0.6 pointed at the right element, and descriptions of
 * things the page does not have stayed below it.
 */
function calibrate(score: number, rivalScore: number, contentCoverage: number | null): number {
  const lead = Math.min(0.2, Math.max(0, score - rivalScore));
  const explained = contentCoverage === null ? 1 : Math.min(1, 0.3 + 0.875 * contentCoverage);
  const confidence = (0.55 * score + 1.5 * lead) * explained;
  return Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100;
}

/** A single control: never what a description of a form means ("the newsletter signup form" → its "Sign up" button). */
const CONTROLS = new Set(['button', 'input', 'select', 'textarea']);

/** The highest confidence of an answer whose size or nature does not fit what was asked. */
export const DOUBT_CAP = 0.55;

/**
 * True when the chosen element cannot be what the description asks for by its size or nature, so
 * the capture must not crop to it however well its words match. Measured on the `tune` pages of
 * bench/describe, where most wrong crops were of these shapes: a heading or a link for a thing that
 * holds others ("the table of contents" → one of its links, "the newsletter signup form" → its
 * "Sign up" button, "nutrition information" →
 * the section's heading, "the shop by department menu" → the menu's title), or a block of more
 * than two screens for a small thing ("published and updated dates" → the whole post); or in the
 * half of the page the description does not place it in.
 */
export function doubtful(query: Query, chosen: ElementView, map: ElementMap): boolean {
  if (wrongPlace(query, chosen, map)) return true;
  if (undated(query, chosen)) return true;
  if (nameless(query, chosen)) return true;
  if (smallForAPhoto(query, chosen)) return true;
  if (logoForAPhoto(query, chosen, map)) return true;
  if (pictureForTags(query, chosen)) return true;
  if (pictureForAnAmount(query, chosen)) return true;
  if (storyFooter(query, chosen, map)) return true;
  if (tallForAShareBar(query, chosen, map)) return true;
  if (slightForComments(query, chosen)) return true;
  if (othersForComments(query, chosen)) return true;
  if (commentsForNavigation(query, chosen)) return true;
  if (othersForPagination(query, chosen)) return true;
  if (nameForABio(query, chosen)) return true;
  if (slightForABox(query, chosen)) return true;
  if (slightForAPost(query, chosen)) return true;
  if (emptyForAHeading(query, chosen)) return true;
  if (longForADate(query, chosen)) return true;
  if (dayForASubheadline(query, chosen)) return true;
  if (accountsForNavigation(query, chosen)) return true;
  if (wordsForARating(query, chosen)) return true;
  if (elsewhereForBackToTop(query, chosen)) return true;
  if (fieldForCode(query, chosen, map)) return true;
  if (fieldForAnAddress(query, chosen)) return true;
  if (linkForASearch(query, chosen)) return true;
  if (wordsForACount(query, chosen)) return true;
  if (emptyForWords(query, chosen)) return true;
  if (embedForAQuote(query, chosen)) return true;
  if (slitForABox(query, chosen)) return true;
  if (wordsForAPrice(query, chosen)) return true;
  if (noConsentForABanner(query, chosen)) return true;
  if (bareForACopyright(query, chosen)) return true;
  if (promptForADescription(query, chosen)) return true;
  if (commentsForANewsletter(query, chosen)) return true;
  if (wordsForACart(query, chosen)) return true;
  if (noDiscountInIt(query, chosen)) return true;
  const asked = query.kinds.map((k) => k.kind);
  // A heading is no search box ("the product search box" → the "Search" heading above the form).
  if (chosen.role === 'heading' && asked.some((kind) => kind.id === 'search')) return true;
  // A search form is no form for something else ("the newsletter signup form": not "Search for:").
  const searched = [...query.terms, ...query.contextTerms].some(
    (t) => t.word === 'search' || t.word === 'find',
  );
  const forSomethingElse = !searched && query.terms.some((t) => !t.kindWord);
  const searchForm = chosen.role === 'search' || (chosen.tag === 'form' && chosen.hints.has('search'));
  if (
    searchForm &&
    forSomethingElse &&
    asked.some((kind) => kind.id === 'form') &&
    !asked.some((kind) => kind.id === 'search')
  )
    return true;
  if (asked.some((kind) => kind.id === 'heading' || kind.id === 'link')) return false;
  const box = chosen.element.box;
  const small = asked.length > 0 && asked.every((kind) => !kind.container);
  if (small) return box.height > 2 * map.viewport.height;
  if (CONTROLS.has(chosen.tag)) return asked.some((kind) => kind.id === 'form');
  // A picture is no box of things ("the recipe card": not the card's 90 px icon), unless a hero
  // or gallery is asked, or what a word names only in part ("the promo banner", "the dinner menu").
  const picture = isPicture(chosen);
  const boxes = query.kinds.filter((k) => k.strength >= 0.8).map((k) => k.kind);
  if (picture && boxes.length > 0 && boxes.every((kind) => kind.container && !PICTURE_BOXES.has(kind.id)))
    return true;
  const namesOnly = chosen.role === 'heading' || chosen.tag === 'a';
  return namesOnly && (asked.length === 0 || asked.some((kind) => kind.container));
}

/**
 * True when the description asks who wrote it and when ("the byline with the author and date",
 * "who wrote it and when") and the element, whose whole text the map holds, shows no day — the
 * author's name alone — or only the day.
 */
function undated(query: Query, chosen: ElementView): boolean {
  const byline = query.kinds.some((k) => k.kind.id === 'byline' && k.strength >= 0.8);
  const when =
    query.kinds.some((k) => k.kind.id === 'date' && k.strength >= 0.8) ||
    query.terms.some((t) => ['when', 'date'].includes(t.word)) ||
    timeAsked(query);
  const text = chosen.element.text;
  if (!byline || !when || text.endsWith('…')) return false;
  // Nor the day alone ("Updated Jul 24, 2018, 2:15pm EDT", "25. OKTOBER 2023"): who is asked too.
  const dayAlone = (showsSomeDay(text) || showsSomeTime(text)) && saysOnlyWhen(text);
  return dayAlone || (!showsSomeDay(text) && !showsSomeTime(text));
}

/** Words that ask about a picture: "the photo credit", "who took the picture". */
const PICTURE_WORDS = new Set(words('photo photograph picture image credit illustration took'));

/** Words that ask for a field to type in: "the name field", "the username box". */
const FIELD_WORDS = new Set(words('field fields input box textbox form enter type login sign'));

/**
 * True when the description asks who wrote it and not when ("the author's name", "who wrote the
 * article") and the element, whose whole text the map holds, says when and nothing else: a box
 * classed "author-name" that shows only "20 Nov 2019 08:00 GMT"; or it is a control (a comment
 * form's "Name" box) and no field is asked, or a picture's credit ("Bild: S. Lafrentz") and no
 * picture is.
 */
function nameless(query: Query, chosen: ElementView): boolean {
  const byline = query.kinds.some((k) => k.kind.id === 'byline' && k.strength >= 0.8);
  // A comment form's "Name *" box is where a reader types a name, not who wrote the page.
  if (byline && CONTROLS.has(chosen.tag) && !query.terms.some((t) => FIELD_WORDS.has(t.word))) return true;
  // A picture's credit names who took it, unless the picture's credit is asked.
  if (byline && isCredit(chosen.element.text) && !query.terms.some((t) => PICTURE_WORDS.has(t.word)))
    return true;
  const when =
    query.kinds.some((k) => k.kind.id === 'date' && k.strength >= 0.5) ||
    query.terms.some((t) => ['when', 'date', 'day', 'time', 'timestamp'].includes(t.word));
  const text = chosen.element.text;
  return (
    byline &&
    !when &&
    !text.endsWith('…') &&
    (showsSomeDay(text) || showsSomeTime(text)) &&
    saysOnlyWhen(text)
  );
}

/**
 * True when the description asks for the kind `id` (strongly) and for no other kind than it and
 * `also`: "the comments section" asks for comments alone, "the comments link" for a link too.
 */
function asksOnly(query: Query, id: string, also: readonly string[] = []): boolean {
  const strong = query.kinds.filter((k) => k.strength >= 0.8).map((k) => k.kind.id);
  return strong.includes(id) && strong.every((k) => k === id || also.includes(k));
}

/** Words that ask for a small picture: "the author's photo", "the product thumbnails", "the flag icon", "the rating picture". */
const SMALL_PICTURE = new Set(
  words(
    'icon icons avatar avatars thumbnail thumbnails thumb profile logo badge flag emoji small tiny mini author writer reporter user member person people speaker host guest staff team founder artist face reviewer contributor headshot portrait rating',
  ),
);

/**
 * True when the description asks for a picture ("the main photo", "the image of the product") — not
 * a small one (an avatar, icon, thumbnail) — and the element is smaller than 150 px both ways: a
 * site's 42 px logo is no one's photo.
 */
function smallForAPhoto(query: Query, chosen: ElementView): boolean {
  if (!asksOnly(query, 'image')) return false;
  if (query.terms.some((t) => SMALL_PICTURE.has(t.word))) return false;
  const { width, height } = chosen.element.box;
  // 16 x 16 is also what a picture that failed to load shows, whatever its size.
  const unloaded = chosen.tag === 'img' && width === 16 && height === 16;
  return width < 150 && height < 150 && width * height > 0 && !unloaded;
}

/**
 * A logo's id or class, or its link's, as a word: `.logo`, `#site-logo`, `.logotype`,
 * `.navbar-brand`, `.site-branding`, `.wordmark` — not `blogOverview`, `catalogo`, `logout`.
 */
const LOGO_HINT = /(?:^|[^a-z])(?:logo(?!ut|n|ff)|brand|wordmark)/;
/** An id or class with its words apart, in lower case: `navbarBrand` → `navbar brand`. */
const wordsApart = (name: string): string => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * True when the description asks for a picture and nothing else, not a logo, and the element is the
 * site's logo (it or one of its two nearest wrappers says so): the "main photo" of a page whose one
 * loaded image is its logo.
 */
function logoForAPhoto(query: Query, chosen: ElementView, map: ElementMap): boolean {
  if (!asksOnly(query, 'image') || query.terms.some((t) => LOGO_HINT.test(t.word))) return false;
  // A logo is a strip, not a photo 600 px tall in a wrapper classed `brand-story`.
  if (chosen.element.box.height > 150) return false;
  return [chosen.element, ...chosen.ancestors.slice(0, 2).map((a) => map.elements[a])].some(
    (e) =>
      e !== undefined && LOGO_HINT.test(wordsApart(`${e.attributes.id ?? ''} ${e.attributes.class ?? ''}`)),
  );
}

/** A class that names a part's own footer: `portletFooter`, `card-footer`, `wprm-popup-modal__footer`. */
const PART_FOOTER = /(?:portlet|card|widget|panel|modal|dialog|popup|teaser|comment)[\w-]*footer/i;

/**
 * True when the description asks for the footer alone, of no story or post ("the footer"), the
 * element lies in an article, and another footer lies in none or it ends more than a window above
 * the page's end: a post's `footer.entry-footer` of tags is not the page's footer (on a page that
 * wraps everything in an `article`, the one at its end is); nor is a part's own, by its class.
 */
function storyFooter(query: Query, chosen: ElementView, map: ElementMap): boolean {
  if (!asksOnly(query, 'footer') || query.contextKinds.length > 0 || query.contextTerms.length > 0)
    return false;
  if (query.terms.some((t) => t.word !== 'footer' && !t.kindWord)) return false;
  const { elements } = map;
  const inArticle = (parent: number | null): boolean => {
    for (let up = parent; up !== null; up = elements[up]?.parent ?? null) {
      const e = elements[up];
      if (e !== undefined && (e.tag === 'article' || e.role === 'article')) return true;
    }
    return false;
  };
  // A part's own footer, by its class (Plone's `dd.portletFooter` "Erweiterte Suche…", a
  // `card-footer`), is no more the page's than a story's is.
  const part = PART_FOOTER.test(chosen.element.attributes.class ?? '');
  if (!part && !inArticle(chosen.element.parent)) return false;
  // A pop-up's, wherever it lies: a recipe's "Rate and Review" dialog at the page's end.
  if (part && chosen.ancestors.slice(0, 6).some((a) => elements[a]?.role === 'dialog')) return true;
  const another = elements.some(
    (e) => (e.tag === 'footer' || e.role === 'contentinfo') && e !== chosen.element && !inArticle(e.parent),
  );
  // With no other, the one in an article is the page's when it ends the page.
  const { y, height } = chosen.element.box;
  return another || y + height < Math.max(map.documentHeight, map.viewport.height) - map.viewport.height;
}

/** True for an element that shows no word or number, in its text or its name. */
const wordless = (v: ElementView): boolean => !/[\p{L}\p{N}]/u.test(`${v.element.text}${v.element.name}`);
/** True for an element that is one short line: under `height` px, and under 40 characters of text. */
const shortLine = (v: ElementView, height: number): boolean =>
  v.element.box.height < height && v.element.text.trim().length < 40;
/** Tags of an element that shows a picture. */
const PICTURE_TAGS = new Set(['img', 'svg', 'picture', 'canvas']);
/** True for an element that shows a picture: by its tag, or its role. */
const isPicture = (v: ElementView): boolean => PICTURE_TAGS.has(v.tag) || v.role === 'img';
/** Kinds that may be one picture: a hero, a gallery, an image, chart or video. */
const PICTURE_BOXES = new Set(['hero', 'gallery', 'image', 'chart', 'video']);
/** Words that ask for an amount or a time a page writes: "the prep time", "the servings", "the calories". */
const AMOUNT_WORDS = new Set(words('time times duration serving servings yield calories minutes hours'));

/**
 * True when the description asks for an amount or a time ("the prep time", "the servings") and no
 * picture, and the element is a small picture: the clock icon beside "2 minutes" is labelled
 * "prep-time" but shows no time.
 */
function pictureForAnAmount(query: Query, chosen: ElementView): boolean {
  if (!query.terms.some((t) => AMOUNT_WORDS.has(t.word))) return false;
  if (query.kinds.some((k) => PICTURE_BOXES.has(k.kind.id) || k.kind.id === 'logo' || k.kind.id === 'icon'))
    return false;
  // An svg that draws "20 min" shows the time.
  if (/\d/.test(chosen.element.text)) return false;
  const { width, height } = chosen.element.box;
  return isPicture(chosen) && width <= 64 && height <= 64;
}

/**
 * True when the description asks for tags and no picture, and the element is a picture or shows no
 * words at all: an app store's "badge", or a list of them (`ul.extra-app-badges`), is no tag.
 */
function pictureForTags(query: Query, chosen: ElementView): boolean {
  if (!query.terms.some((t) => t.word === 'tag')) return false;
  if (query.kinds.some((k) => ['image', 'logo', 'icon'].includes(k.kind.id))) return false;
  return isPicture(chosen) || wordless(chosen);
}

/**
 * True when the description asks for share buttons and nothing else, and the element is taller than
 * two windows: a story or a page's column that holds its share bar, not the bar.
 */
function tallForAShareBar(query: Query, chosen: ElementView, map: ElementMap): boolean {
  return asksOnly(query, 'share', ['button', 'link']) && chosen.element.box.height > 2 * map.viewport.height;
}

/**
 * True when the description asks for share buttons and nothing else, and the element is a field
 * to type in (a rating's comment box) or a box 200 px tall or more that holds a paragraph of 80
 * characters or more (a sticky wrapper around the story): no row of buttons.
 */
export function proseForAShareBar(query: Query, chosen: ElementView, views: readonly ElementView[]): boolean {
  if (!asksOnly(query, 'share', ['button', 'link'])) return false;
  if (chosen.tag === 'textarea') return true;
  return chosen.element.box.height >= 200 && heldCount(views, 'paragraphs', chosen.index) > 0;
}

/** What a link that shares the page points to: a network's sharer, a mail or message to write, a print. */
const SHARE_HREF =
  /share|sharing|intent\/|send\?|sendto|mailto:|dialog\/feed|pin\/create|submit\?|print|addtoany|bookmarklet|whatsapp:/i;
/** What a link that shares the page says: "Share on Facebook", "auf Twitter teilen", "Tweet". */
const SHARE_TEXT = /\b(?:share|sharing|teilen|partager|compartir|condividi|delen|tweet|twittern)\b/i;
/** Words that ask for the links to a site's own accounts: "the social media follow links". */
const FOLLOW_WORDS = new Set(words('follow following profile profiles account accounts channel channels'));

/**
 * True when the description asks for share buttons and the element's links (two or more) go to
 * pages, none of them sharing this one: a site's profiles ("FB TW INSTA" → facebook.com/thesite),
 * its login links, a hashtag's pages — or it asks for the links to follow the site and every link
 * of the element shares the page instead (`?share=twitter`, `whatsapp://send`, `mailto:`).
 */
export function linksForSocial(query: Query, chosen: ElementView, views: readonly ElementView[]): boolean {
  const share = query.terms.some((t) => t.word.startsWith('shar'));
  const follow = query.terms.some((t) => FOLLOW_WORDS.has(t.word));
  if (share === follow) return false;
  const links = [chosen, ...views.filter((v) => v.ancestors.includes(chosen.index))].filter(
    (v) => (v.element.attributes.href ?? '') !== '',
  );
  if (links.length < 2) return false;
  const shares = (v: ElementView): boolean =>
    SHARE_HREF.test(v.element.attributes.href ?? '') ||
    SHARE_TEXT.test(`${v.element.text} ${v.element.name}`);
  // A link to no page (`#`, a script, a path) may share by a script: only an address of a page may
  // not — one the map shows whole (a long one is cut, "…", and its `?share=twitter` may be cut off).
  const elsewhere = (v: ElementView): boolean => {
    const href = v.element.attributes.href ?? '';
    return /^https?:\/\//i.test(href) && !href.endsWith('…');
  };
  return share ? links.every((v) => elsewhere(v) && !shares(v)) : links.every(shares);
}

/** Words that ask for a small part of the comments: "the comments link", "the comment count". */
const COMMENT_PARTS = new Set(
  words(
    'link links button buttons heading title tab count counter number many total icon badge bubble powered toggle show view',
  ),
);

/** Words that ask for one comment: "the top comment", "the pinned reply". */
const ONE_COMMENT = new Set(
  words('top one single latest newest oldest highest best pinned accepted featured'),
);

/**
 * True when the description asks for the comments and nothing smaller, and the element is one short
 * line — a "Comments" heading, tab or icon, a "View Comments" button — a comment form's row of
 * fields ("Name * Email *") or its text field: not the comments.
 */
function slightForComments(query: Query, chosen: ElementView): boolean {
  if (!asksOnly(query, 'comments')) return false;
  if ([...query.terms, ...query.contextTerms].some((t) => COMMENT_PARTS.has(t.word))) return false;
  // One comment ("the first comment", "the top comment") may be one short line.
  if (query.ordinal !== null || query.terms.some((t) => ONE_COMMENT.has(t.word))) return false;
  // "No comments yet": the comments, none of them written.
  if (NO_COMMENTS.test(chosen.element.text)) return false;
  // Nor a comment form's row of fields: "Name * Email *".
  const text = chosen.element.text;
  const fields = /\p{L}/u.test(text) && !/\p{L}/u.test(text.replace(FIELD_LABELS, ''));
  // Nor a story's byline in a box classed for comments ("By Alexandra Tremayne-Pengelly • 11/08/23").
  const byline = BY_A_NAME.test(text.trim()) && text.length < 100;
  // Nor the field to write one in, unless that is asked ("the comment box", "leave a comment").
  const field = FIELD_TAGS.has(chosen.tag) && !query.terms.some((t) => TO_WRITE.has(t.word));
  return shortLine(chosen, 40) || (fields && chosen.element.box.height < 100) || byline || field;
}

/** Tags of a field to type in. */
const FIELD_TAGS = new Set(['input', 'textarea', 'select']);
/** Words that ask for the field a comment is written in: "the comment box", "leave a comment". */
const TO_WRITE = new Set(words('box field input textarea write leave reply post add type enter'));

/** The description asks how many: "the comment count", "the view counter", "how many comments" — not "the box with the star count". */
function asksACount(query: Query): boolean {
  const last = query.terms.at(-1)?.word ?? '';
  const said = new Set(query.terms.map((t) => t.word));
  // A box that holds the count is asked for, not the count ("the About box with … the star count").
  const box = query.kinds.some((k) => k.kind.container && k.kind.id !== 'comments');
  return !box && (last === 'count' || last === 'counter' || (said.has('how') && said.has('many')));
}

/**
 * True when the description asks how many and the element shows no number, or more than a short
 * label around one: the comments themselves, a "log in to comment" note, a byline with its date.
 */
function wordsForACount(query: Query, chosen: ElementView): boolean {
  if (!asksACount(query)) return false;
  const { text, name, box } = chosen.element;
  const shown = text.trim() || name.trim();
  return !/\p{N}/u.test(shown) || shown.length > 40 || box.height > 80;
}

/** Kinds whose element shows words, not icons alone: a paragraph, other stories, comments, a gallery's strip. */
const WORDED_KINDS = new Set(['paragraph', 'related', 'comments', 'gallery']);
/** Kinds that are words whatever their size: a caption, a breadcrumb trail. */
const WORDS_ONLY_KINDS = new Set(['caption', 'breadcrumb']);

/**
 * True when the description asks for a paragraph, other stories, the comments or a gallery, and
 * the element is a strip with nothing in it: an empty `p` as "the first paragraph", an empty
 * `ul.related` or gallery a script would have filled; or for a caption or a breadcrumb trail and
 * the element says nothing at all (a photo's 618 px wrapper, an empty item 1,790 px tall).
 */
function emptyForWords(query: Query, chosen: ElementView): boolean {
  const strong = query.kinds.filter((k) => k.strength >= 0.8).map((k) => k.kind.id);
  if (strong.length === 0 || !wordless(chosen)) return false;
  if (strong.every((id) => WORDS_ONLY_KINDS.has(id))) return true;
  if (!strong.every((id) => WORDED_KINDS.has(id))) return false;
  return !isPicture(chosen) && chosen.element.box.height < 40;
}

/**
 * True when the description asks for a box of things ("the footer", "the main navigation menu",
 * "the comments") and the element is a slit under 10 px tall that shows no words: an empty
 * `tr.footer` spacer row, a carousel's row of dots labelled "Bullet Navigation".
 */
function slitForABox(query: Query, chosen: ElementView): boolean {
  if (query.kinds.length === 0 || !query.kinds.every((k) => k.kind.container)) return false;
  const { text, box } = chosen.element;
  return box.height < 10 && !/[\p{L}\p{N}]/u.test(text) && !isPicture(chosen);
}

/** What a price says when it is none: "Price on request" is not, "Free" is one. */
const FREE = /\b(?:free|gratis|kostenlos|gratuit|gratuito|grátis)\b/i;

/**
 * True when the description asks for a price, and nothing else, and the element shows no figure:
 * a shop's "Carregando preço..." a script would have replaced, a "Price" heading — what it costs is
 * not there ("Free" is a price).
 */
function wordsForAPrice(query: Query, chosen: ElementView): boolean {
  if (!asksOnly(query, 'price')) return false;
  const { text, name } = chosen.element;
  return !/\d/.test(`${text}${name}`) && !FREE.test(`${text} ${name}`);
}

/** Words that ask for a cookie banner with "cookie": "the cookie banner", "the cookie notice". */
const CONSENT_BOXES = new Set(words('banner notice popup bar dialog message overlay modal prompt'));
/** What a cookie or consent banner says, in some languages: "cookies", "consent", "Datenschutz", "Accept". */
const CONSENT_TEXT =
  /cookie|consent|privac|datenschutz|gdpr|dsgvo|rgpd|tracking|einwillig|zustimm|akzept|accept|agree|confidentialit|privacidad|consenso|aceptar|accetta/i;

/**
 * True when the description asks for the cookie or consent banner and the element says words, none
 * of which a consent banner says: a story list `div.cmp` ("Mehr Themen …") whose class only happens
 * to be a consent platform's initials.
 */
function noConsentForABanner(query: Query, chosen: ElementView): boolean {
  const said = (w: string): boolean => query.terms.some((t) => t.word === w);
  const asked = said('consent') || (said('cookie') && query.terms.some((t) => CONSENT_BOXES.has(t.word)));
  const text = `${chosen.element.text} ${chosen.element.name}`;
  return asked && /\p{L}/u.test(text) && !CONSENT_TEXT.test(text);
}

/** What a copyright line says besides its owner and years. */
const COPYRIGHT_MARKS = /©|\(c\)|\bcopyright\b|\ball rights reserved\b/gi;

/**
 * True when the description asks for the copyright notice and the element says nothing but its
 * mark: a sidebar widget's heading "Copyright", a lone "©" — no owner, no year.
 */
function bareForACopyright(query: Query, chosen: ElementView): boolean {
  if (!query.terms.some((t) => t.word === 'copyright')) return false;
  return !/[\p{L}\p{N}]/u.test(chosen.element.text.replace(COPYRIGHT_MARKS, ' '));
}

/** Words that ask for what a page says its thing is: "the recipe description", "the product summary". */
const DESCRIPTION_WORDS = new Set(words('description summary intro introduction blurb'));
/** Words that ask for a sign-up or the site itself, where a prompt or a tagline is the answer. */
const SIGN_UP_OR_SITE = new Set(
  words('newsletter signup subscribe subscription email form site blog tagline'),
);
/** What a sign-up box says: "Enter your email & I'll send it to your inbox". */
const SIGN_UP_TEXT = /\b(?:e-?mail(?:ed)?|inbox|newsletter|subscribe)\b/i;

/**
 * True when the description asks for what the page says its recipe, product or story is ("the
 * recipe description") and the element is a sign-up box's prompt ("Enter your email & I'll send it
 * to your inbox", `div.wpforms-description`) or the site's tagline (`p.site-description` "Quick and
 * Easy Recipes").
 */
function promptForADescription(query: Query, chosen: ElementView): boolean {
  if (!query.terms.some((t) => DESCRIPTION_WORDS.has(t.word))) return false;
  if (query.terms.some((t) => SIGN_UP_OR_SITE.has(t.word))) return false;
  if (/\b(?:site-description|site-tagline|tagline)\b/i.test(chosen.element.attributes.class ?? ''))
    return true;
  return SIGN_UP_TEXT.test(chosen.element.text);
}

/** Words for a shop's cart, in some languages: "cart", "Warenkorb", "panier", "carrito", "購物車". */
const CART_TEXT =
  /cart|basket|\bbag\b|trolley|warenkorb|einkaufswagen|panier|carrito|carrello|winkelwagen|koszyk|cesta|sacola|kosár|košík|корзин|購物車|カート|장바구니/i;
const CART_WORDS = new Set(words('cart basket bag trolley'));

/**
 * True when the description asks for the cart ("the cart icon", "the shopping bag link", not a
 * button that adds to it) and the element says words, none of which name a cart: a discount's
 * bubble "8折" classed `icon`, a "Share" button in a box classed `basket-icons` (an icon alone,
 * saying nothing, may be the cart).
 */
function wordsForACart(query: Query, chosen: ElementView): boolean {
  if (!query.terms.some((t) => CART_WORDS.has(t.word))) return false;
  // "The add to cart button" asks for a button that adds, named as the shop likes ("Comprar").
  if (
    query.terms.some((t) => t.word === 'add') ||
    !query.kinds.every((k) => ['icon', 'link'].includes(k.kind.id))
  )
    return false;
  const said = `${chosen.element.text} ${chosen.element.name}`;
  return /\p{L}/u.test(said) && !CART_TEXT.test(said);
}

/** What a discount says: "-50%", "8折", "Save $20", "20 % Rabatt", "statt 4.50". */
const DISCOUNT_TEXT =
  /%|折|[-−–]\s?\d|\b(?:off|save|saving|savings|sale|discount|rabatt|remise|réduction|descuento|sconto|korting|statt|was)\b/i;

/**
 * True when the description asks for the discount, and nothing else, and the element shows no mark
 * of one: a note on postage ("0,50 EUR de frais de livraison pour chaque objet …", `#discount_msg`).
 */
function noDiscountInIt(query: Query, chosen: ElementView): boolean {
  if (!query.terms.some((t) => t.word === 'discount') || query.kinds.length > 0) return false;
  return !DISCOUNT_TEXT.test(`${chosen.element.text} ${chosen.element.name}`);
}

/** An id or class word of a post embedded from a social network: `twitter-tweet`, `fb-xfbml-parse-ignore`, `instagram-media`. */
const EMBED_HINTS = ['tweet', 'xfbml', 'instagram', 'tiktok'];

/** True when the description asks for a quote and the element is an embedded post: a tweet, a Facebook page's box. */
function embedForAQuote(query: Query, chosen: ElementView): boolean {
  return asksOnly(query, 'quote') && EMBED_HINTS.some((w) => chosen.hints.has(w));
}

/** The labels of a comment form's fields: "Name *", "Email *", "Website". */
const FIELD_LABELS = /\b(?:name|e-?mail|website|url|required)\b/gi;

/**
 * True when the description asks for the comments and the element's id or class marks other
 * stories ({@link OTHER_STORIES_HINTS}): a comments box that holds Outbrain's "Most Popular This
 * Week" (`div.comments.outbrain-enabled`), a review site's `#more-reviews`.
 */
function othersForComments(query: Query, chosen: ElementView): boolean {
  return asksOnly(query, 'comments') && OTHER_STORIES_HINTS.some((w) => chosen.hints.has(w));
}

/**
 * True when the description asks for the navigation or the pagination, not the comments', and the
 * element is the comments': its id or class says so (`#comment-nav-after`: "Comment navigation ·
 * Newer Comments", `.comments-pagination`), or its text does ("« Older Comments").
 */
function commentsForNavigation(query: Query, chosen: ElementView): boolean {
  const pager = (id: string): boolean => id === 'navigation' || id === 'pagination';
  if (!query.kinds.some((k) => pager(k.kind.id))) return false;
  if (query.kinds.some((k) => !pager(k.kind.id) && k.kind.id !== 'link')) return false;
  if ([...query.terms, ...query.contextTerms].some((t) => t.word === 'comment')) return false;
  const text = /\bcomments?\b/i.test(chosen.element.text);
  return chosen.hints.has('comment') || chosen.hints.has('comments') || text;
}

/**
 * True when the description asks for the pagination, not of other stories, and the element's id or
 * class marks other stories: tagDiv's `td_block_related_posts` ("Related articles · More from
 * author", with its own pager) is not the page's.
 */
function othersForPagination(query: Query, chosen: ElementView): boolean {
  if (!asksOnly(query, 'pagination', ['link'])) return false;
  if (query.terms.some((t) => OTHER_STORIES_WORDS.has(t.word))) return false;
  return ['related', 'popular', 'outbrain', 'taboola'].some((w) => chosen.hints.has(w));
}

/** Words that ask how many a recipe serves: "the servings", "the yield", "how many it serves". */
const SERVINGS_WORDS = new Set(words('serving servings serves yield yields portions'));
/** Words that may ask for the servings with {@link SERVINGS_WORDS}: "how many people the recipe serves". */
const SERVINGS_TOO = new Set(words('recipe number many how people count line'));
/** Words of an id or class that mark a recipe's ingredients or steps. */
const RECIPE_PARTS = new Set(
  words('ingredient ingredients instruction instructions step steps direction directions method preparation'),
);

/**
 * True when the description asks how many a recipe serves, and nothing else, and the element shows
 * no number or lies in the ingredients or the steps: "Quinoa for serving", "30 minutes before
 * serving." — not the line "Serves 4".
 */
export function partForServings(query: Query, chosen: ElementView, views: readonly ElementView[]): boolean {
  // Asked alone ("the servings", "how many the recipe serves"), not "nutrition facts per serving".
  const asked = query.terms.some((t) => SERVINGS_WORDS.has(t.word));
  if (!asked || query.terms.some((t) => !SERVINGS_WORDS.has(t.word) && !SERVINGS_TOO.has(t.word)))
    return false;
  if (!/\d/.test(chosen.element.text)) return true;
  // A nutrition label's "Serving size: 1 cookie" (`tasty-recipes-serving-size`) is a portion, not how many it serves.
  const portion = (u: ElementView | undefined): boolean => u !== undefined && u.hints.has('size');
  if ([chosen, views[chosen.ancestors[0] ?? -1]].some(portion)) return true;
  return [chosen, ...chosen.ancestors.slice(0, 6).map((a) => views[a])].some(
    (u) => u !== undefined && [...u.hints].some((h) => RECIPE_PARTS.has(h)),
  );
}

/** Words that ask for what a writer's bio says of them: "the author bio", "the reporter's biography". */
const BIO_WORDS = new Set(words('bio bios biography'));

/**
 * True when the description asks for a writer's bio, not their name too, and the element says less
 * than 60 characters: the byline's "By Kelli Miller", a `div.author` "Ben Silverman Games Editor" —
 * a name, not what the page says of its writer.
 */
function nameForABio(query: Query, chosen: ElementView): boolean {
  if (!query.terms.some((t) => BIO_WORDS.has(t.word))) return false;
  // "The author's name and short bio" asks for the name too.
  if (query.terms.some((t) => t.word === 'name')) return false;
  return chosen.element.text.trim().length < 60;
}

/** Words that ask for the link back, and for the link on. */
const BACK_WORDS = new Set(words('previous prev older earlier'));
const ON_WORDS = new Set(words('next newer later'));

/**
 * True when the description asks for the links back and on ("the previous and next article links")
 * and the element holds the story ({@link holdsStory}): the article a class calls so, not the row
 * of two links under it.
 */
export function storyForAPager(query: Query, chosen: ElementView, views: readonly ElementView[]): boolean {
  const said = (set: Set<string>): boolean => query.terms.some((t) => set.has(t.word));
  return said(BACK_WORDS) && said(ON_WORDS) && holdsStory(chosen, views);
}

/**
 * True when the description asks for the table of contents and the element holds the story
 * ({@link holdsStory}): a page's `#contents` or `.post-contents`, its content, not a list of its parts.
 */
export function storyForContents(query: Query, chosen: ElementView, views: readonly ElementView[]): boolean {
  return asksOnly(query, 'contents') && holdsStory(chosen, views);
}

/** Words that ask for a story's labels: "the tags", "the category", "the topics", "the keywords". */
const LABEL_WORDS = new Set(words('tag tags category categories topic topics keyword keywords'));
/** Kinds a description of a story's labels may name besides them: "the list of tags", "the post's categories". */
const LABEL_KINDS = new Set(['badge', 'list', 'article']);

/**
 * True when the description asks for a story's tags or category, not a menu, and the element holds
 * a story ({@link holdsStory}: a WordPress post classed `tag-…` and `category-…`) or is a menu's
 * item (`li.menu-item-object-post_tag` "Trending"): neither is the story's labels.
 */
export function storyForLabels(query: Query, chosen: ElementView, views: readonly ElementView[]): boolean {
  if (!query.terms.some((t) => LABEL_WORDS.has(t.word))) return false;
  if (query.kinds.some((k) => !LABEL_KINDS.has(k.kind.id))) return false;
  const menuItem = [chosen, views[chosen.ancestors[0] ?? -1]].some((u) => u?.hints.has('menu'));
  return menuItem || holdsStory(chosen, views);
}

/**
 * True when the element is or holds a story: an article or main part, the `h1`, or two paragraphs
 * of 80 characters or more.
 */
function holdsStory(chosen: ElementView, views: readonly ElementView[]): boolean {
  const story = (v: ElementView): boolean => v.role === 'article' || v.role === 'main' || v.tag === 'article';
  if (story(chosen) || heldCount(views, 'paragraphs', chosen.index) >= 2) return true;
  return hasDescendant(chosen, views, (v) => v.element.level === 1 || story(v));
}

/** Kinds of box that are never one short line: a column of the page, a card (not a gallery: its pictures may not have loaded). */
const TALL_BOXES = new Set(['sidebar', 'card', 'hero', 'testimonial']);

/**
 * True when the description asks for a box that is never one line ({@link TALL_BOXES}: "the
 * sidebar", "the recipe card") and the element is less than 60 px tall: a language switcher classed
 * `wpml-ls-sidebars-…`, a "Print · Save" row, a card's row of tabs.
 */
function slightForABox(query: Query, chosen: ElementView): boolean {
  const strong = query.kinds.filter((k) => k.strength >= 0.8).map((k) => k.kind.id);
  if (strong.length === 0 || !strong.every((id) => TALL_BOXES.has(id))) return false;
  return chosen.element.box.height < 60;
}

/**
 * True when the description asks for a post, an article or a story and nothing in it, and the
 * element is one short line: a post's date (`div.post-date` "05 Oct"), its category, its empty
 * picture row or its "Previous Post Next Post" links — none of them the post.
 */
function slightForAPost(query: Query, chosen: ElementView): boolean {
  return asksOnly(query, 'article') && query.contextKinds.length === 0 && shortLine(chosen, 60);
}

/** What an empty comments section says: "No comments yet", "Be the first to comment", "0 Comments". */
const NO_COMMENTS =
  /\bno\s+(?:comments?|replies|responses|reviews)\b|\bbe\s+the\s+first\b|^\s*0\s+(?:comments?|replies)\b|keine\s+kommentare|aucun\s+commentaire|sin\s+comentarios|nessun\s+commento/i;

/**
 * True when the description asks for a heading or headline and the element shows no words or
 * numbers: an `h1` that holds only the site's logo picture, an empty section (not a "404").
 */
function emptyForAHeading(query: Query, chosen: ElementView): boolean {
  return asksOnly(query, 'heading') && wordless(chosen);
}

/**
 * True when the description asks for a sidebar and the element holds the page's headline (its first
 * `h1` with words) and half its paragraphs or more: the story's column, or the whole page, is no
 * sidebar.
 */
export function sidebarHoldingHeadline(
  query: Query,
  chosen: ElementView,
  views: readonly ElementView[],
): boolean {
  return asksOnly(query, 'sidebar') && holdsThePagesStory(chosen, views);
}

/**
 * Words that ask for other stories than the page's own: "the most popular article", "trending
 * stories", "the related articles", "the most viewed story".
 */
const OTHER_STORIES_WORDS = new Set(words('popular trending related recommended similar viewed'));
/** Words for a story, after "more" or "other" in {@link storyForOthers}. */
const STORY_WORDS = new Set(words('story stories article articles post posts news new headline headlines'));

/**
 * True when the description asks for other stories than the page's own ({@link
 * OTHER_STORIES_WORDS}, or "most read") and the element holds the page's story ({@link
 * holdsThePagesStory}): "the most popular article" is not the article the page shows.
 */
export function storyForOthers(query: Query, chosen: ElementView, views: readonly ElementView[]): boolean {
  const said = (word: string): boolean => query.terms.some((t) => t.word === word);
  // "More" and "other" only before a story ("more stories", "other articles"): "the article text
  // and more" or "the other images" ask for no other story.
  const more = query.terms.some(
    (t, i) => (t.word === 'more' || t.word === 'other') && STORY_WORDS.has(query.terms[i + 1]?.word ?? ''),
  );
  const others =
    more || query.terms.some((t) => OTHER_STORIES_WORDS.has(t.word)) || (said('most') && said('read'));
  // A box its class calls another stories' (`aside.documentRelated`) may hold more paragraphs than a short story.
  const theirs = chosen.role === 'complementary' || OTHER_STORIES_HINTS.some((w) => chosen.hints.has(w));
  if (!others || theirs) return false;
  return holdsThePagesStory(chosen, views, 'or');
}

/**
 * True when the element holds the page's headline (its first `h1` with words) and half its
 * paragraphs of running text or more, of three or more — or either, when `both` is 'or': the
 * story's column, or the whole page.
 */
function holdsThePagesStory(
  chosen: ElementView,
  views: readonly ElementView[],
  both: 'and' | 'or' = 'and',
): boolean {
  const holds = (v: ElementView): boolean => v.index === chosen.index || v.ancestors.includes(chosen.index);
  const paragraphs = views.filter(longParagraph);
  const text = paragraphs.length >= 3 && paragraphs.filter(holds).length >= paragraphs.length / 2;
  if (!text && both === 'and') return false;
  if (text && both === 'or') return true;
  const headline = views.find(
    (v) => v.role === 'heading' && v.element.level === 1 && /\p{L}/u.test(v.element.text),
  );
  return headline !== undefined && holds(headline);
}

/**
 * True when the description asks for the page's navigation — not one at the bottom or in the
 * footer — and the element is the footer's while the page has a navigation elsewhere: the site's
 * fine print is no main menu.
 */
export function footerForNavigation(
  query: Query,
  chosen: ElementView,
  views: readonly ElementView[],
): boolean {
  // "The main navigation menu" asks a menu (0.7) in the navigation.
  const asked = [...query.kinds, ...query.contextKinds]
    .filter((k) => k.strength >= 0.7)
    .map((k) => k.kind.id);
  if (!asked.includes('navigation') || asked.some((id) => id !== 'navigation')) return false;
  if (query.contextKinds.some((k) => k.kind.id === 'footer') || query.place?.at === 'bottom') return false;
  const footer = (v: ElementView | undefined): boolean => v?.tag === 'footer' || v?.role === 'contentinfo';
  const inFooter = (v: ElementView): boolean => footer(v) || v.ancestors.some((a) => footer(views[a]));
  // Only when the footer's fine print is in it, or the page has a navigation elsewhere — by its tag
  // or role, or a list of links a class calls a menu (`ul#menu-menu-principal`): an app's one tab
  // bar may sit in its footer.
  const navigation = (v: ElementView): boolean =>
    v.tag === 'nav' || v.role === 'navigation' || (KINDS.navigation?.match(v, views) ?? 0) >= 0.85;
  if (!inFooter(chosen)) return false;
  return FINE_PRINT.test(chosen.element.text) || views.some((v) => navigation(v) && !inFooter(v));
}

/** Words that say a navigation is the site's: "the main navigation menu", "the site's top nav". */
const SITE_WIDE = new Set(words('main primary site top global header page website'));
/** What a row of account or share links says, and nothing a site's sections would. */
const ACCOUNT_OR_SHARE =
  /\b(?:log\s*in|log\s*out|sign\s*in|sign\s*up|sign\s*out|register|subscriptions?|subscribe|my\s+account|account|profile|reblog|tweet|share(?:\s+(?:this\s+)?(?:page|article|story|post))?|email|print|anmelden|abonnieren|connexion|s['’]abonner|(?:(?:seite|artikel|beitrag)\s+)?teilen|partager|compartir)\b/gi;

/**
 * True when the description asks for the page's navigation or related stories and the element
 * says nothing but account or share links ({@link ACCOUNT_OR_SHARE}): a `nav.menu-global`
 * "Subscriptions Log in", a `#Navigation` "Reblog Tweet", a `#navFunctionsRecommend` "Seite
 * teilen" — not the site's sections, nor other stories.
 */
export function accountsForNavigation(query: Query, chosen: ElementView): boolean {
  const links = (id: string): boolean => id === 'navigation' || id === 'related';
  if (!query.kinds.some((k) => links(k.kind.id) && k.strength >= 0.7)) return false;
  if (query.kinds.some((k) => !links(k.kind.id))) return false;
  // "The user menu", "the account menu" ask for those links.
  if (query.terms.some((t) => !t.kindWord && !SITE_WIDE.has(t.word))) return false;
  const text = chosen.element.text;
  return /\p{L}/u.test(text) && !/\p{L}/u.test(text.replace(ACCOUNT_OR_SHARE, ''));
}

/**
 * True when the description asks for a writer's picture ("the author's photo", "the reporter's
 * headshot"), and nothing else, and the element is words and holds no picture: the byline "By
 * Megan Rowe", a name "Suzanne Gamboa" — not their photo.
 */
export function wordsForAHeadshot(query: Query, chosen: ElementView, views: readonly ElementView[]): boolean {
  const asked = query.kinds.filter((k) => k.strength >= 0.8).map((k) => k.kind.id);
  if (asked.length === 0 || asked.some((id) => id !== 'image' && id !== 'avatar')) return false;
  if (!asked.includes('avatar') && !query.contextKinds.some((k) => k.kind.id === 'byline')) return false;
  if (isPicture(chosen) || chosen.tag === 'figure' || !/\p{L}/u.test(chosen.element.text)) return false;
  return !hasDescendant(chosen, views, isPicture);
}

/**
 * True when the description asks for one button ("the subscribe button", not "the share buttons")
 * and the element is no control but a box of two links or buttons or more: a sidebar's row of
 * "follow us" links classed `social-buttons` is not the subscribe button.
 */
export function groupForAButton(query: Query, chosen: ElementView, views: readonly ElementView[]): boolean {
  if (query.plural || !asksOnly(query, 'button')) return false;
  if (chosen.role === 'button' || chosen.role === 'link' || chosen.tag === 'input') return false;
  return heldCount(views, 'items', chosen.index) >= 2;
}

/**
 * True when the description asks for the search box or form, not a link, and the element is a link
 * that says more than a word or two: a menu's "Google Search Tips" or "Search by Zip Code" leads to
 * a page; the link that opens the search box says "Search" or nothing.
 */
function linkForASearch(query: Query, chosen: ElementView): boolean {
  if (chosen.tag !== 'a' || !asksOnly(query, 'search', ['form', 'input'])) return false;
  return chosen.element.text.trim().split(/\s+/).length >= 3;
}

/** A field for an email address: its type, name, placeholder or label says so. */
const EMAIL_FIELD = /e-?mail/i;

/**
 * True when the description asks for the search box or form and the element neither is a field nor
 * holds one but links to three pages or more (a menu whose wrapper is `#search-container`), or every
 * field it holds asks for an email address (a newsletter widget classed `search`): nothing to search.
 */
export function noSearchInIt(query: Query, chosen: ElementView, views: readonly ElementView[]): boolean {
  if (!asksOnly(query, 'search', ['form', 'input'])) return false;
  if (FIELD_TAGS.has(chosen.tag) || chosen.role === 'search') return false;
  const inside = views.filter((v) => v.ancestors.includes(chosen.index));
  const fields = inside.filter((v) => FIELD_TAGS.has(v.tag) && v.element.attributes.type !== 'hidden');
  if (fields.length === 0)
    return !inside.some((v) => v.tag === 'button') && inside.filter((v) => v.tag === 'a').length >= 3;
  return fields.every((v) => {
    const { type, name, placeholder } = v.element.attributes;
    return EMAIL_FIELD.test(`${type ?? ''} ${name ?? ''} ${placeholder ?? ''} ${v.element.name}`);
  });
}

/** What a form to follow a story's comments says: "Notify me of new comments", "Benachrichtige mich …". */
const COMMENT_ALERTS = /\b(?:comments?|kommentare?n?|commentaires?|comentarios?|commenti)\b/i;

/**
 * True when the description asks for a newsletter's sign-up and the element speaks of comments: a
 * form to be told of new comments on the story ("Ja, ich möchte benachrichtigt werden, wenn ein
 * Kommentar …") is no newsletter.
 */
function commentsForANewsletter(query: Query, chosen: ElementView): boolean {
  if (!query.terms.some((t) => t.word === 'newsletter')) return false;
  return COMMENT_ALERTS.test(chosen.element.text);
}

/**
 * True when the description asks for a story's tags ("the tags", "the article's tags": several of
 * them) and the element holds no link and is none: a label classed so — "Text size", a pager's
 * "Previous article", a follow count's "0", a comment's badge — not the story's links to its topics.
 */
export function linklessTags(query: Query, chosen: ElementView, views: readonly ElementView[]): boolean {
  if (!query.plural || !query.terms.some((t) => t.word === 'tag')) return false;
  if (!query.kinds.some((k) => k.kind.id === 'badge')) return false;
  return chosen.tag !== 'a' && heldCount(views, 'links', chosen.index) === 0;
}

/**
 * True when the description places the thing in the page's header or footer ("the main navigation
 * menu in the header", "the links in the footer"), asking for something else, and the element is
 * neither in one (it or a wrapper is a header or footer by tag, role or class) nor in the window's
 * height from that end of the page: the "Post navigation" links under a story are not the menu in
 * the header.
 */
export function outsideItsRegion(
  query: Query,
  chosen: ElementView,
  views: readonly ElementView[],
  map: ElementMap,
): boolean {
  const placed = (id: string): boolean =>
    query.contextKinds.some((k) => k.kind.id === id && k.strength >= 1) &&
    !query.kinds.some((k) => k.kind.id === id);
  const within = (id: string): boolean => {
    const kind = KINDS[id];
    return (
      kind !== undefined &&
      [chosen, ...chosen.ancestors.map((a) => views[a])].some(
        (u) => u !== undefined && kind.match(u, views) >= 0.8,
      )
    );
  };
  // Only on a page that marks the place: a footer without a tag, role or class (`#colophon`,
  // `#rodape`) is known by nothing but where it lies, and may be taller than a window.
  const marked = (id: string): boolean => views.some((v) => (KINDS[id]?.match(v, views) ?? 0) >= 0.8);
  const { y, height } = chosen.element.box;
  const end = Math.max(map.documentHeight, map.viewport.height);
  if (placed('header') && !within('header') && y > map.viewport.height && marked('header')) return true;
  return placed('footer') && !within('footer') && y + height < end - map.viewport.height && marked('footer');
}

/**
 * True when the description asks for a date alone ("the date the post was published") and the
 * element says far more than one: a wrapper classed "date-outer" around the whole post.
 */
function longForADate(query: Query, chosen: ElementView): boolean {
  if (!asksOnly(query, 'date')) return false;
  // "Author name, title and the date of the post" asks for more than a date.
  if (query.terms.some((t) => /^(?:author|name|title|who|by|byline|wr[io]t)/.test(t.word))) return false;
  const text = chosen.element.text;
  return text.endsWith('…') || text.length > 100;
}

/** Words that ask for the line under the headline: "the subheadline", "the dek", "the standfirst". */
const SUBHEADLINE_WORDS = new Set(
  words('subheadline subheadlines subhead subheading subtitle dek standfirst strapline'),
);
/** A byline in the languages pages are written in: "By Jane Doe", "von Nadja Demel", "par Jean". */
const BY_A_NAME = /^\W{0,3}(?:by|von|par|por|di|door|av|af)\s+\p{Lu}/iu;

/**
 * True when the description asks for the subheadline, and nothing else, and the element says only
 * a day or begins as a byline: a toolbar's `subheadline` "Heute, 21. Januar", a `div.entry-subhead`
 * "von Nadja Demel 13.12.2022" — not the line that sums up the story.
 */
function dayForASubheadline(query: Query, chosen: ElementView): boolean {
  if (!query.terms.some((t) => SUBHEADLINE_WORDS.has(t.word))) return false;
  if (query.terms.some((t) => !SUBHEADLINE_WORDS.has(t.word) && !t.kindWord)) return false;
  const text = chosen.element.text.trim();
  return BY_A_NAME.test(text) || (showsSomeDay(text) && saysOnlyWhen(text));
}

/** Words that ask for what a product cost before: "the old price", "the original price", "the RRP". */
const FORMER_PRICE_WORDS = new Set(
  words('old original regular list former previous usual was rrp msrp compare struck strike crossed before'),
);
/** Words of an id or class that mark a former price, besides a struck one's: `price-before`, `compare-at`, `uvp`. */
const FORMER_PRICE_HINTS = [...STRUCK_HINTS, 'before', 'compare', 'uvp'];
/** What a former price says of itself: "was £20", "statt 4.50", "UVP", "RRP", "avant", "antes". */
const FORMER_PRICE_TEXT =
  /\b(?:was|statt|uvp|rrp|msrp|list|regular|reg\.|original|avant|antes|prima|before|previously|vorher)\b|%/i;

/**
 * True when the description asks for a former price ("the old price", "the original price") and
 * the element, its two nearest wrappers and what it says show no mark of one: a store's one "Price:
 * £51.99" is what the product costs now.
 */
export function currentForAFormerPrice(
  query: Query,
  chosen: ElementView,
  views: readonly ElementView[],
): boolean {
  if (!query.kinds.some((k) => k.kind.id === 'price')) return false;
  if (!query.terms.some((t) => FORMER_PRICE_WORDS.has(t.word))) return false;
  const marked = (v: ElementView | undefined): boolean =>
    v !== undefined && (struckThrough(v) || FORMER_PRICE_HINTS.some((w) => v.hints.has(w)));
  if ([chosen, ...chosen.ancestors.slice(0, 2).map((a) => views[a])].some(marked)) return false;
  if (hasDescendant(chosen, views, marked)) return false;
  // A tax's rate ("21% VAT", "IVA 22%", "inkl. 19% MwSt.") is no discount's.
  return !FORMER_PRICE_TEXT.test(chosen.element.text.replace(TAX_RATE, ' '));
}

/** A tax's rate as shops write it: "21% VAT", "IVA 22 %", "19% MwSt.", "TVA 20%", "incl. 7% tax". */
const TAX_RATE =
  /\d+(?:[.,]\d+)?\s?%\s*(?:vat|iva|mwst\.?|ust\.?|tva|btw|gst|tax|moms|dph)\b|\b(?:vat|iva|mwst\.?|ust\.?|tva|btw|gst|tax|moms|dph)\s*(?:rate\s*)?\d+(?:[.,]\d+)?\s?%/gi;

/**
 * True when the description asks for a rating, and nothing else, and the element says words but
 * no number or star: a brand's link "G-Star", "Be the first to write a review" — not a rating
 * (a row of star pictures says no words and stays).
 */
function wordsForARating(query: Query, chosen: ElementView): boolean {
  if (!asksOnly(query, 'rating')) return false;
  const { text, name } = chosen.element;
  return /\p{L}/u.test(text) && !/[\d★☆⭐]/u.test(`${text}${name}`);
}

/** Words that ask for a newsletter's sign-up: "the newsletter signup form", "the subscribe form". */
const SIGN_UP_WORDS = new Set(
  words('newsletter newsletters signup subscribe subscription subscriptions email'),
);
/** Tags of what one fills in or presses: a form holds one at least. */
const FORM_CONTROLS = new Set(['input', 'textarea', 'select', 'button']);

/**
 * True when the description asks for a form ("the contact form", "the login form"), and nothing
 * else, not a newsletter's, and the element neither is a control nor holds one: a footer's "Contact ·
 * Contact Us · FAQ" links classed `contact`, a "Sign In" toggle, a form's fine print — no form to
 * fill in.
 */
export function noControlForAForm(query: Query, chosen: ElementView, views: readonly ElementView[]): boolean {
  if (!asksOnly(query, 'form')) return false;
  // A newsletter's sign-up box is often filled by a third party's script: its fields may be missing.
  if (query.terms.some((t) => SIGN_UP_WORDS.has(t.word))) return false;
  const control = (v: ElementView): boolean =>
    FORM_CONTROLS.has(v.tag) || v.role === 'textbox' || v.role === 'searchbox' || v.role === 'combobox';
  return !control(chosen) && !hasDescendant(chosen, views, control);
}

/** Tags of what plays, besides a picture ({@link isPicture}): a video is one, or holds one. */
const PLAYER_TAGS = new Set(['video', 'iframe', 'object', 'embed', 'audio']);

/**
 * True when the description asks for a video or a chart, and nothing else, and the element is a
 * line of words that neither plays nor draws anything: a menu's "Videos" link, a "Featured Video"
 * heading, "École nationale des chartes" — not the video or the chart.
 */
export function wordsForAMedium(query: Query, chosen: ElementView, views: readonly ElementView[]): boolean {
  if (!asksOnly(query, 'video') && !asksOnly(query, 'chart')) return false;
  const media = (v: ElementView): boolean => isPicture(v) || PLAYER_TAGS.has(v.tag);
  if (media(chosen) || !/\p{L}/u.test(chosen.element.text) || !shortLine(chosen, 60)) return false;
  return !hasDescendant(chosen, views, media);
}

/** What a link back to the page's top says: "Back to top", "Nach oben", "Haut de page", "↑". */
const TO_THE_TOP = /\b(?:top|up|oben|haut|arriba|inicio|cima|alto|boven)\b|[↑⬆▲^]/i;

/**
 * True when the description asks for the link back to the page's top ("the back to top link",
 * "scroll to top button") and the element says nothing of the top: "Buy Back Issues", "bringing
 * jobs back", a menu's "Back", "Skip to Main Content".
 */
function elsewhereForBackToTop(query: Query, chosen: ElementView): boolean {
  const said = (w: string): boolean => query.terms.some((t) => t.word === w);
  if (!said('top') || !(said('back') || said('scroll') || said('return'))) return false;
  const { text, name, attributes } = chosen.element;
  const marks = `${text} ${name} ${attributes.title ?? ''} ${attributes.href ?? ''} ${[...chosen.hints].join(' ')}`;
  return !TO_THE_TOP.test(marks);
}

/**
 * True when the description asks for a block of code and the element is a field, a link or a line
 * of text with no code in or around it: a coupon's "code" box, "Discount Codes", a captcha's field.
 */
function fieldForCode(query: Query, chosen: ElementView, map: ElementMap): boolean {
  if (!asksOnly(query, 'code')) return false;
  if (!CONTROLS.has(chosen.tag) && chosen.tag !== 'a' && chosen.tag !== 'span') return false;
  const code = (tag: string | undefined): boolean => tag === 'pre' || tag === 'code' || tag === 'samp';
  if (code(chosen.tag) || chosen.ancestors.slice(0, 3).some((a) => code(map.elements[a]?.tag))) return false;
  return !map.elements.some((e) => code(e.tag) && e.parent === chosen.index);
}

/**
 * True when the description asks for a postal address ("the address", "the office address"), not
 * an email one, and the element is a field to type in: a newsletter's "Email address" box.
 */
function fieldForAnAddress(query: Query, chosen: ElementView): boolean {
  if (!query.terms.some((t) => t.word === 'address')) return false;
  if ([...query.terms, ...query.contextTerms].some((t) => FIELD_WORDS.has(t.word) || /mail/.test(t.word)))
    return false;
  return CONTROLS.has(chosen.tag);
}

/** True when the description asks the time ("the publication time"), not "the reading time". */
export function timeAsked(query: Query): boolean {
  const said = (word: string): boolean => query.terms.some((t) => t.word === word);
  return (said('time') || said('timestamp')) && !said('reading') && !said('read');
}

/**
 * True when, on a page of more than two screens, the description places the thing at the top or the
 * end of the page and the element lies in the other half, or at the top or the end of something in
 * it ("… at the end of the story") and the element lies in the other third.
 */
export function wrongPlace(query: Query, chosen: ElementView, map: ElementMap): boolean {
  // On the other half of the window, across: not "on the right" (an element as wide as the page is on both).
  const { x, width } = chosen.element.box;
  const across = (x + width / 2) / map.viewport.width;
  if (query.side === 'right' && across < 0.45) return true;
  if (query.side === 'left' && across > 0.55) return true;
  const height = Math.max(map.viewport.height, map.documentHeight);
  if (query.place === null || height <= 2 * map.viewport.height) return false;
  const middle = (chosen.element.box.y + chosen.element.box.height / 2) / height;
  const far = query.place.page ? 1 / 2 : 2 / 3;
  return query.place.at === 'top' ? middle > far : middle < 1 - far;
}

/** A container that matches and holds an element matching as well: the innermost is meant. */
function innermost(ranked: readonly Scored[], best: Scored): Scored {
  let chosen = best;
  for (;;) {
    const inner = ranked.find(
      (s) => s !== chosen && isInside(s.view, chosen.view) && s.score >= chosen.score - 0.01,
    );
    if (!inner) return chosen;
    chosen = inner;
  }
}

/**
 * A search box is the field with its button: when a search is asked for and the best match is the
 * field itself, the small form or search region around it (at most 150 px tall, up to three levels
 * up) is meant.
 */
function searchBoxOf(ranked: readonly Scored[], chosen: Scored, query: Query): Scored | undefined {
  // "the search input" (and "the search field", text.ts) is the field itself, unless its button is
  // asked with it ("the search field with its button": a search asked, if only as the field's).
  const button = query.terms.some((t) => t.word === 'button');
  const search = [...query.kinds, ...(button ? query.contextKinds : [])].find(
    (k) => k.kind.id === 'search',
  )?.kind;
  if (!search || !['input', 'textarea'].includes(chosen.view.tag)) return undefined;
  if (!button && query.terms.some((t) => t.word === 'input')) return undefined;
  let found: Scored | undefined;
  for (const index of chosen.view.ancestors.slice(0, 3)) {
    const up = ranked.find((s) => s.view.index === index);
    if (!up || up.view.element.box.height > 150) break;
    if (up.view.tag === 'form' || up.view.role === 'search' || search.match(up.view, [])) found = up;
  }
  return found;
}

/**
 * A heading names its section: when the best match is a heading and no heading was asked for
 * ("FAQ", "pricing"), the element it heads is meant when that scores nearly as well.
 */
function sectionOfHeading(ranked: readonly Scored[], best: Scored, query: Query): Scored | undefined {
  if (best.view.role !== 'heading' || query.kinds.some((k) => k.kind.id === 'heading')) return undefined;
  const parent = ranked.find((s) => s.view.index === best.view.element.parent);
  return parent && parent.score >= best.score - 0.1 ? parent : undefined;
}

/**
 * "the second testimonial", "the links in the header": like elements side by side (same tag, same
 * parent) among the best matches, inside the best match or beside it form a group; an ordinal
 * picks one of them in page order, a plural their parent (unless the best match already holds
 * them). Returns the choice and the group, whose members are not each other's rivals.
 */
function memberOfGroup(
  ranked: readonly Scored[],
  best: Scored,
  query: Query,
): { chosen: Scored; group: Scored[] } | undefined {
  if (query.ordinal === null && !query.plural) return undefined;
  // "the testimonials" at a container that holds them: the container.
  if (query.ordinal === null && best.view.children >= 2) return undefined;
  const groups = new Map<string, Scored[]>();
  for (const s of ranked) {
    if (s.score <= 0) continue;
    const parent = s.view.element.parent;
    const near = s.score >= best.score - 0.05;
    const beside =
      parent === best.view.element.parent && s.view.tag === best.view.tag && s.score >= best.score - 0.35;
    if (!near && !beside && !isInside(s.view, best.view)) continue;
    const key = `${parent ?? 'top'} ${s.view.tag}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const strength = (g: Scored[]): number => Math.max(...g.map((s) => s.score)) + 0.01 * g.length;
  const group = [...groups.values()]
    .filter((g) => g.length >= 2)
    .sort((a, b) => strength(b) - strength(a))[0];
  if (!group) return undefined;
  const members = [...group].sort((a, b) => a.view.index - b.view.index);
  if (query.ordinal !== null) {
    // An empty paragraph or item among worded ones is no one's "first" or "last": a spacer.
    const worded = members.some((m) => !wordless(m.view));
    const counted = worded ? members.filter((m) => !wordless(m.view) || isPicture(m.view)) : members;
    const chosen = query.ordinal < 0 ? counted.at(-1) : counted[query.ordinal];
    return chosen ? { chosen, group } : undefined;
  }
  if (members.every((m) => isInside(m.view, best.view))) return undefined;
  const parentIndex = members[0]?.view.element.parent;
  const parent = ranked.find((s) => s.view.index === parentIndex);
  return parent ? { chosen: parent, group } : undefined;
}

/**
 * Every word a page's elements hold in their labels, hints, text, links and section headings, and
 * for a word asked about, the others among them that `sameOrPrefix` pairs with it ("post" and
 * "posted"). `Scorer.fieldMatch` then looks up those few words in an element's sets instead of
 * walking every word of every element for each word of the description: the same answer, found in a
 * handful of lookups (a page's body holds thousands of words, and it is asked about dozens).
 */
class Vocabulary {
  private readonly words: string[];
  private readonly paired = new Map<string, readonly string[]>();

  constructor(views: readonly ElementView[]) {
    const all = new Set<string>();
    for (const v of views)
      for (const set of [v.labels, v.hints, v.textSet, v.href, v.sectionHeading])
        for (const w of set) all.add(w);
    this.words = [...all];
  }

  /** The page's words other than `word` that are a prefix of it, or it of them (both of four letters or more). */
  near(word: string): readonly string[] {
    let found = this.paired.get(word);
    if (found === undefined) {
      found = word.length < 4 ? [] : this.words.filter((w) => w !== word && sameOrPrefix(w, word) !== null);
      this.paired.set(word, found);
    }
    return found;
  }
}

const VOCABULARIES = new WeakMap<readonly ElementView[], Vocabulary>();
function vocabularyOf(views: readonly ElementView[]): Vocabulary {
  let vocabulary = VOCABULARIES.get(views);
  if (!vocabulary) {
    vocabulary = new Vocabulary(views);
    VOCABULARIES.set(views, vocabulary);
  }
  return vocabulary;
}

export class Scorer {
  readonly idf = new Map<string, number>();
  readonly containerKind: boolean;

  constructor(
    private readonly query: Query,
    private readonly views: readonly ElementView[],
    private readonly documentHeight: number,
  ) {
    this.containerKind = query.kinds.some((k) => k.kind.container);
    this.vocabulary = vocabularyOf(views);
    for (const term of [...query.terms, ...query.contextTerms]) {
      const df = views.filter((v) => this.lexical(term.word, v) >= 0.75).length;
      this.idf.set(term.word, 1 + Math.log((1 + views.length) / (1 + df)));
    }
  }

  private readonly scores = new Map<number, number>();
  /** The element's score (computed once per element). */
  score(v: ElementView): number {
    let known = this.scores.get(v.index);
    if (known === undefined) {
      known = this.computeScore(v);
      this.scores.set(v.index, known);
    }
    return known;
  }

  private readonly kindMatches = new Map<string, Float64Array>();
  /** How well the element is of `kind`, 0–1 (computed once per kind and element). */
  kindMatch(kind: Kind, v: ElementView): number {
    let row = this.kindMatches.get(kind.id);
    if (!row) {
      row = new Float64Array(this.views.length).fill(Number.NaN);
      this.kindMatches.set(kind.id, row);
    }
    let value = row[v.index] ?? Number.NaN;
    if (Number.isNaN(value)) {
      value = kind.match(v, this.views);
      row[v.index] = value;
    }
    return value;
  }

  private computeScore(v: ElementView): number {
    const { query } = this;
    const lexical = this.coverage(v);
    let score = lexical;
    if (query.kinds.length > 0) {
      const kind = Math.max(...query.kinds.map((k) => this.kindMatch(k.kind, v)));
      const strength = Math.max(...query.kinds.map((k) => k.strength));
      const onlyKindWords = query.terms.every((t) => t.weight < 1);
      const alpha = onlyKindWords ? 0.85 : 0.5 * strength;
      score = alpha * kind + (1 - alpha) * lexical;
    }
    if (query.contextTerms.length > 0 || query.contextKinds.length > 0)
      score = 0.65 * score + 0.35 * this.context(v);
    return score + this.position(v);
  }

  /** 0–1: the weighted share of the description's words found on the element. */
  coverage(v: ElementView): number {
    let found = 0;
    let total = 0;
    for (const term of this.query.terms) {
      const weight = term.weight * (this.idf.get(term.word) ?? 1);
      total += weight;
      found += weight * this.lexical(term.word, v);
    }
    return total === 0 ? 0 : found / total;
  }

  /**
   * 0–1: the weighted share of the description's distinctive words (neither kind words nor
   * modifiers) found on the element or around it, however weakly; null when it has none.
   */
  contentCoverage(v: ElementView): number | null {
    const content = this.query.terms.filter(contentWord);
    if (content.length === 0) return null;
    let found = 0;
    let total = 0;
    for (const term of content) {
      const weight = this.idf.get(term.word) ?? 1;
      total += weight;
      const asKind = Math.max(0, ...kindsOf(term.word).map((k) => k.strength * this.kindMatch(k.kind, v)));
      found +=
        weight *
        Math.min(1, Math.max(this.lexical(term.word, v) / 0.3, this.inside(term.word, v) / 0.3, asKind));
    }
    return found / total;
  }

  /** How well one word matches the best element inside `v` ("email signup form": the form holds an email field). */
  private inside(word: string, v: ElementView): number {
    let best = 0;
    for (const d of this.views)
      if (d.ancestors.includes(v.index)) best = Math.max(best, this.lexical(word, d));
    return best;
  }

  /** How well one word matches the element: in its name or labels, hints, text, link, or around it. */
  lexical(word: string, v: ElementView): number {
    let row = this.lexicalMatches.get(word);
    if (!row) {
      row = new Float64Array(this.views.length).fill(Number.NaN);
      this.lexicalMatches.set(word, row);
    }
    let value = row[v.index] ?? Number.NaN;
    if (Number.isNaN(value)) {
      value = this.computeLexical(word, v);
      row[v.index] = value;
    }
    return value;
  }

  private readonly lexicalMatches = new Map<string, Float64Array>();

  private computeLexical(word: string, v: ElementView): number {
    let best = 0;
    for (const [variant, factor] of [
      [word, 1] as const,
      ...synonymsOf(word).map((s) => [s, 0.85] as const),
    ]) {
      best = Math.max(best, factor * this.fieldMatch(variant, v));
      if (best >= 1) break;
    }
    return best;
  }

  private readonly vocabulary: Vocabulary;

  private fieldMatch(word: string, v: ElementView): number {
    const near = this.vocabulary.near(word);
    const inSet = (set: Set<string>): number => {
      if (set.has(word)) return 1;
      if (near.length < set.size) {
        for (const w of near) if (set.has(w)) return 0.8;
      } else {
        for (const w of set) if (sameOrPrefix(w, word)) return 0.8;
      }
      return 0;
    };
    const n = v.text.length;
    const textWeight = this.containerKind ? 0.7 : n <= 6 ? 0.85 : Math.max(0.25, 0.85 * Math.sqrt(6 / n));
    let best = Math.max(
      inSet(v.labels),
      0.95 * inSet(v.hints),
      textWeight * inSet(v.textSet),
      0.5 * inSet(v.href),
      0.5 * inSet(v.sectionHeading),
    );
    if (best < 0.35) {
      for (const i of v.ancestors) {
        const a = this.views[i];
        if (a) best = Math.max(best, 0.35 * Math.max(inSet(a.hints), inSet(a.labels)));
      }
    }
    return best;
  }

  /** 0–1: how well the element or one of its ancestors matches the "in the …" part and earlier kinds. */
  context(v: ElementView): number {
    const around = [
      v,
      ...v.ancestors.map((i) => this.views[i]).filter((a): a is ElementView => a !== undefined),
    ];
    const parts: number[] = [];
    for (const term of this.query.contextTerms) {
      parts.push(Math.max(...around.map((a) => this.lexical(term.word, a))));
    }
    for (const k of this.query.contextKinds) {
      parts.push(Math.max(...around.map((a) => k.strength * this.kindMatch(k.kind, a))));
    }
    return parts.length === 0 ? 1 : parts.reduce((a, b) => a + b, 0) / parts.length;
  }

  /** Small nudges: top or bottom of the page when asked, bigger for "main", and the top of the page first. */
  private position(v: ElementView): number {
    const m = this.query.modifiers;
    const depth = Math.min(1, v.element.box.y / Math.max(1, this.documentHeight));
    let bonus = -0.03 * depth;
    if (m.has('top') || m.has('upper')) bonus += 0.1 * (1 - depth);
    if (m.has('bottom') || m.has('lower')) bonus += 0.1 * depth;
    if (['main', 'primary', 'big', 'biggest', 'large', 'largest'].some((w) => m.has(w)))
      bonus += 0.1 * this.sizeRank(v);
    if (m.has('small') || m.has('smallest')) bonus += 0.1 * (1 - this.sizeRank(v));
    return bonus;
  }

  private readonly maxAreaByTag = new Map<string, number>();
  /** 0–1: the element's size against the largest element of its tag. */
  private sizeRank(v: ElementView): number {
    let max = this.maxAreaByTag.get(v.tag);
    if (max === undefined) {
      max = Math.max(1, ...this.views.filter((o) => o.tag === v.tag).map((o) => o.area));
      this.maxAreaByTag.set(v.tag, max);
    }
    return Math.sqrt(Math.min(1, v.area / max));
  }
}
