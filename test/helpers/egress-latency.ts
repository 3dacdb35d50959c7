/**
 * Measures what the egress proxy costs a capture: 20 captures (new context → goto → screenshot →
 * close) of a simple fixture page on 127.0.0.2, without and with the proxy, after a warm-up.
 * Run with `npx tsx test/helpers/egress-latency.ts [captures]`.
 */
import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { createAddressPolicy } from '../../src/adapters/egress/address-policy.js';
import { createEgressProxy, type EgressProxy } from '../../src/adapters/egress/egress-proxy.js';
import { launchChromium, startRecordingServer } from './egress-fixtures.js';

const PAGE = `<!doctype html><html><head><title>latency</title>
<style>body{font:16px sans-serif;margin:40px;background:#f4f4f8}h1{color:#334}.box{width:200px;height:120px;background:linear-gradient(#88f,#f88)}</style>
</head><body><h1>Latency fixture</h1><p>${'Lorem ipsum dolor sit amet. '.repeat(40)}</p><div class="box"></div>
<img src="/pixel.svg" width="64" height="64"><script>document.title = 'ready';</script></body></html>`;
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="teal"/></svg>';

interface Sample {
  totalMs: number;
  gotoAndShotMs: number;
}

/** One capture in its own context; resolves with the goto + screenshot time in milliseconds. */
async function capture(browser: Browser, url: string, proxy: EgressProxy | null): Promise<number> {
  const session = proxy?.openSession() ?? null;
  const options: BrowserContextOptions = { serviceWorkers: 'block', viewport: { width: 1280, height: 800 } };
  const context = await browser.newContext(session === null ? options : { ...options, proxy: session.proxy });
  try {
    const page = await context.newPage();
    const before = performance.now();
    await page.goto(url, { waitUntil: 'load' });
    await page.screenshot({ type: 'png' });
    return performance.now() - before;
  } finally {
    await context.close();
    session?.close();
  }
}

async function run(
  browser: Browser,
  url: string,
  proxy: EgressProxy | null,
  count: number,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    const gotoAndShotMs = await capture(browser, url, proxy);
    samples.push({ totalMs: performance.now() - start, gotoAndShotMs });
  }
  return samples;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function summary(label: string, samples: Sample[]): string {
  const total = samples.map((s) => s.totalMs);
  const inner = samples.map((s) => s.gotoAndShotMs);
  const f = (n: number): string => n.toFixed(1).padStart(7);
  return `${label.padEnd(14)} median total ${f(median(total))} ms (min ${f(Math.min(...total))}, max ${f(Math.max(...total))})   median goto+screenshot ${f(median(inner))} ms`;
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 20);
  const fixture = await startRecordingServer('127.0.0.2', 0, {
    '/': { body: PAGE },
    '/pixel.svg': { type: 'image/svg+xml', body: SVG },
  });
  const proxy = await createEgressProxy({
    policy: createAddressPolicy({ allowedPrivateNetworks: ['127.0.0.2/32'] }),
  });
  const browser = await launchChromium();
  try {
    const url = `${fixture.origin}/`;
    await run(browser, url, null, 3);
    await run(browser, url, proxy, 3);
    // Interleaved, so that drift in machine load affects both series alike.
    const direct: Sample[] = [];
    const proxied: Sample[] = [];
    for (let i = 0; i < count; i += 1) {
      direct.push(...(await run(browser, url, null, 1)));
      proxied.push(...(await run(browser, url, proxy, 1)));
    }
    console.log(`${count} captures each, interleaved (new context, goto, screenshot, close) of ${url}`);
    console.log(summary('direct', direct));
    console.log(summary('egress proxy', proxied));
    console.log(
      `overhead of the proxy (median total): ${(median(proxied.map((s) => s.totalMs)) - median(direct.map((s) => s.totalMs))).toFixed(1)} ms`,
    );
  } finally {
    await browser.close();
    await proxy.close();
    await fixture.close();
  }
}

await main();
