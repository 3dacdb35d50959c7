import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { AppError } from '../../../domain/errors.js';
import { evaluateIsolated } from '../browser/isolated-world.js';
import { directScreenshot } from './cdp-shot.js';
import type { Clip } from './page-capture.js';
import { childFrames, fromFrame } from './selectors.js';

// libvips' operation cache (50 MB by default) keeps results for reuse: every image here is new, so it
// only holds memory. Off, for the whole process.
sharp.cache(false);

/**
 * Chromium's largest texture side in device pixels: one screenshot cannot be taller. A region
 * taller than this is captured in slices and joined.
 */
export const MAX_TEXTURE_PX = 16_384;

/**
 * The largest image side each format's encoder writes, in pixels, as measured with sharp: libwebp
 * 16,383; libjpeg (mozjpeg, in libvips) 65,500 — not the 65,535 that JPEG's header could hold
 * ("VipsJpeg: Maximum supported image dimension is 65500 pixels"); libpng far past any region the
 * service captures (8×1,000,000 px encodes).
 */
export const FORMAT_MAX_SIDE_PX = { png: 2 ** 31 - 1, jpeg: 65_500, webp: 16_383 } as const;

export type ImageType = keyof typeof FORMAT_MAX_SIDE_PX;

/**
 * Sets the image libraries up for a long-running service. libvips: no operation cache (it would
 * keep decoded slices of past captures in memory). Playwright: `page.screenshot` does not wait for
 * `document.fonts.ready` with no bound of its own — a web font whose request hangs held such a
 * shot until the capture's deadline; the capture waits for fonts itself, within ASSETS_BUDGET_MS
 * (`readiness.fontsMs`). Called by the capturer's factory.
 */
export function configureScreenshots(): void {
  sharp.cache(false);
  process.env['PW_TEST_SCREENSHOT_NO_FONTS_READY'] = '1';
}

/** What to capture and how to encode it. */
export interface ImageRequest {
  type: ImageType;
  /** JPEG/WebP quality, 1–100. */
  quality: number;
  /** A region of the document in CSS px, or null for the viewport. */
  clip: Clip | null;
  /** Device pixels per CSS pixel of the page (its deviceScaleFactor). */
  scale: number;
  /** PNG/WebP with a transparent background where the page has none. */
  omitBackground: boolean;
  /** Animations finished (infinite ones at their start) for the shot. */
  stillAnimations: boolean;
  /** The context emulates touch. */
  hasTouch: boolean;
  /** The context emulates a mobile device. */
  mobile: boolean;
  /** Per-screenshot timeout of Playwright's path, ms (the capture deadline bounds both). */
  timeoutMs: number;
}

/**
 * An image of the viewport or of a document region. A region that fits one texture is one
 * screenshot encoded by Chromium: straight through DevTools ({@link directScreenshot}), or through
 * Playwright's `page.screenshot` when animations are to be stilled (its own way of doing it). A taller one is captured in
 * slices of at most {@link MAX_TEXTURE_PX} device px, each with `captureBeyondViewport` — the
 * layout viewport does not change, so fixed and sticky elements paint once at their place at the
 * top and `100vh` keeps the viewport's height — as lossless PNG, then joined and encoded once by
 * sharp (libvips, which streams the join instead of holding every slice decoded).
 */
export async function captureImage(page: Page, request: ImageRequest): Promise<Buffer> {
  const { clip, scale } = request;
  if (!clip || clip.height * scale <= MAX_TEXTURE_PX) return screenshotOnce(page, request, clip);
  const sliceCss = Math.floor(MAX_TEXTURE_PX / scale);
  const slices: Buffer[] = [];
  for (let y = clip.y; y < clip.y + clip.height; y += sliceCss) {
    const height = Math.min(sliceCss, clip.y + clip.height - y);
    slices.push(await screenshotOnce(page, { ...request, type: 'png' }, { ...clip, y, height }));
  }
  const width = Math.round(clip.width * scale);
  const heights = await Promise.all(slices.map(async (s) => (await sharp(s).metadata()).height));
  // libvips pads every cell to the largest slice: cut the padding of the last one off. At a
  // fractional scale the slices' rounded heights may add up to a pixel more than the region's:
  // the image is the region × scale (65,499 px, not 65,500, for 24,952 CSS px at 2.625), and never
  // taller than the format can hold.
  const height = Math.min(
    heights.reduce((sum, h) => sum + h, 0),
    Math.round(clip.height * scale),
    FORMAT_MAX_SIDE_PX[request.type],
  );
  const joined = sharp(slices, { join: { across: 1 } }).extract({ left: 0, top: 0, width, height });
  return encodeImage(joined, request);
}

/** libvips' answers for an image too large for the format or for its decoder: the same next time. */
const TOO_LARGE = /Maximum supported image dimension|too large for the WebP format|exceeds pixel limit/i;

/**
 * `image` encoded as the request's type. An image too large for the encoder fails the capture
 * with `CAPTURE_FAILED`, not retried (another attempt would meet the same limit); the region is cut
 * before it gets here (shoot.ts), so this is the last guard.
 */
export async function encodeImage(
  image: Sharp,
  request: Pick<ImageRequest, 'type' | 'quality'>,
): Promise<Buffer> {
  try {
    return await encode(image, request).toBuffer();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (!TOO_LARGE.test(message)) throw err;
    throw new AppError(
      'CAPTURE_FAILED',
      `The image is too large for ${request.type} (${message.split('\n')[0] ?? message}): capture a smaller region, or as png`,
      { retryable: false, cause: err },
    );
  }
}

/**
 * One screenshot. Stilled animations are Playwright's (`animations: 'disabled'`), except for a
 * mobile page's viewport: Playwright cuts its zoomed-out visual viewport to whole CSS px, an image
 * 1–2 px short of viewport × scale (see cdp-shot.ts); that one is stilled as Playwright stills it
 * ({@link stillAnimations}) and shot directly.
 */
async function screenshotOnce(page: Page, request: ImageRequest, clip: Clip | null): Promise<Buffer> {
  const stillHere = request.stillAnimations && request.mobile && clip === null;
  if (!request.stillAnimations || stillHere) {
    if (stillHere) await stillAnimations(page);
    const direct = await directScreenshot(page, {
      type: request.type,
      quality: request.quality,
      clip,
      omitBackground: request.omitBackground,
      hasTouch: request.hasTouch,
      mobile: request.mobile,
    });
    if (direct) return direct;
  }
  return page.screenshot({
    type: request.type,
    ...(request.type === 'png' ? {} : { quality: request.quality }),
    ...(clip ? { clip, fullPage: true } : {}),
    omitBackground: request.omitBackground && request.type !== 'jpeg',
    ...(request.stillAnimations ? { animations: 'disabled' as const } : {}),
    timeout: request.timeoutMs,
  });
}

/**
 * Playwright's `animations: 'disabled'`, kept: in every frame, its document and open shadow roots,
 * finite animations and transitions jump to their end and infinite ones are cancelled (back to
 * their start). An embedded frame that does not answer in time is left as it is (selectors.ts).
 */
async function stillAnimations(page: Page): Promise<void> {
  const still = (): void => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++) {
      for (const el of Array.from(roots[i]?.querySelectorAll('*') ?? [])) {
        if (el.shadowRoot) roots.push(el.shadowRoot);
      }
    }
    for (const root of roots) {
      for (const animation of root.getAnimations()) {
        if (!animation.effect || animation.playbackRate === 0) continue;
        try {
          if (Number.isFinite(animation.effect.getComputedTiming().endTime)) animation.finish();
          else animation.cancel();
        } catch {
          // an animation that cannot finish (a zero playback rate meanwhile) is left as it is
        }
      }
    }
  };
  await evaluateIsolated(page, still);
  await Promise.all(childFrames(page).map((frame) => fromFrame(evaluateIsolated(frame, still), undefined)));
}

function encode(image: Sharp, request: Pick<ImageRequest, 'type' | 'quality'>): Sharp {
  switch (request.type) {
    case 'png':
      // Level 4 without adaptive filtering: within a few % of the size of level 9, several times faster.
      return image.png({ compressionLevel: 4, adaptiveFiltering: false });
    case 'jpeg':
      return image.jpeg({ quality: request.quality });
    case 'webp':
      return image.webp({ quality: request.quality });
    default: {
      const never: never = request.type;
      return never;
    }
  }
}
