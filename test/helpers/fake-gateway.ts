import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request the gateway received. */
export interface GatewayRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model?: string;
    messages?: {
      role: string;
      content: string | { type: string; text?: string; image_url?: { url: string } }[];
    }[];
    response_format?: { type: string };
    temperature?: number;
  };
}

/** How to answer: a reply's content (or a full HTTP answer), after an optional delay. */
export type GatewayReply =
  | { content: string | null; delayMs?: number; refusal?: string }
  | { status: number; json: unknown; delayMs?: number; headers?: Record<string, string> };

export interface FakeGateway {
  /** `http://127.0.0.1:PORT/v1` — what AI_GATEWAY_URL would be. */
  baseUrl: string;
  requests: GatewayRequest[];
  /** Decides each answer; `n` counts requests from 0. */
  reply: (request: GatewayRequest, n: number) => GatewayReply;
  close(): Promise<void>;
}

/**
 * A loopback model gateway speaking the OpenAI chat-completions protocol (`POST /v1/chat/completions`),
 * as LiteLLM, OpenRouter, vLLM or Ollama do. It is the one thing faked in these tests: a real model
 * cannot run here. Delayed answers are dropped when the server closes.
 */
export async function startFakeGateway(
  reply: FakeGateway['reply'] = () => ({ content: '{}' }),
): Promise<FakeGateway> {
  const requests: GatewayRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const gateway: FakeGateway = { baseUrl: '', requests, reply, close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: GatewayRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text ? (JSON.parse(text) as GatewayRequest['body']) : {},
      };
      const n = requests.push(request) - 1;
      if (request.method !== 'POST' || request.path !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const answer = gateway.reply(request, n);
      const send = (): void => {
        if ('status' in answer) {
          res
            .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
            .end(JSON.stringify(answer.json));
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(completion(request.body.model ?? '', answer)));
      };
      if (!answer.delayMs) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, answer.delayMs);
      timers.add(timer);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  gateway.close = () =>
    new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return gateway;
}

function completion(model: string, answer: { content: string | null; refusal?: string }) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: answer.content, refusal: answer.refusal ?? null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
  };
}

/** The text part of the user message of a request. */
export function promptText(request: GatewayRequest): string {
  const user = request.body.messages?.find((m) => m.role === 'user');
  if (!user) return '';
  if (typeof user.content === 'string') return user.content;
  return user.content
    .filter((p) => p.type === 'text')
    .map((p) => p.text ?? '')
    .join('\n');
}

/** The image data URL of the user message of a request, if any. */
export function promptImage(request: GatewayRequest): string | null {
  const user = request.body.messages?.find((m) => m.role === 'user');
  if (!user || typeof user.content === 'string') return null;
  return user.content.find((p) => p.type === 'image_url')?.image_url?.url ?? null;
}

/** The selector the prompt's element map gives for the element of that accessible name, as a model would pick it. */
export function selectorFromPrompt(request: GatewayRequest, name: string): string | null {
  for (const line of promptText(request).split('\n')) {
    if (!line.startsWith('{')) continue;
    const element = JSON.parse(line) as { s: string; name?: string };
    if (element.name === name) return element.s;
  }
  return null;
}
