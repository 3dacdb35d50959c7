/**
 * The playground at `/` (CONTRACT §9): a form built from the request schema of `/openapi.json`,
 * the request as JSON and `curl` live, then the job through the typed client. It speaks only
 * the public API; the API key lives in this tab's session storage and travels only as a header.
 */
import { ShotsError } from '../client/errors.js';
import type { FieldError } from '../client/errors.js';
import { Shots } from '../client/shots.js';
import type { CaptureOptions } from '../client/types.js';
import { byId, el } from './dom.js';
import type { RequestForm } from './form.js';
import { buildForm } from './form.js';
import { JobView } from './job-view.js';
import { renderPreview } from './preview.js';
import { captureRequestSchema } from './schema.js';

const KEY_STORAGE = 'shots.apiKey';
/** How long the webhook list is followed after the job ends, while a delivery is pending. */
const WEBHOOK_FOLLOW_MS = 30_000;

/** The address shown in the `curl` line and links: PUBLIC_BASE_URL when the service has one. */
function publicBase(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="shots-public-base-url"]')?.content ?? '';
  return (meta || window.location.origin).replace(/\/+$/, '');
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}.`);
  return response.json();
}

class Playground {
  private readonly key = byId<HTMLInputElement>('api-key');
  private readonly keyError = byId('api-key-error');
  private readonly problem = byId('problem');
  private readonly view: JobView;
  private form: RequestForm | null = null;
  private running: AbortController | null = null;

  constructor(private readonly baseUrl: string) {
    this.view = new JobView(byId('job'), baseUrl);
    this.key.value = sessionStorage.getItem(KEY_STORAGE) ?? '';
    this.key.addEventListener('input', () => {
      const value = this.key.value.trim();
      if (value) sessionStorage.setItem(KEY_STORAGE, value);
      else sessionStorage.removeItem(KEY_STORAGE);
    });
    byId('forget-key').addEventListener('click', () => {
      this.key.value = '';
      sessionStorage.removeItem(KEY_STORAGE);
      this.key.focus();
    });
  }

  async start(): Promise<void> {
    const schema = captureRequestSchema(await getJson('/openapi.json'));
    const form = buildForm(schema, byId('fields'), () => this.preview());
    this.form = form;
    this.preview();
    await form.loadChoices(getJson);
    byId<HTMLFormElement>('capture-form').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.run(form);
    });
    byId<HTMLButtonElement>('submit').disabled = false;
  }

  private preview(): void {
    if (!this.form) return;
    renderPreview(
      { json: byId('request-json'), curl: byId('request-curl'), code: byId('request-code') },
      this.baseUrl,
      this.form.read().body,
    );
  }

  private clearProblems(form: RequestForm): void {
    form.clearErrors();
    this.keyError.hidden = true;
    this.key.removeAttribute('aria-invalid');
    this.problem.hidden = true;
    this.problem.replaceChildren();
  }

  private showKeyError(message: string): void {
    this.keyError.textContent = message;
    this.keyError.hidden = false;
    this.key.setAttribute('aria-invalid', 'true');
  }

  /** The problem box (title, `detail`, every field error as a link to its field), focused. */
  showProblem(form: RequestForm | null, title: string, detail: string, errors: readonly FieldError[]): void {
    const unplaced = form ? form.showErrors(errors) : [...errors];
    const items = errors.map((e) => {
      const placed = !unplaced.includes(e);
      const name = el('code', {}, e.field);
      const jump = placed
        ? el('button', { type: 'button', class: 'link', 'data-field': e.field }, name)
        : name;
      return el('li', {}, jump, ` ${e.message}`);
    });
    this.problem.replaceChildren(el('h3', {}, title), el('p', { class: 'detail' }, detail));
    if (items.length > 0) this.problem.append(el('ul', {}, ...items));
    this.problem
      .querySelectorAll<HTMLButtonElement>('button[data-field]')
      .forEach((button) =>
        button.addEventListener('click', () => form?.focusField(button.dataset.field ?? '')),
      );
    this.problem.hidden = false;
    this.problem.focus();
  }

  private showError(form: RequestForm, err: unknown): void {
    if (err instanceof ShotsError) {
      if (err.status === 401) this.showKeyError(err.detail);
      const title = err.status > 0 ? `${err.status} ${err.code}` : err.code;
      const plan = err.requiredPlan ? ` Required plan: ${err.requiredPlan}.` : '';
      this.showProblem(form, title, `${err.detail}${plan}`, err.errors);
      this.view.say(`Not captured: ${err.code}.`);
    } else {
      this.showProblem(form, 'Error', err instanceof Error ? err.message : String(err), []);
    }
  }

  private async run(form: RequestForm): Promise<void> {
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    const signal = controller.signal;
    this.clearProblems(form);
    const { body, problems } = form.read();
    if (problems.length > 0) {
      return this.showProblem(form, 'Fix the marked fields', 'Nothing was sent.', problems);
    }
    const apiKey = this.key.value.trim();
    if (!apiKey) {
      this.showKeyError('Paste an API key first.');
      return this.showProblem(form, 'No API key', 'Paste an API key to capture.', []);
    }
    const shots = new Shots({
      baseUrl: '',
      apiKey,
      retry: { retries: 2, maxDelayMs: 15_000 },
      onRetry: ({ delayMs, error }) =>
        this.view.say(`${error.code}: retrying in ${Math.ceil(delayMs / 1000)} s…`),
    });
    this.view.reset();
    this.view.say('Submitting…');
    try {
      const accepted = await shots.submit(body as CaptureOptions, { signal });
      this.view.accepted(accepted);
      await this.follow(shots, accepted.jobId, String(body.url), signal);
      await this.followWebhooks(shots, accepted.jobId, body.webhookUrl !== undefined, signal);
    } catch (err) {
      if (!signal.aborted) this.showError(form, err);
    }
  }

  /** Captures one of the locator's candidates: `element` set to its selector, `description` cleared. */
  private captureElement(selector: string): void {
    const form = this.form;
    if (!form) return;
    form.setText('element', selector);
    form.setText('description', '');
    void this.run(form);
  }

  /** The job until it ends, then its artifact and record (or its failure). */
  private async follow(shots: Shots, jobId: string, targetUrl: string, signal: AbortSignal): Promise<void> {
    try {
      const done = await shots.waitFor(jobId, {
        waitSeconds: 10,
        signal,
        onProgress: (status) => this.view.progress(status),
      });
      this.view.completed(done);
      const [record, artifact] = await Promise.all([
        shots.resultRecord(jobId, { signal }),
        shots.result(jobId, { signal }),
      ]);
      this.view.showResult(record, artifact, targetUrl);
      this.view.showLocator(record.metadata, (selector) => this.captureElement(selector));
    } catch (err) {
      if (err instanceof ShotsError && err.code === 'JOB_FAILED' && err.job) this.view.failed(err.job);
      else throw err;
    }
  }

  /** The job's webhook deliveries, refreshed while one is pending (up to WEBHOOK_FOLLOW_MS). */
  private async followWebhooks(
    shots: Shots,
    jobId: string,
    hasWebhook: boolean,
    signal: AbortSignal,
  ): Promise<void> {
    const until = Date.now() + WEBHOOK_FOLLOW_MS;
    const redeliver = hasWebhook
      ? () => {
          shots.redeliver(jobId, { signal }).then(
            () => this.followWebhooks(shots, jobId, hasWebhook, signal),
            (err: unknown) => this.showError(this.form!, err),
          );
        }
      : null;
    for (;;) {
      const list = await shots.webhooks(jobId, { signal });
      this.view.showWebhooks(list, redeliver);
      const pending =
        list.deliveries.some((d) => d.state === 'pending') || (hasWebhook && list.deliveries.length === 0);
      if (!pending || Date.now() > until || signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

const playground = new Playground(publicBase());
playground.start().catch((err: unknown) => {
  playground.showProblem(
    null,
    'The playground could not start',
    err instanceof Error ? err.message : String(err),
    [],
  );
});
