import { EventEmitter } from 'node:events';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchDocuments } from '../../../src/adapters/playwright/capture/documents.js';

// The order of a page's events that a loaded machine gives and real Chromium rarely shows on demand:
// a small document's answer all in (`requestfinished`) before the main frame commits it
// (`framenavigated`). Until then the page is still the old document, and its new one has not arrived.

class FakeFrame {
  constructor(public href: string) {}
  url(): string {
    return this.href;
  }
}

class FakeRequest {
  constructor(
    private readonly href: string,
    readonly frameOf: FakeFrame,
    private readonly from: FakeRequest | null = null,
  ) {}
  url(): string {
    return this.href;
  }
  isNavigationRequest(): boolean {
    return true;
  }
  frame(): FakeFrame {
    return this.frameOf;
  }
  redirectedFrom(): FakeRequest | null {
    return this.from;
  }
}

class FakePage extends EventEmitter {
  readonly main = new FakeFrame('http://127.0.0.2/old.html');
  mainFrame(): FakeFrame {
    return this.main;
  }
  commit(url: string): void {
    this.main.href = url;
    this.emit('framenavigated', this.main);
  }
}

function watched(): { page: FakePage; watch: ReturnType<typeof watchDocuments> } {
  const page = new FakePage();
  return { page, watch: watchDocuments(page as unknown as Page) };
}

describe('watchDocuments', () => {
  it('holds a document whose answer is in as arriving until the main frame commits it', async () => {
    const { page, watch } = watched();
    const next = new FakeRequest('http://127.0.0.2/landed.html', page.main);
    page.emit('request', next);
    page.emit('requestfinished', next);
    expect(watch.started()).toBe(1);
    expect(watch.arriving()).toBe(true);
    const arrived = watch.arrived(10_000).then(() => 'arrived');
    page.commit('http://127.0.0.2/landed.html#top');
    expect(watch.arriving()).toBe(false);
    expect(await Promise.race([arrived, new Promise((r) => setTimeout(r, 1000, 'waited'))])).toBe('arrived');
  });

  it('lets a document committed before its answer finished arrive as it finishes', () => {
    const { page, watch } = watched();
    const next = new FakeRequest('http://127.0.0.2/landed.html', page.main);
    page.emit('request', next);
    page.commit('http://127.0.0.2/landed.html');
    expect(watch.arriving()).toBe(true);
    page.emit('requestfinished', next);
    expect(watch.arriving()).toBe(false);
  });

  it("is not fooled by another commit, and passes a redirect's hop on to the next without a gap", () => {
    const { page, watch } = watched();
    const hop = new FakeRequest('http://127.0.0.2/redirect?to=/landed.html', page.main);
    page.emit('request', hop);
    page.emit('requestfinished', hop);
    const next = new FakeRequest('http://127.0.0.2/landed.html', page.main, hop);
    page.emit('request', next);
    expect(watch.arriving()).toBe(true);
    page.emit('requestfinished', next);
    page.commit('http://127.0.0.2/old.html#moved');
    expect(watch.arriving()).toBe(true);
    page.commit('http://127.0.0.2/landed.html');
    expect(watch.arriving()).toBe(false);
    expect(watch.started()).toBe(1);
  });

  it('lets a failed one arrive at once', () => {
    const { page, watch } = watched();
    const next = new FakeRequest('http://127.0.0.2/file.zip', page.main);
    page.emit('request', next);
    page.emit('requestfailed', next);
    expect(watch.arriving()).toBe(false);
  });
});
