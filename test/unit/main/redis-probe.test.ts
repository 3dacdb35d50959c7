import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { redisAddress, waitForRedis } from '../../../src/main/redis-probe.js';
import { freePort } from '../../helpers/services.js';

describe('waitForRedis', () => {
  it('gives up once its time is spent, naming host:port and the reason, never the password', async () => {
    const port = await freePort();
    const url = `redis://:s3cr%21t@127.0.0.1:${port}/7`;
    const started = Date.now();
    const failure = await waitForRedis(url, 1_000).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain(`Redis at 127.0.0.1:${port} (REDIS_URL) cannot be reached: `);
    expect(message).toContain('ECONNREFUSED');
    expect(message).toContain('(tried for 1 s)');
    expect(message).not.toContain('s3cr');
    // It tried again while its time lasted, and stopped: never before the deadline.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('resolves at once when something answers PING', async () => {
    // A one-line Redis: answers "+PONG" to whatever it is sent.
    const server = createServer((socket) => socket.on('data', () => socket.write('+PONG\r\n')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await expect(waitForRedis(`redis://127.0.0.1:${port}`, 1_000)).resolves.toBeUndefined();
    } finally {
      server.close();
    }
  });

  it('names host and port only, with 6379 when the URL gives none', () => {
    expect(redisAddress('redis://user:pw@cache.internal:6380/2')).toBe('cache.internal:6380');
    expect(redisAddress('rediss://cache.internal')).toBe('cache.internal:6379');
  });
});
