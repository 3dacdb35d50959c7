/** One signed webhook POST, ready to go. */
export interface WebhookRequest {
  /** The receiver's https URL. */
  url: string;
  /** The JSON body exactly as signed. */
  body: string;
  /** `webhook-id`, `webhook-timestamp`, `webhook-signature` (lower-case names). */
  headers: Readonly<Record<string, string>>;
}

/** What came of one POST. Exactly one of `httpStatus` and `error` describes the outcome. */
export interface SendResult {
  /** Status code of the response when its head arrived within the deadline. */
  httpStatus?: number;
  /** Seconds of a `Retry-After` header (delay seconds or an HTTP date), when present and valid. */
  retryAfterSeconds?: number;
  /**
   * Why no response came: the URL is not https, the address is blocked by the SSRF policy, DNS,
   * connection or TLS failed, or no answer within the deadline.
   */
  error?: string;
  /** Wall time from the start of the lookup to the end of the (capped) response, milliseconds. */
  durationMs: number;
}

/**
 * Sends webhook POSTs (CONTRACT §6, §7). An implementation must: allow https only; resolve the
 * host and check every address against the SSRF policy at every call, then connect to exactly
 * the address it checked (no second lookup), verifying the certificate against the host name;
 * never follow redirects; give up after its deadline (the whole exchange, headers included);
 * read at most a small part of the response body and discard it. It never throws.
 */
export interface WebhookSender {
  /** Aborting `signal` ends the request at once; the result then carries an `error`. */
  send(request: WebhookRequest, signal?: AbortSignal): Promise<SendResult>;
}
