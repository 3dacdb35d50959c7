import sharp from 'sharp';

/** An image decoded by libvips (sharp): its size and its RGB(A) samples. */
export interface DecodedImage {
  width: number;
  height: number;
  channels: number;
  /** RGB(A) of the pixel at (x, y). */
  at(x: number, y: number): number[];
}

/** Decodes png, jpeg or webp bytes (a real decode, not a header read). */
export async function decodePixels(bytes: Buffer): Promise<DecodedImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: false })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    channels: info.channels,
    at(x, y) {
      const i = (y * info.width + x) * info.channels;
      return Array.from(data.subarray(i, i + info.channels));
    },
  };
}

/** True when every RGB channel of `actual` is within `tolerance` of `expected`. */
export function close(actual: number[], expected: readonly number[], tolerance = 6): boolean {
  return expected.every((v, i) => Math.abs((actual[i] ?? -999) - v) <= tolerance);
}
