import type {
  ElementLocator,
  ElementMap,
  LocateAnswer,
  LocateCandidate,
} from '../../ports/element-locator.js';
import { featureRows } from './features.js';
import { DOUBT_CAP, doubtful, locateByHand } from './hand-matcher.js';
import type { ElementView } from './kinds.js';
import { calibrationSignals, confidenceOf, scoreRows } from './ranker.js';
import { RANKER } from './ranker-weights.js';

export type { HandAnswer, Query, Scored } from './hand-matcher.js';
export { locateByHand, parseDescription, rankElements, Scorer } from './hand-matcher.js';

/**
 * The element locator that needs no network and no model: the hand-written matcher
 * (hand-matcher.ts) reads the description's words and the kind of element it names against the
 * page's element map, and a ranker learned from labelled real pages (ranker.ts) picks the element
 * and says how sure it is.
 */
export function createOfflineLocator(): ElementLocator {
  return {
    name: 'offline',
    model: null,
    wantsScreenshot: false,
    locate: async (request) => locateOffline(request.description, request.map),
  };
}

/**
 * The best element of `map` for `description`. The learned ranker ({@link RANKER}, trained on
 * labelled real pages) scores every element from the hand-written matcher's signals and the
 * element's shape, and picks the best; its calibrated confidence crops when it reaches 0.6. When
 * both chose the same element (or one a close wrapper of the other), the hand matcher's element
 * stands with the surer of the two confidences. An ordinal ("the second card") is the hand
 * matcher's to resolve: the ranker does not count.
 */
export function locateOffline(description: string, map: ElementMap): LocateAnswer {
  const hand = locateByHand(description, map);
  const { query, views, scorer } = hand;
  if (hand.index < 0 || views.length === 0 || query.ordinal !== null) return hand.answer;
  const rows = featureRows(query, views, scorer, map, hand.index);
  const scores = scoreRows(RANKER, rows);
  let best = 0;
  for (let i = 1; i < scores.length; i++)
    if ((scores[i] ?? -Infinity) > (scores[best] ?? -Infinity)) best = i;
  const shape = { ancestors: views.map((v) => v.ancestors), areas: views.map((v) => v.area) };
  const signals = calibrationSignals(
    scores,
    best,
    shape,
    { confidence: hand.answer.confidence, index: hand.index },
    rows[best] ?? new Float64Array(rows[0]?.length ?? 0),
  );
  const ranked = confidenceOf(RANKER, signals);
  const agree = (signals[4] ?? 0) > 0;
  const round = (x: number): number => Math.round(Math.min(1, Math.max(0, x)) * 100) / 100;
  // Agreeing, the hand matcher's element stands (its rules pick the form around a search field, the
  // innermost of equals) with the surer of the two confidences; disagreeing, the ranker's.
  let index = best;
  let confidence = ranked;
  if (agree) {
    index = hand.index;
    confidence = Math.max(ranked, hand.answer.confidence);
  }
  const view = views[index];
  if (view && doubtful(query, view, map)) confidence = Math.min(confidence, DOUBT_CAP);
  const selector = view?.element.selector ?? null;
  return {
    selector,
    confidence: round(confidence),
    raw: selector,
    candidates: rankedCandidates(scores, index, views, round(confidence)),
  };
}

/** The chosen element, then the ranker's next two best that neither hold it nor lie inside it, with their softmax chance. */
function rankedCandidates(
  scores: readonly number[],
  chosen: number,
  views: readonly ElementView[],
  confidence: number,
): LocateCandidate[] {
  const max = Math.max(...scores);
  const total = scores.reduce((a, z) => a + Math.exp(z - max), 0);
  const order = [...scores.keys()].sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  const picked = [chosen];
  for (const i of order) {
    if (picked.length === 3) break;
    const v = views[i];
    if (
      !v ||
      picked.some((p) => p === i || v.ancestors.includes(p) || (views[p]?.ancestors ?? []).includes(i))
    )
      continue;
    picked.push(i);
  }
  return picked.map((i, k) => ({
    selector: views[i]?.element.selector ?? '',
    score: k === 0 ? confidence : Math.round((Math.exp((scores[i] ?? 0) - max) / total) * 100) / 100,
  }));
}
