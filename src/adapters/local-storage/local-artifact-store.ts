import { constants, createReadStream } from 'node:fs';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { AppError } from '../../domain/errors.js';
import type { ArtifactStore, StoredArtifact } from '../../ports/artifact-store.js';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
};

/**
 * A failure of the folder (full disk, permissions …) as requests and jobs see it: `503
 * SERVICE_UNAVAILABLE` naming no path (Node's message, in the cause, does: for the server log only).
 */
function storeFailed(cause: unknown): AppError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  return new AppError(
    'SERVICE_UNAVAILABLE',
    `The service's artifact store could not be used${code ? ` (${code})` : ''}; try again later.`,
    { cause },
  );
}

/**
 * Artifacts as files under one folder; a write lands whole or not at all (temp file + rename).
 * Failures of the file system throw `storeFailed` (503), never a message with the folder's path.
 */
export class LocalArtifactStore implements ArtifactStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`artifact key escapes the store: ${key}`);
    return path;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(temp, bytes);
      await rename(temp, path);
    } catch (err) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw storeFailed(err);
    }
  }

  async get(key: string): Promise<StoredArtifact | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      return {
        body: createReadStream(path),
        size: info.size,
        contentType: TYPES[extname(path)] ?? 'application/octet-stream',
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw storeFailed(err);
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    try {
      await rm(path, { force: true });
    } catch (err) {
      throw storeFailed(err);
    }
  }

  /** For readiness: resolves when the folder exists (it is made if need be) and may be written, else rejects with `storeFailed`. */
  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.W_OK);
    } catch (err) {
      throw storeFailed(err);
    }
  }
}
