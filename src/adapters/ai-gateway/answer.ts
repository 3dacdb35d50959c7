import type { ElementMap, LocateAnswer } from '../../ports/element-locator.js';

/** Longest model reply kept in `raw` when it cannot be read. */
const MAX_RAW_CHARS = 500;

const SELECTOR_KEYS = ['selector', 'css_selector', 'cssSelector', 'css', 'element'];
const CONFIDENCE_KEYS = ['confidence', 'score', 'probability', 'certainty'];
const INDEX_KEYS = ['index', 'i', 'element_index', 'elementIndex'];

/**
 * Reads the model's reply defensively: a JSON object `{selector, confidence}` — or the same inside
 * code fences, prose, or one level down (`{"answer": {…}}`); other common key names; a confidence
 * as a string or a percentage; an element index of the map instead of a selector. Nothing here
 * trusts the selector: the capturer checks it against the page.
 */
export function readAnswer(content: string | null | undefined, map: ElementMap): LocateAnswer {
  if (content === null || content === undefined || content.trim() === '') {
    return { selector: null, confidence: 0, raw: null, problem: 'the model gave an empty answer' };
  }
  const object = findObject(content);
  if (!object) {
    const loose = looseFields(content);
    if (loose) return answerOf(loose, content, map);
    return {
      selector: null,
      confidence: 0,
      raw: cut(content),
      problem: 'the model did not answer with JSON',
    };
  }
  return answerOf(object, content, map);
}

function answerOf(object: Record<string, unknown>, content: string, map: ElementMap): LocateAnswer {
  const fields =
    pick(object, SELECTOR_KEYS) !== undefined || pick(object, INDEX_KEYS) !== undefined
      ? object
      : nested(object);
  const rawSelector = pick(fields, SELECTOR_KEYS);
  const index = pick(fields, INDEX_KEYS);
  const confidence = confidenceOf(pick(fields, CONFIDENCE_KEYS));
  let selector: string | null = null;
  let raw: string | null = null;
  if (typeof rawSelector === 'string') {
    raw = rawSelector;
    const trimmed = rawSelector.trim();
    selector = trimmed === '' || /^(?:null|none|n\/a)$/i.test(trimmed) ? null : trimmed;
  } else if (typeof index === 'number' || (typeof index === 'string' && /^\d+$/.test(index))) {
    raw = String(index);
    selector = map.elements[Number(index)]?.selector ?? null;
  } else if (rawSelector !== undefined && rawSelector !== null) {
    raw = cut(JSON.stringify(rawSelector));
  }
  const answer: LocateAnswer = { selector, confidence: confidence ?? 0, raw };
  if (selector !== null) answer.candidates = [{ selector, score: Math.min(1, Math.max(0, confidence ?? 0)) }];
  if (confidence === null) answer.problem = 'the model gave no readable confidence';
  else if (selector === null && raw === null && rawSelector !== null)
    answer.problem = `the model's answer has no selector: ${cut(content)}`;
  return answer;
}

/** 0–1 from a number, a numeric string or a percentage; null when there is none. */
function confidenceOf(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*\d+(?:\.\d+)?\s*%?\s*$/.test(value)) {
    n = parseFloat(value);
    if (value.includes('%')) n /= 100;
  } else return null;
  if (!Number.isFinite(n) || n < 0) return null;
  if (n > 1 && n <= 100) n /= 100;
  return Math.min(1, n);
}

function pick(object: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) if (key in object) return object[key];
  return undefined;
}

/** The first member that is an object holding a selector or index (`{"answer": {…}}`), else the object itself. */
function nested(object: Record<string, unknown>): Record<string, unknown> {
  for (const value of Object.values(object)) {
    if (
      isObject(value) &&
      (pick(value, SELECTOR_KEYS) !== undefined || pick(value, INDEX_KEYS) !== undefined)
    )
      return value;
  }
  return object;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON object in `content`: all of it, inside ``` fences, or from the first `{` to its matching `}`. */
function findObject(content: string): Record<string, unknown> | null {
  const attempts = [content.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  if (fenced?.[1]) attempts.push(fenced[1].trim());
  const start = content.indexOf('{');
  if (start >= 0) {
    const end = matchingBrace(content, start);
    if (end > start) attempts.push(content.slice(start, end + 1));
  }
  for (const attempt of attempts) {
    try {
      const value: unknown = JSON.parse(attempt);
      if (isObject(value)) return value;
    } catch {
      // try the next reading
    }
  }
  return null;
}

/** Index of the `}` closing the `{` at `start`, skipping braces inside strings; -1 when unclosed. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth += 1;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/** `"selector": "…"` and `"confidence": 0.8` written out of JSON (a truncated reply, prose around it). */
function looseFields(content: string): Record<string, unknown> | null {
  const selector = /"?selector"?\s*[:=]\s*"((?:[^"\\]|\\.)*)"/i.exec(content);
  if (!selector?.[1]) return null;
  const confidence = /"?confidence"?\s*[:=]\s*"?(\d+(?:\.\d+)?%?)/i.exec(content);
  let value: string;
  try {
    value = JSON.parse(`"${selector[1]}"`) as string;
  } catch {
    value = selector[1];
  }
  return { selector: value, confidence: confidence?.[1] ?? null };
}

function cut(text: string): string {
  return text.length > MAX_RAW_CHARS ? `${text.slice(0, MAX_RAW_CHARS - 1)}…` : text;
}
