import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { ProxySession } from '../../src/adapters/egress/egress-proxy.js';

/** `Proxy-Authorization` value for a session's credentials (or any pair). */
export function basicAuth(user: string, pass: string): string {
  return `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
}

export function sessionAuth(session: ProxySession): string {
  return basicAuth(session.credentials.username, session.credentials.password);
}

export interface ProxyResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends an absolute-form request through the proxy; rejects when the proxy drops the connection. */
export function proxyRequest(
  proxyUrl: string,
  target: string,
  auth: string | null,
  headers: Record<string, string> = {},
): Promise<ProxyResponse> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const req = request({
      host: proxy.hostname,
      port: Number(proxy.port),
      path: target,
      agent: false,
      headers: { ...headers, ...(auth === null ? {} : { 'Proxy-Authorization': auth }) },
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.end();
  });
}

/** Sends CONNECT and returns the status line's code, the response head and the (open) socket. */
export function proxyConnect(
  proxyUrl: string,
  authority: string,
  auth: string | null,
): Promise<{ status: number; head: string; socket: Socket }> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: proxy.hostname, port: Number(proxy.port) });
    let buffered = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('CONNECT timed out'));
    }, 10_000);
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      clearTimeout(timer);
      socket.off('data', onData);
      resolve({ status: Number(buffered.slice(9, 12)), head: buffered, socket });
    };
    socket.on('data', onData);
    socket.on('close', () => {
      clearTimeout(timer);
      if (!buffered.includes('\r\n\r\n')) reject(new Error('proxy closed the connection'));
    });
    const lines = [`CONNECT ${authority} HTTP/1.1`, `Host: ${authority}`];
    if (auth !== null) lines.push(`Proxy-Authorization: ${auth}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

/** Sends a minimal GET over an established tunnel and resolves with the whole raw response. */
export function getOverTunnel(socket: Socket, host: string, path = '/'): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = '';
    socket.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    socket.on('end', () => resolve(raw));
    socket.on('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}

/** Writes raw bytes to the proxy and collects what comes back until `done(text)` or the socket closes. */
export function rawExchange(
  proxyUrl: string,
  request: string,
  done: (text: string) => boolean,
): Promise<string> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: proxy.hostname, port: Number(proxy.port) });
    let text = '';
    const timer = setTimeout(() => finish(), 5000);
    function finish(): void {
      clearTimeout(timer);
      socket.destroy();
      resolve(text);
    }
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (done(text)) finish();
    });
    socket.on('close', finish);
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.write(request);
  });
}
