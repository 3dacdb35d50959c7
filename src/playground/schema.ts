/** The part of JSON Schema (as `/openapi.json` carries the request body) that the form reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  description?: string;
  default?: unknown;
  format?: string;
  /** Option hints of the service (src/http/option-hints.ts). */
  'x-group'?: string;
  'x-plan'?: string;
  'x-choices-from'?: string;
}

interface OpenApiDocument {
  paths?: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Groups in the order the form shows them, with their headings; unknown groups go to `other`. */
export const GROUPS: readonly { id: string; label: string; open: boolean }[] = [
  { id: 'output', label: 'Output', open: true },
  { id: 'viewport', label: 'Viewport and device', open: true },
  { id: 'waiting', label: 'Waiting', open: false },
  { id: 'preparation', label: 'Page preparation', open: false },
  { id: 'targeting', label: 'Targeting', open: false },
  { id: 'pdf', label: 'PDF', open: false },
  { id: 'video', label: 'Video', open: false },
  { id: 'delivery', label: 'Delivery', open: false },
  { id: 'other', label: 'Other options', open: false },
];

/** Replaces `$ref`s into `#/components/schemas/…` by their targets (the document is a tree otherwise). */
function resolve(schema: JsonSchema, doc: OpenApiDocument, depth = 0): JsonSchema {
  if (depth > 20) return schema;
  let node = schema;
  const ref = node.$ref;
  if (ref?.startsWith('#/components/schemas/')) {
    node = { ...doc.components?.schemas?.[ref.slice('#/components/schemas/'.length)], ...node };
    delete node.$ref;
  }
  const out: JsonSchema = { ...node };
  if (node.properties)
    out.properties = Object.fromEntries(
      Object.entries(node.properties).map(([k, v]) => [k, resolve(v, doc, depth + 1)]),
    );
  if (node.items) out.items = resolve(node.items, doc, depth + 1);
  if (node.anyOf) out.anyOf = node.anyOf.map((s) => resolve(s, doc, depth + 1));
  if (node.oneOf) out.oneOf = node.oneOf.map((s) => resolve(s, doc, depth + 1));
  return out;
}

/** The JSON schema of `POST /screenshots/web`'s body, from the service's OpenAPI document. */
export function captureRequestSchema(doc: unknown): JsonSchema {
  const d = doc as OpenApiDocument;
  const schema = d.paths?.['/screenshots/web']?.post?.requestBody?.content?.['application/json']?.schema;
  if (!schema) throw new Error('/openapi.json does not describe POST /screenshots/web.');
  return resolve(schema, d);
}

/** The fixed values a schema allows (`enum`, or an `anyOf` of `const`s), or null. */
export function choicesOf(schema: JsonSchema): unknown[] | null {
  if (schema.enum) return schema.enum;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.every((s) => 'const' in s || s.enum?.length === 1))
    return alternatives.map((s) => ('const' in s ? s.const : s.enum?.[0]));
  return null;
}

/** The single JSON type of a schema, or null when it has several or none. */
export function typeOf(schema: JsonSchema): string | null {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type) && schema.type.length === 1) return schema.type[0] ?? null;
  if (schema.properties) return 'object';
  return null;
}
