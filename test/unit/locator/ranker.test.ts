import { describe, expect, it } from 'vitest';
import { FEATURES, featureRows } from '../../../src/adapters/offline-locator/features.js';
import { viewsOf } from '../../../src/adapters/offline-locator/kinds.js';
import { parseDescription, Scorer } from '../../../src/adapters/offline-locator/hand-matcher.js';
import type { RankerModel } from '../../../src/adapters/offline-locator/ranker.js';
import {
  calibrationSignals,
  confidenceOf,
  nestedGap,
  rivalOf,
  scoreRows,
} from '../../../src/adapters/offline-locator/ranker.js';
import { RANKER } from '../../../src/adapters/offline-locator/ranker-weights.js';
import type { ElementMap, PageElement } from '../../../src/ports/element-locator.js';
import { storyMap } from '../../helpers/page-elements.js';

const model = (over: Partial<RankerModel>): RankerModel => ({
  features: ['a', 'b'],
  mean: [0, 0],
  std: [1, 1],
  hidden: 0,
  w1: [],
  b1: [],
  w2: [1, 2],
  calibration: [0, 1],
  ...over,
});

/** One element of a made-up map. */
const el = (
  selector: string,
  tag: string,
  parent: number | null,
  extra: Partial<PageElement> = {},
): PageElement => ({
  selector,
  tag,
  role: null,
  level: null,
  name: '',
  text: '',
  attributes: {},
  box: { x: 0, y: 0, width: 1280, height: 100 },
  parent,
  ...extra,
});

describe('learned ranker', () => {
  it('scores a row linearly after standardising it', () => {
    const m = model({ mean: [1, 0], std: [2, 1] });
    expect(scoreRows(m, [Float64Array.from([3, 1])])).toEqual([1 * ((3 - 1) / 2) + 2 * 1]);
  });

  it('adds its hidden tanh units to the linear part', () => {
    const m = model({ hidden: 1, w1: [1, 0], b1: [0], w2: [2, 0, 0] });
    const [score] = scoreRows(m, [Float64Array.from([0.5, 9])]);
    expect(score).toBeCloseTo(2 * Math.tanh(0.5), 10);
  });

  it('measures how far the chosen element leads its wrappers and insides of another size', () => {
    // 0 (area 1000) holds 1 (area 400) holds 2 (area 300) holds 3 (area 10); 4 stands apart.
    const shape = { ancestors: [[], [0], [1, 0], [2, 1, 0], []], areas: [1000, 400, 300, 10, 50] };
    // For 2, element 1 is family (at most twice its size); 0 and 3 are not; 4 is not nested.
    expect(nestedGap([4, 9, 5, 2, 8], 2, shape)).toBe(1);
    expect(nestedGap([1, 9, 5, 2, 8], 2, shape)).toBe(3);
    expect(nestedGap([1, 2, 3], 0, { ancestors: [[], [], []], areas: [1, 1, 1] })).toBe(Infinity);
  });

  it('takes as rival the best element that neither holds the winner nor lies inside it', () => {
    // 0 holds 1, 1 holds 2; 3 stands apart.
    const ancestors = [[], [0], [1, 0], []];
    expect(rivalOf([5, 9, 8, 4], 1, ancestors)).toBe(4);
    expect(rivalOf([5, 9, 8], 1, ancestors.slice(0, 3))).toBeNull();
  });

  it('counts the winner and its close wrappers and insides as one in the chance, and sees agreement', () => {
    const shape = { ancestors: [[], [0], [1, 0], []], areas: [1000, 400, 300, 400] };
    const agreeing = calibrationSignals([0, 2, 2, 2], 1, shape, { confidence: 0.7, index: 2 });
    const [familyLogit, lead, hand, topLogit, agree, agreedHand] = agreeing;
    // Family: 1 and 2 (2 lies inside, 300 ≥ half of 400); 0 is 2.5× as big, so not family.
    const total = 1 + 3 * Math.exp(2);
    const family = (2 * Math.exp(2)) / total;
    expect(familyLogit).toBeCloseTo(Math.log(family / (1 - family)), 3);
    expect(topLogit).toBeLessThan(familyLogit!);
    expect(lead).toBe(0);
    expect([hand, agree, agreedHand]).toEqual([0.7, 1, 0.7]);
    const apart = calibrationSignals([0, 2, 2, 2], 1, shape, { confidence: 0.7, index: 3 });
    expect(apart[4]).toBe(0);
  });

  it('turns signals into a confidence that grows with them', () => {
    const m = model({ calibration: [-1, 2] });
    expect(confidenceOf(m, [0])).toBeCloseTo(1 / (1 + Math.E), 10);
    expect(confidenceOf(m, [2])).toBeGreaterThan(confidenceOf(m, [1]));
  });

  it('ships weights made for the features the locator computes', () => {
    expect(RANKER.features).toEqual([...FEATURES]);
    expect(RANKER.mean).toHaveLength(FEATURES.length);
    expect(RANKER.std).toHaveLength(FEATURES.length);
    expect(RANKER.w1).toHaveLength(RANKER.hidden * FEATURES.length);
    expect(RANKER.w2).toHaveLength(RANKER.hidden + FEATURES.length);
    expect(RANKER.calibration.length).toBeGreaterThan(1);
  });

  it('computes one finite row of features per element', () => {
    const map: ElementMap = {
      url: 'https://example.com/',
      title: 'Example',
      viewport: { width: 1280, height: 720 },
      documentHeight: 2000,
      candidates: 3,
      elements: [
        el('footer', 'footer', null, {
          role: 'contentinfo',
          text: 'About us',
          box: { x: 0, y: 1800, width: 1280, height: 200 },
        }),
        el('footer p', 'p', 0, { text: 'About us' }),
        el('h1', 'h1', null, { role: 'heading', level: 1, text: 'Hello' }),
      ],
    };
    const query = parseDescription('the footer');
    const views = viewsOf(map.elements);
    const rows = featureRows(query, views, new Scorer(query, views, map.documentHeight), map, 0);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect([...row].every(Number.isFinite)).toBe(true);
    const at = (name: (typeof FEATURES)[number], i: number): number => rows[i]![FEATURES.indexOf(name)]!;
    expect(at('tag:footer', 0)).toBe(1);
    expect(at('role:contentinfo', 0)).toBe(1);
    expect(at('handChoice', 0)).toBe(1);
    expect(at('kind', 0)).toBeGreaterThan(at('kind', 2));
    expect(at('holdsH1', 0)).toBe(0);
  });

  it('marks the element the page makes evident and the ones a user would take for it', () => {
    const map = storyMap(
      [
        el('aside', 'aside', null, { text: 'Tools Help', box: { x: 0, y: 0, width: 300, height: 400 } }),
        el('aside ul', 'ul', 0, { text: 'Tools Help', box: { x: 0, y: 0, width: 300, height: 380 } }),
        el('aside li', 'li', 1, { text: 'Tools', box: { x: 0, y: 0, width: 300, height: 20 } }),
      ],
      2000,
    );
    const query = parseDescription('the sidebar (Tools, Help)');
    const views = viewsOf(map.elements);
    const scorer = new Scorer(query, views, map.documentHeight);
    const rows = featureRows(query, views, scorer, map, 0, 1);
    const at = (name: (typeof FEATURES)[number], i: number): number => rows[i]![FEATURES.indexOf(name)]!;
    expect([0, 1, 2].map((i) => at('evident', i))).toEqual([0, 1, 0]);
    // The aside is about its list's size; the item is a twentieth of it.
    expect([0, 1, 2].map((i) => at('evidentFamily', i))).toEqual([1, 0, 0]);
    const none = featureRows(query, views, scorer, map, 0);
    expect(none.every((row) => row[FEATURES.indexOf('evident')] === 0)).toBe(true);
  });

  it("reads the page's metadata: its title and headline, who wrote it and when", () => {
    const map: ElementMap = {
      url: 'https://example.com/',
      title: 'Rivers move - The Daily',
      about: {
        authors: ['Ann Lee'],
        published: '2026-03-04T08:00:00Z',
        headline: 'Rivers move, and so do we',
      },
      viewport: { width: 1280, height: 720 },
      documentHeight: 2000,
      candidates: 4,
      elements: [
        el('h1', 'h1', null, { role: 'heading', level: 1, text: 'Rivers move, and so do we' }),
        el('p.by', 'p', null, {
          text: 'By Ann Lee, March 4, 2026',
          box: { x: 0, y: 100, width: 400, height: 20 },
        }),
        el('p.by a', 'a', 1, {
          role: 'link',
          text: 'Ann Lee',
          box: { x: 30, y: 100, width: 60, height: 20 },
        }),
        el('p.other', 'p', null, {
          text: 'Bo Chen wrote in 2019',
          box: { x: 0, y: 1500, width: 400, height: 20 },
        }),
      ],
    };
    const rowsFor = (description: string): ((name: (typeof FEATURES)[number], i: number) => number) => {
      const query = parseDescription(description);
      const views = viewsOf(map.elements);
      const rows = featureRows(query, views, new Scorer(query, views, map.documentHeight), map, 0);
      return (name, i) => rows[i]![FEATURES.indexOf(name)]!;
    };
    const title = rowsFor('the headline');
    expect(title('isTitleAsked', 0)).toBe(1);
    expect(title('titleMatch', 0)).toBe(1);
    expect(title('nearTitle', 3)).toBe(0);
    const author = rowsFor("the author's name");
    expect([1, 2, 3].map((i) => author('authorMatchAsked', i))).toEqual([1, 1, 0]);
    // The link is all name; the byline line is partly date.
    expect(author('authorShareAsked', 2)).toBe(1);
    expect(author('authorShareAsked', 1)).toBeLessThan(1);
    expect(author('nearTitle', 1)).toBeGreaterThan(0.8);
    const both = rowsFor('who wrote it and when');
    expect(both('authorAndDateAsked', 1)).toBe(1);
    expect(both('authorAndDateAsked', 2)).toBe(0);
    expect(both('authorAndDateAsked', 3)).toBe(0);
  });
});
