import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../helpers/api.js';
import { startTestApi } from '../../helpers/api.js';

// What Node's HTTP parser refuses before Fastify sees a request is answered as problem+json too
// (CONTRACT §4), over a real socket: inject() never goes through the parser.

let api: TestApi;
let port: number;

beforeAll(async () => {
  api = await startTestApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const address = api.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  port = address.port;
});
afterAll(async () => {
  await api.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` as is in one write and reads the answer until the server closes the connection. */
function exchange(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('errors of the HTTP parser', () => {
  it.each([
    ['an over-long path', `GET /${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, 'URI_TOO_LONG'],
    [
      'a header over 16 KB',
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(17_000)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
    ['bytes that are no HTTP request', 'GARBAGE\r\n\r\n', 400, 'VALIDATION_ERROR'],
    [
      'a Content-Length that is no number',
      'POST /screenshots/web HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      400,
      'VALIDATION_ERROR',
    ],
  ])('answers %s with problem+json and closes', async (_name, request, status, code) => {
    const answer = await exchange(request);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(answer.headers.connection).toBe('close');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    const problem = JSON.parse(answer.body);
    expect(problem).toMatchObject({
      status,
      code,
      type: expect.stringMatching(/^urn:shots:problem:/),
      title: expect.any(String),
      detail: expect.any(String),
    });
    expect(problem).not.toHaveProperty('statusCode');
  });

  it('names the field of a bad Content-Length', async () => {
    const answer = await exchange('POST /screenshots/web HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    expect(JSON.parse(answer.body).errors).toEqual([
      { field: 'Content-Length', message: expect.any(String) },
    ]);
  });

  it('still serves well-formed requests on other connections', async () => {
    const answer = await exchange('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
  });
});
