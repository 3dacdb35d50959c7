import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { AppError } from '../../domain/errors.js';
import type {
  ElementLocator,
  ElementMap,
  LocateAnswer,
  LocateRequest,
  Shortlist,
} from '../../ports/element-locator.js';
import { readAnswer } from './answer.js';
import { buildMessages } from './prompt.js';

/**
 * Model asked when `AI_MODEL` is unset: small, fast, cheap, takes images and JSON mode, and is
 * served under this name by OpenAI and by LiteLLM-style gateways in front of it.
 */
export const DEFAULT_AI_MODEL = 'gpt-4.1-mini';

/** Longest pause between attempts the locator waits, in ms (the client backs off 0.5–1 s by default). */
const RETRY_PAUSE_MS = 2000;

/** Options of {@link createGatewayLocator}. */
export interface GatewayLocatorOptions {
  /** Base URL of the OpenAI-compatible API, up to and including its version path, e.g. `https://gateway.example/v1` (config `AI_GATEWAY_URL`). */
  baseUrl: string;
  /** Bearer key for the gateway (config `AI_GATEWAY_API_KEY`); null sends no `Authorization` header (local Ollama, vLLM). */
  apiKey: string | null;
  /** Model name as the gateway knows it (config `AI_MODEL`); default {@link DEFAULT_AI_MODEL}. */
  model?: string | null;
  /** Time one request may take, in ms (config `AI_TIMEOUT_MS`); default 20000. */
  timeoutMs?: number;
  /** Further attempts after a timeout, connection failure, 408, 409, 429 or 5xx; default 1. */
  maxRetries?: number;
  /**
   * A second opinion to build on (the offline matcher): its answer and a shortlist of the map's
   * likeliest elements. The model then sees only the shortlist, and when its answer names no
   * element of the map (or none at all), the offline answer stands. Absent: the whole map is sent
   * and the model's answer is taken as it is.
   */
  shortlister?: Shortlister;
}

/** The offline answer to a description and the indices of the map's likeliest elements. */
export type Shortlister = (
  description: string,
  map: ElementMap,
  signal: AbortSignal,
) => Shortlist | Promise<Shortlist>;

/**
 * The element locator on a language model behind an OpenAI-compatible chat-completions gateway
 * (OpenAI, LiteLLM, OpenRouter, vLLM, Ollama, …), through the official `openai` client. One
 * request per capture: the element map as text and the screenshot as an image, JSON mode asked
 * for, temperature 0. A gateway that refuses `temperature` or `response_format` is asked again
 * without it. The reply is read defensively ({@link readAnswer}).
 */
export function createGatewayLocator(options: GatewayLocatorOptions): ElementLocator {
  const model = options.model?.trim() || DEFAULT_AI_MODEL;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxRetries = options.maxRetries ?? 1;
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // The client insists on a key; without one the Authorization header is removed below.
    apiKey: options.apiKey ?? 'none',
    organization: null,
    project: null,
    timeout: timeoutMs,
    maxRetries,
    logLevel: 'off',
    ...(options.apiKey === null ? { defaultHeaders: { Authorization: null } } : {}),
  });
  const gateway = new URL(options.baseUrl).host;

  const ask = async (
    request: LocateRequest,
    shortlist: number[] | null,
    signal: AbortSignal,
  ): Promise<string | null> => {
    let body: ChatCompletionCreateParamsNonStreaming = {
      model,
      messages: buildMessages(request, shortlist),
      response_format: { type: 'json_object' },
      temperature: 0,
    };
    for (let attempt = 0; ; attempt += 1) {
      try {
        const completion = await client.chat.completions.create(body, { signal });
        const message = completion.choices?.[0]?.message;
        if (!message?.content && message?.refusal) return `refused: ${message.refusal}`;
        return message?.content ?? null;
      } catch (err) {
        const trimmed = attempt === 0 ? withoutRefusedParameters(body, err) : null;
        if (!trimmed) throw gatewayError(err, gateway, timeoutMs, maxRetries);
        body = trimmed;
      }
    }
  };

  return {
    name: 'gateway',
    model,
    wantsScreenshot: true,
    async locate(request, signal): Promise<LocateAnswer> {
      // Every attempt has its timeout; the budget also bounds the pause before the retry (the
      // client honours a gateway's Retry-After of up to a minute).
      const budget = AbortSignal.timeout(timeoutMs * (maxRetries + 1) + RETRY_PAUSE_MS);
      try {
        const offline = (await options.shortlister?.(request.description, request.map, signal)) ?? null;
        const content = await ask(request, offline?.shortlist ?? null, AbortSignal.any([signal, budget]));
        const answer = readAnswer(content, request.map);
        return offline ? withSecondOpinion(answer, offline.answer, request.map) : answer;
      } catch (err) {
        if (budget.aborted && !signal.aborted) {
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            `The model gateway at ${gateway} did not answer within ${timeoutMs} ms (${maxRetries + 1} attempts)`,
            { cause: err },
          );
        }
        throw err;
      }
    },
  };
}

/**
 * The model's answer when it names exactly one element of the map (its selectors are unique and
 * visible), followed in the candidates by the offline matcher's others; otherwise — no selector,
 * one the map does not have, an unreadable reply — the offline answer, with the model's words as
 * the raw answer.
 */
function withSecondOpinion(model: LocateAnswer, offline: LocateAnswer, map: ElementMap): LocateAnswer {
  const known = model.selector !== null && map.elements.some((e) => e.selector === model.selector);
  if (model.problem === undefined && known) {
    // Best first (CONTRACT §3): the offline matcher's others never above the model's answer.
    const first = model.candidates ?? [];
    const top = first[0]?.score ?? 0;
    const others = (offline.candidates ?? [])
      .filter((c) => c.selector !== model.selector)
      .map((c) => ({ selector: c.selector, score: Math.min(c.score, top) }));
    return { ...model, candidates: [...first, ...others].slice(0, 3) };
  }
  return { ...offline, raw: model.raw };
}

/** The request without the optional parameters a 400 complains about (`temperature`, `response_format`); null if none. */
function withoutRefusedParameters(
  body: ChatCompletionCreateParamsNonStreaming,
  err: unknown,
): ChatCompletionCreateParamsNonStreaming | null {
  if (!(err instanceof APIError) || (err.status !== 400 && err.status !== 422)) return null;
  const message = err.message.toLowerCase();
  const next = { ...body };
  let changed = false;
  if (message.includes('temperature') && 'temperature' in next) {
    delete next.temperature;
    changed = true;
  }
  if ((message.includes('response_format') || message.includes('json')) && 'response_format' in next) {
    delete next.response_format;
    changed = true;
  }
  return changed ? next : null;
}

/** What went wrong, for `metadata.aiError`: never the key, at most 200 characters of the gateway's words. */
function gatewayError(err: unknown, gateway: string, timeoutMs: number, maxRetries: number): AppError {
  const attempts = `${maxRetries + 1} attempt${maxRetries === 0 ? '' : 's'}`;
  let message: string;
  if (err instanceof APIUserAbortError) message = 'The request to the model gateway was cancelled';
  else if (err instanceof APIConnectionTimeoutError) {
    message = `The model gateway at ${gateway} did not answer within ${timeoutMs} ms (${attempts})`;
  } else if (err instanceof APIConnectionError) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    message = `The model gateway at ${gateway} could not be reached (${attempts})${cause}`;
  } else if (err instanceof APIError) {
    message = `The model gateway at ${gateway} answered HTTP ${err.status ?? '?'}: ${err.message.slice(0, 200)}`;
  } else {
    message = `The model gateway request failed: ${err instanceof Error ? err.message : String(err)}`;
  }
  return new AppError('SERVICE_UNAVAILABLE', message, { cause: err });
}
