import { randomBytes } from 'node:crypto';

/** `job_web_` + 24 random URL-safe characters. */
export function newJobId(): string {
  return `job_web_${randomBytes(18).toString('base64url')}`;
}

/** `msg_` + 22 random URL-safe characters: a webhook delivery, sent as its `webhook-id` header. */
export function newDeliveryId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** What a job id of this service looks like; anything else names no job (404, not 400). */
export const JOB_ID_PATTERN = /^job_web_[A-Za-z0-9_-]{20,64}$/;
