import { CaptureRequestSchema } from './schemas.js';

/** The parts of a JSON schema that bound the size of a value. */
interface SizedSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: SizedSchema[];
  properties?: Record<string, SizedSchema>;
  patternProperties?: Record<string, SizedSchema>;
  propertyNames?: SizedSchema;
  additionalProperties?: unknown;
  maxProperties?: number;
  items?: SizedSchema;
  maxItems?: number;
  maxLength?: number;
}

/**
 * Bytes one character of a string may take in a JSON body: `maxLength` counts code points, and a
 * client that escapes everything outside ASCII (Python's `json.dumps`, by default) writes one above
 * U+FFFF as a surrogate pair of `\uXXXX` escapes, 12 bytes. (JSON.stringify: at most 6, `\u001f`;
 * raw UTF-8: at most 4.)
 */
export const MAX_JSON_BYTES_PER_CHAR = 12;
/** Bytes of the longest number JSON.stringify writes (`-1.7976931348623157e+308`). */
const NUMBER_BYTES = 24;

const quoted = (name: string): number => Buffer.byteLength(JSON.stringify(name));

/**
 * The size of the largest JSON value `schema` accepts, with no whitespace: every string at its
 * `maxLength` of {@link MAX_JSON_BYTES_PER_CHAR}-byte characters, every array at `maxItems`,
 * every record at `maxProperties`, every optional property present. Throws when the schema leaves
 * a size unbounded (a string without `maxLength`, an array without `maxItems`, an open object),
 * so that a field added without its bound is noticed when the service starts.
 */
export function largestJsonBytes(schema: SizedSchema, path = 'body'): number {
  if (schema.enum) return Math.max(...schema.enum.map((v) => Buffer.byteLength(JSON.stringify(v))));
  if (schema.const !== undefined) return Buffer.byteLength(JSON.stringify(schema.const));
  if (schema.anyOf) return Math.max(...schema.anyOf.map((s) => largestJsonBytes(s, path)));
  const unbounded = (what: string): Error => new Error(`${path}: ${what}, so no body size covers it`);
  switch (schema.type) {
    case 'string':
      if (schema.maxLength === undefined) throw unbounded('a string without maxLength');
      return 2 + schema.maxLength * MAX_JSON_BYTES_PER_CHAR;
    case 'number':
    case 'integer':
      return NUMBER_BYTES;
    case 'boolean':
      return 'false'.length;
    case 'null':
      return 'null'.length;
    case 'array':
      if (schema.maxItems === undefined || !schema.items) throw unbounded('an array without maxItems');
      return 2 + schema.maxItems * (largestJsonBytes(schema.items, `${path}.items`) + 1);
    case 'object':
      return largestObjectBytes(schema, path, unbounded);
    default:
      throw unbounded(`a value of type ${String(schema.type)}`);
  }
}

function largestObjectBytes(schema: SizedSchema, path: string, unbounded: (what: string) => Error): number {
  // `{}` plus, per member, its name, `:` and `,`.
  let bytes = 2;
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    bytes += quoted(name) + largestJsonBytes(property, `${path}.${name}`) + 2;
  const patterns = Object.values(schema.patternProperties ?? {});
  if (patterns.length > 0) {
    if (schema.maxProperties === undefined || !schema.propertyNames)
      throw unbounded('a record without maxProperties and propertyNames');
    const name = largestJsonBytes({ type: 'string', ...schema.propertyNames }, `${path} (names)`);
    const value = Math.max(...patterns.map((p) => largestJsonBytes(p, `${path}.*`)));
    bytes += schema.maxProperties * (name + value + 2);
  } else if (schema.additionalProperties !== false) {
    throw unbounded('an object open to other properties');
  }
  return bytes;
}

/**
 * Largest request body accepted, bytes: the largest body of `POST /screenshots/web` that its schema
 * accepts (CONTRACT §4 and §4a bounds, every field at its maximum, see largestJsonBytes), rounded
 * up to a whole MiB. A body within the contract's field limits is never refused for its size; one
 * over it cannot be valid and is refused (413) before it is parsed.
 */
export const BODY_LIMIT_BYTES =
  Math.ceil(largestJsonBytes(CaptureRequestSchema as SizedSchema) / 1024 ** 2) * 1024 ** 2;
