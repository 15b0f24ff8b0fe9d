import type { Language } from '../../../shared/domain/common';
import type { QrSize } from './qr-svg';
import type { PaperWidthMm } from './receipt-context';

/**
 * Paper geometry. A 58 mm roll prints about 48 mm and an 80 mm roll about 72 mm: the page is the
 * full roll width with no page margin (Electron otherwise adds A4-style margins), and the body keeps
 * its content inside the printable band.
 */
export interface PaperLayout {
  readonly widthMm: PaperWidthMm;
  readonly sideMarginMm: number;
  readonly fontPt: number;
  /**
   * The installation QR: big enough for any phone camera at arm's length on thermal paper, with
   * level M error correction (15 % of the symbol restored) against smudges and folds.
   */
  readonly mainQr: QrSize;
}

const LAYOUTS: Readonly<Record<PaperWidthMm, PaperLayout>> = {
  58: {
    widthMm: 58,
    sideMarginMm: 5,
    fontPt: 8,
    mainQr: { targetMm: 30, minModuleMm: 0.625, errorCorrection: 'M' },
  },
  80: {
    widthMm: 80,
    sideMarginMm: 4,
    fontPt: 10,
    mainQr: { targetMm: 50, minModuleMm: 0.75, errorCorrection: 'M' },
  },
};

export function paperLayout(widthMm: PaperWidthMm): PaperLayout {
  return LAYOUTS[widthMm];
}

// System fonts only: a receipt never fetches anything. Tahoma, Segoe UI and Geeza Pro carry Arabic
// on Windows and macOS; Noto and DejaVu on Linux.
const LATIN_FONTS = `'Segoe UI', 'Helvetica Neue', Arial, 'Noto Sans', 'DejaVu Sans', sans-serif`;
const ARABIC_FONTS = `'Noto Sans Arabic', 'Noto Naskh Arabic', Tahoma, 'Segoe UI', 'Geeza Pro', 'DejaVu Sans', sans-serif`;
// Codes are read character by character into a phone: a monospace face keeps 0/O and 1/l apart.
const CODE_FONTS = `'DejaVu Sans Mono', Consolas, Menlo, 'Liberation Mono', monospace`;

export function receiptCss(layout: PaperLayout, language: Language): string {
  const fonts = language === 'ar' ? ARABIC_FONTS : LATIN_FONTS;
  return `
@page { margin: 0; }
* { box-sizing: border-box; }
html { width: ${layout.widthMm}mm; margin: 0; background: #fff; color: #000;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; padding: 3mm ${layout.sideMarginMm}mm 8mm; font: ${layout.fontPt}pt/1.15 ${fonts}; }
h1, h2, h3, p, ol, dl, dd { margin: 0; }
.shop { text-align: center; margin-bottom: 1mm; text-wrap: balance; }
.shop-name { font-size: 1.35em; font-weight: 700; line-height: 1.15; }
.shop-line { font-size: 0.95em; }
.mark { border: 0.6mm solid #000; text-align: center; font-weight: 800; font-size: 1.45em;
  padding: 0.8mm 1mm; margin: 1.5mm 0; }
.mark-note { text-align: center; font-weight: 700; margin-bottom: 1.5mm; }
.title { text-align: center; font-size: 1.15em; font-weight: 700; margin: 1mm 0; }
.rows > div { display: flex; justify-content: space-between; align-items: baseline; column-gap: 2mm; }
.rows dt { font-weight: 400; flex: none; max-width: 45%; }
.rows dd { text-align: end; font-weight: 700; overflow-wrap: anywhere; }
.rows .total dd { font-size: 1.25em; }
hr { border: 0; border-top: 0.3mm solid #000; margin: 1.2mm 0; }
hr.cut { border-top-style: dashed; margin: 1.5mm 0; }
.esim { break-inside: avoid; }
.esim-head { text-align: center; font-weight: 700; font-size: 1.1em; }
.scan { text-align: center; font-weight: 700; }
.qr { display: block; margin: 0 auto; }
.field { margin-top: 1mm; }
.field-label { font-size: 0.9em; }
.manual { font-weight: 700; }
/* About 28 characters a line on 58 mm paper, enough for most SM-DP+ host names; longer codes break
   at the paper's edge, not at a hyphen, so a wrapped line never looks like the code's own end. */
.code { font-family: ${CODE_FONTS}; font-weight: 700; word-break: break-all; }
/* A code reads left to right but lines up with its label, on the right of an Arabic receipt. */
[dir='rtl'] .code { text-align: right; }
.steps { break-inside: avoid; }
.steps { font-size: 0.9em; }
.steps h2 { font-size: 1.1em; margin-bottom: 0.5mm; }
.steps ol { padding-inline-start: 4.5mm; }
.warning { font-weight: 700; margin-top: 1mm; }
.footer { text-align: center; margin-top: 2mm; white-space: pre-line; text-wrap: balance; }
bdi { unicode-bidi: isolate; }
`;
}
