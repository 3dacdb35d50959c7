/**
 * Polls `fn` every `intervalMs` until it returns a value that is not undefined, or throws after
 * `timeoutMs`; the error names the step by `label` when one is given.
 */
export async function until<T>(
  fn: () => Promise<T | undefined>,
  timeoutMs = 30_000,
  intervalMs = 50,
  label = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${label} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Waits, when needed, until at least `marginMs` remain in the current minute, so that a test
 * reading a per-minute window (whose windows start on the minute) stays inside one window.
 */
export async function awayFromMinuteEdge(marginMs = 10_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 50));
}
