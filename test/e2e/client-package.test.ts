import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../helpers/fixture-server.js';
import { startFixtureServer } from '../helpers/fixture-server.js';
import type { ShotsProcess } from '../helpers/shots-process.js';
import { shots, startShots } from '../helpers/shots-process.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Inside the package, so that `screenshot-service/client` resolves to it by name (self-reference). */
const CONSUMER_DIR = join(ROOT, '.tmp', `client-consumer-${process.pid}`);

/** A program of a user of the package: type-checked against the shipped .d.ts, then run. */
const CONSUMER = `
import { Shots, ShotsError, verifyWebhook } from 'screenshot-service/client';
import type { CaptureOptions, ResultRecord } from 'screenshot-service/client';

const options: CaptureOptions = { url: process.argv[2]!, format: 'webp', dimensions: { width: 800, height: 600 } };
// @ts-expect-error: the request type is the service's schema, and gif is not one of its formats
const wrong: CaptureOptions = { url: 'https://example.com', format: 'gif' };
void wrong;
const shots = new Shots({ baseUrl: process.env.SHOTS_URL!, apiKey: process.env.SHOTS_API_KEY! });
const shot = await shots.capture(options);
const record: ResultRecord = await shots.resultRecord(shot.jobId);
// The record's metadata is typed with the keys the service documents.
const finalUrl: string = record.metadata.finalUrl;
const candidates: { selector: string; score: number }[] | undefined = record.metadata.aiCandidates;
void candidates;
// @ts-expect-error: a description's confidence is a number
const confidence: string | undefined = record.metadata.aiConfidence;
void confidence;
const refused = await shots.status('job_web_nobody').catch((e: unknown) => e);
process.stdout.write(JSON.stringify({
  contentType: shot.contentType,
  bytes: shot.bytes.length,
  width: record.width,
  finalUrl,
  verify: typeof verifyWebhook,
  refused: refused instanceof ShotsError ? refused.code : String(refused),
}));
`;

let pages: FixtureServer;
let server: ShotsProcess | null = null;
const dataDir = mkdtempSync(join(tmpdir(), 'shots-client-e2e-'));
const env = { DATA_DIR: dataDir, ALLOWED_PRIVATE_NETWORKS: '127.0.0.2/32', CONCURRENCY: '1' };
let apiKey = '';

beforeAll(async () => {
  pages = await startFixtureServer();
  server = await startShots(env);
  apiKey = (
    JSON.parse(await shots(['accounts', 'create', '--plan', 'STARTER', '--json'], env)) as { apiKey: string }
  ).apiKey;
});
afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await pages?.close();
  rmSync(CONSUMER_DIR, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('screenshot-service/client as a user installs it', () => {
  it('type-checks against the shipped declarations and captures through the built service', async () => {
    mkdirSync(CONSUMER_DIR, { recursive: true });
    writeFileSync(join(CONSUMER_DIR, 'app.mts'), CONSUMER);
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
    const out = join(CONSUMER_DIR, 'out');
    const args = [tsc, ...flags, '--rootDir', CONSUMER_DIR, '--outDir', out, join(CONSUMER_DIR, 'app.mts')];
    await run(process.execPath, args, { cwd: ROOT }).catch((err: Error & { stdout?: string }) => {
      throw new Error(`tsc refused the consumer:\n${err.stdout ?? err.message}`);
    });
    const { stdout } = await run(process.execPath, [join(out, 'app.mjs'), `${pages.baseUrl}/simple.html`], {
      env: { ...process.env, SHOTS_URL: server!.baseUrl, SHOTS_API_KEY: apiKey },
    });
    expect(JSON.parse(stdout)).toMatchObject({
      contentType: 'image/webp',
      width: 800,
      finalUrl: `${pages.baseUrl}/simple.html`,
      verify: 'function',
      refused: 'JOB_NOT_FOUND',
    });
  });

  it('`shots capture` takes the common capture flags', async () => {
    const out = join(dataDir, 'flags.png');
    const css = join(dataDir, 'extra.css');
    writeFileSync(css, 'body { background: rgb(10, 200, 10) !important; }');
    const cli = { ...env, SHOTS_API_KEY: apiKey };
    await shots(
      [
        'capture',
        `${pages.baseUrl}/simple.html?flags=1`,
        '-o',
        out,
        '--server',
        server!.baseUrl,
        '--width',
        '400',
        '--height',
        '300',
        '--scale',
        '2',
        '--dark',
        '--hide',
        'h1',
        '--css-file',
        css,
        '--header',
        'X-Flag: on',
        '--cookie',
        'flag=1',
        '--user-agent',
        'FlagsAgent/1',
        '--delay',
        '10',
      ],
      cli,
    );
    expect(imageSize(readFileSync(out))).toMatchObject({ type: 'png', width: 800, height: 600 });
    const seen = pages.log.find((r) => r.url === '/simple.html?flags=1');
    expect(seen?.headers).toMatchObject({ 'x-flag': 'on', cookie: 'flag=1', 'user-agent': 'FlagsAgent/1' });
    const pdf = join(dataDir, 'flags.pdf');
    await shots(
      [
        'capture',
        `${pages.baseUrl}/simple.html`,
        '-o',
        pdf,
        '--server',
        server!.baseUrl,
        '--pdf-paper',
        'A5',
      ],
      cli,
    );
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('`shots capture --description` says what the locator made of it, and how to capture a candidate', async () => {
    const out = join(dataDir, 'described.png');
    const cli = { ...env, SHOTS_API_KEY: apiKey };
    const url = `${pages.baseUrl}/playground/demo.html`;
    const printed = await shots(
      ['capture', url, '-o', out, '--server', server!.baseUrl, '--description', 'the rain figure'],
      cli,
    );
    expect(printed).toMatch(/description: not sure enough to crop \(confidence 0\.\d\d, 0\.60 crops\)/);
    expect(printed).toContain('  candidate span.rain (fit 0.');
    expect(printed).toContain("--element 'span.rain'");
    // The saved file is the full page: 1280 px wide, as tall as the page.
    expect(imageSize(readFileSync(out))).toMatchObject({ type: 'png', width: 1280 });
  });

  it('`shots capture` runs on it: --options passes any request field, problems name the field', async () => {
    const out = join(dataDir, 'cli.jpg');
    const cli = { ...env, SHOTS_API_KEY: apiKey };
    const printed = await shots(
      [
        'capture',
        `${pages.baseUrl}/simple.html`,
        '-o',
        out,
        '--server',
        server!.baseUrl,
        '--width',
        '500',
        '--height',
        '300',
      ].concat(['--options', '{"format":"jpeg","bypassCache":true}']),
      cli,
    );
    expect(printed).toMatch(/cli\.jpg: image\/jpeg, \d+ bytes/);
    expect(imageSize(readFileSync(out))).toMatchObject({ type: 'jpg', width: 500, height: 300 });
    await expect(
      shots(
        [
          'capture',
          `${pages.baseUrl}/simple.html`,
          '-o',
          out,
          '--server',
          server!.baseUrl,
          '--options',
          '{"format":"gif"}',
        ],
        cli,
      ),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('400 VALIDATION_ERROR') });
    await expect(
      shots(
        [
          'capture',
          `${pages.baseUrl}/simple.html`,
          '-o',
          out,
          '--server',
          server!.baseUrl,
          '--options',
          '{"format":"gif"}',
        ],
        cli,
      ),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('format: must be one of: png, jpeg, webp, pdf'),
    });
  });
});
