import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { FIXTURE_PAGES_DIR } from './fixture-server.js';

/** What a script sees of the browser in one context (the page, a dedicated or a shared worker). */
export interface BrowserView {
  userAgent: string;
  platform: string;
  language: string;
  languages: string[];
  hardwareConcurrency: number;
  deviceMemory: number;
  webdriver: boolean;
  timeZone: string;
  /** `getTimezoneOffset()` on 15 January, in minutes. */
  timezoneOffset: number;
  uaData?: { brands: string[]; mobile: boolean; platform: string };
  /** `JSON.stringify(navigator.userAgentData)`. */
  uaJson?: string;
  uaHigh?: Record<string, unknown> | string;
  webgl: { vendor: string; renderer: string } | string | null;
  error?: string;
}

/** What the detectors page reports: fpscanner's and BotD's verdicts, and the three views. */
export interface DetectorReport {
  /** fpscanner's `fastBotDetectionDetails`: detection name → flagged. */
  fpscanner?: Record<string, boolean>;
  fpscannerError?: string;
  /** BotD's `detect()`: `{ bot: false }` or `{ bot: true, botKind }`. */
  botd?: { bot: boolean; botKind?: string };
  botdError?: string;
  page: BrowserView;
  dedicatedWorker: BrowserView;
  sharedWorker: BrowserView;
}

/** Serves `prep/detectors.html`; holds its `load` until the page reported; keeps the last report. */
export interface DetectorServer {
  /** The page (any query string is ignored: vary it to keep a service's cache out of the way). */
  url: string;
  /** The report of the page's last visit (throws when none came since the last `forget()`). */
  last(): DetectorReport;
  /** Forgets the last report, so that a visit that never reaches the page cannot pass for one. */
  forget(): void;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** A file of an installed package, as it ships. */
function packageFile(name: string, file: string): Buffer {
  return readFileSync(join(dirname(require.resolve(`${name}/package.json`)), file));
}

/**
 * The detectors page on 127.0.0.2, with fpscanner's and BotD's ES module builds served from their
 * npm packages under `/vendor/` — exactly as the packages ship them, nothing bundled or changed.
 */
export async function startDetectorServer(): Promise<DetectorServer> {
  const files: Record<string, [string, Buffer]> = {
    '/': ['text/html; charset=utf-8', readFileSync(join(FIXTURE_PAGES_DIR, 'prep/detectors.html'))],
    '/vendor/fpscanner.js': ['text/javascript', packageFile('fpscanner', 'dist/fpScanner.es.js')],
    '/vendor/botd.js': ['text/javascript', packageFile('@fingerprintjs/botd', 'dist/botd.esm.js')],
  };
  let report: DetectorReport | null = null;
  const held = new Set<ServerResponse>();
  const answer = (res: ServerResponse): void => {
    if (!held.delete(res)) return;
    res
      .writeHead(200, { 'content-type': 'image/svg+xml' })
      .end('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
  };
  const release = (): void => held.forEach(answer);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const file = files[path];
    if (file) {
      if (path === '/') report = null;
      res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
    } else if (path === '/hold.svg') {
      held.add(res);
      setTimeout(() => answer(res), 20_000).unref(); // a page that never reports still loads, and fails
    } else if (req.url === '/report' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        report = JSON.parse(Buffer.concat(chunks).toString('utf8')) as DetectorReport;
        res.writeHead(204).end();
        release();
      });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', () => resolve()));
  return {
    url: `http://127.0.0.2:${(server.address() as AddressInfo).port}/`,
    forget: () => {
      report = null;
    },
    last: () => {
      if (report === null) throw new Error('the detectors page sent no report');
      return report;
    },
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
