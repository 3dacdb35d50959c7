import type {
  Accepted,
  CaptureMetadata,
  JobStatus,
  ResultBytes,
  ResultRecord,
  WebhookDeliveries,
} from '../client/types.js';
import { el, formatBytes, formatCount } from './dom.js';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
};

/** The confidence a description's answer needs to be cropped to (CROP_CONFIDENCE of the service). */
const CROP_AT = 0.6;

function seconds(fromIso: string, toIso: string): string {
  return `${((Date.parse(toIso) - Date.parse(fromIso)) / 1000).toFixed(1)} s`;
}

/** The job panel: its state as it changes, then the artifact inline, its record and its webhooks. */
export class JobView {
  private readonly state = el('p', {
    id: 'job-state',
    class: 'state',
    role: 'status',
    'aria-live': 'polite',
  });
  private readonly links = el('p', { class: 'links' });
  private readonly timeline = el('ol', { class: 'timeline', 'aria-label': 'Job history' });
  private readonly result = el('div', { id: 'result', class: 'result' });
  private readonly record = el('pre', { id: 'result-record', tabindex: 0 });
  private readonly recordBox = el(
    'details',
    { class: 'record', hidden: true, open: true },
    el('summary', {}, 'Result record'),
    this.record,
  );
  private readonly locator = el('div', { id: 'locator', class: 'locator', hidden: true });
  private readonly hooks = el('div', { id: 'webhooks', class: 'webhooks', hidden: true });
  private blobUrls: string[] = [];
  private startedAt = 0;

  constructor(
    host: HTMLElement,
    private readonly baseUrl: string,
  ) {
    this.state.textContent = 'No capture yet: fill in the form and press Capture.';
    host.append(this.state, this.links, this.timeline, this.result, this.locator, this.recordBox, this.hooks);
  }

  /** Forgets the last job (and frees its artifact). */
  reset(): void {
    for (const url of this.blobUrls) URL.revokeObjectURL(url);
    this.blobUrls = [];
    this.links.replaceChildren();
    this.timeline.replaceChildren();
    this.result.replaceChildren();
    this.record.textContent = '';
    this.recordBox.hidden = true;
    this.locator.hidden = true;
    this.locator.replaceChildren();
    this.hooks.hidden = true;
    this.hooks.replaceChildren();
    this.startedAt = Date.now();
  }

  say(text: string): void {
    this.state.textContent = text;
  }

  private step(text: string): void {
    const at = ((Date.now() - this.startedAt) / 1000).toFixed(1);
    this.timeline.append(el('li', {}, el('span', { class: 'at' }, `+${at} s`), ' ', text));
  }

  accepted(accepted: Accepted): void {
    this.say(`Queued: ${accepted.jobId} (about ${accepted.estimatedSeconds} s).`);
    this.step(`queued as ${accepted.jobId}`);
    this.links.replaceChildren(
      'Status: ',
      el('code', {}, `${this.baseUrl}${accepted.statusUrl}`),
      ' (needs the API key as a Bearer header).',
    );
  }

  progress(status: JobStatus): void {
    if (status.status === 'queued' && status.attempts === 0) return;
    // A job that completed with no attempt was served from the cache.
    const attempt =
      status.attempts > 0 ? `attempt ${status.attempts} of ${status.maxAttempts}` : 'from cache';
    this.step(`${status.status} (${attempt})`);
    if (status.status === 'queued' || status.status === 'processing')
      this.say(`${status.status}, ${attempt}…`);
  }

  completed(status: JobStatus): void {
    this.say(`Completed in ${seconds(status.createdAt, status.completedAt ?? status.createdAt)}.`);
  }

  failed(status: JobStatus): void {
    const code = status.errorCode ? ` (${status.errorCode})` : '';
    this.say(
      `Failed after ${status.attempts} attempt${status.attempts === 1 ? '' : 's'}: ${status.error ?? 'unknown error'}${code}`,
    );
    this.step('failed');
  }

  /** Shows the artifact inline (image, PDF or video) and the result record. */
  showResult(record: ResultRecord, artifact: ResultBytes, targetUrl: string): void {
    const blob = new Blob([artifact.bytes as Uint8Array<ArrayBuffer>], { type: artifact.contentType });
    const url = URL.createObjectURL(blob);
    this.blobUrls.push(url);
    const name = `${record.jobId}.${EXTENSIONS[artifact.contentType] ?? 'bin'}`;
    const download = el('a', { href: url, download: name }, `Download ${name}`);
    const size = `${formatCount(artifact.bytes.length)} bytes (${formatBytes(artifact.bytes.length)})`;
    const caption = el(
      'figcaption',
      { id: 'result-caption' },
      `${artifact.contentType}, ${size}. `,
      download,
    );
    const figure = el('figure', { 'data-content-type': artifact.contentType });
    if (artifact.contentType.startsWith('image/')) {
      const img = el('img', { id: 'result-image', src: url, alt: `Capture of ${targetUrl}` });
      img.addEventListener('load', () => {
        caption.prepend(`${img.naturalWidth} × ${img.naturalHeight} px, `);
      });
      figure.append(el('div', { class: 'frame' }, img));
    } else if (artifact.contentType === 'application/pdf') {
      const fallback = el(
        'p',
        { class: 'fallback' },
        'This browser shows no PDF inline: ',
        download.cloneNode(true),
      );
      figure.append(
        el(
          'object',
          { id: 'result-pdf', data: url, type: 'application/pdf', 'aria-label': `PDF of ${targetUrl}` },
          fallback,
        ),
      );
    } else if (artifact.contentType.startsWith('video/')) {
      const video = el('video', {
        id: 'result-video',
        src: url,
        controls: true,
        muted: true,
        playsinline: true,
        preload: 'metadata',
      });
      video.addEventListener('loadedmetadata', () => {
        caption.prepend(`${video.videoWidth} × ${video.videoHeight} px, ${video.duration.toFixed(1)} s, `);
      });
      figure.append(video);
    }
    figure.append(caption);
    this.result.replaceChildren(figure);
    this.record.textContent = JSON.stringify(record, null, 2);
    this.recordBox.hidden = false;
  }

  /**
   * What the element locator made of a `description` (the `ai*` metadata): the element cropped to,
   * or why the full page came back, and its candidates, each with a button that captures that
   * element by its selector (`pick`). Nothing for a capture without a description.
   */
  showLocator(metadata: CaptureMetadata, pick: (selector: string) => void): void {
    if (!('aiSelectorUsed' in metadata)) return;
    const used = metadata.aiSelectorUsed ?? null;
    const confidence = (metadata.aiConfidence ?? 0).toFixed(2);
    const candidates = metadata.aiCandidates ?? [];
    const lead = candidates.length > 0 ? ' The likeliest elements:' : '';
    const summary = used
      ? el('p', {}, 'Cropped to ', el('code', {}, used), ` (confidence ${confidence}).${lead}`)
      : el(
          'p',
          {},
          `Not sure enough to crop (confidence ${confidence}; ${CROP_AT.toFixed(2)} crops): the full page came back.${lead}`,
        );
    const items = candidates.map((c, i) => {
      const button = el(
        'button',
        { type: 'button', class: 'secondary', 'data-selector': c.selector },
        'Capture this element',
      );
      button.addEventListener('click', () => pick(c.selector));
      return el(
        'li',
        {},
        el('code', {}, c.selector),
        ` fit ${c.score.toFixed(2)}${i === 0 ? ' (best guess)' : ''} `,
        button,
      );
    });
    this.locator.replaceChildren(el('h3', {}, 'Element by description'), summary);
    if (metadata.aiError) this.locator.append(el('p', { class: 'hint' }, metadata.aiError));
    if (items.length > 0) this.locator.append(el('ol', { class: 'candidates' }, ...items));
    this.locator.hidden = false;
  }

  /** Lists the job's webhook deliveries; `redeliver` is offered when the job had a webhook. */
  showWebhooks(list: WebhookDeliveries, redeliver: (() => void) | null): void {
    this.hooks.hidden = false;
    const items = list.deliveries.map((d) => {
      const last = d.attemptsLog[d.attemptsLog.length - 1];
      const answer = last
        ? last.httpStatus !== undefined
          ? `HTTP ${last.httpStatus}`
          : (last.error ?? '')
        : 'not tried yet';
      return el(
        'li',
        { 'data-state': d.state },
        el('strong', {}, d.state),
        ` ${d.event} to `,
        el('code', {}, d.url),
        `: ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}, last ${answer}. `,
        el('span', { class: 'hint' }, 'webhook-id ', el('code', {}, d.id)),
      );
    });
    this.hooks.replaceChildren(
      el('h3', {}, 'Webhook deliveries'),
      items.length > 0
        ? el('ul', {}, ...items)
        : el('p', { class: 'hint' }, 'None: this job has no webhookUrl (see Delivery).'),
    );
    if (redeliver) {
      const button = el(
        'button',
        { type: 'button', id: 'redeliver', class: 'secondary' },
        'Redeliver the webhook',
      );
      button.addEventListener('click', redeliver);
      this.hooks.append(button);
    }
  }
}
