import type {
  ElementLocator,
  ElementMap,
  LocateAnswer,
  LocateCandidate,
  Shortlist,
} from '../../ports/element-locator.js';
import { FEATURES, featureRows } from './features.js';
import {
  DOUBT_CAP,
  currentForAFormerPrice,
  doubtful,
  footerForNavigation,
  groupForAButton,
  linklessTags,
  linksForSocial,
  locateByHand,
  noControlForAForm,
  noSearchInIt,
  outsideItsRegion,
  partForServings,
  proseForAShareBar,
  sidebarHoldingHeadline,
  storyForAPager,
  storyForContents,
  storyForLabels,
  storyForOthers,
  wordsForAHeadshot,
  wordsForAMedium,
  wrongPlace,
} from './hand-matcher.js';
import type { HandAnswer, Query } from './hand-matcher.js';
import type { ElementView } from './kinds.js';
import type { Shape } from './ranker.js';
import { argmax, calibrationSignals, confidenceOf, nestedGap, sameFamily, scoreRows } from './ranker.js';
import { RANKER } from './ranker-weights.js';
import { words, writersOf } from './text.js';
import {
  answerInComments,
  codeFound,
  commentMarked,
  crumbWord,
  decidingEvident,
  elsewhereForTheLeadPhoto,
  evidentFound,
  logoFarDown,
  namedByClass,
  namedById,
  namedControl,
  asksDayAlone,
  asksWhoAndWhen,
  placedOnPage,
  soleDate,
  soleTitle,
  vouchedEvident,
} from './evident.js';

export type { HandAnswer, Query, Scored } from './hand-matcher.js';
export { locateByHand, parseDescription, rankElements, Scorer } from './hand-matcher.js';
export {
  evidentFound,
  namedByClass,
  namedById,
  namedControl,
  soleDate,
  soleEvident,
  soleTitle,
  vouchedEvident,
} from './evident.js';

/**
 * The element locator that needs no network and no model: the hand-written matcher
 * (hand-matcher.ts) reads the description's words and the kind of element it names against the
 * page's element map, and a ranker learned from labelled real pages (ranker.ts) picks the element
 * and says how sure it is.
 */
export function createOfflineLocator(options: OfflineLocatorOptions = {}): ElementLocator {
  const { thread } = options;
  return {
    name: 'offline',
    model: null,
    wantsScreenshot: false,
    locate: async (request, signal) =>
      thread
        ? (await thread.shortlist(request.description, request.map, 0, signal)).answer
        : locateOffline(request.description, request.map),
  };
}

/** Options of {@link createOfflineLocator}. */
export interface OfflineLocatorOptions {
  /**
   * Where the answers are worked out: a worker thread (locator-thread.ts), so that the event loop
   * goes on meanwhile. Absent: inline, on the caller's thread.
   */
  thread?: Shortlisting;
}

/** Something that works out {@link shortlistOffline}'s answers, perhaps elsewhere than on the caller's thread. */
export interface Shortlisting {
  /** {@link shortlistOffline}'s answer; rejects when `signal` aborts first, or when it cannot be worked out. */
  shortlist(description: string, map: ElementMap, size: number, signal?: AbortSignal): Promise<Shortlist>;
}

/**
 * The hand matcher's confidence from which, when the ranker chose the same element, it may make the
 * crop on its own. Chosen out of fold on the `tune` cases of bench/describe: at 0.65, 40.9 % right
 * and 3.2 % wrong crops; at 0.7, 38.1 % and 3.2 %; at 0.8, 28.3 % and 2.0 %; the ranker's
 * confidence alone, 24.7 % and 1.6 %.
 */
export const HAND_VOUCHES = 0.65;

/**
 * How far the hand matcher's element must lead, in the ranker's score, its wrappers and insides of
 * another size for the hand matcher to vouch for it: when the ranker prefers the navigation to its
 * list, or the search box to its form, neither can the hand matcher be trusted on it. Chosen out of
 * fold on the `tune` cases of bench/describe (two splits), with the rules of the time: with no such
 * bar, 43.5 % right and 3.2 % wrong crops; at 1, 43.2 % and 2.8 %; at 2, 41.3 % and 2.4 %. Later,
 * with the rules of evident.ts vouching, a lead of 1 kept out no wrong crop on any of the 1,029
 * labelled cases, and four right ones ("estimated reading time", "the search input"): now 0, not
 * behind.
 */
export const NESTED_GAP = 0;

/**
 * The confidence of an answer that {@link soleTitle}, {@link soleDate}, {@link namedControl},
 * {@link vouchedEvident}, {@link namedById} or {@link namedByClass} vouches for.
 */
export const TITLE_CONFIDENCE = 0.7;

/**
 * The best element of `map` for `description`. The learned ranker ({@link RANKER}, trained on
 * labelled real pages) scores every element from the hand-written matcher's signals, the
 * element's shape and whether it is the one the page makes evident ({@link soleEvident}), and picks
 * the best; its calibrated confidence crops when it reaches 0.6. When
 * both chose the same element (or one a close wrapper of the other), the hand matcher's element
 * stands, and the hand matcher's own confidence counts when it is at least {@link HAND_VOUCHES}.
 * An ordinal ("the second card") is the hand matcher's to resolve: the ranker does not count.
 */
export function locateOffline(description: string, map: ElementMap): LocateAnswer {
  return shortlistOffline(description, map, 0).answer;
}

/**
 * {@link locateOffline}'s answer together with a shortlist for a model to choose from: the `size`
 * best elements by the ranker, the hand matcher's element, the one the page makes evident
 * ({@link soleEvident}) and the page's headline when asked for ({@link soleTitle}), in page order. On the heldout cases
 * of bench/describe a right element is among the ranker's best 10 for 94.3 % of descriptions, among
 * its best 40 for 95.1 %.
 */
export function shortlistOffline(description: string, map: ElementMap, size: number): Shortlist {
  const found = locateByHand(description, map);
  const { query, views, scorer } = found;
  // An ordinal on a map that leaves elements out may count without the one it means.
  const hand = query.ordinal !== null && isCut(map) ? cappedAt(found, DOUBT_CAP) : found;
  const inPageOrder = (indices: Iterable<number>): number[] => [...new Set(indices)].sort((a, b) => a - b);
  if (hand.index < 0 || views.length === 0) {
    // Words the hand matcher finds nowhere may still name what a rule reads ("breadcrumb" on a page
    // whose trail is only a class): the rule's element, when it fits as the locator's would.
    const found =
      query.ordinal === null
        ? vouchedEvident(evidentFound(description, query, views, writersOf(map.about?.authors)))
        : -1;
    const rows = found >= 0 ? featureRows(query, views, scorer, map, -1, found) : [];
    const selector = views[found]?.element.selector;
    if (selector !== undefined && answerFits(query, views, map, rows, found))
      return { answer: ruleAnswer(selector, TITLE_CONFIDENCE), shortlist: size <= 0 ? [] : [found] };
    return { answer: hand.answer, shortlist: inPageOrder(map.elements.keys()).slice(0, size) };
  }
  // "The second code block" counts the page's blocks, not the tokens highlighted inside one; on a
  // map that leaves elements out, the block meant may be among them.
  const block = query.ordinal !== null ? codeFound(description, query, views) : -1;
  const blockSelector = views[block]?.element.selector;
  const blockFits = (): boolean =>
    answerFits(query, views, map, featureRows(query, views, scorer, map, hand.index, block), block);
  if (blockSelector !== undefined && blockFits()) {
    const confidence = isCut(map) ? Math.min(TITLE_CONFIDENCE, DOUBT_CAP) : TITLE_CONFIDENCE;
    return { answer: ruleAnswer(blockSelector, confidence), shortlist: size <= 0 ? [] : [block] };
  }
  // An ordinal is the hand matcher's to resolve: the ranker only shortlists, when asked to.
  if (query.ordinal !== null && size <= 0) return { answer: hand.answer, shortlist: [] };
  const evidentOne = evidentFound(description, query, views, writersOf(map.about?.authors));
  const evident = evidentOne.index;
  const rows = featureRows(query, views, scorer, map, hand.index, evident);
  const scores = numberedScores(
    placedScores(scoreRows(RANKER, rows), query, views, map),
    description,
    query,
    views,
  );
  // The page's headline, when asked for (soleTitle): offered to a model too, as it may be the answer.
  const titled = soleTitle(query, views, map.title, map.about?.headline);
  const shortlist =
    size <= 0
      ? []
      : inPageOrder([
          hand.index,
          ...(evident >= 0 ? [evident] : []),
          ...(titled >= 0 ? [titled] : []),
          ...[...scores.keys()].sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0)).slice(0, size),
        ]);
  if (query.ordinal !== null) return { answer: hand.answer, shortlist };
  const best = argmax(scores);
  const shape = { ancestors: views.map((v) => v.ancestors), areas: views.map((v) => v.area) };
  const signals = calibrationSignals(scores, best, shape, {
    confidence: hand.answer.confidence,
    index: hand.index,
  });
  const ranked = confidenceOf(RANKER, signals);
  const agree = sameFamily(shape, best, hand.index);
  const round = (x: number): number => Math.round(Math.min(1, Math.max(0, x)) * 100) / 100;
  const fits = (i: number): boolean => answerFits(query, views, map, rows, i);
  // The headline, the day, a deciding rule's element or a named control wherever the ranker looked,
  // else the hand matcher's element when both agree (a hand matcher quite sure may vouch for it).
  const dated = soleDate(query, views, map, description);
  const named = namedControl(description, query, views);
  const chosen = chooseElement(
    {
      title: titled,
      titleFirst: titled >= 0 && titleFirst(titled, evidentOne, views),
      date: dated,
      dayAlone: asksDayAlone(query, description),
      whoAndWhen: asksWhoAndWhen(query),
      decide: decidingEvident(evidentOne),
      named,
      hand: hand.index,
      best,
      agree,
    },
    fits,
  );
  const vouched = vouchedEvident(evidentOne);
  const inputs: ConfidenceInputs = {
    ranked,
    agree: agree && chosen === (agree ? hand.index : best),
    hand: hand.answer.confidence,
    nestedGap: nestedGap(scores, hand.index, shape),
    title: chosen === titled,
    date: dated >= 0 && sameFamily(shape, dated, chosen),
    named: named >= 0 && sameFamily(shape, named, chosen),
    evident: vouched >= 0 && sameFamily(shape, vouched, chosen),
    doubtful: inDoubt(query, views, map, rows, chosen),
  };
  const { index, confidence } = decideAnswer(
    inputs,
    chosen,
    [dated, named, vouched],
    shape,
    () => [namedById(description, query, views), namedByClass(description, query, views)],
    fits,
  );
  const selector = views[index]?.element.selector ?? null;
  const answer = {
    selector,
    confidence: round(confidence),
    raw: selector,
    candidates: rankedCandidates(scores, index, views, shape, round(confidence)),
  };
  return { answer, shortlist };
}

/**
 * True when the title rule's element (`titled`) may be the answer wherever the ranker looked: no
 * heading the description names as the page writes it (evident.ts's heading rule: "the News
 * heading", "the Main Course heading") is another element.
 */
export function titleFirst(
  titled: number,
  evident: { index: number; rule: string | null },
  views: readonly ElementView[],
): boolean {
  if (evident.rule !== 'heading' || evident.index === titled) return true;
  // A spec table's "Product name" row is no heading the description names.
  return views[evident.index]?.role !== 'heading';
}

/** What {@link chooseElement} chooses from: the elements rules found (-1 for none) and what the description asks. */
export interface Choices {
  /** The page's headline ({@link soleTitle}), and whether it may be the answer wherever the ranker looked ({@link titleFirst}). */
  title: number;
  titleFirst: boolean;
  /** The page's day or last-changed line ({@link soleDate}); whether the day is asked alone ({@link asksDayAlone}), or with who wrote the page ({@link asksWhoAndWhen}). */
  date: number;
  dayAlone: boolean;
  whoAndWhen: boolean;
  /** What a deciding rule of evident.ts found ({@link decidingEvident}): the logo, the rating, a file's lines. */
  decide: number;
  /** The control named as the description says ({@link namedControl}). */
  named: number;
  /** The hand matcher's element, the ranker's, and whether they are the same or one a close wrapper of the other. */
  hand: number;
  best: number;
  agree: boolean;
}

/**
 * The element the locator answers with: the page's headline when asked for, wherever the ranker
 * looked (the title rule was right for 93 of the 95 headlines it found on bench/describe's pages);
 * then the page's day asked alone; then the line of the page's author and day, asked for ("who
 * wrote it and when": right for 34 of 36 such descriptions, the two others a line a little smaller
 * than the labelled one); then the brand's logo, the page's rating or a file's lines as a rule of
 * evident.ts found them (DECIDING_RULES); then the one control named as the description says ("the
 * Add to shopping bag button", not a carousel's icons named so for a screen reader) — each only
 * when it `fits`. Otherwise, agreeing, the hand matcher's element (its rules pick the form around a
 * search field, the innermost of equals), else the ranker's. bench/describe/train.ts chooses with
 * it too.
 */
export function chooseElement(c: Choices, fits: (index: number) => boolean): number {
  if (c.title >= 0 && c.titleFirst && fits(c.title)) return c.title;
  if (c.date >= 0 && (c.dayAlone || c.whoAndWhen) && fits(c.date)) return c.date;
  if (c.decide >= 0 && fits(c.decide)) return c.decide;
  if (c.named >= 0 && fits(c.named)) return c.named;
  return c.agree ? c.hand : c.best;
}

/**
 * The element to crop and how sure the answer is: {@link decideConfidence} of `inputs` for `chosen`
 * (whose `date`, `named` and `evident` say whether `rules` — the elements of soleDate,
 * namedControl and vouchedEvident, -1 for none — vouch for it); when that stays below
 * {@link TITLE_CONFIDENCE} and nothing is in doubt, the elements whose id or class says what is
 * asked (`names`, read only then) may vouch too. The element is the vouching rule's own
 * ({@link vouchedElement}) when it `fits` (neither in doubt nor out of the place the description
 * says, as `chosen` was checked), else `chosen`; a doubt of `chosen` then caps nothing (the story's
 * column in doubt for "the most popular articles", its "Most Popular" box vouched for). `gap`: see
 * {@link decideConfidence}.
 * bench/describe/train.ts decides its out-of-fold answers with it too.
 */
export function decideAnswer(
  inputs: ConfidenceInputs,
  chosen: number,
  rules: readonly number[],
  shape: Shape,
  names: () => readonly number[],
  fits: (index: number) => boolean = () => true,
  gap = NESTED_GAP,
): { index: number; confidence: number } {
  const confidence = decideConfidence(inputs, gap);
  if (confidence >= TITLE_CONFIDENCE || inputs.doubtful) {
    const index = vouchedElement(chosen, rules, shape, fits);
    // The doubt was of `chosen`: a rule's own element in its place, which fits, is not in doubt.
    if (inputs.doubtful && index !== chosen)
      return { index, confidence: decideConfidence({ ...inputs, doubtful: false }, gap) };
    return { index, confidence };
  }
  const named = names();
  if (!named.some((found) => found >= 0 && sameFamily(shape, found, chosen)))
    return { index: vouchedElement(chosen, rules, shape, fits), confidence };
  return {
    index: vouchedElement(chosen, named, shape, fits),
    confidence: decideConfidence({ ...inputs, evident: true }, gap),
  };
}

/**
 * The element to crop when a rule vouched for `chosen`: the first of the rules' elements (`found`,
 * -1 for none) that a user would take for it and that `fits` — the rule's own element, which ends
 * no chain of wrappers (the header around the navigation whose id says "nav" is not the menu) — or
 * `chosen`.
 */
export function vouchedElement(
  chosen: number,
  found: readonly number[],
  shape: Shape,
  fits: (index: number) => boolean = () => true,
): number {
  return found.find((i) => i >= 0 && i !== chosen && sameFamily(shape, i, chosen) && fits(i)) ?? chosen;
}

/** The answer a rule of evident.ts gives alone: its element, at `confidence`, its one candidate. */
function ruleAnswer(selector: string, confidence: number): LocateAnswer {
  return { selector, confidence, raw: selector, candidates: [{ selector, score: confidence }] };
}

/** The hand matcher's answer with its confidence, and its candidates' scores, at most `cap`. */
function cappedAt(hand: HandAnswer, cap: number): HandAnswer {
  const { answer } = hand;
  return {
    ...hand,
    answer: {
      ...answer,
      confidence: Math.min(answer.confidence, cap),
      candidates: answer.candidates?.map((c) => ({ ...c, score: Math.min(c.score, cap) })),
    },
  };
}

/** True when the map leaves out some of the page's elements (see {@link ElementMap.cut}). */
function isCut(map: ElementMap): boolean {
  return map.cut ?? map.candidates > map.elements.length;
}

/**
 * True when element `index` may stand as the answer in the locator's place: it lies where the
 * description places the thing ({@link wrongPlace}) and is not {@link inDoubt}.
 */
export function answerFits(
  query: Query,
  views: readonly ElementView[],
  map: ElementMap,
  rows: readonly Float64Array[],
  index: number,
): boolean {
  const v = views[index];
  return v !== undefined && !wrongPlace(query, v, map) && !inDoubt(query, views, map, rows, index);
}

/**
 * True when the answer `chosen` must not be cropped to however sure the ranker is: it is plainly not
 * what the description asks for ({@link doubtful}, {@link footerForNavigation},
 * {@link sidebarHoldingHeadline}), or not where it says ({@link outOfContext}, {@link inCookieNotice}).
 */
export function inDoubt(
  query: Query,
  views: readonly ElementView[],
  map: ElementMap,
  rows: readonly Float64Array[],
  chosen: number,
): boolean {
  const view = views[chosen];
  return (
    view !== undefined &&
    (doubtful(query, view, map) ||
      outOfContext(query, rows, chosen) ||
      inCookieNotice(query, views, view) ||
      footerForNavigation(query, view, views) ||
      outsideItsRegion(query, view, views, map) ||
      logoFarDown(query, view, views, map) ||
      groupForAButton(query, view, views) ||
      linklessTags(query, view, views) ||
      proseForAShareBar(query, view, views) ||
      linksForSocial(query, view, views) ||
      noSearchInIt(query, view, views) ||
      elsewhereForTheLeadPhoto(query, view, views) ||
      partForServings(query, view, views) ||
      storyForAPager(query, view, views) ||
      storyForContents(query, view, views) ||
      storyForLabels(query, view, views) ||
      currentForAFormerPrice(query, view, views) ||
      wordsForAHeadshot(query, view, views) ||
      noControlForAForm(query, view, views) ||
      wordsForAMedium(query, view, views) ||
      storyForOthers(query, view, views) ||
      answerInComments(query, view, views) ||
      sidebarHoldingHeadline(query, view, views))
  );
}

/** Words of a description that ask for a cookie notice or something in it (stemmed, as the description's are). */
const NOTICE_WORDS = new Set(words('cookie cookies consent privacy gdpr tracking'));
/**
 * True for a word of an id or class that marks a cookie notice: `cookie-banner`, `cookies-popup`,
 * `onetrust-consent-sdk`, Cookiebot's `CybotCookiebotDialog`, `cookielaw` — not "cmp", with which
 * Adobe's sites begin every component's class (`cmp-teaser`).
 */
const noticeMark = (hint: string): boolean =>
  hint.startsWith('cookie') ||
  hint === 'cooky' ||
  hint === 'consent' ||
  hint === 'gdpr' ||
  hint === 'onetrust';
/** What a cookie notice says besides "cookies": not a recipe's banner of chocolate chip cookies. */
const NOTICE_TEXT =
  /\b(?:consent|accept|privacy|preferences|settings|partners|personali[sz]e|tracking|uses? cookies|cookies and (?:other|similar) technologies)\b/i;

/**
 * True when `view` lies in a cookie notice — a box (it or one of its four nearest wrappers) whose id
 * or class says cookie or consent, in no form (a comment form's "save my name" box is classed
 * `comment-form-cookies-consent`), or a banner whose text speaks of cookies and of consent, privacy
 * or their use — and the description asks for none, in its words or where it places the thing ("the
 * site footer" is not the notice's row of buttons classed "footer"; "the Accept button in the cookie
 * banner" is).
 */
export function inCookieNotice(query: Query, views: readonly ElementView[], view: ElementView): boolean {
  if ([...query.terms, ...query.contextTerms].some((t) => NOTICE_WORDS.has(t.word))) return false;
  const inForm = (u: ElementView): boolean =>
    u.tag === 'form' || u.ancestors.some((a) => views[a]?.tag === 'form');
  return [view, ...view.ancestors.slice(0, 4).map((a) => views[a])].some(
    (u) =>
      u !== undefined &&
      (([...u.hints].some(noticeMark) && !inForm(u)) ||
        (u.hints.has('banner') &&
          /\bcookies?\b/i.test(u.element.text.slice(0, 300)) &&
          NOTICE_TEXT.test(u.element.text.slice(0, 300)))),
  );
}

/**
 * True when the description says where the thing is ("the heading of the Cape Orran forecast"),
 * the page has such a place — an element that, with its ancestors, matches those words — and the
 * chosen element is not in it.
 */
export function outOfContext(query: Query, rows: readonly Float64Array[], chosen: number): boolean {
  // "The title of the paper": the page is the place, whatever element a class calls "paper". "…
  // with its caption and credit": what the thing holds, not where it is.
  if (query.contextTerms.every((t) => query.heldTerms?.has(t.word)) || placedOnPage(query)) return false;
  const at = FEATURES.indexOf('context');
  const context = (i: number): number => rows[i]?.[at] ?? 0;
  return context(chosen) < 0.5 && rows.some((_, i) => context(i) >= 0.9);
}

/** What the answer's confidence is decided from (see {@link decideConfidence}). */
export interface ConfidenceInputs {
  /** The ranker's calibrated confidence. */
  ranked: number;
  /** The ranker's element and the hand matcher's are the same, or one a close wrapper of the other. */
  agree: boolean;
  /** The hand matcher's own confidence. */
  hand: number;
  /** {@link nestedGap} of the hand matcher's element. */
  nestedGap: number;
  /** The chosen element is the page's sole title ({@link soleTitle}). */
  title: boolean;
  /** The chosen element is the page's sole publication date or last-changed line ({@link soleDate}), or one a user would take for it. */
  date: boolean;
  /** The chosen element is the one control named as the description says ({@link namedControl}), or one a user would take for it. */
  named: boolean;
  /**
   * The chosen element is one that a vouching rule of evident.ts found ({@link vouchedEvident}) or
   * whose id or class says what the description says ({@link namedById}, {@link namedByClass}), or
   * one a user would take for it.
   */
  evident: boolean;
  /** The description says something the chosen element plainly is not ({@link doubtful}). */
  doubtful: boolean;
}

/**
 * The answer's confidence: the ranker's, or the hand matcher's when both agree, it is at least
 * {@link HAND_VOUCHES} and its element leads its other-sized wrappers and insides by
 * {@link NESTED_GAP} (`gap`; bench/describe/train.ts tries others); at least
 * {@link TITLE_CONFIDENCE} for the sole title or publication date, the control named as the
 * description says ({@link namedControl}), what a vouching rule of evident.ts found
 * ({@link vouchedEvident}) or the element whose id or class says what is asked ({@link namedById},
 * {@link namedByClass}); at most {@link DOUBT_CAP} when in doubt.
 */
export function decideConfidence(x: ConfidenceInputs, gap = NESTED_GAP): number {
  const vouches = x.agree && x.hand >= HAND_VOUCHES && x.nestedGap >= gap;
  let confidence = vouches ? Math.max(x.ranked, x.hand) : x.ranked;
  if (x.title || x.date || x.named || x.evident) confidence = Math.max(confidence, TITLE_CONFIDENCE);
  if (x.doubtful) confidence = Math.min(confidence, DOUBT_CAP);
  return confidence;
}

/**
 * The ranker's scores with the elements that lie in the half of the page the description does not
 * place the thing in ("… at the end of the story") left out (scored -Infinity).
 */
export function placedScores(
  scores: number[],
  query: Query,
  views: readonly ElementView[],
  map: ElementMap,
): number[] {
  const placed = scores.map((z, i) => {
    const v = views[i];
    return v && wrongPlace(query, v, map) ? -Infinity : z;
  });
  return placed.some(Number.isFinite) ? placed : scores;
}

/** A description that asks for a numbered list: "the numbered list of references", "the ordered list". */
const NUMBERED_LIST = /\b(?:numbered|ordered)\s+list\b/i;

/**
 * The ranker's scores with every element but the page's numbered lists (`ol`) left out (scored
 * -Infinity) when the description asks for a numbered list ("the numbered list of references") and
 * the page has one of two items or more, still scored, in no navigation, breadcrumb or comments,
 * whose id, class, label or section heading says a word the description names besides its kinds
 * (any, when it names none) — not a word its text happens to hold (a comment list that says
 * "instructions").
 */
export function numberedScores(
  scores: number[],
  description: string,
  query: Query,
  views: readonly ElementView[],
): number[] {
  if (!NUMBERED_LIST.test(description)) return scores;
  const named = query.terms
    .filter((t) => !t.kindWord && !['numbered', 'ordered'].includes(t.word))
    .map((t) => t.word);
  const says = (v: ElementView): boolean =>
    named.length === 0 || named.some((w) => v.hints.has(w) || v.labels.has(w) || v.sectionHeading.has(w));
  const lists = new Set(
    views
      .filter(
        (v) =>
          v.tag === 'ol' &&
          v.children >= 2 &&
          Number.isFinite(scores[v.index] ?? -Infinity) &&
          ![v, ...v.ancestors.map((a) => views[a])].some(
            (u) =>
              u !== undefined &&
              (u.role === 'navigation' || [...u.hints].some(crumbWord) || commentMarked(u)),
          ) &&
          says(v),
      )
      .map((v) => v.index),
  );
  return lists.size === 0 ? scores : scores.map((z, i) => (lists.has(i) ? z : -Infinity));
}

/**
 * The chosen element, then the ranker's next two best, each with its softmax chance: none of them
 * one a user would take for an element before it, but a wrapper or an inside of another size may
 * follow (the right thing at another size is the commonest wrong best guess).
 */
function rankedCandidates(
  scores: readonly number[],
  chosen: number,
  views: readonly ElementView[],
  shape: Shape,
  confidence: number,
): LocateCandidate[] {
  const max = Math.max(...scores);
  const total = scores.reduce((a, z) => a + Math.exp(z - max), 0);
  // An element's fit: the ranker's chance for it and the elements a user would take for it.
  const fit = (i: number): number => {
    let sum = 0;
    scores.forEach((z, j) => {
      if (sameFamily(shape, i, j)) sum += Math.exp(z - max);
    });
    return sum / total;
  };
  const order = [...scores.keys()].sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  const picked = [chosen];
  for (const i of order) {
    if (picked.length === 3) break;
    const v = views[i];
    if (!v || picked.some((p) => p === i || sameFamily(shape, p, i))) continue;
    picked.push(i);
  }
  // The chosen element first, with the answer's confidence; the others with their fit, never above it.
  return picked.map((i, k) => ({
    selector: views[i]?.element.selector ?? '',
    score: k === 0 ? confidence : Math.min(confidence, Math.round(fit(i) * 100) / 100),
  }));
}
