import type { FieldError } from '../client/errors.js';
import type { Control } from './controls.js';
import { controlFor, controlId } from './controls.js';
import { el } from './dom.js';
import type { JsonSchema } from './schema.js';
import { GROUPS } from './schema.js';

/** The capture form: one control per field of the request schema, in groups. */
export interface RequestForm {
  /** The request body, and the problems found before sending (bad JSON, a number that is not one). */
  read(): { body: Record<string, unknown>; problems: FieldError[] };
  /** Shows each error next to its field; returns those that name no field of the form. */
  showErrors(errors: readonly FieldError[]): FieldError[];
  clearErrors(): void;
  /** Moves the keyboard focus to a field (opening its group). */
  focusField(field: string): void;
  /** Sets a text field (`element`, `description`: '' clears it), as if typed. */
  setText(field: string, value: string): void;
  /** Loads the `x-choices-from` lists (device presets) into their suggestions. */
  loadChoices(load: (url: string) => Promise<unknown>): Promise<void>;
}

/** Every control, nested ones included. */
function flatten(controls: readonly Control[]): Control[] {
  return controls.flatMap((c) => [c, ...flatten(c.children)]);
}

/** Names from a list endpoint's answer: `["a"]`, `[{ name }]` or `{ devices: [...] }`. */
function namesOf(answer: unknown): string[] {
  const list = Array.isArray(answer)
    ? answer
    : typeof answer === 'object' && answer !== null
      ? (Object.values(answer).find(Array.isArray) ?? Object.keys(answer))
      : [];
  return (list as unknown[])
    .map((item) => (typeof item === 'string' ? item : (item as { name?: unknown } | null)?.name))
    .filter((name): name is string => typeof name === 'string');
}

interface Section {
  details: HTMLDetailsElement;
  count: HTMLElement;
  controls: Control[];
}

/** A disclosure per group of GROUPS, in order. */
function sectionsOf(): Map<string, Section> {
  const sections = new Map<string, Section>();
  for (const group of GROUPS) {
    const count = el('span', { class: 'count' });
    const details = el(
      'details',
      { class: 'group', 'data-group': group.id, open: group.open },
      el('summary', {}, group.label, ' ', count),
    );
    sections.set(group.id, { details, count, controls: [] });
  }
  return sections;
}

/**
 * Renders a request schema into a host element: `url` (group `target`) first, then each group of
 * GROUPS as a disclosure with the fields whose `x-group` names it (unknown or none: "Other").
 */
class SchemaForm implements RequestForm {
  private readonly top: { name: string; control: Control }[] = [];
  private readonly all: Control[];
  private readonly sections = sectionsOf();

  constructor(
    private readonly schema: JsonSchema,
    host: HTMLElement,
    onChange: () => void,
  ) {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const control = controlFor(name, name, property);
      const group = property['x-group'] ?? 'other';
      if (group === 'target') {
        control.row.classList.add('target');
        host.append(control.row);
      } else {
        const section = this.sections.get(group) ?? this.sections.get('other')!;
        section.controls.push(control);
        section.details.append(control.row);
      }
      this.top.push({ name, control });
    }
    for (const section of this.sections.values())
      if (section.controls.length > 0) host.append(section.details);
    this.all = flatten(this.top.map((t) => t.control));
    const changed = () => {
      this.refreshCounts();
      onChange();
    };
    host.addEventListener('input', changed);
    host.addEventListener('change', changed);
  }

  read(): { body: Record<string, unknown>; problems: FieldError[] } {
    const body: Record<string, unknown> = {};
    const problems: FieldError[] = [];
    for (const { name, control } of this.top) {
      const r = control.read();
      if (r === undefined) {
        if (name === 'url') body.url = '';
      } else if ('error' in r) problems.push({ field: r.path, message: r.error });
      else body[name] = r.value;
    }
    return { body, problems };
  }

  showErrors(errors: readonly FieldError[]): FieldError[] {
    const unplaced: FieldError[] = [];
    const byControl = new Map<Control, string[]>();
    for (const e of errors) {
      const control = this.controlOf(e.field);
      if (!control) {
        unplaced.push(e);
        continue;
      }
      const prefix = e.field === control.path ? '' : `${e.field.slice(control.path.length + 1)}: `;
      byControl.set(control, [...(byControl.get(control) ?? []), `${prefix}${e.message}`]);
    }
    for (const [control, messages] of byControl) {
      control.showError(messages.join('; '));
      reveal(control);
    }
    return unplaced;
  }

  clearErrors(): void {
    for (const c of this.all) c.showError(null);
  }

  focusField(field: string): void {
    const control = this.controlOf(field);
    if (!control) return;
    reveal(control);
    control.focus();
  }

  setText(field: string, value: string): void {
    const input = document.getElementById(controlId(field));
    if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) return;
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const control = this.controlOf(field);
    if (control && value !== '') reveal(control);
  }

  async loadChoices(load: (url: string) => Promise<unknown>): Promise<void> {
    for (const [name, property] of Object.entries(this.schema.properties ?? {})) {
      const source = property['x-choices-from'];
      const list = document.getElementById(`opt-${name}-choices`);
      if (!source || !list) continue;
      try {
        list.replaceChildren(...namesOf(await load(source)).map((n) => el('option', { value: n })));
      } catch {
        // No list: the field stays free text, and the service names a wrong value.
      }
    }
  }

  /** The deepest control whose path is the field or a parent of it (`hideSelectors.3` → hideSelectors). */
  private controlOf(field: string): Control | undefined {
    let best: Control | undefined;
    for (const c of this.all) {
      const matches = field === c.path || field.startsWith(`${c.path}.`);
      if (matches && (!best || c.path.length > best.path.length)) best = c;
    }
    return best;
  }

  private refreshCounts(): void {
    for (const section of this.sections.values()) {
      const set = section.controls.filter((c) => c.read() !== undefined).length;
      section.count.textContent = set > 0 ? `(${set} set)` : '';
    }
  }
}

/** Opens the group a control is in. */
function reveal(control: Control): void {
  const details = control.row.closest('details');
  if (details) details.open = true;
}

/** The capture form for the request body's JSON schema, rendered into `host`. */
export function buildForm(schema: JsonSchema, host: HTMLElement, onChange: () => void): RequestForm {
  return new SchemaForm(schema, host, onChange);
}
