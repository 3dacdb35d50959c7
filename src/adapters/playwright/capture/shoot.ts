import { imageSize } from 'image-size';
import type { BrowserContext, Page } from 'playwright-core';
import type { CaptureMetadata } from '../../../domain/capture-metadata.js';
import type { ImageFormat } from '../../../domain/capture-request.js';
import { DEFAULT_QUALITY } from '../../../domain/capture-request.js';
import type { CaptureSpec } from '../../../domain/capture-spec.js';
import { AppError } from '../../../domain/errors.js';
import type { Clip, NetworkTracker } from './page-capture.js';
import { documentHeight, elementClip, pdfOfImage, printPaginated, printPdf } from './page-capture.js';
import type { CapturePhase } from './phases.js';
import type { Readiness } from './readiness.js';
import { awaitAssets, isBlankImage, loadLazyContent, pageHasContent } from './readiness.js';
import { unrollScrollContainer } from './scroll-container.js';
import { placePinnedLayers } from './pinned-layers.js';
import type { PinnedLayers } from './pinned-layers.js';
import type { ImageType } from './slices.js';
import { captureImage, FORMAT_MAX_SIDE_PX } from './slices.js';

/** What part of the page a capture shows, once `element` and `description` are resolved. */
export type Target =
  | { kind: 'viewport' }
  | { kind: 'fullPage' }
  | { kind: 'element'; selector: string }
  | { kind: 'clip'; clip: Clip };

/** Time budget of the scroll through a full page (lazy content), in ms. */
export const SCROLL_BUDGET_MS = 10_000;
/**
 * Most pixels in one image: the limit of libvips' (sharp's) decoder, which joins the slices of a
 * tall region (0x3FFF² ≈ 268 million). A taller region is cut, and says so (`truncated`).
 */
const MAX_IMAGE_PIXELS = 0x3fff * 0x3fff;
/** Pause before retaking a shot that came out blank (a page still painting itself in), ms. */
const BLANK_RETAKE_DELAY_MS = 500;
/** Per-operation timeout of screenshots, in ms (the capture deadline bounds them too). */
const SCREENSHOT_TIMEOUT_MS = 60_000;

/** What shooting needs besides the page. */
export interface ShootOptions {
  /** Height cap of full pages and elements, CSS px (MAX_FULL_PAGE_HEIGHT_PX). */
  maxFullPageHeightPx: number;
  /** Full pages: bottom bars and fixed backdrop layers placed as a reader sees them (FULL_PAGE_PLACE_FIXED). */
  placeFixedElements: boolean;
  /** How long `element` may take to appear, ms. */
  elementWaitMs: number;
  /** The page's requests, for the optimistic shot and the quiet waits. */
  network: NetworkTracker;
  /** Waits for the page's network to go quiet. */
  settle: () => Promise<void>;
  /** Waits for the page's content requests (not images, media, fonts) to go quiet. */
  settleContent: () => Promise<void>;
  /** Bound of the wait for web fonts and image decoding, ms. */
  assetsBudgetMs: number;
  /** Bound of the wait after each step of a full page's scroll-through, ms. */
  scrollStepMaxWaitMs: number;
  /** Told when each phase starts. */
  onPhase: (phase: CapturePhase) => void;
}

/** The shot's bytes, pixel size (images) and what it reports. */
export interface Shot {
  bytes: Buffer;
  size: { width: number; height: number } | null;
  metadata: Pick<CaptureMetadata, 'truncated' | 'fullHeightPx' | 'readiness'>;
}

/**
 * The tallest region the format can hold, in CSS px: its image (CSS px × scale) stays within the
 * format's encoder ({@link FORMAT_MAX_SIDE_PX}: webp 16,383 px, jpeg 65,500 px).
 */
function heightCapPx(format: ImageFormat, scale: number, maxFullPageHeightPx: number): number {
  const formatCap = format === 'pdf' ? Infinity : Math.floor(FORMAT_MAX_SIDE_PX[format] / scale);
  return Math.min(maxFullPageHeightPx, formatCap);
}

/**
 * The tallest region `widthCss` wide whose image stays within MAX_IMAGE_PIXELS, in CSS px: about
 * 52,000 px of a 1280 px page at scale 2. Infinity for a full page printed as a PDF (not an image).
 */
function pixelCapPx(widthCss: number, scale: number, printed: boolean): number {
  return printed ? Infinity : Math.floor(MAX_IMAGE_PIXELS / (Math.max(1, widthCss) * scale * scale));
}

/** The region of the document to capture (null: the viewport), cut at the format's cap. */
async function regionOf(
  page: Page,
  spec: CaptureSpec,
  target: Target,
  format: ImageFormat,
  options: ShootOptions,
): Promise<{
  clip: Clip | null;
  metadata: Shot['metadata'];
  lazyScrolls: number;
  scrollContainerPx?: number;
  pinned?: PinnedLayers;
}> {
  const scale = spec.deviceScaleFactor;
  const printed = format === 'pdf' && target.kind === 'fullPage';
  const capPx = Math.min(
    heightCapPx(format, scale, options.maxFullPageHeightPx),
    pixelCapPx(spec.viewport.width, scale, printed),
  );
  let clip: Clip;
  let lazyScrolls = 0;
  let scrollContainerPx: number | undefined;
  let pinned: PinnedLayers | undefined;
  switch (target.kind) {
    case 'viewport':
      return { clip: null, metadata: {}, lazyScrolls };
    case 'element':
      options.onPhase('element');
      clip = await elementClip(page, target.selector, options.elementWaitMs);
      break;
    case 'clip':
      clip = target.clip;
      break;
    case 'fullPage': {
      options.onPhase('scroll');
      const unrolled = await unrollScrollContainer(page, capPx);
      if (unrolled.grownPx > 0) scrollContainerPx = unrolled.grownPx;
      lazyScrolls = await loadLazyContent(
        page,
        options.network,
        capPx,
        SCROLL_BUDGET_MS,
        options.scrollStepMaxWaitMs,
      );
      options.onPhase('settle');
      await options.settle();
      // A printed page places them at its foot itself.
      if (!printed) pinned = await placePinnedLayers(page, capPx, options.placeFixedElements);
      clip = { x: 0, y: 0, width: spec.viewport.width, height: await documentHeight(page) };
      // Cut while unrolling: the container's rest would have made the page taller still.
      if (unrolled.cutPx > 0) clip.height = Math.max(clip.height, capPx + unrolled.cutPx);
      break;
    }
    default: {
      const never: never = target;
      return never;
    }
  }
  // What a full page's preparation did: the scroll container it unrolled, the layers it placed.
  const prepared = {
    ...(scrollContainerPx === undefined ? {} : { scrollContainerPx }),
    ...(pinned ? { pinned } : {}),
  };
  const cutPx = Math.min(capPx, pixelCapPx(clip.width, scale, printed));
  if (clip.height <= cutPx) return { clip, metadata: { truncated: false }, lazyScrolls, ...prepared };
  return {
    clip: { ...clip, height: cutPx },
    metadata: { truncated: true, fullHeightPx: clip.height },
    lazyScrolls,
    ...prepared,
  };
}

/**
 * The bytes of the spec's format showing `target`, once the page is ready: web fonts loaded and
 * the images of the captured area decoded (bounded), a full page scrolled through for its lazy
 * content. Optimistic: a page with nothing in flight is shot at once and the shot kept when no
 * request started meanwhile; otherwise the network is left to go quiet and the shot taken again.
 * A shot that comes out one flat colour although the page has content is retaken once.
 * A PDF is a single page as wide as the viewport in screen styles: of the viewport's height, of
 * the page's height (capped) for a full page, or the cropped element as an image.
 */
export async function shoot(
  context: BrowserContext,
  page: Page,
  spec: CaptureSpec,
  target: Target,
  options: ShootOptions,
): Promise<Shot> {
  const format: ImageFormat = spec.format === 'mp4' ? 'png' : spec.format;
  const { clip, metadata, lazyScrolls, scrollContainerPx, pinned } = await regionOf(
    page,
    spec,
    target,
    format,
    options,
  );
  const readiness: Readiness = {
    fontsMs: 0,
    imagesPending: 0,
    lazyScrolls,
    retakes: 0,
    ...(scrollContainerPx === undefined ? {} : { scrollContainerPx }),
    ...(pinned && pinned.bottomBarsMoved > 0 ? { bottomBarsMoved: pinned.bottomBarsMoved } : {}),
    ...(pinned && pinned.fixedBackdrops > 0 ? { fixedBackdrops: pinned.fixedBackdrops } : {}),
  };
  const take = async (type: ImageType): Promise<Buffer> => {
    options.onPhase('assets');
    Object.assign(readiness, await awaitAssets(page, clip, options.assetsBudgetMs));
    options.onPhase('shoot');
    return captureImage(page, {
      type,
      quality: spec.quality ?? DEFAULT_QUALITY,
      clip,
      scale: spec.deviceScaleFactor,
      omitBackground: spec.omitBackground,
      stillAnimations: spec.disableAnimations,
      hasTouch: spec.hasTouch,
      mobile: spec.isMobile,
      timeoutMs: SCREENSHOT_TIMEOUT_MS,
    });
  };
  const done = (bytes: Buffer, size: Shot['size']): Shot => ({
    bytes,
    size,
    metadata: { ...metadata, readiness },
  });
  if (format === 'pdf') {
    if (spec.pdf !== null) {
      options.onPhase('assets');
      Object.assign(readiness, await awaitAssets(page, null, options.assetsBudgetMs));
      options.onPhase('pdf');
      return done(await printPaginated(page, spec.pdf), null);
    }
    if ((target.kind === 'element' || target.kind === 'clip') && clip) {
      const png = await take('png');
      options.onPhase('pdf');
      return done(await pdfOfImage(context, png, clip.width, clip.height), null);
    }
    options.onPhase('assets');
    Object.assign(readiness, await awaitAssets(page, clip, options.assetsBudgetMs));
    options.onPhase('pdf');
    return done(await printPdf(page, spec.viewport.width, clip ? clip.height : spec.viewport.height), null);
  }
  let bytes = await shootSettled(options, () => take(format));
  let size = readSize(bytes);
  if ((await isBlankImage(bytes, size.width, size.height)) && (await pageHasContent(page))) {
    options.onPhase('settle');
    await options.settle();
    await new Promise((resolve) => setTimeout(resolve, BLANK_RETAKE_DELAY_MS));
    bytes = await take(format);
    size = readSize(bytes);
    readiness.retakes += 1;
  }
  return done(bytes, size);
}

/** Pixel size read from the encoded image; unreadable bytes are a failed capture. */
function readSize(bytes: Buffer): { width: number; height: number } {
  try {
    const { width, height } = imageSize(bytes);
    return { width, height };
  } catch (err) {
    throw new AppError(
      'CAPTURE_FAILED',
      `Chromium returned ${bytes.length} bytes that are not a readable image`,
      {
        cause: err,
      },
    );
  }
}

/**
 * Shoots at once when no content request (script, style, XHR, document …: not images, media or
 * fonts, which the readiness checks cover) is in flight, and keeps the shot when none started
 * meanwhile; else lets them settle first.
 */
async function shootSettled(options: ShootOptions, take: () => Promise<Buffer>): Promise<Buffer> {
  const { network } = options;
  const mark = network.mark('content');
  if (network.settledSince(mark, 'content')) {
    const bytes = await take();
    if (network.settledSince(mark, 'content')) return bytes;
  }
  options.onPhase('settle');
  await options.settleContent();
  return take();
}
