import { describe, expect, it } from 'vitest';
import type { WaitOutcome } from '../../../src/app/status-waiter.js';
import { createStatusWaiter } from '../../../src/app/status-waiter.js';
import type { OutboxSignal } from '../../../src/ports/outbox-signal.js';
import { fakeClock } from '../../helpers/fake-clock.js';
import { flush } from '../../helpers/fake-ports.js';

/** An OutboxSignal the test raises; counts its subscribers. */
function testSignal(): OutboxSignal & { raise(jobId: string): void; subscribers(): number } {
  const listeners = new Set<(jobId: string) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    raise: (jobId) => listeners.forEach((listener) => listener(jobId)),
    subscribers: () => listeners.size,
  };
}

function harness(maxWaiters?: number) {
  const clock = fakeClock();
  const signal = testSignal();
  const outcomes: WaitOutcome[] = [];
  const waiter = createStatusWaiter(
    { signal, clock },
    { onOutcome: (o) => outcomes.push(o), ...(maxWaiters ? { maxWaiters } : {}) },
  );
  return { clock, signal, waiter, outcomes };
}

/** Settled outcomes of `done` promises so far (undefined: still waiting). */
function tracker(done: Promise<WaitOutcome>[]): (WaitOutcome | undefined)[] {
  const seen: (WaitOutcome | undefined)[] = done.map(() => undefined);
  done.forEach((p, i) => void p.then((o) => (seen[i] = o)));
  return seen;
}

describe('status waiter (long-poll)', () => {
  it('holds 500 waits on one subscription and one timer, and wakes only the job that ended', async () => {
    const { clock, signal, waiter } = harness();
    const watches = Array.from({ length: 500 }, (_, i) => waiter.watch(`job_${i % 100}`, 1000 + i * 40)!);
    expect(waiter.waiting()).toBe(500);
    expect(signal.subscribers()).toBe(1);
    expect(clock.pending()).toBe(1);
    const seen = tracker(watches.map((w) => w.done));
    signal.raise('job_7');
    await flush();
    // job_7 is waited on by watches 7, 107, 207, 307 and 407.
    expect(seen.flatMap((o, i) => (o ? [i] : []))).toEqual([7, 107, 207, 307, 407]);
    expect(seen[7]).toBe('woken');
    expect(waiter.waiting()).toBe(495);
    expect(clock.pending()).toBe(1);
  });

  it('ends each wait at its own deadline, earliest first, re-arming the one timer', async () => {
    const { clock, waiter } = harness();
    const late = waiter.watch('a', 30_000)!;
    const early = waiter.watch('b', 2000)!;
    const seen = tracker([late.done, early.done]);
    expect(clock.pending()).toBe(1);
    await clock.advance(1999);
    expect(seen).toEqual([undefined, undefined]);
    await clock.advance(1);
    expect(seen).toEqual([undefined, 'timeout']);
    expect(clock.pending()).toBe(1);
    await clock.advance(28_000);
    expect(seen).toEqual(['timeout', 'timeout']);
    expect(clock.pending()).toBe(0);
    expect(waiter.waiting()).toBe(0);
  });

  it('drops a wait whose client left, and leaves no timer behind', async () => {
    const { clock, waiter, outcomes } = harness();
    const client = new AbortController();
    const watch = waiter.watch('a', 10_000, client.signal)!;
    client.abort();
    expect(await watch.done).toBe('aborted');
    expect(waiter.waiting()).toBe(0);
    expect(clock.pending()).toBe(0);
    const cancelled = waiter.watch('a', 10_000)!;
    cancelled.cancel();
    cancelled.cancel();
    expect(await cancelled.done).toBe('cancelled');
    expect(outcomes).toEqual(['aborted', 'cancelled']);
    const gone = new AbortController();
    gone.abort();
    expect(await waiter.watch('a', 10_000, gone.signal)!.done).toBe('aborted');
    expect(clock.pending()).toBe(0);
  });

  it('answers null past its bound, and ends every wait when closed', async () => {
    const { clock, signal, waiter } = harness(2);
    const a = waiter.watch('a', 5000)!;
    const b = waiter.watch('b', 5000)!;
    expect(waiter.watch('c', 5000)).toBeNull();
    waiter.close();
    expect(await a.done).toBe('closed');
    expect(await b.done).toBe('closed');
    expect(signal.subscribers()).toBe(0);
    expect(clock.pending()).toBe(0);
    expect(waiter.watch('d', 5000)).toBeNull();
  });
});
