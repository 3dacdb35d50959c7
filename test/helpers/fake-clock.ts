import type { Clock } from '../../src/ports/clock.js';

/** A {@link Clock} whose time moves only when the test says so; its timers fire as time passes. */
export interface FakeClock extends Clock {
  /** Moves time forward by `ms`, firing every timer that falls due on the way, in order. */
  advance(ms: number): Promise<void>;
  /** Timers not yet fired or cancelled. */
  pending(): number;
}

export function fakeClock(start = '2026-03-10T12:00:00.000Z'): FakeClock {
  let nowMs = Date.parse(start);
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => new Date(nowMs),
    setTimer(ms, fn) {
      const id = ++seq;
      timers.set(id, { at: nowMs + Math.max(0, ms), fn });
      return () => timers.delete(id);
    },
    pending: () => timers.size,
    async advance(ms) {
      const until = nowMs + ms;
      for (;;) {
        const next = [...timers.entries()].sort(([, a], [, b]) => a.at - b.at)[0];
        if (!next || next[1].at > until) break;
        timers.delete(next[0]);
        nowMs = next[1].at;
        next[1].fn();
        // Let the promise chains the timer started run before the next one fires.
        for (let i = 0; i < 20; i++) await Promise.resolve();
      }
      nowMs = until;
      for (let i = 0; i < 20; i++) await Promise.resolve();
    },
  };
}
