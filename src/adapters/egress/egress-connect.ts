import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** An address the policy has already approved, and the port to reach on it. */
export interface CheckedTarget {
  address: string;
  family: 4 | 6;
  port: number;
}

/** `1.2.3.4:443` or `[2001:db8::1]:443`. */
export function formatTarget(target: CheckedTarget): string {
  return target.family === 6 ? `[${target.address}]:${target.port}` : `${target.address}:${target.port}`;
}

/** Resolves once `socket` has emitted `event`, or rejects on error, close or the deadline. */
function whenReady(
  socket: Socket,
  event: 'connect' | 'secureConnect',
  timeoutMs: number,
  what: string,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const fail = (err: Error): void => {
      cleanup();
      socket.destroy();
      reject(err);
    };
    const onError = (err: Error): void => fail(new Error(`Could not connect to ${what}: ${err.message}`));
    const onClose = (): void => fail(new Error(`Connection to ${what} closed before it was established`));
    const timer = setTimeout(
      () => fail(new Error(`Connecting to ${what} took longer than ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onReady = (): void => {
      cleanup();
      resolve(socket);
    };
    function cleanup(): void {
      clearTimeout(timer);
      socket.off('error', onError).off('close', onClose).off(event, onReady);
    }
    socket.once('error', onError).once('close', onClose).once(event, onReady);
  });
}

/** Opens a TCP connection to exactly the checked address (never a name: no second lookup). */
export function connectDirect(target: CheckedTarget, timeoutMs: number): Promise<Socket> {
  const socket = netConnect({ host: target.address, port: target.port, family: target.family });
  return whenReady(socket, 'connect', timeoutMs, formatTarget(target));
}

function readResponseHead(socket: Socket, timeoutMs: number): Promise<{ status: number; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const timer = setTimeout(
      () => finish(new Error(`The upstream proxy did not answer CONNECT within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer): void => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) {
        if (buffered.length > 16_384) finish(new Error('The upstream proxy sent an over-long response head'));
        return;
      }
      const status = Number(
        /^HTTP\/1\.[01] (\d{3})/.exec(buffered.subarray(0, end).toString('latin1'))?.[1] ?? NaN,
      );
      finish(null, { status, rest: buffered.subarray(end + 4) });
    };
    const onError = (err: Error): void => finish(err);
    const onClose = (): void => finish(new Error('The upstream proxy closed the connection during CONNECT'));
    function finish(err: Error | null, value?: { status: number; rest: Buffer }): void {
      clearTimeout(timer);
      socket.off('data', onData).off('error', onError).off('close', onClose);
      socket.pause();
      if (err !== null || value === undefined) {
        socket.destroy();
        reject(err ?? new Error('The upstream proxy sent no response'));
      } else resolve(value);
    }
    socket.on('data', onData).once('error', onError).once('close', onClose);
  });
}

/**
 * Opens a tunnel to the checked address through an upstream HTTP(S) proxy with CONNECT, sending the
 * credentials of the upstream URL. The upstream is asked for the address, not the name, so that it
 * cannot resolve the name differently.
 */
export async function connectViaUpstream(
  upstream: URL,
  target: CheckedTarget,
  timeoutMs: number,
): Promise<Socket> {
  const secure = upstream.protocol === 'https:';
  const port = Number(upstream.port || (secure ? 443 : 80));
  const host = upstream.hostname.replace(/^\[(.*)\]$/, '$1');
  const socket = secure
    ? await whenReady(
        tlsConnect({ host, port, servername: host }),
        'secureConnect',
        timeoutMs,
        'the upstream proxy',
      )
    : await whenReady(netConnect({ host, port }), 'connect', timeoutMs, 'the upstream proxy');
  const authority = formatTarget(target);
  const lines = [`CONNECT ${authority} HTTP/1.1`, `Host: ${authority}`];
  if (upstream.username !== '') {
    const user = decodeURIComponent(upstream.username);
    const pass = decodeURIComponent(upstream.password);
    lines.push(`Proxy-Authorization: Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`);
  }
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  const { status, rest } = await readResponseHead(socket, timeoutMs);
  if (status !== 200) {
    socket.destroy();
    throw new Error(
      `The upstream proxy refused the tunnel (HTTP ${Number.isNaN(status) ? 'garbage' : status})`,
    );
  }
  if (rest.length > 0) socket.unshift(rest);
  return socket;
}

/** Connects to the checked target, directly or through `upstream` when one is set. */
export function openConnection(
  upstream: URL | null,
  target: CheckedTarget,
  timeoutMs: number,
): Promise<Socket> {
  return upstream === null
    ? connectDirect(target, timeoutMs)
    : connectViaUpstream(upstream, target, timeoutMs);
}
