/**
 * The typed client of Shots (`screenshot-service/client`): `new Shots({ baseUrl, apiKey })` and
 * `verifyWebhook(rawBody, headers, secret)`. Runs on Node 20+ and in browsers.
 */
export { Shots } from './shots.js';
export type {
  CaptureCallOptions,
  RequestOptions,
  ShotsOptions,
  StatusOptions,
  SubmitOptions,
  WaitOptions,
} from './shots.js';
export { ShotsError } from './errors.js';
export type { FieldError, ShotsErrorCode } from './errors.js';
export type { RetryNotice, RetryOptions } from './transport.js';
export { verifyWebhook } from './verify-webhook.js';
export type { WebhookHeaders } from './verify-webhook.js';
export type {
  Accepted,
  CaptureMetadata,
  CaptureOptions,
  CaptureResult,
  JobStatus,
  Problem,
  ResultBytes,
  ResultRecord,
  Usage,
  WebhookDeliveries,
  WebhookDelivery,
  WebhookEvent,
} from './types.js';
