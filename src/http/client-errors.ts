import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, validationError } from '../domain/errors.js';
import { problemOf } from './problem.js';

/** What Node's HTTP parser reports when it refuses a connection's bytes (Fastify's ConnectionError). */
export interface ClientError extends Error {
  code?: string;
  /** The chunk being parsed when the error came (a Buffer). */
  rawPacket?: unknown;
}

/** How long a refused connection may stay open for its client to read the answer, ms. */
const CLOSE_GRACE_MS = 5_000;

/** A request line (method, space) at the start of `packet` that is itself over the header limit. */
function requestLineTooLong(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet) || !/^[A-Z]+ /.test(packet.subarray(0, 16).toString('latin1'))) return false;
  const end = packet.indexOf('\r\n');
  return (end === -1 ? packet.length : end) >= maxHeaderSize;
}

/**
 * The contract's error for bytes that Node's HTTP parser refused before Fastify saw a request:
 * 431 (headers over 16 KB) or 414 (the request line alone over it), 408 (the request did not
 * arrive in time), 413 (chunk extensions too large), else 400 naming what was wrong.
 */
export function clientErrorOf(error: ClientError): AppError {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError('REQUEST_TIMEOUT', 'The request did not arrive whole in time; send it again.');
    case 'HPE_HEADER_OVERFLOW':
      return requestLineTooLong(error.rawPacket)
        ? new AppError(
            'URI_TOO_LONG',
            `The request line is longer than ${maxHeaderSize} bytes: shorten the URL.`,
          )
        : new AppError(
            'HEADERS_TOO_LARGE',
            `The request line and headers are larger than ${maxHeaderSize} bytes: send fewer or shorter headers.`,
          );
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new AppError('PAYLOAD_TOO_LARGE', 'The chunk extensions of the body are too large.');
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return validationError([
        { field: 'Content-Length', message: 'must be one whole number of bytes, without Transfer-Encoding' },
      ]);
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return validationError([
        { field: 'Transfer-Encoding', message: 'must end with chunked, without Content-Length' },
      ]);
    case 'HPE_INVALID_HEADER_TOKEN':
      return validationError([{ field: 'headers', message: 'hold a line that is not a valid header' }]);
    case 'HPE_INVALID_URL':
      return validationError([{ field: 'path', message: 'is not a valid request target' }]);
    default:
      return validationError([
        { field: 'request', message: `is not a valid HTTP/1.1 request (${error.code ?? error.message})` },
      ]);
  }
}

/**
 * Fastify's `clientErrorHandler`: answers what the HTTP parser refused as problem+json like every
 * other error (CONTRACT §4), with `Connection: close`, then closes the connection. Nothing is
 * written to a socket that is reset, destroyed or no longer writable.
 */
export function answerClientError(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const problem = problemOf(clientErrorOf(error));
  const body = JSON.stringify(problem);
  const head = [
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? 'Error'}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  // end() rather than destroy(): the answer is flushed and the client reads it before the close.
  socket.setTimeout(CLOSE_GRACE_MS, () => socket.destroy());
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
