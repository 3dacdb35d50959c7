import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** The pages of the bench: a simple one, and ones that look like the web (bench/pages/). */
export const BENCH_PAGES = ['simple', 'article', 'dashboard', 'landing', 'long', 'docs', 'shop'] as const;
export type BenchPage = (typeof BENCH_PAGES)[number];

const PAGES_DIR = fileURLToPath(new URL('./pages/', import.meta.url));
const FONTS_DIR = '/usr/share/fonts/truetype/liberation';
const SIMPLE = `<!doctype html><html><head><style>body{font:20px sans-serif;background:#eef}</style></head>
<body><h1>Bench page</h1><p>${'Lorem ipsum dolor sit amet. '.repeat(40)}</p></body></html>`;

/** A photo-like JPEG of `width`×`height` (smooth gradients and noise, as photographs compress). */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels);
  let s = seed * 9301 + 49297;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const noise = (s >> 16) % 24;
      const i = (y * width + x) * channels;
      raw[i] = (x * 255) / width / 1.4 + ((seed * 37) % 80) + noise;
      raw[i + 1] = (y * 255) / height / 1.6 + ((seed * 53) % 90) + noise;
      raw[i + 2] = ((x + y) * 128) / (width + height) + ((seed * 71) % 100) + noise;
    }
  }
  return sharp(raw, { raw: { width, height, channels } }).jpeg({ quality: 82 }).toBuffer();
}

/** Serves the bench pages, their images (`/img/WxH/NAME.jpg`) and fonts on 127.0.0.2. */
export async function startBenchPages(): Promise<{
  origin: string;
  url(page: BenchPage): string;
  close(): Promise<void>;
}> {
  const images = new Map<string, Promise<Buffer>>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://bench').pathname;
    void (async (): Promise<void> => {
      if (path === '/simple') {
        res.writeHead(200, { 'content-type': 'text/html' }).end(SIMPLE);
        return;
      }
      const img = /^\/img\/(\d+)x(\d+)\/([\w-]+)\.jpg$/.exec(path);
      if (img) {
        const key = path;
        if (!images.has(key))
          images.set(
            key,
            photo(
              Number(img[1]),
              Number(img[2]),
              [...(img[3] ?? '')].reduce((a, c) => a + c.charCodeAt(0), 0),
            ),
          );
        const body = await images.get(key)!;
        res.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'no-store' }).end(body);
        return;
      }
      const font = /^\/font\/([\w-]+\.ttf)$/.exec(path);
      if (font) {
        const body = await readFile(join(FONTS_DIR, font[1]!));
        res.writeHead(200, { 'content-type': 'font/ttf', 'cache-control': 'no-store' }).end(body);
        return;
      }
      const page = /^\/(\w+)\.html$/.exec(path);
      if (page) {
        const body = await readFile(join(PAGES_DIR, `${page[1]}.html`));
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
        return;
      }
      res.writeHead(404).end();
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const origin = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (page) => (page === 'simple' ? `${origin}/simple` : `${origin}/${page}.html`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
