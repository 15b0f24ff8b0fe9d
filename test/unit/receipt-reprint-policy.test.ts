import { describe, expect, it } from 'vitest';
import { PosFailure } from '../../electron/core/pos/failure';
import { decidePrint, type InstallState, installStateOf } from '../../electron/core/receipts/reprint-policy';
import { completedSale, completedTopUp } from '../integration/receipt-fixtures';

const FRESH = { originalIssued: false, copies: 0 };
const PRINTED_ONCE = { originalIssued: true, copies: 0 };

function states(entries: readonly (readonly [string, InstallState])[]): ReadonlyMap<string, InstallState> {
  return new Map(entries);
}

describe('reprint policy', () => {
  it('issues the first print of a completed sale as the original, with no PIN', () => {
    const sale = completedSale(1);
    expect(decidePrint({ kind: 'sale', sale }, FRESH, states([]), false)).toEqual({ kind: 'original' });
  });

  it('makes every later print a numbered copy, even when not asked for as a reprint', () => {
    const sale = completedSale(1);
    const decision = decidePrint(
      { kind: 'sale', sale },
      { originalIssued: true, copies: 2 },
      states([]),
      false,
    );
    expect(decision).toMatchObject({ kind: 'copy', copyNumber: 3 });
  });

  it('needs the manager PIN for a copy while an eSIM is not installed or its install is unknown', () => {
    const sale = completedSale(3);
    const [a, b, c] = sale.esims.map((esim) => esim.iccid) as [string, string, string];
    const decision = decidePrint(
      { kind: 'sale', sale },
      PRINTED_ONCE,
      states([
        [a, 'installed'],
        [b, 'not_installed'],
      ]),
      true,
    );
    expect(decision).toEqual({
      kind: 'copy',
      copyNumber: 1,
      managerPinRequired: true,
      notKnownInstalled: [b, c],
    });
  });

  it('lets a copy go without the PIN once every eSIM on it is installed', () => {
    const sale = completedSale(2);
    const installed = states(sale.esims.map((esim) => [esim.iccid, 'installed'] as const));
    expect(decidePrint({ kind: 'sale', sale }, PRINTED_ONCE, installed, true)).toEqual({
      kind: 'copy',
      copyNumber: 1,
      managerPinRequired: false,
      notKnownInstalled: [],
    });
  });

  it('treats a reprint asked for before any original as a copy: the QR may already have been handed over', () => {
    const sale = completedSale(1);
    expect(decidePrint({ kind: 'sale', sale }, FRESH, states([]), true)).toMatchObject({
      kind: 'copy',
      copyNumber: 1,
      managerPinRequired: true,
    });
  });

  it('copies a top-up receipt without the PIN: it carries no QR code', () => {
    expect(decidePrint({ kind: 'topup', topUp: completedTopUp() }, PRINTED_ONCE, states([]), true)).toEqual({
      kind: 'copy',
      copyNumber: 1,
      managerPinRequired: false,
      notKnownInstalled: [],
    });
  });

  it('refuses to print anything for a sale that is not completed', () => {
    const sale = {
      ...completedSale(1),
      state: 'support' as const,
      cost: null,
      since: '2025-03-12T11:20:00.000Z',
    };
    expect(() => decidePrint({ kind: 'sale', sale }, FRESH, states([]), false)).toThrow(PosFailure);
  });
});

describe('install state from the provider statuses', () => {
  it.each([
    [{ esimStatus: 'Installed' }, 'installed'],
    [{ esimStatus: 'Active' }, 'installed'],
    [{ profile: 'Enabled' }, 'installed'],
    [{ profile: 'Disabled', esimStatus: 'Not Active' }, 'installed'],
    [{ esimStatus: 'New' }, 'not_installed'],
    [{ esimStatus: 'Assigned (Not Installed)' }, 'not_installed'],
    [{ profile: 'Not Installed' }, 'not_installed'],
    [{ profile: 'Not Installed', esimStatus: 'Installed' }, 'installed'],
    [{ esimStatus: 'Not Active' }, 'unknown'],
    [{ esimStatus: null, profile: null }, 'unknown'],
    [{}, 'unknown'],
  ] as const)('reads %o as %s', (evidence, expected) => {
    expect(installStateOf(evidence)).toBe(expected);
  });
});
