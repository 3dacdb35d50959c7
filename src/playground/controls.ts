import { el } from './dom.js';
import type { JsonSchema } from './schema.js';
import { choicesOf, typeOf } from './schema.js';

/** What a control holds for the request: a value, a local problem, or nothing (not sent). */
export type ReadResult = { value: unknown } | { error: string; path: string } | undefined;

/** One form control for one request field, built from that field's JSON schema. */
export interface Control {
  /** Dotted path of the field, as `errors[].field` names it (`dimensions.width`). */
  path: string;
  row: HTMLElement;
  children: Control[];
  read(): ReadResult;
  focus(): void;
  showError(message: string | null): void;
}

/** `dimensions.width` → `opt-dimensions-width`. */
export function controlId(path: string): string {
  return `opt-${path.replace(/[^A-Za-z0-9_]/g, '-')}`;
}

/** Strings that may be longer than this are edited in a text area (style sheets, scripts). */
const LONG_TEXT = 4096;

function boundsOf(s: JsonSchema): string {
  const parts: string[] = [];
  if (s.minimum !== undefined && s.maximum !== undefined) parts.push(`${s.minimum}–${s.maximum}`);
  else if (s.minimum !== undefined) parts.push(`≥ ${s.minimum}`);
  else if (s.maximum !== undefined) parts.push(`≤ ${s.maximum}`);
  if (s.maxLength !== undefined) parts.push(`≤ ${s.maxLength.toLocaleString('en-US')} chars`);
  if (s.maxItems !== undefined) parts.push(`≤ ${s.maxItems} items`);
  return parts.join(', ');
}

interface Frame {
  id: string;
  row: HTMLElement;
  error: HTMLElement;
  describedBy: string;
}

/** The row around an input: label (the field's API name and plan), hint (description, bounds), error. */
function frame(path: string, name: string, schema: JsonSchema, kind: 'row' | 'check' | 'set'): Frame {
  const id = controlId(path);
  const plan = schema['x-plan'];
  const caption = [el('code', {}, name), plan ? el('span', { class: 'plan' }, `${plan}+`) : null];
  const hintText = [schema.description, boundsOf(schema)].filter(Boolean).join(' ');
  const hint = hintText ? el('p', { class: 'hint', id: `${id}-hint` }, hintText) : null;
  const error = el('p', { class: 'error', id: `${id}-error`, hidden: true });
  const describedBy = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  const row =
    kind === 'set'
      ? el('fieldset', { class: 'field set', 'data-path': path }, el('legend', {}, ...caption), hint, error)
      : el(
          'div',
          { class: `field ${kind}`, 'data-path': path },
          el('label', { for: id }, ...caption),
          hint,
          error,
        );
  return { id, row, error, describedBy };
}

function errorSetter(f: Frame, input: HTMLElement | null) {
  return (message: string | null) => {
    f.error.textContent = message ?? '';
    f.error.hidden = message === null;
    f.row.classList.toggle('invalid', message !== null);
    if (input) {
      if (message === null) input.removeAttribute('aria-invalid');
      else input.setAttribute('aria-invalid', 'true');
    }
  };
}

/** Puts `input` into the row, after the label (before the hint). */
function place(f: Frame, input: HTMLElement, after: 'label' | 'start' = 'label'): void {
  if (after === 'start') f.row.prepend(input);
  else f.row.querySelector('label')?.after(input);
}

function choiceControl(path: string, name: string, schema: JsonSchema, values: unknown[]): Control {
  const f = frame(path, name, schema, 'row');
  const select = el(
    'select',
    { id: f.id, 'aria-describedby': f.describedBy },
    el('option', { value: '' }, '(default)'),
    ...values.map((v, i) => el('option', { value: String(i) }, String(v))),
  );
  place(f, select);
  return {
    path,
    row: f.row,
    children: [],
    read: () => (select.value === '' ? undefined : { value: values[Number(select.value)] }),
    focus: () => select.focus(),
    showError: errorSetter(f, select),
  };
}

function booleanControl(path: string, name: string, schema: JsonSchema): Control {
  const f = frame(path, name, schema, 'check');
  const fallback = schema.default === true;
  const box = el('input', { type: 'checkbox', id: f.id, 'aria-describedby': f.describedBy });
  box.checked = fallback;
  place(f, box, 'start');
  return {
    path,
    row: f.row,
    children: [],
    // Only a value that differs from the default is sent.
    read: () => (box.checked === fallback ? undefined : { value: box.checked }),
    focus: () => box.focus(),
    showError: errorSetter(f, box),
  };
}

function numberControl(path: string, name: string, schema: JsonSchema, integer: boolean): Control {
  const f = frame(path, name, schema, 'row');
  const input = el('input', {
    type: 'number',
    id: f.id,
    inputmode: integer ? 'numeric' : 'decimal',
    min: schema.minimum,
    max: schema.maximum,
    step: integer ? 1 : 'any',
    'aria-describedby': f.describedBy,
  });
  place(f, input);
  return {
    path,
    row: f.row,
    children: [],
    read: () => {
      const text = input.value.trim();
      if (text === '') return input.validity.badInput ? { error: 'is not a number', path } : undefined;
      return { value: Number(text) };
    },
    focus: () => input.focus(),
    showError: errorSetter(f, input),
  };
}

function isSecretName(name: string): boolean {
  return /secret|password|token/i.test(name);
}

function textControl(path: string, name: string, schema: JsonSchema): Control {
  // Values a public endpoint lists (`x-choices-from`) are offered as suggestions once loaded.
  const choices = schema['x-choices-from'] !== undefined;
  const f = frame(path, name, schema, 'row');
  const long = (schema.maxLength ?? 0) > LONG_TEXT;
  const common = { id: f.id, 'aria-describedby': f.describedBy, spellcheck: 'false', autocomplete: 'off' };
  const input = long
    ? el('textarea', { ...common, rows: 4 })
    : el('input', {
        ...common,
        type: isSecretName(name) ? 'password' : 'text',
        inputmode: /url$/i.test(name) ? 'url' : undefined,
        list: choices ? `${f.id}-choices` : undefined,
      });
  place(f, input);
  if (choices) f.row.append(el('datalist', { id: `${f.id}-choices` }));
  return {
    path,
    row: f.row,
    children: [],
    read: () => (input.value === '' ? undefined : { value: input.value }),
    focus: () => input.focus(),
    showError: errorSetter(f, input),
  };
}

function stringListControl(path: string, name: string, schema: JsonSchema): Control {
  const f = frame(path, name, { ...schema, description: `${schema.description ?? ''} One per line.` }, 'row');
  const area = el('textarea', { id: f.id, rows: 3, spellcheck: 'false', 'aria-describedby': f.describedBy });
  place(f, area);
  return {
    path,
    row: f.row,
    children: [],
    read: () => {
      const lines = area.value
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '');
      return lines.length === 0 ? undefined : { value: lines };
    },
    focus: () => area.focus(),
    showError: errorSetter(f, area),
  };
}

function multiChoiceControl(path: string, name: string, schema: JsonSchema, values: unknown[]): Control {
  const f = frame(path, name, schema, 'set');
  const boxes = values.map((v, i) => {
    const box = el('input', { type: 'checkbox', id: `${f.id}-${i}` });
    f.row.insertBefore(
      el('span', { class: 'option' }, box, el('label', { for: `${f.id}-${i}` }, String(v))),
      f.error,
    );
    return box;
  });
  return {
    path,
    row: f.row,
    children: [],
    read: () => {
      const chosen = values.filter((_, i) => boxes[i]?.checked);
      return chosen.length === 0 ? undefined : { value: chosen };
    },
    focus: () => boxes[0]?.focus(),
    showError: errorSetter(f, null),
  };
}

function jsonControl(path: string, name: string, schema: JsonSchema): Control {
  const example = typeOf(schema) === 'array' ? '[{ … }]' : '{ "name": "value" }';
  const f = frame(
    path,
    name,
    { ...schema, description: `${schema.description ?? ''} As JSON: ${example}` },
    'row',
  );
  const area = el('textarea', { id: f.id, rows: 3, spellcheck: 'false', 'aria-describedby': f.describedBy });
  place(f, area);
  return {
    path,
    row: f.row,
    children: [],
    read: () => {
      if (area.value.trim() === '') return undefined;
      try {
        return { value: JSON.parse(area.value) as unknown };
      } catch {
        return { error: 'is not valid JSON', path };
      }
    },
    focus: () => area.focus(),
    showError: errorSetter(f, area),
  };
}

function objectControl(path: string, name: string, schema: JsonSchema): Control {
  const f = frame(path, name, schema, 'set');
  const keys = Object.keys(schema.properties ?? {});
  const children = Object.entries(schema.properties ?? {}).map(([key, child]) =>
    controlFor(`${path}.${key}`, key, child),
  );
  const box = el('div', { class: 'children' }, ...children.map((c) => c.row));
  f.row.insertBefore(box, f.error);
  return {
    path,
    row: f.row,
    children,
    read: () => {
      const out: Record<string, unknown> = {};
      for (const [i, child] of children.entries()) {
        const r = child.read();
        if (r === undefined) continue;
        if ('error' in r) return r;
        out[keys[i]!] = r.value;
      }
      return Object.keys(out).length === 0 ? undefined : { value: out };
    },
    focus: () => children[0]?.focus(),
    showError: errorSetter(f, null),
  };
}

/** The control a field's schema calls for; anything the form has no widget for is edited as JSON. */
export function controlFor(path: string, name: string, schema: JsonSchema): Control {
  const fixed = choicesOf(schema);
  if (fixed) return choiceControl(path, name, schema, fixed);
  const type = typeOf(schema);
  if (type === 'boolean') return booleanControl(path, name, schema);
  if (type === 'integer' || type === 'number') return numberControl(path, name, schema, type === 'integer');
  if (type === 'string') return textControl(path, name, schema);
  if (type === 'array' && schema.items) {
    const itemChoices = choicesOf(schema.items);
    if (itemChoices) return multiChoiceControl(path, name, schema, itemChoices);
    if (typeOf(schema.items) === 'string') return stringListControl(path, name, schema);
  }
  if (type === 'object' && schema.properties && !schema.patternProperties)
    return objectControl(path, name, schema);
  return jsonControl(path, name, schema);
}
