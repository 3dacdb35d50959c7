/** Attributes of `el`: strings and numbers become attributes, `false`/`undefined` leave them out. */
export type Attrs = Record<string, string | number | boolean | undefined>;

/** A new element with attributes and children (strings become text, never HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child);
  }
  return node;
}

/** The element with this id, which the page must have. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`The page has no #${id}.`);
  return node as T;
}

/** `1234567` → `1,234,567`. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** `12345` → `12.1 KiB`; exact byte counts are shown next to it where they matter. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(2)} MiB`;
}
