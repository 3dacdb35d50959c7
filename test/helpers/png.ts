import { inflateSync } from 'node:zlib';

/** A decoded 8-bit PNG: RGBA pixels, row by row. */
export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  rgba: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Decodes the PNGs Chromium writes (8-bit truecolour, with or without alpha, not interlaced):
 * every pixel, not just the header, so that tests can look at what the capture shows.
 */
export function decodePng(bytes: Buffer): Pixels {
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colour, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) {
        throw new Error(`unsupported PNG (depth ${depth}, colour type ${colour}, interlace ${interlace})`);
      }
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      idat.push(data);
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const a = x >= channels ? (out[y * stride + x - channels] ?? 0) : 0;
      const b = y > 0 ? (out[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (out[(y - 1) * stride + x - channels] ?? 0) : 0;
      const v = line[x] ?? 0;
      const predictor =
        filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : paeth(a, b, c);
      out[y * stride + x] = (v + predictor) & 0xff;
    }
  }
  if (channels === 4) return { width, height, rgba: out };
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    rgba.set(out.subarray(i * 3, i * 3 + 3), i * 4);
    rgba[i * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

/** RGB of the pixel at (x, y). */
export function pixelAt(pixels: Pixels, x: number, y: number): [number, number, number] {
  const i = (y * pixels.width + x) * 4;
  return [pixels.rgba[i] ?? -1, pixels.rgba[i + 1] ?? -1, pixels.rgba[i + 2] ?? -1];
}

/** How many pixels are within `tolerance` of `rgb` on every channel. */
export function countColour(pixels: Pixels, rgb: [number, number, number], tolerance = 16): number {
  let count = 0;
  for (let i = 0; i < pixels.rgba.length; i += 4) {
    if (
      Math.abs((pixels.rgba[i] ?? 0) - rgb[0]) <= tolerance &&
      Math.abs((pixels.rgba[i + 1] ?? 0) - rgb[1]) <= tolerance &&
      Math.abs((pixels.rgba[i + 2] ?? 0) - rgb[2]) <= tolerance
    ) {
      count += 1;
    }
  }
  return count;
}

/** True when `actual` is within `tolerance` of `expected` on every channel. */
export function near(
  actual: [number, number, number],
  expected: [number, number, number],
  tolerance = 16,
): boolean {
  return expected.every((v, i) => Math.abs((actual[i] ?? -999) - v) <= tolerance);
}

/** Pixels of the rectangle [x0, x1) × [y0, y1) that are not within `tolerance` of `rgb`. */
export function countOtherThan(
  pixels: Pixels,
  rgb: [number, number, number],
  [x0, y0, x1, y1]: [number, number, number, number],
  tolerance = 4,
): number {
  let count = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) if (!near(pixelAt(pixels, x, y), rgb, tolerance)) count += 1;
  }
  return count;
}
