import QRCode from 'qrcode';
import { type Html, html, trusted } from './html';

/**
 * QR codes drawn as inline SVG from the module matrix, so they stay crisp at any printer resolution
 * and need no image decoding or network. Each module is a whole number of thermal-printer dots:
 * most receipt printers print 203 dpi (8 dots per mm), and a module that straddles dots prints
 * some modules a dot wider than others, which is what makes cheap thermal QR codes hard to scan.
 */
const DOT_MM = 0.125;
/** The quiet zone the QR specification requires around the symbol, in modules. */
const QUIET_MODULES = 4;

export interface QrSize {
  /** The width aimed for, quiet zone included; the result is at most this unless minModuleMm forces more. */
  readonly targetMm: number;
  /** Below this a module is too small to scan reliably on thermal paper. */
  readonly minModuleMm: number;
  readonly errorCorrection: 'L' | 'M';
}

export interface QrSvg {
  readonly svg: Html;
  readonly sizeMm: number;
  readonly moduleMm: number;
  readonly modules: number;
}

export function qrSvg(text: string, size: QrSize, label: string): QrSvg {
  const code = QRCode.create(text, { errorCorrectionLevel: size.errorCorrection });
  const count = code.modules.size;
  const modules = count + 2 * QUIET_MODULES;
  const dots = Math.max(
    Math.floor(size.targetMm / modules / DOT_MM),
    Math.ceil(size.minModuleMm / DOT_MM - 1e-9),
  );
  const moduleMm = dots * DOT_MM;
  const sizeMm = moduleMm * modules;
  let path = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!code.modules.get(row, col)) continue;
      // Runs of dark modules on a row become one rectangle: a far smaller document than one per module.
      let run = 1;
      while (col + run < count && code.modules.get(row, col + run)) run++;
      path += `M${col + QUIET_MODULES} ${row + QUIET_MODULES}h${run}v1h-${run}z`;
      col += run - 1;
    }
  }
  const svg = html`<svg class="qr" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${label}" viewBox="0 0 ${modules} ${modules}" width="${sizeMm}mm" height="${sizeMm}mm" shape-rendering="crispEdges"><rect width="${modules}" height="${modules}" fill="#fff"/>${trusted(`<path fill="#000" d="${path}"/>`)}</svg>`;
  return { svg, sizeMm, moduleMm, modules };
}
