import type { FastifyError } from 'fastify';
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
 * Fastify validates the body before the headers: when only a header failed (`Idempotency-Key`),
 * the whole body passed its schema and is checked.
 */
export function submitSchemaError(
  error: FastifyError,
  body: unknown,
  devices: readonly DevicePreset[],
): AppError {
  const schemaError = fromFastifyError(error);
  const schemaProblems = schemaError.errors ?? [];
  const context = error.validationContext;
  if ((context !== 'body' && context !== 'headers') || !isPlainObject(body)) return schemaError;
  const failed = new Set(context === 'body' ? schemaProblems.map((p) => p.field.split('.')[0]) : []);
  if (failed.has('body')) return schemaError;
  // Every field left passed the schema, so it has the type RequestFields gives it.
  const passed = Object.fromEntries(
    Object.entries(body).filter(([name]) => !failed.has(name)),
  ) as RequestFields;
  const catalog = {
    list: () => devices,
    get: (name: string) => devices.find((d) => d.name === name) ?? null,
  };
  const more = lookupFreeProblems(passed, catalog);
  return more.length === 0 ? schemaError : validationError([...schemaProblems, ...more]);
}
