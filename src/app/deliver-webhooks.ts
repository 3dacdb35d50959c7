import type { AccountStore } from '../ports/account-store.js';
import type { Clock } from '../ports/clock.js';
import type { JobStore } from '../ports/job-store.js';
import type { Logger } from '../ports/logger.js';
import type { SecretBox } from '../ports/secret-box.js';
import type { AttemptVerdict, ClaimedDelivery, WebhookOutbox } from '../ports/webhook-outbox.js';
import type { SendResult, WebhookRequest, WebhookSender } from '../ports/webhook-sender.js';
import { signedHeaders, webhookPayload } from './webhook-message.js';

export interface DeliverWebhooksDeps {
  outbox: WebhookOutbox;
  sender: WebhookSender;
  jobs: JobStore;
  accounts: AccountStore;
  secrets: SecretBox;
  clock: Clock;
  /** Seconds to wait after the 1st, 2nd, … failed attempt (WEBHOOK_RETRY_SCHEDULE); one more attempt than steps. */
  retryScheduleSeconds: readonly number[];
  logger: Logger;
  /** Source of the ±10 % jitter, in [0, 1). Default Math.random. */
  random?: () => number;
  /**
   * Told of every recorded attempt (metrics): what became of the delivery (`pending`: it will be
   * retried) and how long the attempt took, ms.
   */
  onAttempt?: (state: AttemptVerdict['state'], durationMs: number) => void;
}

const is2xx = (status: number | undefined): boolean => status !== undefined && status >= 200 && status < 300;

/**
 * What follows an attempt (CONTRACT §6): a 2xx delivers; 410 Gone stops; otherwise the next
 * attempt waits the schedule's step for this attempt ±10 %, or longer when a 429/503 asked so in
 * `Retry-After` (honoured up to the schedule's largest step); past the last step the delivery fails.
 */
export function verdictAfter(input: {
  attempt: number;
  result: Pick<SendResult, 'httpStatus' | 'retryAfterSeconds'>;
  schedule: readonly number[];
  nowMs: number;
  random: () => number;
}): AttemptVerdict {
  const { httpStatus, retryAfterSeconds } = input.result;
  if (is2xx(httpStatus)) return { state: 'delivered' };
  if (httpStatus === 410) return { state: 'gone' };
  const step = input.schedule[input.attempt - 1];
  if (step === undefined) return { state: 'failed' };
  let delaySeconds = step * (0.9 + 0.2 * input.random());
  if ((httpStatus === 429 || httpStatus === 503) && retryAfterSeconds !== undefined) {
    delaySeconds = Math.max(delaySeconds, Math.min(retryAfterSeconds, Math.max(...input.schedule)));
  }
  return { state: 'pending', nextAttemptAt: new Date(input.nowMs + Math.round(delaySeconds * 1000)) };
}

/** The `error` of an attempt log line, or null for a success. */
function attemptError(result: SendResult): string | null {
  const status = result.httpStatus;
  if (status === undefined) return result.error ?? 'no response';
  if (is2xx(status)) return null;
  if (status === 410) return 'the receiver answered 410 Gone: no further attempts';
  if (status >= 300 && status < 400) return `the receiver answered ${status}: redirects are not followed`;
  return `the receiver answered ${status}: a 2xx is required`;
}

/** The signed request of one attempt, or why it cannot be made. */
async function prepare(
  deps: DeliverWebhooksDeps,
  d: ClaimedDelivery,
  at: Date,
): Promise<WebhookRequest | { error: string; final: boolean }> {
  const job = await deps.jobs.get(d.jobId, d.accountId);
  if (!job) return { error: `job ${d.jobId} no longer exists`, final: true };
  const sealed = await deps.accounts.getWebhookSecrets(d.accountId);
  let secrets: string[];
  try {
    secrets = sealed.map((s) => deps.secrets.open(s));
  } catch {
    return { error: "the account's webhook secret cannot be opened (was SECRET_KEY changed?)", final: false };
  }
  if (secrets.length === 0) {
    return {
      error: 'the account has no webhook secret; issue one with shots accounts rotate-webhook-secret',
      final: false,
    };
  }
  const body = JSON.stringify(webhookPayload(d, job));
  return { url: d.url, body, headers: signedHeaders(d.id, body, secrets, at) };
}

/**
 * One attempt of one claimed delivery: sign (a new timestamp and signature each time, the same
 * `webhook-id`), send, and record the attempt with what follows it. An attempt interrupted by
 * `signal` is given back unrecorded, to be sent again (same `webhook-id`) by whoever claims it next.
 */
export async function attemptDelivery(
  deps: DeliverWebhooksDeps,
  d: ClaimedDelivery,
  signal: AbortSignal,
): Promise<'recorded' | 'released' | 'lease_lost'> {
  const startedAt = deps.clock.now();
  const attempt = d.attempts + 1;
  const prepared = await prepare(deps, d, startedAt);
  const result: SendResult =
    'error' in prepared ? { error: prepared.error, durationMs: 0 } : await deps.sender.send(prepared, signal);
  if (signal.aborted) {
    await deps.outbox.release(d);
    return 'released';
  }
  const nowMs = deps.clock.now().getTime();
  const verdict: AttemptVerdict =
    'final' in prepared && prepared.final
      ? { state: 'failed' }
      : verdictAfter({
          attempt,
          result,
          schedule: deps.retryScheduleSeconds,
          nowMs,
          random: deps.random ?? Math.random,
        });
  const error = attemptError(result);
  const recorded = await deps.outbox.recordAttempt(
    d,
    {
      attempt,
      startedAt: startedAt.toISOString(),
      durationMs: result.durationMs,
      httpStatus: result.httpStatus ?? null,
      error,
    },
    verdict,
  );
  const log = {
    deliveryId: d.id,
    jobId: d.jobId,
    attempt,
    httpStatus: result.httpStatus,
    state: verdict.state,
  };
  if (recorded) deps.onAttempt?.(verdict.state, result.durationMs);
  if (!recorded) deps.logger.warn(log, 'webhook attempt not recorded: the lease was lost');
  else if (verdict.state === 'delivered') deps.logger.info(log, 'webhook delivered');
  else deps.logger.warn({ ...log, error }, 'webhook attempt failed');
  return recorded ? 'recorded' : 'lease_lost';
}
