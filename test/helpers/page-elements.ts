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
