import type { Readable } from 'node:stream';

export interface StoredArtifact {
  body: Readable;
  size: number;
  contentType: string;
}

/** Where finished artifacts live. Keys are relative paths such as `acc_x/job_web_y.png`. */
export interface ArtifactStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no artifact under `key`. */
  get(key: string): Promise<StoredArtifact | null>;
  delete(key: string): Promise<void>;
}
