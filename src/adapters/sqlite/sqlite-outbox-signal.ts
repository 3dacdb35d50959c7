import { EventEmitter } from 'node:events';
import type { OutboxSignal } from '../../ports/outbox-signal.js';

/**
 * The outbox signal of the embedded mode: one process owns the SQLite file, so an in-process
 * emitter reaches every listener. The SQLite job store and outbox call `notify` after their
 * transaction commits.
 */
export class SqliteOutboxSignal implements OutboxSignal {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  notify(jobId: string): void {
    this.emitter.emit('change', jobId);
  }

  subscribe(listener: (jobId: string) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}
