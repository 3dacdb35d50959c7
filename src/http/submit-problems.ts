import type { FastifyError } from 'fastify';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../app/idempotency.js';
import { lookupFreeProblems } from '../app/submit-capture.js';
import type { RequestFields } from '../domain/capture-request.js';
import type { DevicePreset } from '../domain/capture-spec.js';
import type { AppError } from '../domain/errors.js';
import { validationError } from '../domain/errors.js';
import { fromFastifyError } from './problem.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The 400 of a `POST /screenshots/web` that failed its schema, naming every problem at once
 * (CONTRACT §4 "each problem is named"): the schema's, and what the later checks that need no
 * lookup find in the fields that passed it — an address that is no http(s) URL, fields that do not
 * go together, names, zones, the device. A top-level field with any schema problem is left out of
 * those checks (its value is not what they expect). No DNS: a body already refused is not resolved.
 *
 * Fastify validates the body before the headers and stops at the first that fails: when only a
 * header failed (`Idempotency-Key`), the whole body passed its schema and is checked; when the body
 * failed, the `Idempotency-Key` (`idempotencyKey`, the header as sent) is checked here, so that it
 * is named too.
 */
export function submitSchemaError(
  error: FastifyError,
  body: unknown,
  devices: readonly DevicePreset[],
  idempotencyKey?: string | string[],
): AppError {
  const schemaError = fromFastifyError(error);
  const keyProblems = error.validationContext === 'body' ? idempotencyKeyProblems(idempotencyKey) : [];
  const schemaProblems = [...(schemaError.errors ?? []), ...keyProblems];
  if (keyProblems.length > 0 && !isPlainObject(body)) return validationError(schemaProblems);
  const context = error.validationContext;
  if ((context !== 'body' && context !== 'headers') || !isPlainObject(body)) return schemaError;
  const failed = new Set(context === 'body' ? schemaProblems.map((p) => p.field.split('.')[0]) : []);
  if (failed.has('body')) return keyProblems.length === 0 ? schemaError : validationError(schemaProblems);
  // Every field left passed the schema, so it has the type RequestFields gives it.
  const passed = Object.fromEntries(
    Object.entries(body).filter(([name]) => !failed.has(name)),
  ) as RequestFields;
  const catalog = {
    list: () => devices,
    get: (name: string) => devices.find((d) => d.name === name) ?? null,
  };
  const more = lookupFreeProblems(passed, catalog);
  return more.length + keyProblems.length === 0 ? schemaError : validationError([...schemaProblems, ...more]);
}

/** What the headers' schema would say of an `Idempotency-Key` (1–255 characters), as it says it. */
function idempotencyKeyProblems(key: string | string[] | undefined): { field: string; message: string }[] {
  if (key === undefined) return [];
  const field = 'Idempotency-Key';
  if (typeof key !== 'string') return [{ field, message: 'must be a string' }];
  if (key.length === 0) return [{ field, message: 'must not be empty' }];
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH)
    return [{ field, message: `must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters` }];
  return [];
}
