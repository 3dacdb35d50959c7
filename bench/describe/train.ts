/**
 * `npx tsx bench/describe/train.ts [--maps FILE] [--hidden N] [--l2 X] [--repeats R] [--heldout] [--write]
 * [--no-by-id] [--no-by-class]` (the last two: without the vouching of an id or a class that says what is asked):
 * learns the offline locator's ranker from the `tune` cases of `bench/describe` (their element maps
 * come from `dump.ts`), reports it by page-wise cross-validation on `tune` — and, only with
 * `--heldout`, on `heldout` too (so that no run shows its figures by chance) — and with
 * `--write` saves the weights and the confidence calibration to
 * `src/adapters/offline-locator/ranker-weights.ts`.
 *
 * The ranker scores every element of the map; a softmax over the page turns the scores into
 * chances, and training maximises the chance of the elements a user would call right (see
 * `dump.ts`), with an L2 penalty. Confidence is a logistic fit, on out-of-fold answers only, of
 * "the chosen element is right" on the chosen element's chance and its lead over the best rival.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FEATURES, featureRows } from '../../src/adapters/offline-locator/features.js';
import { viewsOf } from '../../src/adapters/offline-locator/kinds.js';
import { locateByHand, parseDescription, Scorer } from '../../src/adapters/offline-locator/hand-matcher.js';
import {
  answerFits,
  chooseElement,
  decideAnswer,
  inDoubt,
  NESTED_GAP,
  numberedScores,
  placedScores,
  namedControl,
  soleDate,
  soleTitle,
  titleFirst,
  TITLE_CONFIDENCE,
} from '../../src/adapters/offline-locator/offline-locator.js';
import { DOUBT_CAP } from '../../src/adapters/offline-locator/hand-matcher.js';
import type { RankerModel } from '../../src/adapters/offline-locator/ranker.js';
import {
  argmax,
  nestedGap,
  calibrationSignals,
  confidenceOf,
  sameFamily,
  scoreRows,
} from '../../src/adapters/offline-locator/ranker.js';
import {
  asksDayAlone,
  asksWhoAndWhen,
  codeFound,
  decidingEvident,
  evidentFound,
  namedByClass,
  namedById,
  vouchedEvident,
} from '../../src/adapters/offline-locator/evident.js';
const BY_ID = !process.argv.includes('--no-by-id');
const BY_CLASS = !process.argv.includes('--no-by-class');
import type { DumpedPage } from './dump.js';
import { SPLITS } from './verify-cases.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const arg = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(name);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const MAPS = arg('--maps', join(HERE, '..', '..', '.tmp', 'describe-maps.json'));
const HIDDEN = Number(arg('--hidden', '0'));
const L2 = Number(arg('--l2', '0.1'));
const STEPS = Number(arg('--steps', '150'));
const WRITE = process.argv.includes('--write');
/** Whether to print the `heldout` figures; without it nothing of that split is shown. */
const SHOW_HELDOUT = process.argv.includes('--heldout');
const F = FEATURES.length;

interface Sample {
  page: string;
  split: string;
  kind: string;
  description: string;
  rows: Float64Array[];
  right: Set<number>;
  parents: (number | null)[];
  ancestors: number[][];
  selectors: string[];
  truth: string;
  areas: number[];
  hand: { confidence: number; index: number };
  /** The element the title rule vouches for (soleTitle in evident.ts), -1 when none. */
  title: number;
  /** The title rule's element may be the answer wherever the ranker looked (titleFirst in offline-locator.ts). */
  titleFirst: boolean;
  /** The element the date rule vouches for (soleDate in evident.ts), -1 when none. */
  date: number;
  /** The description asks for a day alone (asksDayAlone in evident.ts): the date rule's element may be the answer wherever the ranker looked. */
  dayAlone: boolean;
  /** The description asks who wrote the page and when (asksWhoAndWhen in evident.ts): the date rule's element may be the answer wherever the ranker looked. */
  whoAndWhen: boolean;
  /** The control the description names (namedControl in evident.ts), -1 when none. */
  named: number;
  /** The element a vouching rule of evident.ts found (vouchedEvident), -1 when none. */
  vouch: number;
  /** The element a deciding rule of evident.ts found (decidingEvident): the answer wherever the ranker looked when it fits; -1 when none. */
  decide: number;
  /** The description names an ordinal ("the second card"): the hand matcher's to resolve, but for code. */
  ordinal: boolean;
  /** For an ordinal, the code block at that place (codeFound in evident.ts), -1 when none. */
  block: number;
  /** The map leaves elements out (an ordinal's answer is then capped at DOUBT_CAP). */
  cut: boolean;
  /** The element whose id says what the description says (namedById in evident.ts), -1 when none. */
  byId: number;
  /** The element whose class says what the description says (namedByClass in evident.ts), -1 when none. */
  byClass: number;
  /** The ranker's scores as the locator takes them (placedScores and numberedScores in offline-locator.ts). */
  placed: (scores: number[]) => number[];
  /** True when an answer of this element is capped at DOUBT_CAP (doubtful in hand-matcher.ts). */
  doubt: (index: number) => boolean;
  /** True when the element may stand as the answer in the locator's place (answerFits in offline-locator.ts). */
  fits: (index: number) => boolean;
}

function handOf(description: string, map: DumpedPage['map']): { confidence: number; index: number } {
  const a = locateByHand(description, map);
  return { confidence: a.answer.confidence, index: a.index };
}

const pages = JSON.parse(readFileSync(MAPS, 'utf8')) as DumpedPage[];
const samples: Sample[] = [];
const featuresStarted = performance.now();
for (const p of pages) {
  const views = viewsOf(p.map.elements);
  for (const c of p.cases) {
    const query = parseDescription(c.description);
    const scorer = new Scorer(query, views, p.map.documentHeight);
    const hand = handOf(c.description, p.map);
    const found = evidentFound(c.description, query, views, p.map.about?.authors);
    const evident = found.index;
    const rows = featureRows(query, views, scorer, p.map, hand.index, evident);
    const title = soleTitle(query, views, p.map.title, p.map.about?.headline);
    samples.push({
      page: p.slug,
      split: c.split,
      kind: c.kind,
      description: c.description,
      rows,
      right: new Set(c.right),
      parents: p.map.elements.map((e) => e.parent),
      ancestors: views.map((v) => v.ancestors),
      selectors: p.map.elements.map((e) => e.selector),
      truth: c.selector,
      areas: views.map((v) => v.area),
      hand,
      title,
      titleFirst: titleFirst(title, found, views),
      date: soleDate(query, views, p.map, c.description),
      dayAlone: asksDayAlone(query, c.description),
      whoAndWhen: asksWhoAndWhen(query),
      named: namedControl(c.description, query, views),
      vouch: vouchedEvident(found),
      decide: decidingEvident(found),
      ordinal: query.ordinal !== null,
      block: query.ordinal !== null ? codeFound(c.description, query, views) : -1,
      cut: p.map.cut ?? p.map.candidates > p.map.elements.length,
      byId: BY_ID ? namedById(c.description, query, views) : -1,
      byClass: BY_CLASS ? namedByClass(c.description, query, views) : -1,
      placed: (scores) =>
        numberedScores(placedScores(scores, query, views, p.map), c.description, query, views),
      doubt: (index) => inDoubt(query, views, p.map, rows, index),
      fits: (index) => answerFits(query, views, p.map, rows, index),
    });
  }
}

console.log(
  `features of ${samples.length} cases in ${((performance.now() - featuresStarted) / 1000).toFixed(1)} s`,
);

for (const split of SHOW_HELDOUT ? SPLITS : ['tune']) {
  const list = samples.filter((s) => s.split === split);
  const hr = list.filter((s) => s.right.has(s.hand.index)).length;
  const hc = list.filter((s) => s.hand.confidence >= 0.6);
  const hcr = hc.filter((s) => s.right.has(s.hand.index)).length;
  console.log(
    `hand matcher on ${split}: best guess ${((100 * hr) / list.length).toFixed(1)} %, right crop ${((100 * hcr) / list.length).toFixed(1)} %, wrong crop ${((100 * (hc.length - hcr)) / list.length).toFixed(1)} %`,
  );
}

// ---- the model: linear, or one hidden layer of tanh units ----

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

const SAMPLE = Number(arg('--sample', '0'));
/** Training only: the right elements, the best SAMPLE by the hand score, and SAMPLE others at random. */
function subsample(s: Sample): Sample {
  if (SAMPLE <= 0 || s.rows.length <= 2 * SAMPLE) return s;
  const hand = FEATURES.indexOf('hand');
  const order = [...s.rows.keys()].sort((a, b) => (s.rows[b]?.[hand] ?? 0) - (s.rows[a]?.[hand] ?? 0));
  const rand = rng(s.rows.length);
  const keep = new Set<number>([...s.right, ...order.slice(0, SAMPLE)]);
  const rest = order.slice(SAMPLE);
  for (let i = 0; i < SAMPLE && rest.length > 0; i++) {
    const at = Math.floor((rand() + 0.5) * rest.length) % rest.length;
    keep.add(rest.splice(at, 1)[0]!);
  }
  const idx = [...keep].sort((a, b) => a - b);
  const at = new Map(idx.map((i, k) => [i, k]));
  return { ...s, rows: idx.map((i) => s.rows[i]!), right: new Set([...s.right].map((i) => at.get(i)!)) };
}

function standardiser(list: Sample[]): { mean: Float64Array; std: Float64Array } {
  const mean = new Float64Array(F);
  const sq = new Float64Array(F);
  let count = 0;
  for (const s of list)
    for (const r of s.rows) {
      count++;
      for (let f = 0; f < F; f++) {
        mean[f] = (mean[f] ?? 0) + (r[f] ?? 0);
        sq[f] = (sq[f] ?? 0) + (r[f] ?? 0) ** 2;
      }
    }
  const std = new Float64Array(F);
  for (let f = 0; f < F; f++) {
    mean[f] = (mean[f] ?? 0) / count;
    std[f] = Math.sqrt(Math.max(1e-9, (sq[f] ?? 0) / count - (mean[f] ?? 0) ** 2));
    if ((std[f] ?? 0) < 1e-6) std[f] = 1;
  }
  mean[0] = 0;
  std[0] = 1;
  return { mean, std };
}

function train(list: Sample[]): RankerModel {
  const { mean, std } = standardiser(list);
  const usable = list.filter((s) => s.right.size > 0).map(subsample);
  // Each case's rows, standardised, in one flat array (row-major).
  const X = usable.map((s) => {
    const flat = new Float64Array(s.rows.length * F);
    s.rows.forEach((r, i) => {
      for (let f = 0; f < F; f++) flat[i * F + f] = ((r[f] ?? 0) - (mean[f] ?? 0)) / (std[f] ?? 1);
    });
    return flat;
  });
  const H = HIDDEN;
  const rand = rng(7);
  const size = H * F + H + H + F;
  // Parameters in one array: w1 (H×F), b1 (H), w2 hidden (H), w2 skip (F).
  const P = new Float64Array(size);
  for (let i = 0; i < H * F; i++) P[i] = rand() * 0.2;
  const B1 = H * F;
  const W2 = B1 + H;
  const SKIP = W2 + H;
  const m = new Float64Array(size);
  const v = new Float64Array(size);
  const lr = Number(arg('--lr', '0.06'));
  const hv = new Float64Array(H);
  for (let step = 1; step <= STEPS; step++) {
    const g = new Float64Array(size);
    for (let si = 0; si < usable.length; si++) {
      const s = usable[si]!;
      const x = X[si]!;
      const n = s.rows.length;
      const scores = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const o = i * F;
        let out = 0;
        for (let f = 0; f < F; f++) out += P[SKIP + f]! * x[o + f]!;
        for (let j = 0; j < H; j++) {
          let a = P[B1 + j]!;
          for (let f = 0; f < F; f++) a += P[j * F + f]! * x[o + f]!;
          out += P[W2 + j]! * Math.tanh(a);
        }
        scores[i] = out;
      }
      let max = -Infinity;
      for (let i = 0; i < n; i++) max = Math.max(max, scores[i]!);
      let total = 0;
      let pos = 0;
      for (let i = 0; i < n; i++) {
        const e = Math.exp(scores[i]! - max);
        scores[i] = e;
        total += e;
        if (s.right.has(i)) pos += e;
      }
      // d(-log(pos/total))/dz_i = p_i - [i right] * e_i / pos
      for (let i = 0; i < n; i++) {
        const e = scores[i]!;
        const d = (e / total - (s.right.has(i) ? e / pos : 0)) / usable.length;
        if (Math.abs(d) < 1e-10) continue;
        const o = i * F;
        for (let f = 0; f < F; f++) g[SKIP + f] = g[SKIP + f]! + d * x[o + f]!;
        if (H === 0) continue;
        for (let j = 0; j < H; j++) {
          let a = P[B1 + j]!;
          for (let f = 0; f < F; f++) a += P[j * F + f]! * x[o + f]!;
          hv[j] = Math.tanh(a);
        }
        for (let j = 0; j < H; j++) {
          g[W2 + j] = g[W2 + j]! + d * hv[j]!;
          const back = d * P[W2 + j]! * (1 - hv[j]! ** 2);
          g[B1 + j] = g[B1 + j]! + back;
          for (let f = 0; f < F; f++) g[j * F + f] = g[j * F + f]! + back * x[o + f]!;
        }
      }
    }
    for (let i = 0; i < size; i++) {
      const grad = g[i]! + L2 * P[i]!;
      m[i] = 0.9 * m[i]! + 0.1 * grad;
      v[i] = 0.999 * v[i]! + 0.001 * grad * grad;
      const mh = m[i]! / (1 - 0.9 ** step);
      const vh = v[i]! / (1 - 0.999 ** step);
      P[i] = P[i]! - (lr * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  return {
    features: [...FEATURES],
    mean: [...mean],
    std: [...std],
    hidden: H,
    w1: [...P.slice(0, B1)],
    b1: [...P.slice(B1, W2)],
    w2: [...P.slice(W2)],
    calibration: [],
  };
}

interface Answer {
  s: Sample;
  right: boolean;
  signals: number[];
  chosen: number;
  /** The hand matcher's element's score less the best score of its wrappers and insides that are not its family. */
  nestedGap: number;
}

function answer(model: RankerModel, s: Sample): Answer {
  const scores = s.placed(scoreRows(model, s.rows));
  const best = argmax(scores);
  return {
    s,
    right: s.right.has(best),
    signals: calibrationSignals(scores, best, s, s.hand),
    chosen: best,
    nestedGap: nestedGap(scores, s.hand.index, s),
  };
}

/** Logistic regression of "right" on the calibration signals: plain gradient descent, a little L2. */
function calibrate(answers: Answer[]): number[] {
  const k = (answers[0]?.signals.length ?? 0) + 1;
  const w = new Array<number>(k).fill(0);
  for (let step = 0; step < 5000; step++) {
    const g = new Array<number>(k).fill(0);
    for (const a of answers) {
      const x = [1, ...a.signals];
      const z = x.reduce((acc, v, i) => acc + (w[i] ?? 0) * v, 0);
      const d = 1 / (1 + Math.exp(-z)) - (a.right ? 1 : 0);
      x.forEach((v, i) => (g[i] = (g[i] ?? 0) + d * v));
    }
    for (let i = 0; i < k; i++)
      w[i] = (w[i] ?? 0) - 0.3 * ((g[i] ?? 0) / answers.length + (i > 0 ? 0.001 * (w[i] ?? 0) : 0));
  }
  return w;
}

/**
 * The bias shift that makes 0.6 the point where, out of fold, crops are wrong for at most
 * `maxWrong` of all cases: the confidence keeps its order, only where "crop" starts moves.
 */
function shiftForWrongRate(w: number[], answers: Answer[], maxWrong: number): number[] {
  const raw = (a: Answer): number => confidenceOf({ calibration: w } as RankerModel, a.signals);
  const sorted = [...answers].sort((a, b) => raw(b) - raw(a));
  let wrong = 0;
  let cut = raw(sorted[0]!) + 1e-6;
  for (const a of sorted) {
    if (!a.right) wrong++;
    if (wrong > maxWrong * answers.length) break;
    cut = raw(a);
  }
  const logit = (p: number): number => Math.log(p / (1 - p));
  const shifted = [...w];
  shifted[0] = (shifted[0] ?? 0) - logit(Math.min(0.999999, cut)) + logit(0.6) + 1e-6;
  return shifted;
}

const confidenceAt = (cal: number[], a: Answer): number =>
  confidenceOf({ calibration: cal } as RankerModel, a.signals);

interface Rates {
  guess: number;
  right: number;
  wrong: number;
}

/** Best guess, and right and wrong crops as the locator decides (see {@link report}), as shares of `answers`. */
function locatorRates(answers: Answer[], cal: number[]): Rates {
  let r = 0;
  let w = 0;
  for (const a of answers) {
    const { confidence, right } = decided(a, cal);
    if (confidence >= 0.6 && right) r++;
    else if (confidence >= 0.6) w++;
  }
  const n = Math.max(1, answers.length);
  return { guess: answers.filter((a) => a.right).length / n, right: r / n, wrong: w / n };
}

/**
 * The answer as the locator gives it (shortlistOffline in offline-locator.ts): the hand matcher's
 * element when both agree, the ranker's confidence unless the agreeing hand matcher vouches, the
 * title rule; and whether the element is right.
 */
function decided(a: Answer, cal: number[]): { confidence: number; right: boolean; index: number } {
  // As shortlistOffline in offline-locator.ts: an ordinal is the hand matcher's (a code block's
  // when codeFound counts one), capped on a cut map; a description the hand matcher finds nowhere is
  // a vouching rule's element when it fits, else no answer.
  const capped = (confidence: number): number => (a.s.cut ? Math.min(confidence, DOUBT_CAP) : confidence);
  if (a.s.hand.index < 0) {
    const index = !a.s.ordinal && a.s.vouch >= 0 && a.s.fits(a.s.vouch) ? a.s.vouch : -1;
    return { confidence: index >= 0 ? TITLE_CONFIDENCE : 0, right: a.s.right.has(index), index };
  }
  if (a.s.ordinal) {
    const block = a.s.block >= 0 && a.s.fits(a.s.block) ? a.s.block : -1;
    const index = block >= 0 ? block : a.s.hand.index;
    const confidence = capped(block >= 0 ? TITLE_CONFIDENCE : a.s.hand.confidence);
    return { confidence, right: a.s.right.has(index), index };
  }
  const agree = (a.signals[4] ?? 0) > 0;
  const chosen = chooseElement({ ...a.s, hand: a.s.hand.index, best: a.chosen, agree }, a.s.fits);
  const { index, confidence } = decideAnswer(
    {
      ranked: confidenceAt(cal, a),
      agree: agree && chosen === (agree ? a.s.hand.index : a.chosen),
      hand: a.s.hand.confidence,
      nestedGap: a.nestedGap,
      title: chosen === a.s.title,
      date: a.s.date >= 0 && sameFamily(a.s, a.s.date, chosen),
      named: a.s.named >= 0 && sameFamily(a.s, a.s.named, chosen),
      evident: a.s.vouch >= 0 && sameFamily(a.s, a.s.vouch, chosen),
      doubtful: a.s.doubt(chosen),
    },
    chosen,
    [a.s.date, a.s.named, a.s.vouch],
    a.s,
    () => [a.s.byId, a.s.byClass],
    a.s.fits,
    GAP,
  );
  return { confidence, right: a.s.right.has(index), index };
}

function report(label: string, answers: Answer[], cal: number[] | null, threshold = 0.6): void {
  const n = answers.length;
  const guess = answers.filter((a) => a.right).length;
  let line = `${label.padEnd(22)} n=${String(n).padStart(3)}  best guess ${((100 * guess) / n).toFixed(1)} %`;
  if (cal) {
    const crops = answers.filter((a) => confidenceAt(cal, a) >= threshold);
    const right = crops.filter((a) => a.right).length;
    line += `  right crop ${((100 * right) / n).toFixed(1)} %  wrong crop ${((100 * (crops.length - right)) / n).toFixed(1)} %`;
    // As the locator decides: the hand matcher's element when both agree, the ranker's confidence
    // unless the agreeing hand matcher is sure enough to vouch (HAND_VOUCHES in offline-locator.ts).
    const rates = locatorRates(answers, cal);
    line += ` | locator: right ${(100 * rates.right).toFixed(1)} % wrong ${(100 * rates.wrong).toFixed(1)} %`;
    if (process.env.DESCRIBE_RULES)
      for (const floor of [0.65, 0.7, 0.75, 0.8]) {
        let rr = 0;
        let ww = 0;
        for (const a of answers) {
          const agree = (a.signals[4] ?? 0) > 0 && a.s.hand.confidence >= floor && a.nestedGap >= GAP;
          const conf = agree ? Math.max(confidenceAt(cal, a), a.s.hand.confidence) : confidenceAt(cal, a);
          const right = agree ? a.s.right.has(a.s.hand.index) : a.right;
          if (conf >= threshold && right) rr++;
          else if (conf >= threshold) ww++;
        }
        line += ` | hand≥${floor}: ${((100 * rr) / n).toFixed(1)}/${((100 * ww) / n).toFixed(1)}`;
      }
  }
  console.log(line);
}

const tune = samples.filter((s) => s.split === 'tune' || s.split === 'fixture');
const heldout = samples.filter((s) => s.split !== 'tune' && s.split !== 'fixture');
const tunePages = [...new Set(tune.map((s) => s.page))].sort();
const FOLDS = 5;
const SUBSET = Number(process.env.DESCRIBE_SUBSET ?? '1');
const GAP = Number(process.env.DESCRIBE_GAP ?? String(NESTED_GAP));
const MAX_WRONG = Number(arg('--max-wrong', '0.015'));
/** The calibration of `answers`: fitted, then shifted so that crops are wrong for at most MAX_WRONG of them. */
function fitCalibration(answers: Answer[]): number[] {
  return shiftForWrongRate(calibrate(answers), answers, MAX_WRONG);
}
/** Out-of-fold answers on `tune`, its pages dealt to the folds in `pages` order. */
function outOfFold(pages: readonly string[]): Answer[] {
  const answers: Answer[] = [];
  for (let k = 0; k < FOLDS; k++) {
    const testPages = new Set(pages.filter((_, i) => i % FOLDS === k));
    const trainPages = pages.filter((p) => !testPages.has(p));
    const keep = new Set(trainPages.slice(0, Math.round(SUBSET * trainPages.length)));
    const model = train(tune.filter((s) => keep.has(s.page)));
    for (const s of tune.filter((s) => testPages.has(s.page))) answers.push(answer(model, s));
  }
  return answers;
}
const oof = outOfFold(tunePages);
const cal = fitCalibration(oof);
{
  // The calibration itself out of fold: fitted on four fifths of the out-of-fold answers (by page),
  // judged on the fifth — the honest figure when comparing calibration signals.
  let r = 0;
  let w = 0;
  for (let k = 0; k < FOLDS; k++) {
    const test = new Set(tunePages.filter((_, i) => i % FOLDS === k));
    const fit = oof.filter((a) => !test.has(a.s.page));
    const c = fitCalibration(fit);
    for (const a of oof.filter((a) => test.has(a.s.page))) {
      const d = decided(a, c);
      if (d.confidence >= 0.6 && d.right) r++;
      else if (d.confidence >= 0.6) w++;
    }
  }
  console.log(
    `calibration cross-validated: locator right ${((100 * r) / oof.length).toFixed(1)} % wrong ${((100 * w) / oof.length).toFixed(1)} %`,
  );
}
// --repeats R: the cross-validation again with the pages dealt to the folds in R-1 other orders, for
// figures less at the mercy of one split (each answer is still out of fold).
const REPEATS = Number(arg('--repeats', '1'));
if (REPEATS > 1) {
  const runs = [locatorRates(oof, cal)];
  for (let r = 1; r < REPEATS; r++) {
    const rand = rng(1000 + r);
    const order = tunePages
      .map((p) => [p, rand()] as const)
      .sort((a, b) => a[1] - b[1])
      .map(([p]) => p);
    const answers = outOfFold(order);
    runs.push(locatorRates(answers, fitCalibration(answers)));
  }
  const mean = (f: (x: Rates) => number): string =>
    ((100 * runs.reduce((a, x) => a + f(x), 0)) / runs.length).toFixed(1);
  console.log(
    `tune, ${REPEATS} cross-validations: ${runs.map((x) => `${(100 * x.guess).toFixed(1)}/${(100 * x.right).toFixed(1)}/${(100 * x.wrong).toFixed(1)}`).join(' ')} | mean best guess ${mean((x) => x.guess)} % locator right ${mean((x) => x.right)} % wrong ${mean((x) => x.wrong)} %`,
  );
}
{
  // Out-of-fold: right and wrong crops as the confidence needed to crop goes down.
  const sorted = [...oof].sort((a, b) => confidenceAt(cal, b) - confidenceAt(cal, a));
  let right = 0;
  let wrong = 0;
  const marks: string[] = [];
  for (const a of sorted) {
    if (a.right) right++;
    else wrong++;
    if ((right + wrong) % 10 === 0) marks.push(`${confidenceAt(cal, a).toFixed(2)}:${right}/${wrong}`);
  }
  console.log(`oof curve (confidence:right/wrong) ${marks.join(' ')}`);
}
// The threshold the calibrated confidence must reach is fixed (0.6); shift the bias so that, out
// of fold, crops at 0.6 are wrong at most 2 % of the time.
report('tune, cross-validated', oof, cal);
// DESCRIBE_PAGES=file: the out-of-fold figures of the pages that file lists (one slug a line) apart,
// e.g. the pages added last, which the rules were not written from.
if (process.env.DESCRIBE_PAGES) {
  const listed = new Set(
    readFileSync(process.env.DESCRIBE_PAGES, 'utf8')
      .split('\n')
      .map((line) => line.trim().replace(/\.html$/, ''))
      .filter(Boolean),
  );
  const among = (a: Answer): boolean => listed.has(a.s.page.replace(/\.html$/, ''));
  report('  those pages', oof.filter(among), cal);
  report(
    '  the others',
    oof.filter((a) => !among(a)),
    cal,
  );
}
const model = train(tune);
model.calibration = cal;
const held = heldout.map((s) => answer(model, s));
if (SHOW_HELDOUT) {
  for (const split of SPLITS.filter((s) => s !== 'tune'))
    report(
      split,
      held.filter((a) => a.s.split === split),
      cal,
    );
  for (const kind of [...new Set(samples.map((s) => s.kind))].sort()) {
    const list = held.filter((a) => a.s.kind === kind);
    if (list.length > 0) report(`  ${kind}`, list, cal);
  }
}
if (process.env.DESCRIBE_WRONG)
  for (const a of oof) {
    const { confidence, right, index } = decided(a, cal);
    if (confidence >= 0.6)
      console.log(
        `${right ? 'R' : 'W'} agree=${(a.signals[4] ?? 0) > 0 ? 1 : 0} ranker=${confidenceAt(cal, a).toFixed(2)} hand=${a.s.hand.confidence.toFixed(2)} ${a.s.kind} ${JSON.stringify(a.s.description)} → ${a.s.selectors[index]} (true ${a.s.truth})`,
      );
  }
if (process.env.DESCRIBE_UNCROPPED)
  // The out-of-fold answers the locator gets right but does not crop: where confidence is missing.
  for (const a of oof) {
    const { confidence, right, index } = decided(a, cal);
    if (confidence < 0.6 && right)
      console.log(
        `U ${confidence.toFixed(2)} agree=${(a.signals[4] ?? 0) > 0 ? 1 : 0} hand=${a.s.hand.confidence.toFixed(2)} ${a.s.kind.padEnd(10)} ${a.s.page} ${JSON.stringify(a.s.description)} → ${a.s.selectors[index]}`,
      );
  }
if (process.env.DESCRIBE_VERBOSE)
  for (const a of SHOW_HELDOUT ? [...oof, ...held] : oof)
    console.log(
      `${a.s.split[0]} ${a.right ? 'R' : '-'} ${confidenceAt(cal, a).toFixed(2)} ${a.s.kind.padEnd(10)} ${JSON.stringify(a.s.description)} → ${a.s.selectors[a.chosen]}  (true: ${a.s.truth}${a.s.right.size === 0 ? ', not in map' : ''})`,
    );
if (process.env.DESCRIBE_MISSES) {
  // What the wrong best guesses are: a wrapper or an inside of a right element (the right thing at
  // the wrong size), or elsewhere.
  const count = new Map<string, number>();
  for (const a of oof) {
    if (a.right || a.s.right.size === 0) continue;
    const right = [...a.s.right];
    const up = right.some((r) => (a.s.ancestors[r] ?? []).includes(a.chosen));
    const down = right.some((r) => (a.s.ancestors[a.chosen] ?? []).includes(r));
    const what = up ? 'wrapper' : down ? 'inside' : 'elsewhere';
    count.set(what, (count.get(what) ?? 0) + 1);
    const truthArea = Math.max(...right.map((r) => a.s.areas[r] ?? 0));
    console.log(
      `  ${what.padEnd(9)} ×${((a.s.areas[a.chosen] ?? 0) / Math.max(1, truthArea)).toFixed(2).padStart(7)} ${a.s.kind.padEnd(10)} ${JSON.stringify(a.s.description)} → ${a.s.selectors[a.chosen]} (true ${a.s.truth})`,
    );
  }
  console.log(`wrong best guesses out of fold: ${JSON.stringify(Object.fromEntries(count))}`);
}
console.log(`calibration ${JSON.stringify(cal)}`);
for (const [label, list] of [
  ['tune oof', oof] as const,
  ...(SHOW_HELDOUT ? [['heldout', held] as const] : []),
]) {
  const agreeIdx = 4;
  const hc = list.filter((a) => a.s.hand.confidence >= 0.6);
  const ag = hc.filter((a) => (a.signals[agreeIdx] ?? 0) > 0);
  const either = list.filter(
    (a) => confidenceAt(cal, a) >= 0.6 || (a.s.hand.confidence >= 0.6 && (a.signals[agreeIdx] ?? 0) > 0),
  );
  console.log(
    `${label}: hand crops ${hc.length} (right ${hc.filter((a) => a.s.right.has(a.s.hand.index)).length}); agreeing ${ag.length} (right ${ag.filter((a) => a.right).length}); ranker-or-agreeing crops ${either.length} (right ${either.filter((a) => a.right).length}) of ${list.length}`,
  );
}
if (WRITE) {
  const out = join(HERE, '..', '..', 'src', 'adapters', 'offline-locator', 'ranker-weights.ts');
  const round = (x: number): number => Math.round(x * 1e5) / 1e5;
  const final = {
    ...model,
    mean: model.mean.map(round),
    std: model.std.map(round),
    w1: model.w1.map(round),
    b1: model.b1.map(round),
    w2: model.w2.map(round),
  };
  writeFileSync(
    out,
    `// Written by bench/describe/train.ts from the tune cases of bench/describe: do not edit by hand.\nimport type { RankerModel } from './ranker.js';\n\nexport const RANKER: RankerModel = ${JSON.stringify(final)};\n`,
  );
  console.log(`wrote ${out}`);
}
