import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ElementMap, LocateRequest, PageElement } from '../../ports/element-locator.js';

/** Characters of the element list sent to the model at most (about 15k tokens); the least relevant tail is cut. */
const MAX_MAP_CHARS = 60_000;
/** Characters of one element's text in the list. */
const MAX_TEXT_CHARS = 80;

export const SYSTEM_PROMPT = [
  'You locate one element of a web page for a screenshot service.',
  'You get a description written by a user, a screenshot of the page from its top, and a map of the',
  "page's visible elements: one JSON object per line with its index i, a CSS selector s that matches",
  'only that element, tag, role, accessible name, text, attributes, and box [x, y, width, height] in',
  'CSS pixels of the whole page.',
  'Answer with one JSON object and nothing else: {"selector": "<CSS selector>", "confidence": <0 to 1>}.',
  'Copy the selector s of the chosen element from the map exactly. The confidence is how likely it is',
  'that this element is the one the user means; stay below 0.6 when unsure. When nothing on the page',
  'fits the description, answer {"selector": null, "confidence": 0}.',
].join(' ');

/**
 * The chat messages of one request: instructions, then the description, map and screenshot. With
 * `shortlist` (indices in the map), only those elements are listed, under their map indices.
 */
export function buildMessages(
  request: LocateRequest,
  shortlist: readonly number[] | null = null,
): ChatCompletionMessageParam[] {
  const { map, screenshot } = request;
  const listed = shortlist ?? [...map.elements.keys()];
  const lines: string[] = [];
  let chars = 0;
  for (const [k, i] of listed.entries()) {
    const element = map.elements[i];
    if (!element) continue;
    const line = elementLine(i, element);
    if (chars + line.length > MAX_MAP_CHARS) {
      lines.push(`(${listed.length - k} more elements left out)`);
      break;
    }
    lines.push(line);
    chars += line.length + 1;
  }
  const image = screenshot
    ? `The screenshot is ${screenshot.width}x${screenshot.height} px and shows the page from its top at ${round(screenshot.scale)} image px per CSS px.`
    : 'No screenshot is attached.';
  const text = [
    `Description: ${JSON.stringify(request.description)}`,
    `Page: ${JSON.stringify(map.title)} at ${map.url}; viewport ${map.viewport.width}x${map.viewport.height}, document height ${map.documentHeight} px.`,
    ...aboutLine(map),
    image,
    shortlist
      ? `Elements (the ${listed.length} likeliest of ${map.candidates} visible, by a matcher that reads the page's words, roles and layout):`
      : `Elements (${map.elements.length}${map.candidates > map.elements.length ? ` most relevant of ${map.candidates} visible` : ''}):`,
    ...lines,
  ].join('\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    {
      role: 'user',
      content: [
        { type: 'text', text },
        ...(screenshot
          ? [
              {
                type: 'image_url' as const,
                image_url: {
                  url: `data:${screenshot.contentType};base64,${screenshot.bytes.toString('base64')}`,
                },
              },
            ]
          : []),
      ],
    },
  ];
}

/** One element as a compact JSON line; empty fields left out. */
function elementLine(i: number, e: PageElement): string {
  const text = e.text === e.name ? '' : e.text.slice(0, MAX_TEXT_CHARS);
  const { class: className, id, alt, placeholder, href, type } = e.attributes;
  const attrs = Object.fromEntries(
    Object.entries({ id, class: className, alt, placeholder, href, type }).filter(
      ([, v]) => v !== undefined && v !== '',
    ),
  );
  return JSON.stringify({
    i,
    s: e.selector,
    tag: e.tag,
    ...(e.role ? { role: e.role } : {}),
    ...(e.level ? { level: e.level } : {}),
    ...(e.name ? { name: e.name } : {}),
    ...(text ? { text } : {}),
    ...(Object.keys(attrs).length > 0 ? { attrs } : {}),
    box: [e.box.x, e.box.y, e.box.width, e.box.height],
  });
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** What the page says about itself (authors, publication date, headline), when it says anything. */
function aboutLine(map: ElementMap): string[] {
  const about = map.about;
  if (!about) return [];
  const said = [
    about.authors.length > 0 ? `by ${about.authors.map((a) => JSON.stringify(a)).join(', ')}` : '',
    about.published ? `published ${about.published}` : '',
    about.headline ? `headline ${JSON.stringify(about.headline)}` : '',
  ].filter(Boolean);
  return said.length > 0 ? [`The page's metadata says: ${said.join('; ')}.`] : [];
}
