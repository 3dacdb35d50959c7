import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { directScreenshot } from './cdp-shot.js';
import type { Clip } from './page-capture.js';

// libvips' operation cache (50 MB by default) keeps results for reuse: every image here is new, so it
// only holds memory. Off, for the whole process.
sharp.cache(false);

/**
 * Chromium's largest texture side in device pixels: one screenshot cannot be taller. A region
 * taller than this is captured in slices and joined.
 */
export const MAX_TEXTURE_PX = 16_384;

/** The largest image side each format can encode, in pixels. */
export const FORMAT_MAX_SIDE_PX = { png: 2 ** 31 - 1, jpeg: 65_535, webp: 16_383 } as const;

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
  const joined = sharp(slices, { join: { across: 1 } })
    // libvips pads every cell to the largest slice: cut the padding of the last one off.
    .extract({ left: 0, top: 0, width, height: heights.reduce((sum, h) => sum + h, 0) });
  return encode(joined, request).toBuffer();
}

async function screenshotOnce(page: Page, request: ImageRequest, clip: Clip | null): Promise<Buffer> {
  if (!request.stillAnimations) {
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

function encode(image: Sharp, request: ImageRequest): Sharp {
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
