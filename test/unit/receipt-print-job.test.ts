import { describe, expect, it } from 'vitest';
import { customerScreen } from '../../electron/core/devices/customer-screen';
import {
  choosePrinter,
  measuredPageSize,
  pdfOptions,
  silentPrintOptions,
} from '../../electron/core/devices/print-job';
import { PosFailure } from '../../electron/core/pos/failure';
import type { Printer } from '../../shared/domain/printer';

const PRINTERS: readonly Printer[] = [
  { name: 'Office_Laser', displayName: 'Office Laser', description: 'A4 laser' },
  { name: 'XP-58', displayName: 'Xprinter XP-58 (USB)', description: 'thermal 58 mm' },
];

function failure(run: () => unknown): PosFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof PosFailure) return error;
    throw error;
  }
  throw new Error('expected a PosFailure');
}

describe('the printer a receipt goes to', () => {
  it('is the one Settings name, by its system name or the name print dialogs show', () => {
    expect(choosePrinter(PRINTERS, 'XP-58')).toBe('XP-58');
    expect(choosePrinter(PRINTERS, 'Xprinter XP-58 (USB)')).toBe('XP-58');
    expect(choosePrinter(PRINTERS, '  office laser ')).toBe('Office_Laser');
  });

  it('is the system default when Settings name none', () => {
    expect(choosePrinter(PRINTERS, null)).toBeUndefined();
    expect(choosePrinter(PRINTERS, '   ')).toBeUndefined();
  });

  it('is refused, naming it and what is there, when the named printer is not installed', () => {
    const missing = failure(() => choosePrinter(PRINTERS, 'TM-T20'));
    expect(missing.code).toBe('PRINT_FAILED');
    expect(missing.message).toContain('"TM-T20"');
    expect(missing.details).toEqual({ printer: 'TM-T20', available: ['Office_Laser', 'XP-58'] });
  });

  it('is refused when the computer has no printer at all', () => {
    expect(failure(() => choosePrinter([], null)).code).toBe('PRINT_FAILED');
  });
});

describe('the page of a measured receipt', () => {
  it('is the roll the receipt says it was made for, by the content height rounded up to a millimetre', () => {
    // 1000 CSS px = 264.58 mm, so 265 mm.
    expect(measuredPageSize({ paperWidthMm: 58, heightPx: 1000 })).toEqual({
      widthMicrons: 58_000,
      heightMicrons: 265_000,
    });
    expect(measuredPageSize({ paperWidthMm: 80, heightPx: 96 * 4 })).toEqual({
      widthMicrons: 80_000,
      heightMicrons: 102_000,
    });
  });

  it('is refused when the measurement is not a receipt’s', () => {
    expect(failure(() => measuredPageSize({ paperWidthMm: Number.NaN, heightPx: 500 })).code).toBe(
      'INTERNAL',
    );
    expect(failure(() => measuredPageSize({ paperWidthMm: 58, heightPx: 0 })).code).toBe('INTERNAL');
    expect(failure(() => measuredPageSize(null)).code).toBe('INTERNAL');
  });
});

describe('what Electron is asked', () => {
  const size = { widthMicrons: 58_000, heightMicrons: 265_000 };

  it('prints silently with the page in microns and no margins, on the chosen printer or the default', () => {
    expect(silentPrintOptions(size, 'XP-58')).toEqual({
      silent: true,
      printBackground: true,
      deviceName: 'XP-58',
      margins: { marginType: 'none' },
      pageSize: { width: 58_000, height: 265_000 },
    });
    expect(silentPrintOptions(size, undefined)).not.toHaveProperty('deviceName');
  });

  it('saves the PDF on the same page, which printToPDF takes in inches', () => {
    const options = pdfOptions(size);
    expect(options.margins).toEqual({ top: 0, bottom: 0, left: 0, right: 0 });
    expect(options.pageSize.width * 25.4).toBeCloseTo(58, 9);
    expect(options.pageSize.height * 25.4).toBeCloseTo(265, 9);
  });
});

describe('the screen facing the customer', () => {
  const laptop = { id: 1, internal: true };
  const monitor = { id: 2, internal: false };
  const tablet = { id: 3, internal: false };

  it('is none with a single screen', () => {
    expect(customerScreen([laptop], 1)).toBeNull();
  });

  it('is a screen other than the counter’s, an external one first', () => {
    expect(customerScreen([laptop, monitor], 1)).toBe(monitor);
    expect(customerScreen([monitor, laptop], 2)).toBe(laptop);
    expect(customerScreen([laptop, monitor, tablet], 2)).toBe(tablet);
  });
});
