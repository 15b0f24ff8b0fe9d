import type { ServerResponse } from 'node:http';
import { qrPng } from './qr';
import { lpaOf } from './records';
import type { Sim } from './sim';

/**
 * Serves QR images at `/media/qr/<token>.png`: the address the eSIM list gives as `qr_code`. Like a
 * provider's CDN it needs no signature; the token is unguessable and names one eSIM.
 */
export async function serveMedia(sim: Sim, res: ServerResponse, url: URL): Promise<void> {
  const match = /^\/media\/qr\/([a-z0-9]+)\.png$/.exec(url.pathname);
  const row = match
    ? (sim.db.prepare('SELECT smdp_address, activation_code FROM esims WHERE qr_token = ?').get(match[1]) as
        | { smdp_address: string; activation_code: string }
        | undefined)
    : undefined;
  if (!row) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
    return;
  }
  const png = await qrPng(lpaOf(row));
  res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' });
  res.end(png);
}

export function qrImageUrl(sim: Sim, token: string): string {
  return `${sim.origin}/media/qr/${token}.png`;
}
