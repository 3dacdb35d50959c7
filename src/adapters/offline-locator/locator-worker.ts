/**
 * The body of the offline locator's worker thread (locator-thread.ts): says it is ready, then answers
 * each {@link LocatorRequest} with {@link shortlistOffline}'s answer, or with the error's message. It
 * runs only as a worker started by {@link createLocatorThread}: imported anywhere else, it does nothing.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { shortlistOffline } from './offline-locator.js';
import type { LocatorReply, LocatorRequest } from './locator-thread.js';
import { LOCATOR_WORKER_TAG } from './locator-thread.js';

const port = parentPort;
if (!isMainThread && port && workerData === LOCATOR_WORKER_TAG) {
  port.on('message', (request: LocatorRequest) => {
    let reply: LocatorReply;
    try {
      reply = { id: request.id, result: shortlistOffline(request.description, request.map, request.size) };
    } catch (err) {
      reply = { id: request.id, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies LocatorReply);
}
