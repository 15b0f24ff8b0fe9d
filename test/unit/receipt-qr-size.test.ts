import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { receiptPageSize } from '../../electron/core/receipts/page-size';
import { qrSvg } from '../../electron/core/receipts/qr-svg';
import { paperLayout } from '../../electron/core/receipts/receipt-style';
import { fixtureEsim } from '../integration/receipt-fixtures';

const DOT_MM = 0.125;

describe('QR code size on thermal paper', () => {
  it('makes each module a whole number of 203 dpi dots, with the 4-module quiet zone', () => {
    for (const width of [58, 80] as const) {
      for (const index of [0, 1, 2]) {
        const esim = fixtureEsim(index);
        const size = paperLayout(width).mainQr;
        const qr = qrSvg(esim.lpa, size, 'label');
        const symbol = QRCode.create(esim.lpa, { errorCorrectionLevel: size.errorCorrection }).modules.size;
        expect(qr.modules).toBe(symbol + 8);
        expect(Number.isInteger(qr.moduleMm / DOT_MM)).toBe(true);
        expect(qr.moduleMm).toBeGreaterThanOrEqual(size.minModuleMm);
        expect(qr.sizeMm).toBeCloseTo(qr.moduleMm * qr.modules, 9);
      }
    }
  });

  it('keeps the main QR within its target on 58 mm paper with modules of at least 5 dots', () => {
    const { mainQr } = paperLayout(58);
    for (const index of [0, 1, 2]) {
      const esim = fixtureEsim(index);
      const main = qrSvg(esim.lpa, mainQr, 'label');
      expect(main.sizeMm).toBeLessThanOrEqual(mainQr.targetMm);
      expect(main.moduleMm).toBeGreaterThanOrEqual(0.625);
    }
  });

  it('grows past the target rather than shrink modules below the minimum for a very long text', () => {
    const { mainQr } = paperLayout(58);
    const long = `LPA:1$smdp.example.test$${'A1B2C3D4E5'.repeat(40)}`;
    const qr = qrSvg(long, mainQr, 'label');
    expect(qr.moduleMm).toBe(mainQr.minModuleMm);
    expect(qr.sizeMm).toBeGreaterThan(mainQr.targetMm);
  });

  it('puts the label in the SVG for screen readers, escaped', () => {
    expect(qrSvg('LPA:1$a.b$C', paperLayout(58).mainQr, 'QR <code> & "install"').svg.text).toContain(
      'aria-label="QR &lt;code&gt; &amp; &quot;install&quot;"',
    );
  });
});

describe('receipt page size', () => {
  it('is the roll width by the content height, rounded up to whole millimetres, in microns', () => {
    expect(receiptPageSize(58, 96)).toEqual({ widthMicrons: 58_000, heightMicrons: 26_000 }); // 25.4 mm
    expect(receiptPageSize(80, 3780)).toEqual({ widthMicrons: 80_000, heightMicrons: 1_001_000 }); // 1000.06 mm
  });

  it('rejects a height that is not a positive number', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => receiptPageSize(58, bad)).toThrow(/receipt content height must be a positive number/);
    }
  });
});
