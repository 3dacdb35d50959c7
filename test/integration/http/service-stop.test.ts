import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startLiveService } from '../../helpers/live-service.js';

// A stop is bounded: a client that holds a connection open with a request it never finishes does
// not keep `shots serve` from stopping (requests in flight get a short grace, then are cut).

describe('stopping the service', () => {
  it('ends even while a client holds a connection with an unfinished request', async () => {
    const live = await startLiveService();
    const { port, hostname } = new URL(live.baseUrl);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.on('error', () => undefined).resume();
    const cut = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // Headers of a request whose body never comes.
    socket.write(
      'POST /screenshots/web HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await new Promise((r) => setTimeout(r, 200));
    const stopped = live.close().then(() => 'stopped');
    const outcome = await Promise.race([
      stopped,
      new Promise((r) => setTimeout(() => r('still running'), 20_000)),
    ]);
    expect(outcome).toBe('stopped');
    await cut;
  }, 30_000);
});
