import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeImage, FORMAT_MAX_SIDE_PX } from '../../../src/adapters/playwright/capture/slices.js';

// The encoders' real limits (sharp, libvips): what the region of a tall capture is cut to.

const image = (height: number) =>
  sharp({ create: { width: 8, height, channels: 3, background: { r: 0, g: 120, b: 0 } } });

describe('encodeImage', () => {
  it.each([
    ['jpeg', 65_500],
    ['webp', 16_383],
  ] as const)('encodes %s up to its encoder’s limit of %i px', async (type, height) => {
    expect(FORMAT_MAX_SIDE_PX[type]).toBe(height);
    const bytes = await encodeImage(image(height), { type, quality: 80 });
    expect((await sharp(bytes).metadata()).height).toBe(height);
  });

  it.each([
    ['jpeg', 65_501],
    ['webp', 16_384],
  ] as const)(
    'refuses a %s image of %i px as CAPTURE_FAILED, not retried: another attempt meets the same limit',
    async (type, height) => {
      // Before, libvips' error went out as a retryable CAPTURE_FAILED, and the job failed three times.
      const err = (await encodeImage(image(height), { type, quality: 80 }).catch(
        (e: unknown) => e,
      )) as Record<string, unknown>;
      expect(err).toMatchObject({ name: 'AppError', code: 'CAPTURE_FAILED', retryable: false });
      expect(String(err['message'])).toMatch(new RegExp(`too large for ${type}`));
    },
  );
});
