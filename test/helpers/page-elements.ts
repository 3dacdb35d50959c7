import type { ElementMap, PageElement } from '../../src/ports/element-locator.js';

/** An element of an element map at `y` (200x40 unless `partial` says otherwise), inside map element `parent`. */
export function element(
  partial: Partial<PageElement> & Pick<PageElement, 'selector' | 'tag'>,
  y: number,
  parent: number | null,
): PageElement {
  return {
    role: null,
    level: null,
    name: '',
    text: '',
    attributes: {},
    box: { x: 0, y, width: 200, height: 40 },
    parent,
    ...partial,
  };
}

/** An element `width` x `height` at `y` inside map element `parent`. */
export function sized(
  partial: Partial<PageElement> & Pick<PageElement, 'selector' | 'tag'>,
  y: number,
  height: number,
  parent: number | null,
  width = 1264,
): PageElement {
  return element({ ...partial, box: { x: 0, y, width, height } }, y, parent);
}

/** A page titled "A story" at 1280x720 holding `elements`. */
export function storyMap(elements: PageElement[], documentHeight: number): ElementMap {
  return {
    url: 'http://127.0.0.2/',
    title: 'A story',
    viewport: { width: 1280, height: 720 },
    documentHeight,
    candidates: elements.length,
    elements,
  };
}

/** A line of a story's running text, long enough to read as prose. */
export const STORY_LINE =
  'The council met on Tuesday evening to hear from residents about the plan for the new library and the park.';

/** The opening of a story page of `height` px: the page's wrapper (0), the `article` (1) and its `h1` (2). */
export function storyOpening(height = 6000): PageElement[] {
  return [
    sized({ selector: 'body > div', tag: 'div' }, 0, height, null),
    sized({ selector: 'article', tag: 'article', role: 'article' }, 100, 2000, 0),
    sized({ selector: 'h1', tag: 'h1', role: 'heading', level: 1, text: 'The library plan' }, 100, 40, 1),
  ];
}
