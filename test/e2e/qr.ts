import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** Reads a QR code as a phone camera would: from a screenshot of the element, not from its source. */
export async function decodeQr(image: Locator): Promise<string> {
  const png = PNG.sync.read(await image.screenshot());
  const code = jsQR(
    new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    png.width,
    png.height,
  );
  if (!code) throw new Error('no QR code could be read from the screenshot');
  return code.data;
}
