import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AppError } from '../../domain/errors.js';
import { sendProblem } from '../problem.js';

/** The package's root: this module runs from `src/http/routes` (tests) or `dist/http/routes`. */
const ROOT = new URL('../../../', import.meta.url);
/** The page, its style sheet and icon, as shipped. */
const ASSETS = new URL('assets/playground/', ROOT);
/** The browser code, compiled by `npm run build`: the playground and the client it runs on. */
const BROWSER_CODE = new URL('dist/', ROOT);
const BROWSER_DIRS = new Set(['playground', 'client']);

/**
 * The page's own policy: every asset from this service (no CDN), results shown from `blob:` URLs,
 * calls only to this origin, no framing, no form posting anywhere.
 */
const PAGE_HEADERS = {
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' blob:",
    'media-src blob:',
    'object-src blob:',
    'frame-src blob:',
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
};

export interface PlaygroundOptions {
  /** PUBLIC_BASE_URL: the links and the `curl` line of the page are absolute to it when set. */
  publicBaseUrl: string | null;
  version: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function notFound(reply: FastifyReply, what: string): FastifyReply {
  return sendProblem(reply, new AppError('NOT_FOUND', `No playground asset ${what}.`));
}

/** Files read once per process: the package does not change under a running service. */
function fileCache() {
  const cache = new Map<string, Buffer>();
  return async (url: URL): Promise<Buffer | null> => {
    const hit = cache.get(url.href);
    if (hit) return hit;
    try {
      const body = await readFile(url);
      cache.set(url.href, body);
      return body;
    } catch {
      return null;
    }
  };
}

/** `GET /` (the playground of CONTRACT §9) and its assets under `/playground/`. */
export function playgroundRoutes(options: PlaygroundOptions): FastifyPluginAsync {
  const base = options.publicBaseUrl?.replace(/\/+$/, '') ?? '';
  const read = fileCache();
  return async (app) => {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => {
      const template = await read(new URL('index.html', ASSETS));
      if (!template) return notFound(reply, 'index.html');
      const values: Record<string, string> = {
        PUBLIC_BASE_URL: base,
        DOCS_URL: `${base}/docs`,
        OPENAPI_URL: `${base}/openapi.json`,
        VERSION: options.version,
      };
      const page = template
        .toString('utf8')
        .replace(/\{\{([A-Z_]+)\}\}/g, (_m, name: string) => escapeHtml(values[name] ?? ''));
      return reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(page);
    });

    const staticFile = (name: string, type: string) =>
      app.get(
        `/playground/${name}`,
        { schema: { hide: true }, logLevel: 'warn' },
        async (_request, reply) => {
          const body = await read(new URL(name, ASSETS));
          if (!body) return notFound(reply, name);
          return reply.type(type).header('cache-control', 'no-cache').send(body);
        },
      );
    staticFile('playground.css', 'text/css; charset=utf-8');
    staticFile('favicon.svg', 'image/svg+xml');

    app.get<{ Params: { dir: string; file: string } }>(
      '/playground/js/:dir/:file',
      { schema: { hide: true }, logLevel: 'warn' },
      async (request, reply) => {
        const { dir, file } = request.params;
        if (!BROWSER_DIRS.has(dir) || !/^[a-z0-9-]+\.js$/.test(file))
          return notFound(reply, `${dir}/${file}`);
        const body = await read(new URL(`${dir}/${file}`, BROWSER_CODE));
        if (!body) {
          return sendProblem(
            reply,
            new AppError(
              'NOT_FOUND',
              `No ${dir}/${file} in dist/: run \`npm run build\` to build the playground.`,
            ),
          );
        }
        return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(body);
      },
    );
  };
}
