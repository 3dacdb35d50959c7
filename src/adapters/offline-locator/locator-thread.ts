import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ElementMap, Shortlist } from '../../ports/element-locator.js';
import type { Shortlisting } from './offline-locator.js';
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

/** The worker's answer to the request `id`: the result, or why there is none; or word that it is ready. */
export type LocatorReply =
  { id: number; result: Shortlist } | { id: number; error: string } | { ready: true };

/** Workers in a row that die before they are ready, after which all questions are answered inline. */
const MAX_FAILED_STARTS = 3;

/**
 * The worker's heap limit, MB: a map holds at most 1,000 elements (the thread uses about 12 MB), and
 * a worker that runs out dies alone, failing only the question it was on.
 */
const WORKER_HEAP_MB = 256;

/** How long the worker may go without answering while questions wait, by default, ms. */
const ANSWER_TIMEOUT_MS = 10_000;

/**
 * How long a worker may take to be ready (its module loaded), ms: about 40 ms on an idle machine,
 * far more on one whose cores are busy. Not counted against the questions it is then asked.
 */
const START_TIMEOUT_MS = 10_000;

/** Options of {@link createLocatorThread}. */
export interface LocatorThreadOptions {
  /** Starts a worker (tests: one that dies or hangs); default: the one running locator-worker's body. */
  spawn?: () => Worker;
  /** How long the worker may go without answering while questions wait before it is taken for stuck, ms; default 10,000. */
  answerTimeoutMs?: number;
  /** How long a worker may take to be ready before it is taken for a failed start, ms; default 10,000. */
  startTimeoutMs?: number;
}

/** The offline locator on a worker thread of its own; see {@link createLocatorThread}. */
export interface LocatorThread extends Shortlisting {
  /** Ends the worker (questions still waiting fail); later questions start a new one. */
  close(): Promise<void>;
}

interface Waiting {
  request: LocatorRequest;
  resolve: (result: Shortlist) => void;
  reject: (err: Error) => void;
}

interface Running {
  thread: Worker;
  /** It has said it is ready: its module is loaded and it listens. */
  ready: boolean;
}

/**
 * Runs {@link shortlistOffline} on a worker thread, so that reading a page's element map (25–45 ms
 * for a first description, up to about 100 ms on long pages) never holds up the event loop that
 * drives the other captures, the HTTP API and the webhooks. The map travels to the worker by
 * structured clone; the answer is the one {@link shortlistOffline} gives inline.
 *
 * The worker starts with the first question (about 40 ms, and 12 MB: a service that is never asked
 * for a description does without it), is shared by all captures (it answers in turn), and keeps the
 * process alive only while it has questions to answer. The worker answers in the order asked, so the
 * oldest question waiting is the one it is working on:
 * - when the worker dies, or goes `answerTimeoutMs` without answering while questions wait (it is
 *   then ended; the clock starts once the worker is ready, so a slow start on a busy machine costs
 *   no question), that question fails — the capture returns the full page, saying why — and the
 *   others are asked again of a new worker;
 * - a worker that dies before it is ready (its module loaded), or is not ready within
 *   `startTimeoutMs`, blames no question: all are asked again; after {@link MAX_FAILED_STARTS}
 *   such workers in a row, or when no thread can be made at all, questions are answered inline;
 * - a question whose `signal` aborts fails at once (its answer, if it comes, is dropped).
 *
 * Run from TypeScript sources (tests, `tsx`), the worker loads its module through `tsx`.
 */
export function createLocatorThread(options: LocatorThreadOptions = {}): LocatorThread {
  const spawn = options.spawn ?? spawnWorker;
  const answerTimeoutMs = options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;
  const startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  let worker: Running | null = null;
  let failedStarts = 0;
  let nextId = 1;
  /** The current worker's questions, oldest first. */
  const pending = new Map<number, Waiting>();
  let stuckTimer: NodeJS.Timeout | null = null;

  const answerInline = (waiting: Waiting): void => {
    try {
      waiting.resolve(
        shortlistOffline(waiting.request.description, waiting.request.map, waiting.request.size),
      );
    } catch (err) {
      waiting.reject(err instanceof Error ? err : new Error(String(err)));
    }
  };

  /**
   * Restarts the clock of the question the worker works on — or, while the worker is not ready yet,
   * of its start (a start that takes too long blames no question) — and stops it when none waits.
   */
  const watch = (): void => {
    if (stuckTimer) clearTimeout(stuckTimer);
    stuckTimer = null;
    if (pending.size === 0) {
      worker?.thread.unref();
      return;
    }
    const starting = worker !== null && !worker.ready;
    stuckTimer = setTimeout(
      () => {
        if (!starting) return lose(`the offline locator gave no answer within ${answerTimeoutMs} ms`, true);
        failedStarts += 1;
        lose(`the offline locator's worker was not ready within ${startTimeoutMs} ms`, false);
      },
      starting ? startTimeoutMs : answerTimeoutMs,
    );
    stuckTimer.unref();
  };

  /** Lets the worker go, with its questions (oldest first) and its clock. */
  const letGo = (): { lost: Running | null; waiting: Waiting[] } => {
    const lost = worker;
    worker = null;
    if (stuckTimer) clearTimeout(stuckTimer);
    stuckTimer = null;
    const waiting = [...pending.values()];
    pending.clear();
    return { lost, waiting };
  };

  /** The worker is gone (or stuck): the question it worked on fails when `blame` is set; the others are asked again. */
  const lose = (reason: string, blame: boolean): void => {
    const { lost, waiting } = letGo();
    if (lost) void lost.thread.terminate().catch(() => undefined);
    if (blame) waiting.shift()?.reject(new Error(reason));
    for (const w of waiting) ask(w);
  };

  const start = (): Running | null => {
    if (failedStarts >= MAX_FAILED_STARTS) return null;
    let thread: Worker;
    try {
      thread = spawn();
    } catch {
      // No thread can be made here (it would fail the same way again): answer inline.
      failedStarts = MAX_FAILED_STARTS;
      return null;
    }
    const running: Running = { thread, ready: false };
    thread.on('message', (reply: LocatorReply) => {
      if (worker !== running) return;
      if ('ready' in reply) {
        running.ready = true;
        failedStarts = 0;
        // The questions asked meanwhile get their whole time from now.
        watch();
        return;
      }
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      watch();
      if (!waiting) return;
      if ('result' in reply) waiting.resolve(reply.result);
      else waiting.reject(new Error(reply.error));
    });
    const gone = (err?: Error): void => {
      if (worker !== running) return;
      if (!running.ready) failedStarts += 1;
      lose(
        err ? `the offline locator's worker failed: ${err.message}` : "the offline locator's worker stopped",
        running.ready,
      );
    };
    thread.on('error', gone);
    thread.on('exit', () => gone());
    // Idle, the worker does not keep the process alive (its listeners above would); busy, it does.
    thread.unref();
    return running;
  };

  const ask = (waiting: Waiting): void => {
    worker ??= start();
    if (!worker) {
      answerInline(waiting);
      return;
    }
    pending.set(waiting.request.id, waiting);
    if (pending.size === 1) {
      worker.thread.ref();
      watch();
    }
    worker.thread.postMessage(waiting.request);
  };

  return {
    shortlist(description, map, size, signal) {
      return new Promise<Shortlist>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason instanceof Error ? signal.reason : new Error('the locate was aborted'));
          return;
        }
        const request: LocatorRequest = { id: nextId++, description, map, size };
        const onAbort = (): void => {
          if (pending.delete(request.id) && pending.size === 0) watch();
          reject(signal?.reason instanceof Error ? signal.reason : new Error('the locate was aborted'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const settle =
          <T>(fn: (value: T) => void) =>
          (value: T): void => {
            signal?.removeEventListener('abort', onAbort);
            fn(value);
          };
        ask({ request, resolve: settle(resolve), reject: settle(reject) });
      });
    },
    async close() {
      const { lost, waiting } = letGo();
      for (const w of waiting) w.reject(new Error('the offline locator was closed'));
      if (lost) await lost.thread.terminate();
    },
  };
}

/**
 * The worker, on locator-worker.js next to this module; or, run from the TypeScript sources (tests,
 * `tsx`), on locator-worker.ts loaded by tsx's API (a worker's `--import tsx` does not reach its
 * entry module on Node 20).
 */
function spawnWorker(): Worker {
  const options = {
    workerData: LOCATOR_WORKER_TAG,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./locator-worker.js', import.meta.url), options);
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const entry = new URL('./locator-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((api) => api.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(code, { ...options, eval: true });
}
