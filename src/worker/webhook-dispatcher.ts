import type { DeliverWebhooksDeps } from '../app/deliver-webhooks.js';
import { attemptDelivery } from '../app/deliver-webhooks.js';
import type { ClaimedDelivery } from '../ports/webhook-outbox.js';
import type { OutboxSignal } from '../ports/outbox-signal.js';
import { startClaimLoop } from './claim-loop.js';

export interface DispatcherOptions {
  /** Deliveries in flight at once (WEBHOOK_CONCURRENCY). Default 4. */
  concurrency?: number;
  /** How often the outbox is looked at when no signal came (rows due later, lost signals), ms. Default 250. */
  pollMs?: number;
  /**
   * Lease of a claimed delivery, ms; a dispatcher that dies leaves it to run out, then the delivery
   * is sent again. Must be longer than one whole attempt (the sender's 10 s deadline). Default 30000.
   */
  leaseMs?: number;
  /** How long `stop()` lets attempts in flight finish before interrupting them, ms. Default 3000. */
  drainMs?: number;
}

export interface DispatcherDeps extends DeliverWebhooksDeps {
  /** Wakes the dispatcher when a job ends or a delivery is queued, in any process. */
  signal: OutboxSignal;
}

export interface WebhookDispatcher {
  /** Stops claiming; attempts in flight get `drainMs`, then are interrupted and given back unrecorded. */
  stop(): Promise<void>;
}

/**
 * The outbox dispatcher: claims due deliveries (up to `concurrency` in flight), sends each on its
 * own (attemptDelivery), and naps `pollMs` or until the outbox signal wakes it. Deliveries already
 * due when it starts (incl. leases left by a dead process) go out first. It never blocks captures:
 * all of it is async I/O.
 */
export function runWebhookDispatcher(
  deps: DispatcherDeps,
  options: DispatcherOptions = {},
): WebhookDispatcher {
  const leaseMs = options.leaseMs ?? 30_000;
  const loop = startClaimLoop<ClaimedDelivery>({
    name: 'webhook dispatcher',
    concurrency: options.concurrency ?? 4,
    claim: (max) => deps.outbox.claimDue(deps.clock.now().getTime(), max, leaseMs),
    run: async (delivery, signal) => {
      await attemptDelivery(deps, delivery, signal).catch((err: unknown) => {
        // The store failed: the lease runs out and the delivery is claimed again.
        deps.logger.error({ err, deliveryId: delivery.id }, 'webhook attempt could not be recorded');
      });
    },
    idleMs: options.pollMs ?? 250,
    drainMs: options.drainMs ?? 3000,
    clock: deps.clock,
    logger: deps.logger,
  });
  const unsubscribe = deps.signal.subscribe(() => loop.wake());
  return {
    async stop() {
      unsubscribe();
      await loop.stop(new Error('the webhook dispatcher is stopping'));
    },
  };
}
