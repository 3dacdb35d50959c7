import type { FieldProblem } from '../domain/errors.js';

/** The subset of an Ajv error object we read. */
export interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** Set when the problem is with a property's name (`propertyNames`), not its value. */
  propertyName?: string;
}

function fieldOf(instancePath: string, child?: unknown): string {
  const parts = instancePath.split('/').filter((p) => p !== '');
  if (typeof child === 'string') parts.push(child);
  return parts.join('.') || 'body';
}

/** JSON Schema's type names as a sentence says them, article included ("an array", not "a array"). */
const TYPE_PHRASES: Readonly<Record<string, string>> = Object.freeze({
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
});

/** `must be …` for Ajv's `type` parameter: one type name, a list, or a comma-joined list. */
export function typePhrase(type: unknown): string {
  const names = Array.isArray(type) ? type.map(String) : String(type).split(',');
  return names.map((name) => TYPE_PHRASES[name] ?? `of type ${name}`).join(' or ');
}

function messageOf(issue: AjvIssue): string {
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'type':
      return issue.instancePath === '' ? 'the body must be a JSON object' : `must be ${typePhrase(p.type)}`;
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'minimum':
      return `must be at least ${String(p.limit)}`;
    case 'maximum':
      return `must be at most ${String(p.limit)}`;
    case 'minLength':
      return Number(p.limit) === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters`;
    case 'maxItems':
      return `must have at most ${String(p.limit)} items`;
    case 'maxProperties':
      return `must have at most ${String(p.limit)} entries`;
    case 'uniqueItems':
      return 'must not repeat an item';
    default:
      return issue.message ?? 'is not valid';
  }
}

/** Turns Ajv's errors into one problem per field, named by dotted path. */
export function fieldProblems(issues: readonly AjvIssue[]): FieldProblem[] {
  const seen = new Set<string>();
  const out: FieldProblem[] = [];
  for (const issue of issues) {
    const child =
      issue.keyword === 'required'
        ? issue.params.missingProperty
        : issue.keyword === 'additionalProperties'
          ? issue.params.additionalProperty
          : undefined;
    const field = fieldOf(issue.instancePath, child);
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({
      field,
      message: issue.propertyName === undefined ? messageOf(issue) : `names ${messageOf(issue)}`,
    });
  }
  return out;
}
