import { createSocket } from 'node:dgram';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../../src/adapters/egress/address-policy.js';
import { createEgressProxy } from '../../../src/adapters/egress/egress-proxy.js';
import type { EgressProxy } from '../../../src/adapters/egress/egress-proxy.js';
import { findChromium } from '../../../src/adapters/playwright/browser/find-chromium.js';
import { launchChromium } from '../../../src/adapters/playwright/browser/launch-chromium.js';
import type { FixtureServer } from '../../helpers/fixture-server.js';
import { startFixtureServer } from '../../helpers/fixture-server.js';

/** UDP canaries on loopback: a STUN/TURN server a page names must never hear from the browser. */
const canaries = [createSocket('udp4'), createSocket('udp4')];
const packets: number[] = [0, 0];
let browser: Browser;
let egress: EgressProxy;
let pages: FixtureServer;

beforeAll(async () => {
  await Promise.all(
    canaries.map(
      (socket, i) =>
        new Promise<void>((resolve) => {
          socket.on('message', () => (packets[i]! += 1));
          socket.bind(0, i === 0 ? '127.0.0.1' : '127.0.0.2', resolve);
        }),
    ),
  );
  pages = await startFixtureServer();
  egress = await createEgressProxy({
    policy: createAddressPolicy({ allowedPrivateNetworks: ['127.0.0.2/32'] }),
  });
  browser = await launchChromium(findChromium(null));
});
afterAll(async () => {
  await browser?.close();
  await egress?.close();
  await pages?.close();
  for (const socket of canaries) socket.close();
});

describe('WebRTC inside a capture', () => {
  it('sends no UDP to any address, blocked or allowed: only proxied traffic is allowed', async () => {
    const session = egress.openSession();
    const context = await browser.newContext({ proxy: session.proxy });
    try {
      const page = await context.newPage();
      await page.goto(`${pages.baseUrl}/simple.html`);
      const ports = canaries.map((s) => s.address().port);
      const candidates = await page.evaluate(async ([blocked, allowed]) => {
        const found: string[] = [];
        const pc = new RTCPeerConnection({
          iceServers: [
            { urls: `stun:127.0.0.1:${blocked}` },
            { urls: `stun:127.0.0.2:${allowed}` },
            { urls: `turn:127.0.0.1:${blocked}?transport=udp`, username: 'u', credential: 'p' },
          ],
        });
        pc.onicecandidate = (e) => {
          if (e.candidate) found.push(e.candidate.candidate);
        };
        pc.createDataChannel('x');
        await pc.setLocalDescription(await pc.createOffer());
        await new Promise((r) => setTimeout(r, 1500));
        pc.close();
        return found;
      }, ports);
      expect(packets).toEqual([0, 0]);
      expect(candidates.filter((c) => / udp /i.test(c) && /typ (srflx|relay)/.test(c))).toEqual([]);
    } finally {
      await context.close();
      session.close();
    }
  });
});
