import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { type Browser, chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { receiptPageSize } from '../../electron/core/receipts/page-size';
import type { PaperWidthMm } from '../../electron/core/receipts/receipt-context';

/**
 * Prints a receipt the way the app does: real Chromium lays the HTML out under print media, the
 * page is sized to the roll width and the content's height, and the PDF is rasterised by poppler at
 * a thermal printer's resolution in one bit per pixel, as the print head would burn it.
 */

/** Most receipt printers print 203 dots per inch. */
export const THERMAL_DPI = 203;
const MM_PER_PT = 25.4 / 72;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

export interface CssBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

interface PrintLayout {
  readonly height: number;
  readonly scrollWidth: number;
  readonly width: number;
  readonly direction: string;
  readonly qrBoxes: readonly CssBox[];
}

// Runs in the page (the node project has no DOM types, hence a script). QR boxes are taken relative
// to the document's own box: a right-to-left page sits at the viewport's right edge on screen but
// at the paper's left edge in the PDF.
const MEASURE_LAYOUT = `(() => {
  const page = document.documentElement.getBoundingClientRect();
  return {
    height: page.height,
    scrollWidth: document.body.scrollWidth,
    width: document.body.getBoundingClientRect().width,
    direction: getComputedStyle(document.body).direction,
    qrBoxes: [...document.querySelectorAll('svg.qr')].map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left - page.left, y: r.top - page.top, width: r.width, height: r.height };
    }),
  };
})()`;

export interface PrintedReceipt {
  readonly pdfPath: string;
  readonly pngPath: string;
  readonly pages: number;
  readonly pageWidthMm: number;
  readonly pageHeightMm: number;
  /** Wider than the page means something would be cut off at the paper's edge. */
  readonly contentWidthPx: number;
  readonly pageWidthPx: number;
  readonly qrBoxes: readonly CssBox[];
  readonly direction: string;
  readonly text: string;
  readonly words: readonly PdfWord[];
}

export interface PdfWord {
  readonly text: string;
  readonly xMin: number;
  readonly xMax: number;
  readonly yMin: number;
  readonly yMax: number;
}

export async function printReceipt(
  browser: Browser,
  html: string,
  paperWidthMm: PaperWidthMm,
  dir: string,
  name: string,
  options: { dpi?: number; mono?: boolean } = {},
): Promise<PrintedReceipt> {
  const dpi = options.dpi ?? THERMAL_DPI;
  const page = await browser.newPage();
  try {
    await page.emulateMedia({ media: 'print' });
    await page.setContent(html, { waitUntil: 'load' });
    const layout = await page.evaluate<PrintLayout>(MEASURE_LAYOUT);
    const size = receiptPageSize(paperWidthMm, layout.height);
    const pdfPath = join(dir, `${name}.pdf`);
    writeFileSync(
      pdfPath,
      await page.pdf({
        width: `${size.widthMicrons / 1000}mm`,
        height: `${size.heightMicrons / 1000}mm`,
        margin: { top: '0', right: '0', bottom: '0', left: '0' },
        printBackground: true,
      }),
    );
    const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
    const pageSize = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
    const pages = /Pages:\s+(\d+)/.exec(info);
    if (!pageSize || !pages) throw new Error(`pdfinfo gave no page size:\n${info}`);
    const pngBase = join(dir, name);
    execFileSync('pdftoppm', [
      '-png',
      ...(options.mono === false ? [] : ['-mono']),
      '-r',
      String(dpi),
      '-f',
      '1',
      '-singlefile',
      pdfPath,
      pngBase,
    ]);
    return {
      pdfPath,
      pngPath: `${pngBase}.png`,
      pages: Number(pages[1]),
      pageWidthMm: Number(pageSize[1]) * MM_PER_PT,
      pageHeightMm: Number(pageSize[2]) * MM_PER_PT,
      contentWidthPx: layout.scrollWidth,
      pageWidthPx: layout.width,
      qrBoxes: layout.qrBoxes,
      direction: layout.direction,
      // Reading order, with line breaks folded: a value that wraps on narrow paper still reads whole.
      text: execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' '),
      words: pdfWords(pdfPath),
    };
  } finally {
    await page.close();
  }
}

function pdfWords(pdfPath: string): PdfWord[] {
  const xhtml = execFileSync('pdftotext', ['-bbox', pdfPath, '-'], { encoding: 'utf8' });
  const words: PdfWord[] = [];
  for (const m of xhtml.matchAll(
    /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    words.push({
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
      text: decodeEntities(m[5] ?? ''),
    });
  }
  return words;
}

/**
 * What a left-to-right row prints beside a value, read from where the words sit rather than from a
 * PDF reader's order: on a narrow roll a label wraps onto lines under its value, and a reader may
 * give the wrapped part after the value. For every place the value is printed, the readings of the
 * words left of it on its line, then with each following line that holds only words left of it
 * (so a wrapped label reads whole, and a label on another row never reads as this value's).
 */
export function labelsBeside(printed: PrintedReceipt, value: string): string[] {
  const lines = printedLines(printed.words);
  const readings: string[] = [];
  lines.forEach((line, index) => {
    for (const start of valueStarts(line, value)) {
      const leftOf = (word: PdfWord): boolean => word.xMax <= start;
      let label = line.filter(leftOf);
      readings.push(lineText(label));
      for (const below of lines.slice(index + 1)) {
        if (!below.every(leftOf)) break;
        label = [...label, ...below];
        readings.push(lineText(label));
      }
    }
  });
  return readings;
}

/** The words by line, top to bottom, each line left to right; a word is on a line its middle falls within. */
function printedLines(words: readonly PdfWord[]): PdfWord[][] {
  const lines: PdfWord[][] = [];
  for (const word of [...words].sort((a, b) => a.yMin - b.yMin)) {
    const middle = (word.yMin + word.yMax) / 2;
    const line = lines.find((each) => each.some((other) => other.yMin <= middle && middle <= other.yMax));
    if (line) line.push(word);
    else lines.push([word]);
  }
  return lines.map((line) => line.sort((a, b) => a.xMin - b.xMin));
}

/** Where on a line each run of words that reads as the value begins. */
function valueStarts(line: readonly PdfWord[], value: string): number[] {
  const length = value.split(/\s+/).length;
  return line.filter((_, at) => lineText(line.slice(at, at + length)) === value).map((word) => word.xMin);
}

/** Words joined by spaces, except after a word that ends in a hyphen (a break inside a word). */
function lineText(words: readonly PdfWord[]): string {
  return words.reduce(
    (text, word) => (text === '' || text.endsWith('-') ? text + word.text : `${text} ${word.text}`),
    '',
  );
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');
}

/**
 * Decodes the QR code inside each box of the printed image. The boxes come from the laid-out page
 * (CSS pixels); the pixels decoded are the PDF's, rasterised, so a QR that prints wrong fails here.
 */
export function decodeQrCodes(printed: PrintedReceipt, dpi = THERMAL_DPI): (string | null)[] {
  const png = PNG.sync.read(readFileSync(printed.pngPath));
  const scale = dpi / 96;
  return printed.qrBoxes.map((box) => {
    // A little paper around each box, so a slight offset between layout and PDF cannot clip the code.
    const pad = 8;
    const left = Math.max(0, Math.floor(box.x * scale) - pad);
    const top = Math.max(0, Math.floor(box.y * scale) - pad);
    const right = Math.min(png.width, Math.ceil((box.x + box.width) * scale) + pad);
    const bottom = Math.min(png.height, Math.ceil((box.y + box.height) * scale) + pad);
    const width = right - left;
    const height = bottom - top;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
      const from = ((top + y) * png.width + left) * 4;
      data.set(png.data.subarray(from, from + width * 4), y * width * 4);
    }
    return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  });
}

/** A4: Chromium takes the page size the document declares; poppler reads it back. */
export async function printA4(
  browser: Browser,
  dir: string,
  html: string,
  name: string,
): Promise<{ text: string; pages: number; sizePts: string }> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    const path = join(dir, `${name}.pdf`);
    writeFileSync(path, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
    return {
      text: plain(execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })),
      pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
      sizePts: /Page size:\s+([\d.]+ x [\d.]+) pts/.exec(info)?.[1] ?? '',
    };
  } finally {
    await page.close();
  }
}

/** A PDF's text without bidi controls, its white space as single spaces. */
export function plain(text: string): string {
  return text.replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/\s+/g, ' ');
}
