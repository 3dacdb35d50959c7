import type { Placed } from './kinds.js';
import { takenFor } from './kinds.js';

/**
 * The learned part of the offline locator: a small model that scores each element of the map from
 * its features (features.ts) (linear, plus optionally one hidden layer of tanh units), trained by
 * `bench/describe/train.ts` on the labelled `tune` cases of real pages, and a logistic calibration
 * that turns the winner's chance and lead into a confidence.
 */
export interface RankerModel {
  /** Feature names, in the order the weights expect. */
  features: string[];
  /** Standardisation of each feature: (x - mean) / std. */
  mean: number[];
  std: number[];
  /** Hidden units (0: linear). */
  hidden: number;
  /** hidden × features input weights, row by row. */
  w1: number[];
  b1: number[];
  /** hidden output weights, then one skip weight per feature. */
  w2: number[];
  /** confidence = σ(w · [1, ...{@link calibrationSignals}]), fitted out of fold and shifted so that 0.6 means "almost surely right". */
  calibration: number[];
}

/** The model's score of each row of features. */
export function scoreRows(model: RankerModel, rows: readonly Float64Array[]): number[] {
  const F = model.features.length;
  const H = model.hidden;
  const x = new Float64Array(F);
  return rows.map((row) => {
    for (let f = 0; f < F; f++) x[f] = ((row[f] ?? 0) - (model.mean[f] ?? 0)) / (model.std[f] ?? 1);
    let out = 0;
    for (let j = 0; j < H; j++) {
      let a = model.b1[j] ?? 0;
      for (let f = 0; f < F; f++) a += (model.w1[j * F + f] ?? 0) * (x[f] ?? 0);
      out += (model.w2[j] ?? 0) * Math.tanh(a);
    }
    for (let f = 0; f < F; f++) out += (model.w2[H + f] ?? 0) * (x[f] ?? 0);
    return out;
  });
}

/** The best score among elements that neither hold `best` nor lie inside it; null when none. */
export function rivalOf(
  scores: readonly number[],
  best: number,
  ancestors: readonly (readonly number[])[],
): number | null {
  const above = new Set(ancestors[best] ?? []);
  let top: number | null = null;
  scores.forEach((z, i) => {
    if (i === best || above.has(i) || (ancestors[i] ?? []).includes(best)) return;
    if (top === null || z > top) top = z;
  });
  return top;
}

/** The chosen element and its score's relatives, as {@link calibrationSignals} needs them. */
export interface Shape {
  ancestors: readonly (readonly number[])[];
  areas: readonly number[];
}

/**
 * What the confidence is computed from: the softmax chance of the winner together with the
 * elements a user would take for it (its wrappers of at most twice its area, its insides of at
 * least half), the winner's lead in score over the best element that neither holds it nor lies
 * inside it, and the hand-written matcher's own confidence.
 */
export function calibrationSignals(
  scores: readonly number[],
  best: number,
  shape: Shape,
  hand: { confidence: number; index: number },
): number[] {
  const top = scores[best] ?? 0;
  let total = 0;
  let family = 0;
  scores.forEach((z, i) => {
    const e = Math.exp(z - top);
    total += e;
    if (sameFamily(shape, best, i)) family += e;
  });
  const rival = rivalOf(scores, best, shape.ancestors);
  const logit = (p: number): number => Math.log((p + 1e-6) / (1 - p + 1e-6));
  const agree = sameFamily(shape, best, hand.index);
  return [
    logit(family / total),
    rival === null ? 5 : Math.min(5, top - rival),
    hand.confidence,
    logit(1 / total),
    agree ? 1 : 0,
    agree ? hand.confidence : 0,
  ];
}

/**
 * True when `other` is `best`, a wrapper of at most twice its area, or lies inside it covering at
 * least half of it: `best` or one a user would take for it ({@link takenFor}).
 */
export function sameFamily(shape: Shape, best: number, other: number): boolean {
  if (other < 0) return false;
  if (other === best) return true;
  const at = (i: number): Placed => ({
    index: i,
    ancestors: shape.ancestors[i] ?? [],
    area: shape.areas[i] ?? 0,
  });
  return takenFor(at(best), at(other));
}

/**
 * How far `chosen`'s score leads the best of its wrappers and insides that a user would not take for
 * it (a wrapper more than twice its size, an inside less than half): small when the ranker cannot
 * tell the right size of the thing. Infinity when it has none.
 */
export function nestedGap(scores: readonly number[], chosen: number, shape: Shape): number {
  if (chosen < 0) return 0;
  let rival = -Infinity;
  const above = shape.ancestors[chosen] ?? [];
  scores.forEach((z, j) => {
    if (j === chosen || sameFamily(shape, chosen, j)) return;
    if (above.includes(j) || (shape.ancestors[j] ?? []).includes(chosen)) rival = Math.max(rival, z);
  });
  return (scores[chosen] ?? 0) - rival;
}

/** The index of the highest score (the first of equals); 0 for none. */
export function argmax(scores: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < scores.length; i++)
    if ((scores[i] ?? -Infinity) > (scores[best] ?? -Infinity)) best = i;
  return best;
}

/** Confidence, 0–1, from {@link calibrationSignals}. */
export function confidenceOf(model: RankerModel, signals: readonly number[]): number {
  const w = model.calibration;
  let z = w[0] ?? 0;
  signals.forEach((s, i) => (z += (w[i + 1] ?? 0) * s));
  return 1 / (1 + Math.exp(-z));
}
