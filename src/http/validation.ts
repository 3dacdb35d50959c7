import type { FieldProblem } from '../domain/errors.js';

/** The subset of an Ajv error object we read. */
export interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

function fieldOf(instancePath: string, child?: unknown): string {
  const parts = instancePath.split('/').filter((p) => p !== '');
  if (typeof child === 'string') parts.push(child);
  return parts.join('.') || 'body';
}

function messageOf(issue: AjvIssue): string {
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'type':
      return issue.instancePath === ''
        ? 'the body must be a JSON object'
        : `must be ${String(p.type) === 'integer' ? 'a whole number' : `a ${String(p.type)}`}`;
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
    out.push({ field, message: messageOf(issue) });
  }
  return out;
}
