import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayLocator, DEFAULT_AI_MODEL } from '../../../src/adapters/ai-gateway/gateway-locator.js';
import type { ElementMap, LocateRequest } from '../../../src/ports/element-locator.js';
import type { FakeGateway } from '../../helpers/fake-gateway.js';
import { promptImage, promptText, startFakeGateway } from '../../helpers/fake-gateway.js';

// The gateway adapter against a loopback server that speaks the chat-completions protocol.

const MAP: ElementMap = {
  url: 'http://shop.test/p/1',
  title: 'Trailblazer 2',
  about: { authors: ['Ann Lee'], published: '2026-03-04', headline: 'Trailblazer 2 review' },
  viewport: { width: 1280, height: 720 },
  documentHeight: 1800,
  candidates: 2,
  elements: [
    {
      selector: 'h1.product-title',
      tag: 'h1',
      role: 'heading',
      level: 1,
      name: 'Trailblazer 2 Running Shoe',
      text: 'Trailblazer 2 Running Shoe',
      attributes: { class: 'product-title' },
      box: { x: 600, y: 120, width: 500, height: 40 },
      parent: null,
    },
    {
      selector: '#buy',
      tag: 'button',
      role: 'button',
      level: null,
      name: 'Add to cart',
      text: 'Add to cart',
      attributes: { id: 'buy', type: 'submit' },
      box: { x: 600, y: 400, width: 160, height: 48 },
      parent: null,
    },
  ],
};
/** A 1x1 JPEG. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const REQUEST: LocateRequest = {
  description: 'the add to cart button',
  map: MAP,
  screenshot: { bytes: JPEG, contentType: 'image/jpeg', width: 1, height: 1, scale: 0.8 },
};
const never = (): AbortSignal => new AbortController().signal;

let gateway: FakeGateway | null = null;
afterEach(async () => {
  await gateway?.close();
  gateway = null;
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('gateway locator', () => {
  it('sends the screenshot as an image_url part and the element map, asks for JSON, and reads the answer', async () => {
    gateway = await startFakeGateway(() => ({ content: '{"selector": "#buy", "confidence": 0.92}' }));
    const locator = createGatewayLocator({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-test-123',
      model: 'vision-small',
    });
    expect([locator.name, locator.model, locator.wantsScreenshot]).toEqual(['gateway', 'vision-small', true]);

    const answer = await locator.locate(REQUEST, never());
    expect(answer).toEqual({
      selector: '#buy',
      confidence: 0.92,
      raw: '#buy',
      candidates: [{ selector: '#buy', score: 0.92 }],
    });

    expect(gateway.requests).toHaveLength(1);
    const [request] = gateway.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer sk-test-123');
    expect(request!.body).toMatchObject({
      model: 'vision-small',
      response_format: { type: 'json_object' },
      temperature: 0,
    });
    expect(request!.body.messages?.[0]?.role).toBe('system');
    expect(promptImage(request!)).toBe(`data:image/jpeg;base64,${JPEG.toString('base64')}`);
    const text = promptText(request!);
    expect(text).toContain('Description: "the add to cart button"');
    expect(text).toContain(
      `The page's metadata says: by "Ann Lee"; published 2026-03-04; headline "Trailblazer 2 review".`,
    );
    const lines = text
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      expect.objectContaining({
        i: 0,
        s: 'h1.product-title',
        tag: 'h1',
        role: 'heading',
        name: 'Trailblazer 2 Running Shoe',
        box: [600, 120, 500, 40],
      }),
      expect.objectContaining({
        i: 1,
        s: '#buy',
        tag: 'button',
        name: 'Add to cart',
        attrs: { id: 'buy', type: 'submit' },
      }),
    ]);
  });

  it('passes an unsure answer on as it is', async () => {
    gateway = await startFakeGateway(() => ({
      content: '{"selector":"h1.product-title","confidence":0.35}',
    }));
    const answer = await createGatewayLocator({ baseUrl: gateway.baseUrl, apiKey: null }).locate(
      REQUEST,
      never(),
    );
    expect(answer).toEqual({
      selector: 'h1.product-title',
      confidence: 0.35,
      raw: 'h1.product-title',
      candidates: [{ selector: 'h1.product-title', score: 0.35 }],
    });
  });

  it('sends no Authorization header without a key, and asks the default model', async () => {
    gateway = await startFakeGateway(() => ({ content: '{"selector":null,"confidence":0}' }));
    const locator = createGatewayLocator({ baseUrl: gateway.baseUrl, apiKey: null, model: null });
    const answer = await locator.locate(REQUEST, never());
    expect(answer).toEqual({ selector: null, confidence: 0, raw: null });
    expect(gateway.requests[0]!.headers.authorization).toBeUndefined();
    expect(gateway.requests[0]!.body.model).toBe(DEFAULT_AI_MODEL);
  });

  it.each([
    [
      'prose around fenced JSON',
      'Sure!\n```json\n{"selector": "#buy", "confidence": "0.8"}\n```',
      { selector: '#buy', confidence: 0.8 },
    ],
    ['a percentage', '{"selector": "#buy", "confidence": "85%"}', { selector: '#buy', confidence: 0.85 }],
    [
      'a confidence out of 100',
      '{"css_selector": "#buy", "score": 90}',
      { selector: '#buy', confidence: 0.9 },
    ],
    [
      'an answer one level down',
      '{"answer": {"selector": "#buy", "confidence": 0.7}}',
      { selector: '#buy', confidence: 0.7 },
    ],
    [
      'an index of the map',
      '{"index": 0, "confidence": 0.75}',
      { selector: 'h1.product-title', confidence: 0.75, raw: '0' },
    ],
    [
      'a cut-off reply',
      'selector: "#buy", "confidence": 0.66, "reason": "the butt',
      { selector: '#buy', confidence: 0.66 },
    ],
  ])('reads %s', async (_name, content, expected) => {
    gateway = await startFakeGateway(() => ({ content }));
    const answer = await createGatewayLocator({ baseUrl: gateway.baseUrl, apiKey: null }).locate(
      REQUEST,
      never(),
    );
    expect(answer).toMatchObject(expected);
    expect(answer.problem).toBeUndefined();
  });

  it.each([
    [
      'prose without JSON',
      'I think it is the orange button.',
      'did not answer with JSON',
      'I think it is the orange button.',
    ],
    ['an empty reply', '', 'empty answer', null],
    ['no confidence', '{"selector": "#buy"}', 'no readable confidence', '#buy'],
    ['no selector', '{"confidence": 0.9, "reason": "orange"}', 'has no selector', null],
  ])('reports %s as a problem, keeping the raw reply', async (_name, content, problem, raw) => {
    gateway = await startFakeGateway(() => ({ content }));
    const answer = await createGatewayLocator({ baseUrl: gateway.baseUrl, apiKey: null }).locate(
      REQUEST,
      never(),
    );
    expect(answer.problem).toContain(problem);
    expect(answer.raw).toBe(raw);
  });

  it('reports a refusal', async () => {
    gateway = await startFakeGateway(() => ({ content: null, refusal: 'I cannot help with that.' }));
    const answer = await createGatewayLocator({ baseUrl: gateway.baseUrl, apiKey: null }).locate(
      REQUEST,
      never(),
    );
    expect(answer).toMatchObject({ selector: null, confidence: 0, raw: 'refused: I cannot help with that.' });
    expect(answer.problem).toContain('did not answer with JSON');
  });

  it('gives up on a slow answer after its timeout and tries once more', async () => {
    gateway = await startFakeGateway((_req, n) =>
      n === 0 ? { content: '{}', delayMs: 30_000 } : { content: '{"selector":"#buy","confidence":0.9}' },
    );
    const locator = createGatewayLocator({ baseUrl: gateway.baseUrl, apiKey: null, timeoutMs: 1500 });
    expect(await locator.locate(REQUEST, never())).toMatchObject({ selector: '#buy', confidence: 0.9 });
    expect(gateway.requests).toHaveLength(2);
  });

  it('fails after the retry when the gateway stays silent', async () => {
    gateway = await startFakeGateway(() => ({ content: '{}', delayMs: 30_000 }));
    const locator = createGatewayLocator({ baseUrl: gateway.baseUrl, apiKey: null, timeoutMs: 1500 });
    const err = await rejection(locator.locate(REQUEST, never()));
    expect(err.message).toMatch(
      /^The model gateway at 127\.0\.0\.1:\d+ did not answer within 1500 ms \(2 attempts\)$/,
    );
    expect(gateway.requests).toHaveLength(2);
  });

  it('retries a 5xx once, and reports a lasting one with its status', async () => {
    gateway = await startFakeGateway((_req, n) =>
      n === 0
        ? { status: 503, json: { error: { message: 'overloaded' } } }
        : { content: '{"selector":"#buy","confidence":0.8}' },
    );
    const locator = createGatewayLocator({ baseUrl: gateway.baseUrl, apiKey: null });
    expect(await locator.locate(REQUEST, never())).toMatchObject({ selector: '#buy' });
    expect(gateway.requests).toHaveLength(2);

    gateway.reply = () => ({ status: 401, json: { error: { message: 'invalid key' } } });
    const err = await rejection(locator.locate(REQUEST, never()));
    expect(err.message).toMatch(/answered HTTP 401: .*invalid key/);
    expect(gateway.requests).toHaveLength(3); // a 401 is not retried
  });

  it('asks again without temperature when the model refuses it', async () => {
    gateway = await startFakeGateway((req) =>
      req.body.temperature !== undefined
        ? {
            status: 400,
            json: {
              error: { message: "Unsupported value: 'temperature' does not support 0 with this model." },
            },
          }
        : { content: '{"selector":"#buy","confidence":0.7}' },
    );
    const answer = await createGatewayLocator({ baseUrl: gateway.baseUrl, apiKey: null }).locate(
      REQUEST,
      never(),
    );
    expect(answer).toMatchObject({ selector: '#buy', confidence: 0.7 });
    expect(gateway.requests.map((r) => r.body.temperature)).toEqual([0, undefined]);
    expect(gateway.requests[1]!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('fails clearly when nothing listens at the gateway address', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const locator = createGatewayLocator({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: null,
      timeoutMs: 2000,
    });
    const err = await rejection(locator.locate(REQUEST, never()));
    expect(err.message).toContain(`The model gateway at 127.0.0.1:${port} could not be reached (2 attempts)`);
  });

  it('stops when the capture is aborted', async () => {
    gateway = await startFakeGateway(() => ({ content: '{}', delayMs: 30_000 }));
    const stop = new AbortController();
    const pending = createGatewayLocator({ baseUrl: gateway.baseUrl, apiKey: null }).locate(
      REQUEST,
      stop.signal,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop.abort();
    const err = await rejection(pending);
    expect(err.message).toBe('The request to the model gateway was cancelled');
  });
});

describe('gateway locator with the offline matcher as second opinion', () => {
  const OFFLINE = {
    selector: '#buy',
    confidence: 0.72,
    raw: '#buy',
    candidates: [
      { selector: '#buy', score: 0.72 },
      { selector: 'h1.product-title', score: 0.05 },
    ],
  };
  const seen: string[] = [];
  const shortlister = (description: string): { answer: typeof OFFLINE; shortlist: number[] } => {
    seen.push(description);
    return { answer: OFFLINE, shortlist: [1] };
  };

  it('shows the model only the shortlist, under the elements’ map indices', async () => {
    gateway = await startFakeGateway(() => ({ content: '{"selector":"#buy","confidence":0.9}' }));
    const answer = await createGatewayLocator({ baseUrl: gateway.baseUrl, apiKey: null, shortlister }).locate(
      REQUEST,
      never(),
    );
    expect(seen.at(-1)).toBe('the add to cart button');
    const lines = promptText(gateway.requests[0]!)
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { i: number; s: string });
    expect(lines.map((l) => [l.i, l.s])).toEqual([[1, '#buy']]);
    expect(promptText(gateway.requests[0]!)).toContain('Elements (the 1 likeliest of 2 visible');
    // The model's answer, then the offline matcher's other candidates.
    expect(answer).toEqual({
      selector: '#buy',
      confidence: 0.9,
      raw: '#buy',
      candidates: [
        { selector: '#buy', score: 0.9 },
        { selector: 'h1.product-title', score: 0.05 },
      ],
    });
  });

  it('keeps the candidates best first when the offline matcher rated another element higher', async () => {
    gateway = await startFakeGateway(() => ({ content: '{"selector":"h1.product-title","confidence":0.3}' }));
    const answer = await createGatewayLocator({ baseUrl: gateway.baseUrl, apiKey: null, shortlister }).locate(
      REQUEST,
      never(),
    );
    expect(answer.selector).toBe('h1.product-title');
    expect(answer.candidates).toEqual([
      { selector: 'h1.product-title', score: 0.3 },
      { selector: '#buy', score: 0.3 },
    ]);
  });

  it.each([
    ['a selector the page does not have', '{"selector":"#checkout","confidence":0.95}', '#checkout'],
    ['no selector', '{"selector":null,"confidence":0}', null],
    ['an unreadable reply', 'I think it is the big button', 'I think it is the big button'],
  ])('keeps the offline answer when the model gives %s', async (_, content, raw) => {
    gateway = await startFakeGateway(() => ({ content }));
    const answer = await createGatewayLocator({ baseUrl: gateway.baseUrl, apiKey: null, shortlister }).locate(
      REQUEST,
      never(),
    );
    expect(answer).toEqual({ ...OFFLINE, raw });
  });
});
