import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folder of the static fixture pages. */
export const FIXTURE_PAGES_DIR = fileURLToPath(new URL('../fixtures/pages/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.png': 'image/png',
};

export interface FixtureServer {
  /** `http://127.0.0.2:PORT` (no trailing slash). */
  baseUrl: string;
  /** Path and query of every request received, in order (e.g. `/img.svg?id=lazy-4850`). */
  requests: string[];
  /** Every request received with its headers (lower-case names), in order. */
  log: { url: string; headers: Record<string, string | string[] | undefined> }[];
  /** Stops listening and drops every open connection, including the ones `/slow` holds. */
  close(): Promise<void>;
}

export interface FixtureServerOptions {
  /** Loopback address to listen on; default `127.0.0.2`. The port is chosen by the system. */
  host?: string;
}

/**
 * Serves `test/fixtures/pages/` plus special routes:
 * - `/slow` — never answers (until the server closes);
 * - `/redirect?to=URL` — `302` to URL;
 * - `/loop` — `302` to itself, for ever;
 * - `/events?type=T` — a stream that never ends (default `text/event-stream`): an event every 200 ms;
 * - `/status/NNN` — an HTML page with that status;
 * - `/img.svg?id=ID&w=W&h=H&color=C` — a small generated SVG image (default 200x100);
 * - `/font/mono.ttf` — Liberation Mono (Debian's fonts-liberation), as a web font;
 * - `/big.jpg?w=W&h=H&color=R,G,B` — a JPEG of one colour (default 4000x3000);
 * - `/hold/FILE?ms=N&once=KEY` — FILE (a fixture page, or `blank` for an empty 200) after N ms; with
 *   `once`, only the first request with that KEY waits (a first attempt slow, a retry fast);
 * - `/file?type=T&attach=1` — a few bytes served as type T (default application/pdf), with
 *   `attach`, as an attachment (`Content-Disposition: attachment`);
 * - `/csp/FILE` — FILE under a strict Content-Security-Policy: only the page's own files, no
 *   inline style or script.
 */
export async function startFixtureServer(options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const host = options.host ?? '127.0.0.2';
  const requests: string[] = [];
  const log: FixtureServer['log'] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    requests.push(req.url ?? '/');
    log.push({ url: req.url ?? '/', headers: { ...req.headers } });
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${host}:${port}`,
    requests,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fixture.local');
  if (url.pathname === '/slow') return; // never answers: the socket is destroyed on close()
  if (url.pathname === '/events') {
    // A stream that never ends: an event every 200 ms, headers at once.
    res.writeHead(200, { 'content-type': url.searchParams.get('type') ?? 'text/event-stream' });
    res.flushHeaders();
    let n = 0;
    const timer = setInterval(() => res.write(`data: ${++n}\n\n`), 200);
    res.on('close', () => clearInterval(timer));
    return;
  }
  if (url.pathname === '/loop') {
    res.writeHead(302, { location: '/loop' }).end();
    return;
  }
  if (url.pathname === '/redirect') {
    res.writeHead(302, { location: url.searchParams.get('to') ?? '/simple.html' });
    res.end();
    return;
  }
  if (url.pathname === '/file') {
    const type = url.searchParams.get('type') ?? 'application/pdf';
    res.writeHead(200, {
      'content-type': type,
      ...(url.searchParams.has('attach') ? { 'content-disposition': 'attachment; filename="file"' } : {}),
    });
    res.end(type === 'application/pdf' ? '%PDF-1.1\n%%EOF\n' : 'bytes');
    return;
  }
  const status = /^\/status\/(\d{3})$/.exec(url.pathname);
  if (status) {
    const code = Number(status[1]);
    res.writeHead(code, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>${code}</title><body style="margin:0"><h1>Status ${code}</h1></body>`);
    return;
  }
  if (url.pathname === '/img.svg') {
    res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' });
    res.end(svg(url.searchParams));
    return;
  }
  if (url.pathname === '/font/mono.ttf') {
    const font = await readFile('/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf');
    res.writeHead(200, { 'content-type': 'font/ttf', 'cache-control': 'no-store' }).end(font);
    return;
  }
  if (url.pathname === '/big.jpg') {
    const [r = 0, g = 0, b = 0] = (url.searchParams.get('color') ?? '30,160,80').split(',').map(Number);
    const jpeg = await sharp({
      create: {
        width: Number(url.searchParams.get('w') ?? 4000),
        height: Number(url.searchParams.get('h') ?? 3000),
        channels: 3,
        background: { r, g, b },
      },
    })
      .jpeg()
      .toBuffer();
    res.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'no-store' }).end(jpeg);
    return;
  }
  if (url.pathname.startsWith('/hold/')) {
    const once = url.searchParams.get('once');
    if (once === null || !held.has(once)) {
      if (once !== null) held.add(once);
      await new Promise((resolve) => setTimeout(resolve, Number(url.searchParams.get('ms') ?? 1000)));
    }
    const file = url.pathname.slice('/hold'.length);
    if (file === '/font/mono.ttf' || file === '/big.jpg') {
      await handle(Object.assign(req, { url: `${file}${url.search}` }), res);
      return;
    }
    if (file === '/blank') {
      res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('');
      return;
    }
    await serveFile(file, res);
    return;
  }
  if (url.pathname.startsWith('/csp/')) {
    await serveFile(url.pathname.slice('/csp'.length), res, {
      'content-security-policy': "default-src 'self'; style-src 'self'; script-src 'self'",
    });
    return;
  }
  await serveFile(url.pathname, res);
}

/** Keys of `/hold?once=` already held once. */
const held = new Set<string>();

function svg(params: URLSearchParams): string {
  const w = Number(params.get('w') ?? 200);
  const h = Number(params.get('h') ?? 100);
  const color = (params.get('color') ?? '#2a2').replace(/[^#0-9a-zA-Z]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${color}"/></svg>`;
}

async function serveFile(
  pathname: string,
  res: ServerResponse,
  headers: Record<string, string> = {},
): Promise<void> {
  const relative = normalize(decodeURIComponent(pathname === '/' ? '/simple.html' : pathname));
  const file = join(FIXTURE_PAGES_DIR, relative);
  if (!file.startsWith(FIXTURE_PAGES_DIR) || relative.split(sep).includes('..')) {
    res.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      ...headers,
    });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>404</title><h1>Not found</h1>');
  }
}
