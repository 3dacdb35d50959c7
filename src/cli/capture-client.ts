import { writeFile } from 'node:fs/promises';
import type { CliHost } from './host.js';

export interface CaptureClientOptions {
  output: string;
  server: string;
  apiKey?: string;
  format?: string;
  width?: number;
  height?: number;
  fullPage?: boolean;
  element?: string;
  description?: string;
  bypassCache?: boolean;
  videoDuration?: number;
  videoFps?: number;
  timeout: number;
}

async function problemText(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as {
      code?: string;
      detail?: string;
      errors?: { field: string; message: string }[];
    };
    const fields = body.errors?.map((e) => `\n  ${e.field}: ${e.message}`).join('') ?? '';
    return `${response.status} ${body.code ?? ''} ${body.detail ?? ''}${fields}`;
  } catch {
    return `${response.status} ${text.slice(0, 200)}`;
  }
}

/** `shots capture`: submit, follow the status, download the result. */
export async function runCaptureClient(
  url: string,
  opts: CaptureClientOptions,
  host: Pick<CliHost, 'print' | 'progress' | 'defaultApiKey'>,
): Promise<void> {
  const apiKey = opts.apiKey ?? host.defaultApiKey();
  if (!apiKey) throw new Error('No API key: pass --api-key or set SHOTS_API_KEY.');
  const auth = { authorization: `Bearer ${apiKey}` };
  const body: Record<string, unknown> = { url };
  if (opts.format) body.format = opts.format;
  if (opts.width || opts.height) body.dimensions = { width: opts.width ?? 1280, height: opts.height ?? 720 };
  if (opts.fullPage) body.fullPage = true;
  if (opts.element) body.element = opts.element;
  if (opts.description) body.description = opts.description;
  if (opts.bypassCache) body.bypassCache = true;
  if (opts.videoDuration) body.video = { duration: opts.videoDuration, fps: opts.videoFps ?? 24 };
  const base = opts.server.replace(/\/+$/, '');
  const submitted = await fetch(`${base}/screenshots/web`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (submitted.status !== 202) throw new Error(`Not accepted: ${await problemText(submitted)}`);
  const accepted = (await submitted.json()) as { jobId: string; statusUrl: string; estimatedSeconds: number };
  host.progress(`queued ${accepted.jobId} (about ${accepted.estimatedSeconds} s)`);
  const deadline = Date.now() + opts.timeout * 1000;
  let last = 'queued';
  for (;;) {
    const res = await fetch(`${base}${accepted.statusUrl}`, { headers: auth });
    if (!res.ok) throw new Error(`Status failed: ${await problemText(res)}`);
    const status = (await res.json()) as { status: string; attempts: number; error?: string };
    if (status.status !== last) host.progress(`${status.status} (attempt ${status.attempts})`);
    last = status.status;
    if (status.status === 'failed') throw new Error(`Job failed: ${status.error ?? 'unknown error'}`);
    if (status.status === 'completed') break;
    if (Date.now() > deadline)
      throw new Error(`Gave up after ${opts.timeout} s; the job is ${status.status}.`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const result = await fetch(`${base}/jobs/${accepted.jobId}/result`, { headers: auth });
  if (!result.ok) throw new Error(`Download failed: ${await problemText(result)}`);
  const bytes = Buffer.from(await result.arrayBuffer());
  await writeFile(opts.output, bytes);
  host.print(`${opts.output}: ${result.headers.get('content-type') ?? ''}, ${bytes.length} bytes`);
}
