import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocatorThread } from '../../../src/adapters/offline-locator/locator-thread.js';
import type { LocatorThread } from '../../../src/adapters/offline-locator/locator-thread.js';
import {
  createOfflineLocator,
  shortlistOffline,
} from '../../../src/adapters/offline-locator/offline-locator.js';
import type { ElementMap, PageElement } from '../../../src/ports/element-locator.js';
import { element, storyMap } from '../../helpers/page-elements.js';

/** A long story page: a header with a logo and 40 links, 600 paragraphs, a byline, comments, a footer. */
function longStory(): ElementMap {
  const elements: PageElement[] = [];
  const add = (partial: Parameters<typeof element>[0], y: number, parent: number | null): number =>
    elements.push(element(partial, y, parent)) - 1;
  const header = add({ selector: 'header', tag: 'header', role: 'banner', text: 'The Daily Story' }, 0, null);
  add(
    { selector: 'a.logo', tag: 'a', role: 'link', name: 'The Daily Story', attributes: { class: 'logo' } },
    0,
    header,
  );
  const nav = add({ selector: 'nav', tag: 'nav', role: 'navigation', text: 'sections' }, 40, header);
  for (let i = 0; i < 40; i++)
    add(
      {
        selector: `nav a:nth-of-type(${i + 1})`,
        tag: 'a',
        role: 'link',
        name: `Section ${i}`,
        text: `Section ${i}`,
      },
      40,
      nav,
    );
  const main = add({ selector: 'main', tag: 'main', role: 'main', text: 'A long story' }, 100, null);
  add({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'A long story about rivers' }, 100, main);
  add(
    { selector: 'p.byline', tag: 'p', text: 'By Ada Lane, 3 March 2026', attributes: { class: 'byline' } },
    150,
    main,
  );
  for (let i = 0; i < 600; i++)
    add(
      {
        selector: `main p:nth-of-type(${i + 2})`,
        tag: 'p',
        text: `Paragraph ${i} of the story about rivers and the sea.`,
      },
      200 + 50 * i,
      main,
    );
  const comments = add(
    { selector: '#comments', tag: 'section', text: 'Comments', attributes: { id: 'comments' } },
    30_300,
    null,
  );
  add({ selector: '#comments h2', tag: 'h2', role: 'heading', level: 2, text: 'Comments' }, 30_300, comments);
  add(
    { selector: 'footer', tag: 'footer', role: 'contentinfo', text: 'About us Contact Privacy' },
    31_000,
    null,
  );
  return storyMap(elements, 31_100);
}

const DESCRIPTIONS = [
  'the footer',
  'the headline',
  "the author's name",
  'the comments',
  'the site logo',
  'the navigation',
];

let thread: LocatorThread | null = null;
afterEach(async () => {
  await thread?.close();
  thread = null;
});

describe('the offline locator on a worker thread', () => {
  it('gives the answers the locator gives inline, while the event loop goes on', async () => {
    thread = createLocatorThread();
    const map = longStory();
    const locator = createOfflineLocator({ thread });
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    try {
      for (const description of DESCRIPTIONS) {
        const before = ticks;
        const answer = await locator.locate(
          { description, map, screenshot: null },
          new AbortController().signal,
        );
        expect(answer).toEqual(shortlistOffline(description, map, 0).answer);
        // Worked out inline, no timer could fire between asking and the answer.
        if (description === DESCRIPTIONS[0]) expect(ticks).toBeGreaterThan(before);
      }
      expect(await thread.shortlist('the footer', map, 5)).toEqual(shortlistOffline('the footer', map, 5));
    } finally {
      clearInterval(timer);
    }
  });

  it('answers inline what a worker that dies held, and starts another for the next question', async () => {
    let spawned = 0;
    // A worker that dies on its first question.
    thread = createLocatorThread({
      spawn: () => {
        spawned += 1;
        return new Worker("require('node:worker_threads').parentPort.on('message', () => process.exit(3))", {
          eval: true,
        });
      },
    });
    const map = longStory();
    expect(await thread.shortlist('the footer', map, 0)).toEqual(shortlistOffline('the footer', map, 0));
    expect(spawned).toBe(1);
    expect(await thread.shortlist('the headline', map, 0)).toEqual(shortlistOffline('the headline', map, 0));
    expect(spawned).toBe(2);
  });

  it('stops starting workers after three in a row died before answering, and still answers', async () => {
    let spawned = 0;
    thread = createLocatorThread({
      spawn: () => {
        spawned += 1;
        return new Worker('process.exit(1)', { eval: true });
      },
    });
    const map = longStory();
    for (const description of DESCRIPTIONS)
      expect(await thread.shortlist(description, map, 0)).toEqual(shortlistOffline(description, map, 0));
    expect(spawned).toBe(3);
  });

  it('starts a new worker after close', async () => {
    thread = createLocatorThread();
    const map = longStory();
    await thread.shortlist('the footer', map, 0);
    await thread.close();
    expect(await thread.shortlist('the comments', map, 0)).toEqual(shortlistOffline('the comments', map, 0));
  });
});
