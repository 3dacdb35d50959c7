import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../helpers/fixture-server.js';
import { startFixtureServer } from '../helpers/fixture-server.js';
import type { ShotsProcess } from '../helpers/shots-process.js';
import { shots, startShots } from '../helpers/shots-process.js';

// The OpenAPI document matches what is served: a client generated from it (openapi-typescript +
// openapi-fetch) reads an artifact (image/png) and an error (application/problem+json) without a
// single cast, type-checked in strict mode and then run against the built service.

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIR = join(ROOT, '.tmp', `openapi-consumer-${process.pid}`);

const CONSUMER = `
import createClient from 'openapi-fetch';
import type { paths } from './api.js';

// The document's media types, as a generated client sees them (these lines do not compile when the
// document declares application/json for artifacts and errors).
type ResultContent = paths['/jobs/{jobId}/result']['get']['responses'][200]['content'];
const mediaTypes: (keyof ResultContent)[] = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf', 'video/mp4', 'application/json'];
type NotFound = paths['/jobs/{jobId}/status']['get']['responses'][404]['content']['application/problem+json'];
const expected: NotFound['code'] = 'JOB_NOT_FOUND';

const client = createClient<paths>({
  baseUrl: process.env.SHOTS_URL,
  headers: { authorization: \`Bearer \${process.env.SHOTS_API_KEY}\` },
});
const submitted = await client.POST('/screenshots/web', { body: { url: process.argv[2]!, bypassCache: true } });
if (!submitted.data) throw new Error('not accepted');
const jobId: string = submitted.data.jobId;
let status = 'queued';
while (status !== 'completed' && status !== 'failed') {
  const polled = await client.GET('/jobs/{jobId}/status', { params: { path: { jobId }, query: { waitSeconds: 10 } } });
  if (!polled.data) throw new Error('no status');
  status = polled.data.status;
}
const artifact = await client.GET('/jobs/{jobId}/result', { params: { path: { jobId } }, parseAs: 'arrayBuffer' });
const bytes: ArrayBuffer | undefined = artifact.data;
const refused = await client.GET('/jobs/{jobId}/status', { params: { path: { jobId: 'job_web_nobodynobodynobodynobody' } } });
const code: string | undefined = refused.error?.code;
const invalid = await client.POST('/screenshots/web', { body: { url: 'http://127.0.0.1/' } });
const field: string | undefined = invalid.error?.errors?.[0]?.field;
process.stdout.write(JSON.stringify({
  mediaTypes: mediaTypes.length,
  expected,
  contentType: artifact.response.headers.get('content-type'),
  signature: bytes ? Array.from(new Uint8Array(bytes).slice(1, 4)) : null,
  code,
  status: refused.response.status,
  field,
}));
`;

let pages: FixtureServer;
let server: ShotsProcess | null = null;
const dataDir = mkdtempSync(join(tmpdir(), 'shots-openapi-e2e-'));
const env = { DATA_DIR: dataDir, ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32', CONCURRENCY: '1' };
let apiKey = '';

beforeAll(async () => {
  pages = await startFixtureServer();
  server = await startShots(env);
  apiKey = (
    JSON.parse(await shots(['accounts', 'create', '--plan', 'FREE', '--json'], env)) as { apiKey: string }
  ).apiKey;
});
afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await pages?.close();
  rmSync(DIR, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a client generated from /openapi.json', () => {
  it('reads an artifact and an error without a cast', async () => {
    const doc = (await (await fetch(`${server!.baseUrl}/openapi.json`)).json()) as Record<string, unknown>;
    mkdirSync(DIR, { recursive: true });
    writeFileSync(join(DIR, 'api.ts'), astToString(await openapiTS(doc as never)));
    writeFileSync(join(DIR, 'app.mts'), CONSUMER);
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const flags = [
      '--strict',
      '--module',
      'nodenext',
      '--target',
      'es2022',
      '--types',
      'node',
      '--skipLibCheck',
    ];
    await run(process.execPath, [tsc, ...flags, '--outDir', join(DIR, 'out'), join(DIR, 'app.mts')], {
      cwd: ROOT,
    });
    const { stdout } = await run(
      process.execPath,
      [join(DIR, 'out', 'app.mjs'), `${pages.baseUrl}/simple.html`],
      {
        cwd: ROOT,
        env: { ...process.env, SHOTS_URL: server!.baseUrl, SHOTS_API_KEY: apiKey },
      },
    );
    expect(JSON.parse(stdout)).toEqual({
      mediaTypes: 6,
      expected: 'JOB_NOT_FOUND',
      contentType: 'image/png',
      signature: [0x50, 0x4e, 0x47],
      code: 'JOB_NOT_FOUND',
      status: 404,
      field: 'url',
    });
  });
});
