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

/**
 * A worker that answers every question with the selector `canned`, but exits on "crash", never
 * answers "hang" (busy for ever), answers "slow" after 500 ms, and runs out of its 32 MB heap on "hog".
 */
function cannedWorker(): Worker {
  return new Worker(
    `const { parentPort } = require('node:worker_threads');
    parentPort.on('message', ({ id, description }) => {
      if (description === 'crash') process.exit(3);
      if (description === 'hang') for (;;);
      if (description === 'slow') { const until = Date.now() + 500; while (Date.now() < until); }
      if (description === 'hog') { const hoard = []; for (;;) hoard.push(new Array(1e5).fill(description)); }
      const answer = { selector: 'canned', confidence: 0.9, raw: 'canned', candidates: [] };
      parentPort.postMessage({ id, result: { answer, shortlist: [] } });
    });
    parentPort.postMessage({ ready: true });`,
    { eval: true, resourceLimits: { maxOldGenerationSizeMb: 32 } },
  );
}

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

  it('fails the question a worker dies on, and asks the others again of a new worker', async () => {
    let spawned = 0;
    thread = createLocatorThread({
      spawn: () => {
        spawned += 1;
        return cannedWorker();
      },
    });
    const map = longStory();
    expect((await thread.shortlist('the footer', map, 0)).answer.selector).toBe('canned');
    const dying = thread.shortlist('crash', map, 0);
    const after = thread.shortlist('the headline', map, 0);
    await expect(dying).rejects.toThrow("the offline locator's worker stopped");
    expect((await after).answer.selector).toBe('canned');
    expect(spawned).toBe(2);
  });

  it('fails only the question a worker ran out of memory on', async () => {
    thread = createLocatorThread({ spawn: cannedWorker });
    const map = longStory();
    const hog = thread.shortlist('hog', map, 0);
    const after = thread.shortlist('the headline', map, 0);
    await expect(hog).rejects.toThrow(/worker failed: .*out of memory/i);
    expect((await after).answer.selector).toBe('canned');
  });

  it('ends a worker that gives no answer in time, failing that question only', async () => {
    let spawned = 0;
    thread = createLocatorThread({
      answerTimeoutMs: 300,
      spawn: () => {
        spawned += 1;
        return cannedWorker();
      },
    });
    const map = longStory();
    const stuck = thread.shortlist('hang', map, 0);
    const after = thread.shortlist('the headline', map, 0);
    await expect(stuck).rejects.toThrow('the offline locator gave no answer within 300 ms');
    expect((await after).answer.selector).toBe('canned');
    expect(spawned).toBe(2);
  });

  it('starts the clock of a question once the worker is ready: a slow start costs no question', async () => {
    thread = createLocatorThread({
      answerTimeoutMs: 200,
      // Ready after 600 ms (a busy machine), then answering at once.
      spawn: () =>
        new Worker(
          `const { parentPort } = require('node:worker_threads');
          const until = Date.now() + 600; while (Date.now() < until);
          parentPort.on('message', ({ id }) => {
            const answer = { selector: 'late', confidence: 0.9, raw: 'late', candidates: [] };
            parentPort.postMessage({ id, result: { answer, shortlist: [] } });
          });
          parentPort.postMessage({ ready: true });`,
          { eval: true },
        ),
    });
    expect((await thread.shortlist('the headline', longStory(), 0)).answer.selector).toBe('late');
  });

  it('answers inline after three workers in a row were not ready in time, blaming no question', async () => {
    let spawned = 0;
    thread = createLocatorThread({
      startTimeoutMs: 150,
      spawn: () => {
        spawned += 1;
        return new Worker(`for (;;);`, { eval: true });
      },
    });
    const map = longStory();
    const answer = await thread.shortlist('the headline', map, 0);
    expect(spawned).toBe(3);
    expect(answer).toEqual(shortlistOffline('the headline', map, 0));
  });

  it('gives up on a question whose signal aborts, and goes on answering the others', async () => {
    thread = createLocatorThread({ spawn: cannedWorker });
    const map = longStory();
    const abort = new AbortController();
    const slow = thread.shortlist('slow', map, 0, abort.signal);
    const next = thread.shortlist('the footer', map, 0);
    abort.abort(new Error('the capture ended'));
    await expect(slow).rejects.toThrow('the capture ended');
    expect((await next).answer.selector).toBe('canned');
  });

  it('answers inline after three workers in a row died before they were ready', async () => {
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

  it('answers inline when no worker can be made', async () => {
    let tries = 0;
    thread = createLocatorThread({
      spawn: () => {
        tries += 1;
        throw new Error('no threads here');
      },
    });
    const map = longStory();
    for (const description of DESCRIPTIONS.slice(0, 2))
      expect(await thread.shortlist(description, map, 0)).toEqual(shortlistOffline(description, map, 0));
    expect(tries).toBe(1);
  });

  it('starts a new worker after close', async () => {
    thread = createLocatorThread();
    const map = longStory();
    await thread.shortlist('the footer', map, 0);
    await thread.close();
    expect(await thread.shortlist('the comments', map, 0)).toEqual(shortlistOffline('the comments', map, 0));
  });
});
