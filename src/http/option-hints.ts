import type { TObject, TProperties } from '@sinclair/typebox';
import { OPTION_PLANS } from '../domain/capture-request.js';

/**
 * Groups of the request's fields, in the order the playground shows them. `other` takes every
 * field that `GROUP_OF` does not name, so that a new field shows up without a change here.
 */
export const OPTION_GROUPS = [
  'target',
  'output',
  'viewport',
  'waiting',
  'preparation',
  'targeting',
  'pdf',
  'video',
  'delivery',
  'other',
] as const;
export type OptionGroup = (typeof OPTION_GROUPS)[number];

/**
 * Where each field of `POST /screenshots/web` belongs (`x-group`). Names of CONTRACT §4a fields
 * that the schema does not hold yet are harmless: only the schema's own fields are annotated.
 */
const GROUP_OF: Readonly<Record<string, OptionGroup>> = Object.freeze({
  url: 'target',
  format: 'output',
  fullPage: 'output',
  quality: 'output',
  omitBackground: 'output',
  dimensions: 'viewport',
  deviceScaleFactor: 'viewport',
  device: 'viewport',
  darkMode: 'viewport',
  userAgent: 'viewport',
  timezone: 'viewport',
  locale: 'viewport',
  geolocation: 'viewport',
  waitUntil: 'waiting',
  waitForSelector: 'waiting',
  delayMs: 'waiting',
  failOnHttpError: 'waiting',
  blockAds: 'preparation',
  acceptCookies: 'preparation',
  stealth: 'preparation',
  proxyLocation: 'preparation',
  disableAnimations: 'preparation',
  hideSelectors: 'preparation',
  clickSelector: 'preparation',
  css: 'preparation',
  javascript: 'preparation',
  headers: 'preparation',
  cookies: 'preparation',
  blockResources: 'preparation',
  element: 'targeting',
  description: 'targeting',
  clip: 'targeting',
  pdf: 'pdf',
  video: 'video',
  webhookUrl: 'delivery',
  storage: 'delivery',
  bypassCache: 'delivery',
});

/** Fields whose allowed values a public endpoint lists (`x-choices-from`), e.g. device presets. */
const CHOICES_FROM: Readonly<Record<string, string>> = Object.freeze({ device: '/devices' });

/** The annotation keywords, declared to Ajv so that strict mode accepts them. */
export const OPTION_HINT_KEYWORDS = ['x-group', 'x-plan', 'x-choices-from'];

/**
 * The request schema with each top-level field annotated for clients that build forms from
 * `/openapi.json` (the playground): `x-group` (one of OPTION_GROUPS), `x-plan` (the lowest plan
 * the field needs, from OPTION_PLANS; absent = every plan) and `x-choices-from`. Annotations only:
 * validation and the static type are those of `schema`.
 */
export function withOptionHints<T extends TProperties>(schema: TObject<T>): TObject<T> {
  const properties: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const plan = OPTION_PLANS[name];
    const choices = CHOICES_FROM[name];
    properties[name] = {
      ...property,
      'x-group': GROUP_OF[name] ?? 'other',
      ...(plan ? { 'x-plan': plan } : {}),
      ...(choices ? { 'x-choices-from': choices } : {}),
    };
  }
  return { ...schema, properties: properties as T };
}
