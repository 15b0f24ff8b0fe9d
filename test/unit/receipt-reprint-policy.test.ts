import { describe, expect, it } from 'vitest';
import { PosFailure } from '../../electron/core/pos/failure';
import { decidePrint } from '../../electron/core/receipts/reprint-policy';
import { completedSale, completedTopUp } from '../integration/receipt-fixtures';

const FRESH = { originalIssued: false, copies: 0 };
const PRINTED_ONCE = { originalIssued: true, copies: 0 };

describe('reprint policy', () => {
  it('issues the first print of a completed sale as the original', () => {
    const sale = completedSale(1);
    expect(decidePrint({ kind: 'sale', sale }, FRESH, false)).toEqual({ kind: 'original' });
  });

  it('makes every later print a numbered copy, even when not asked for as a reprint', () => {
    const sale = completedSale(1);
    expect(decidePrint({ kind: 'sale', sale }, { originalIssued: true, copies: 2 }, false)).toEqual({
      kind: 'copy',
      copyNumber: 3,
    });
  });

  it('treats a reprint asked for before any original as a copy: the QR may already have been handed over', () => {
    const sale = completedSale(1);
    expect(decidePrint({ kind: 'sale', sale }, FRESH, true)).toEqual({ kind: 'copy', copyNumber: 1 });
  });

  it('numbers a top-up receipt’s copies the same way', () => {
    expect(decidePrint({ kind: 'topup', topUp: completedTopUp() }, PRINTED_ONCE, true)).toEqual({
      kind: 'copy',
      copyNumber: 1,
    });
  });

  it('refuses to print anything for a sale that is not completed', () => {
    const sale = {
      ...completedSale(1),
      state: 'support' as const,
      cost: null,
      since: '2025-03-12T11:20:00.000Z',
    };
    expect(() => decidePrint({ kind: 'sale', sale }, FRESH, false)).toThrow(PosFailure);
  });
});
