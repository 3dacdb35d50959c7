import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ElementMap } from '../../ports/element-locator.js';
import type { Shortlisted, Shortlisting } from './offline-locator.js';
import { shortlistOffline } from './offline-locator.js';

/** `workerData` of the locator's worker: the worker's body runs only when started with it. */
export const LOCATOR_WORKER_TAG = 'shots-offline-locator';

/** A question to the worker. */
export interface LocatorRequest {
  id: number;
  description: string;
  map: ElementMap;
  size: number;
}

/** The worker's answer to the request `id`: the result, or why there is none. */
export type LocatorReply = { id: number; result: Shortlisted } | { id: number; error: string };

/** Worker starts in a row that end before any answer, after which the thread stops trying and answers inline. */
const MAX_FAILED_STARTS = 3;

/** Options of {@link createLocatorThread}. */
export interface LocatorThreadOptions {
  /** Starts a worker (tests: one that dies); default: the one running locator-worker's body. */
  spawn?: () => Worker;
}

/** The offline locator on a worker thread of its own; see {@link createLocatorThread}. */
export interface LocatorThread extends Shortlisting {
  /** Ends the worker; later questions start a new one. */
  close(): Promise<void>;
}

/**
 * Runs {@link shortlistOffline} on a worker thread, so that reading a page's element map (25–45 ms
 * for a first description, up to about 100 ms on long pages) never holds up the event loop that
 * drives the other captures, the HTTP API and the webhooks. The map travels to the worker by
 * structured clone; the answer is the one {@link shortlistOffline} gives inline.
 *
 * The worker starts with the first question (about 40 ms, and 12 MB: a service that is never asked
 * for a description does without it), is shared by all captures (they queue), and keeps the process
 * alive only while it has questions to answer. When it dies — it should not, but a thread can run
 * out of memory — the questions it held are answered inline and the next question starts a new
 * worker; after {@link MAX_FAILED_STARTS} workers in a row that died before answering anything, all
 * questions are answered inline.
 *
 * Run from TypeScript sources (tests, `tsx`), the worker loads its module through `tsx`.
 */
export function createLocatorThread(options: LocatorThreadOptions = {}): LocatorThread {
  const spawn = options.spawn ?? spawnWorker;
  let worker: Worker | null = null;
  let failedStarts = 0;
  let answeredSinceStart = false;
  let nextId = 1;
  const pending = new Map<
    number,
    { request: LocatorRequest; resolve: (r: Shortlisted) => void; reject: (e: Error) => void }
  >();

  const inline = (request: LocatorRequest): Shortlisted =>
    shortlistOffline(request.description, request.map, request.size);

  const start = (): Worker | null => {
    if (failedStarts >= MAX_FAILED_STARTS) return null;
    const spawned = spawn();
    answeredSinceStart = false;
    spawned.on('message', (reply: LocatorReply) => {
      answeredSinceStart = true;
      failedStarts = 0;
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (pending.size === 0) spawned.unref();
      if ('result' in reply) waiting.resolve(reply.result);
      else waiting.reject(new Error(reply.error));
    });
    const gone = (): void => {
      if (worker !== spawned) return;
      worker = null;
      if (!answeredSinceStart) failedStarts += 1;
      // What the dead worker held is answered here.
      for (const [id, waiting] of pending) {
        pending.delete(id);
        try {
          waiting.resolve(inline(waiting.request));
        } catch (err) {
          waiting.reject(err instanceof Error ? err : new Error(String(err)));
        }
      }
    };
    spawned.on('error', gone);
    spawned.on('exit', gone);
    // Idle, the worker does not keep the process alive (its listeners above would).
    spawned.unref();
    return spawned;
  };

  return {
    shortlist(description, map, size) {
      const request: LocatorRequest = { id: nextId++, description, map, size };
      worker ??= start();
      const running = worker;
      if (!running) return Promise.resolve(inline(request));
      return new Promise<Shortlisted>((resolve, reject) => {
        pending.set(request.id, { request, resolve, reject });
        // Busy, it does: a question waits for its answer.
        running.ref();
        running.postMessage(request);
      });
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.resolve(inline(waiting.request));
      }
    },
  };
}

/**
 * The worker, on locator-worker.js next to this module; or, run from the TypeScript sources (tests,
 * `tsx`), on locator-worker.ts loaded by tsx's API (a worker's `--import tsx` does not reach its
 * entry module on Node 20).
 */
function spawnWorker(): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./locator-worker.js', import.meta.url), { workerData: LOCATOR_WORKER_TAG });
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const entry = new URL('./locator-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((api) => api.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(code, { eval: true, workerData: LOCATOR_WORKER_TAG });
}
