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
  /**
   * The iPhone link QR: its text is about twice as long, and it must stay small beside its caption.
   * Level L keeps it one QR version smaller (41 modules rather than 45 for a typical link), which is
   * what lets 4 printer dots per module decode reliably at 203 dpi; the main QR and the manual
   * details stand behind it if it cannot be read.
   */
  readonly linkQr: QrSize;
}

const LAYOUTS: Readonly<Record<PaperWidthMm, PaperLayout>> = {
  58: {
    widthMm: 58,
    sideMarginMm: 5,
    fontPt: 8.5,
    mainQr: { targetMm: 40, minModuleMm: 0.625, errorCorrection: 'M' },
    linkQr: { targetMm: 24, minModuleMm: 0.5, errorCorrection: 'L' },
  },
  80: {
    widthMm: 80,
    sideMarginMm: 4,
    fontPt: 10,
    mainQr: { targetMm: 50, minModuleMm: 0.75, errorCorrection: 'M' },
    linkQr: { targetMm: 30, minModuleMm: 0.5, errorCorrection: 'L' },
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
body { margin: 0; padding: 3mm ${layout.sideMarginMm}mm 8mm; font: ${layout.fontPt}pt/1.3 ${fonts}; }
h1, h2, h3, p, ol, dl, dd { margin: 0; }
.shop { text-align: center; margin-bottom: 2mm; text-wrap: balance; }
.shop-name { font-size: 1.5em; font-weight: 700; line-height: 1.15; }
.shop-line { font-size: 0.95em; }
.mark { border: 0.6mm solid #000; text-align: center; font-weight: 800; font-size: 1.45em;
  padding: 0.8mm 1mm; margin: 1.5mm 0; }
.mark-note { text-align: center; font-weight: 700; margin-bottom: 1.5mm; }
.title { text-align: center; font-size: 1.15em; font-weight: 700; margin: 1.5mm 0; }
.rows { display: grid; grid-template-columns: auto 1fr; column-gap: 2mm; row-gap: 0.4mm; }
.rows dt { font-weight: 400; }
.rows dd { text-align: end; font-weight: 700; overflow-wrap: anywhere; }
.rows .total { font-size: 1.25em; }
hr { border: 0; border-top: 0.3mm solid #000; margin: 2mm 0; }
hr.cut { border-top-style: dashed; margin: 3mm 0; }
.esim { break-inside: avoid; }
.esim-head { text-align: center; font-weight: 700; font-size: 1.1em; }
.scan { text-align: center; font-weight: 700; }
.qr { display: block; margin: 0 auto; }
.field { margin-top: 1mm; }
.field-label { font-size: 0.9em; }
/* About 28 characters a line on 58 mm paper, enough for most SM-DP+ host names; longer codes break
   at the paper's edge, not at a hyphen, so a wrapped line never looks like the code's own end. */
.code { font-family: ${CODE_FONTS}; font-weight: 700; font-size: 0.95em; word-break: break-all; }
/* A code reads left to right but lines up with its label, on the right of an Arabic receipt. */
[dir='rtl'] .code { text-align: right; }
.link { display: flex; align-items: center; gap: 2mm; margin-top: 2mm; break-inside: avoid; }
.link .qr { margin: 0; flex: none; }
.link p { font-size: 0.95em; }
.steps { break-inside: avoid; }
.steps h2 { font-size: 1.1em; margin-bottom: 0.5mm; }
.steps ol { padding-inline-start: 4.5mm; }
.steps li { margin-bottom: 0.4mm; }
.warning { font-weight: 700; margin-top: 1.5mm; }
.footer { text-align: center; margin-top: 3mm; white-space: pre-line; text-wrap: balance; }
bdi { unicode-bidi: isolate; }
`;
}
