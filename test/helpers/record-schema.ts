import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { expect } from 'vitest';
import { ResultRecordSchema } from '../../src/http/schemas.js';

if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)));

/** Fails unless `record` is what the OpenAPI document says a result record is, metadata included. */
export function expectDocumentedRecord(record: unknown): void {
  const problems = [...Value.Errors(ResultRecordSchema, record)].map((e) => `${e.path}: ${e.message}`);
  expect(problems).toEqual([]);
}
