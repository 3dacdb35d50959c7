import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_VERSION, FiltersEngine, Request } from '@ghostery/adblocker';
import type { RequestType } from '@ghostery/adblocker';
import type { BrowserContext, Frame, Page, Request as PlaywrightRequest, Route } from 'playwright-core';
import { AppError } from '../../../domain/errors.js';
import { evaluateIsolated } from '../browser/isolated-world.js';
import { addStyle } from '../capture/styles.js';

/** The filter lists that ship with Shots (`scripts/refresh-filter-lists.mjs` re-extracts them). */
export const DEFAULT_FILTER_LIST_DIR = fileURLToPath(new URL('../../../../assets/filters/', import.meta.url));

/** Options of {@link createAdblockEngine}. */
export interface AdblockEngineOptions {
  /** Folder of the filter lists: every `*.txt` in it (EasyList syntax). Default {@link DEFAULT_FILTER_LIST_DIR}. */
  filterListDir?: string;
  /**
   * Folder for the serialized engine (`adblock-<hash>.bin`), so that a restart loads it in
   * milliseconds instead of parsing the lists again. Null or absent: no cache file.
   */
  cacheDir?: string | null;
}

/** How the engine was obtained, for logs and the README's figures. */
export interface AdblockEngineInfo {
  source: 'parsed' | 'cache';
  loadMs: number;
  /** Size of the serialized engine, in bytes. */
  engineBytes: number;
}

/** The ad-block engine, built once on first use and shared by every capture of the process. */
export interface AdblockEngine {
  get(): Promise<FiltersEngine>;
  info(): AdblockEngineInfo | null;
}

/**
 * Creates the lazily built engine. The lists are read and hashed at each process start (a few
 * milliseconds); the engine comes from the cache file of that hash when there is one, else it is
 * parsed (about half a second for EasyList + EasyPrivacy) and the cache file written.
 */
export function createAdblockEngine(options: AdblockEngineOptions = {}): AdblockEngine {
  const dir = options.filterListDir ?? DEFAULT_FILTER_LIST_DIR;
  let pending: Promise<FiltersEngine> | null = null;
  let info: AdblockEngineInfo | null = null;
  const load = async (): Promise<FiltersEngine> => {
    const started = performance.now();
    const { text, hash } = await readLists(dir);
    const cached = options.cacheDir ? await readCache(options.cacheDir, hash) : null;
    const engine =
      cached ?? FiltersEngine.parse(text, { loadCosmeticFilters: true, loadNetworkFilters: true });
    if (!cached && options.cacheDir) await writeCache(options.cacheDir, hash, engine).catch(() => undefined);
    info = {
      source: cached ? 'cache' : 'parsed',
      loadMs: Math.round(performance.now() - started),
      engineBytes: engine.getSerializedSize(),
    };
    return engine;
  };
  return {
    get() {
      pending ??= load().catch((err: unknown) => {
        pending = null; // the next capture tries again
        throw err;
      });
      return pending;
    },
    info: () => info,
  };
}

async function readLists(dir: string): Promise<{ text: string; hash: string }> {
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.txt'))
    .sort();
  if (names.length === 0) {
    throw new AppError(
      'CAPTURE_FAILED',
      `blockAds needs filter lists in ${dir}: run node scripts/refresh-filter-lists.mjs`,
      { retryable: false },
    );
  }
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
  const hash = createHash('sha256').update(`${ENGINE_VERSION}\n`);
  names.forEach((name, i) => hash.update(`${name}\n${texts[i] ?? ''}\n`));
  return { text: texts.join('\n'), hash: hash.digest('hex').slice(0, 16) };
}

const cacheFile = (dir: string, hash: string): string => join(dir, `adblock-${hash}.bin`);

async function readCache(dir: string, hash: string): Promise<FiltersEngine | null> {
  try {
    return FiltersEngine.deserialize(new Uint8Array(await readFile(cacheFile(dir, hash))));
  } catch {
    return null; // absent, or written by another engine version: parse the lists
  }
}

/** Writes the engine atomically and removes the files of older lists. */
async function writeCache(dir: string, hash: string, engine: FiltersEngine): Promise<void> {
  await mkdir(dir, { recursive: true });
  const target = cacheFile(dir, hash);
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, engine.serialize());
  await rename(temp, target);
  for (const name of await readdir(dir)) {
    if (/^adblock-[0-9a-f]+\.bin$/.test(name) && join(dir, name) !== target)
      await unlink(join(dir, name)).catch(() => undefined);
  }
}

/** Resource types as Playwright names them, mapped to the engine's (sub-frame documents apart). */
function requestType(request: PlaywrightRequest, frame: Frame | null): RequestType {
  const type = request.resourceType();
  if (type === 'document') return frame?.parentFrame() === null ? 'main_frame' : 'sub_frame';
  return type as RequestType;
}

function frameOf(request: PlaywrightRequest): Frame | null {
  try {
    return request.frame();
  } catch {
    return null; // a service worker's request (service workers are blocked anyway)
  }
}

/** Request types whose element shows as a broken box when blocked. */
const COLLAPSIBLE: ReadonlySet<RequestType> = new Set<RequestType>(['image', 'sub_frame', 'media', 'object']);

/** Most ids, classes and links read from one document for the DOM-based cosmetic filters. */
const MAX_FEATURES = 5000;

/**
 * Ad blocking in one capture's context: every request of the context is matched against the
 * engine (ads and trackers are aborted; a blocked frame gets an empty document instead of
 * Chromium's error page), and before the shot each frame gets the cosmetic filters (element
 * hiding) of its host and of the ids, classes and links in its document, and the images, frames
 * and media whose source was blocked are collapsed.
 */
export class AdblockSession {
  private blockedCount = 0;
  /** Blocked images, frames and media: their elements are collapsed, not left as broken boxes. */
  private readonly blockedElements = new Set<string>();

  constructor(private readonly engine: FiltersEngine) {}

  /** Requests blocked so far (`metadata.blockedAds`). */
  blocked(): number {
    return this.blockedCount;
  }

  /** Routes every request of `context` through the engine; call before the first page opens. */
  async attach(context: BrowserContext): Promise<void> {
    await context.route('**/*', (route, request) => this.onRoute(route, request));
  }

  private onRoute(route: Route, request: PlaywrightRequest): void {
    const frame = frameOf(request);
    const type = requestType(request, frame);
    let done: Promise<void>;
    if (type === 'main_frame') {
      done = route.continue();
    } else {
      const { match, redirect } = this.engine.match(
        Request.fromRawDetails({ url: request.url(), sourceUrl: frame?.url() ?? '', type }),
      );
      if (redirect !== undefined) {
        this.blockedCount += 1;
        const base64 = redirect.contentType.endsWith(';base64');
        done = route.fulfill({
          body: base64 ? Buffer.from(redirect.body, 'base64') : redirect.body,
          contentType: base64 ? redirect.contentType.slice(0, -7) : redirect.contentType,
        });
      } else if (match) {
        this.blockedCount += 1;
        if (COLLAPSIBLE.has(type)) this.blockedElements.add(request.url());
        done =
          type === 'sub_frame'
            ? route.fulfill({ status: 200, contentType: 'text/html', body: '' })
            : route.abort('blockedbyclient');
      } else {
        done = route.continue();
      }
    }
    done.catch(() => undefined); // the context closed first
  }

  /** Injects the cosmetic filters into every http(s) frame of `page`; a frame that fails is skipped. */
  async hideAds(page: Page): Promise<void> {
    const frames = page.frames().filter((frame) => !frame.isDetached() && /^https?:/.test(frame.url()));
    await Promise.all(frames.map((frame) => this.hideInFrame(frame).catch(() => undefined)));
  }

  private async hideInFrame(frame: Frame): Promise<void> {
    const url = frame.url();
    const { hostname, domain } = Request.fromRawDetails({ url, type: 'main_frame' });
    const features = await evaluateIsolated(
      frame,
      ([max, blocked]: [number, string[]]) => {
        const urls = new Set(blocked);
        for (const el of Array.from(
          document.querySelectorAll<HTMLElement>('img, iframe, frame, video, audio, embed, object'),
        )) {
          const src =
            (el as HTMLImageElement).currentSrc ||
            (el as HTMLIFrameElement).src ||
            (el as HTMLObjectElement).data;
          if (src && urls.has(src)) el.style.setProperty('display', 'none', 'important');
        }
        const ids = new Set<string>();
        const classes = new Set<string>();
        const hrefs = new Set<string>();
        for (const el of Array.from(document.querySelectorAll('[id],[class]'))) {
          if (ids.size >= max && classes.size >= max) break;
          if (el.id && ids.size < max) ids.add(el.id);
          for (const name of Array.from(el.classList)) if (classes.size < max) classes.add(name);
        }
        for (const a of Array.from(document.querySelectorAll('a[href]'))) {
          if (hrefs.size >= max) break;
          hrefs.add(a.getAttribute('href') ?? '');
        }
        return { ids: [...ids], classes: [...classes], hrefs: [...hrefs] };
      },
      [MAX_FEATURES, [...this.blockedElements]] as [number, string[]],
    );
    const { styles, active } = this.engine.getCosmeticsFilters({
      url,
      hostname,
      domain,
      ...features,
      getBaseRules: true,
      getInjectionRules: false,
      getExtendedRules: false,
      getRulesFromHostname: true,
      getRulesFromDOM: true,
    });
    if (active !== false && styles.length > 0) await addStyle(frame, styles);
  }
}
