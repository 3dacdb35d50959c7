/**
 * Element by description (seed §3.1): turns a plain-language description of an element into a CSS
 * selector and a confidence, from a map of the loaded page and, for locators that look, a
 * screenshot of it. The capturer crops to the selector when the confidence is at least
 * {@link CROP_CONFIDENCE} and returns the full page otherwise.
 */

export { CROP_CONFIDENCE } from '../domain/capture-metadata.js';

/** A rectangle in document CSS pixels (the page's top-left corner is 0,0). */
export interface ElementBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One visible element of the page. */
export interface PageElement {
  /** CSS selector that matches this element and no other, checked in the page when the map was built. */
  selector: string;
  /** Lower-case tag name (`button`, `img`, `svg`, …). */
  tag: string;
  /** ARIA role, explicit or implied by the tag (`button`, `link`, `heading`, `navigation`, …); null when generic. */
  role: string | null;
  /** Heading level 1–6 for headings; null otherwise. */
  level: number | null;
  /** Accessible name (aria-label(ledby), label, alt, title, or the text of a button or link); '' when none. */
  name: string;
  /** Visible text of the element and its descendants, whitespace collapsed, cut to a few hundred characters. */
  text: string;
  /**
   * The attributes that describe it, when present: `id`, `class`, `alt`, `title`, `aria-label`,
   * `placeholder`, `name`, `type`, `href`, `src` (file name), `data-testid`, `value` (buttons), schema.org
   * microdata `itemprop` and `itemtype` (the type's name), `rel`; each cut short.
   */
  attributes: Record<string, string>;
  /** Where it is, in document CSS pixels. */
  box: ElementBox;
  /** Index in {@link ElementMap.elements} of the nearest ancestor that is in the map; null at the top. */
  parent: number | null;
}

/** The visible elements of a loaded page, in document order, the most relevant kept when there are many. */
export interface ElementMap {
  url: string;
  title: string;
  viewport: { width: number; height: number };
  /** Height of the whole document in CSS pixels. */
  documentHeight: number;
  elements: PageElement[];
  /**
   * What the page says about itself in its metadata (OpenGraph and article `<meta>` tags, JSON-LD,
   * schema.org microdata); absent when the map was made without it.
   */
  about?: PageAbout;
  /** Visible candidate elements before the map was cut to its size limit. */
  candidates: number;
  /**
   * True when the map leaves out some of the page's elements: more were visible than it holds, or
   * the page had more than were looked at in full. An ordinal ("the last comment") may then name
   * one left out. Absent: judged from `candidates` alone.
   */
  cut?: boolean;
}

/** A page's own account of what it is (see {@link ElementMap.about}). */
export interface PageAbout {
  /** Names of its authors, as given (a leading "By" dropped); at most five. */
  authors: string[];
  /** When it was published, as given (usually ISO 8601); null when not said. */
  published: string | null;
  /** Its headline (`og:title`, `twitter:title` or JSON-LD `headline`); null when not said. */
  headline: string | null;
}

/** An image of the page for locators that look at it. */
export interface PageScreenshot {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  /** Pixel size of the image. */
  width: number;
  height: number;
  /** Image pixels per CSS pixel (below 1 when downscaled); the image shows the page from its top. */
  scale: number;
}

export interface LocateRequest {
  /** The user's description, as submitted. */
  description: string;
  map: ElementMap;
  /** Present when the locator {@link ElementLocator.wantsScreenshot wants one}. */
  screenshot: PageScreenshot | null;
}

export interface LocateAnswer {
  /** The selector to crop to, as the locator proposes it (not yet checked against the page); null for "none fits". */
  selector: string | null;
  /** 0–1: how sure the locator is that `selector` is the described element. */
  confidence: number;
  /** The locator's answer as it gave it (the model's selector, or its whole reply when unreadable); null when none. */
  raw: string | null;
  /** Why the answer cannot be used, when it cannot (e.g. a reply that is not JSON); absent otherwise. */
  problem?: string;
  /**
   * Up to three elements the locator would pick, best first (`metadata.aiCandidates`): the offline
   * matcher's best distinct elements with their fit (0–1), or the model's one answer with its
   * confidence. Absent or empty when it has none.
   */
  candidates?: LocateCandidate[];
}

/**
 * An answer together with the indices of the map's likeliest elements, in page order: what the
 * offline matcher gives a model to choose from (the gateway locator's second opinion).
 */
export interface Shortlist {
  answer: LocateAnswer;
  shortlist: number[];
}

/** One element a locator considered: its selector and how well it fits the description, 0–1. */
export interface LocateCandidate {
  selector: string;
  score: number;
}

/**
 * Finds the element a description means. Implementations: a model behind an OpenAI-compatible
 * gateway, and an offline matcher that needs no network.
 */
export interface ElementLocator {
  /** Short name for result metadata (`aiLocator`), e.g. `gateway` or `offline`. */
  readonly name: string;
  /** The model it asks, for result metadata (`aiModel`); null when none. */
  readonly model: string | null;
  /** Whether `locate` uses a screenshot; when false none is taken (it costs a full-page capture). */
  readonly wantsScreenshot: boolean;
  /**
   * Proposes a selector. Resolves with a low confidence rather than guessing; rejects only when it
   * could not answer at all (gateway unreachable, timed out after its retry, refused the request).
   * Aborting `signal` ends it promptly.
   */
  locate(request: LocateRequest, signal: AbortSignal): Promise<LocateAnswer>;
}
