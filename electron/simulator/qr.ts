import QRCode from 'qrcode';

/** QR images of LPA strings, made once per string: eSIM lists may show a hundred at a time. */
const cache = new Map<string, Promise<Buffer>>();
const CACHE_MAX = 2000;

export function qrPng(text: string): Promise<Buffer> {
  let png = cache.get(text);
  if (!png) {
    png = QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 300 });
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(text, png);
  }
  return png;
}

/** A base64 PNG data URL, as the API's `qrCodeUrl` is. */
export async function qrDataUrl(text: string): Promise<string> {
  return `data:image/png;base64,${(await qrPng(text)).toString('base64')}`;
}
