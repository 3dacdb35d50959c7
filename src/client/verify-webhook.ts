import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { ShotsError } from './errors.js';
import type { WebhookEvent } from './types.js';

/** Request headers as Node (`req.headers`), the Fetch API (`Headers`) or a plain object give them. */
export type WebhookHeaders =
  Headers | Record<string, string | string[] | undefined> | Iterable<[string, string]>;

function headerRecord(headers: WebhookHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  const entries: Iterable<[string, unknown]> =
    Symbol.iterator in headers ? (headers as Iterable<[string, string]>) : Object.entries(headers);
  for (const [name, value] of entries) {
    if (typeof value === 'string') out[name.toLowerCase()] = value;
    else if (Array.isArray(value)) out[name.toLowerCase()] = value.join(' ');
  }
  return out;
}

/**
 * Checks a webhook's Standard Webhooks signature (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) against the account's `whsec_` secret, or against any of several secrets
 * while you switch to a rotated one (during the overlap Shots signs with both), and refuses
 * timestamps more than five minutes away. Pass the body exactly as received (string or bytes),
 * before any JSON parsing. Resolves to the event; throws a `ShotsError` with code
 * `INVALID_SIGNATURE` (status 401, for your receiver to answer) otherwise.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
): WebhookEvent {
  const record = headerRecord(headers);
  const payload = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  let reason = 'no secret given';
  for (const candidate of secrets) {
    try {
      return new Webhook(candidate).verify(payload, record) as WebhookEvent;
    } catch (err) {
      if (!(err instanceof WebhookVerificationError)) throw err;
      reason = err.message;
    }
  }
  throw new ShotsError({
    status: 401,
    code: 'INVALID_SIGNATURE',
    detail: `The webhook does not verify: ${reason}.`,
  });
}
