import { describe, expect, it } from 'vitest';
import { PosFailure } from '../../electron/core/pos/failure';
import {
  decideCodes,
  HAND_OVER_MS,
  installStateOf,
  releaseCodes,
} from '../../electron/core/sales/install-codes';
import { completedSale } from '../integration/receipt-fixtures';

// The fixture sale was made by cashier-1 and completed at 11:05:02.
const COMPLETED = Date.parse('2025-03-12T11:05:02.000Z');
const at = (ms: number): Date => new Date(COMPLETED + ms);

describe('the install codes’ rule', () => {
  it('lets the codes go to the cashier who made the sale, for five minutes after it completed', () => {
    const sale = completedSale(2);
    expect(decideCodes(sale, 'cashier-1', at(0))).toEqual({ managerPin: false, why: 'at_the_sale' });
    expect(decideCodes(sale, 'cashier-1', at(HAND_OVER_MS))).toEqual({
      managerPin: false,
      why: 'at_the_sale',
    });
    expect(decideCodes(sale, 'cashier-1', at(HAND_OVER_MS + 1))).toEqual({
      managerPin: true,
      notKnownInstalled: sale.esims.map((esim) => esim.iccid),
    });
  });

  it('asks the manager PIN of anyone else, of nobody signed in, and of a clock set back', () => {
    const sale = completedSale(1);
    expect(decideCodes(sale, 'cashier-2', at(1000)).managerPin).toBe(true);
    expect(decideCodes(sale, null, at(1000)).managerPin).toBe(true);
    expect(decideCodes(sale, 'cashier-1', at(-60_000)).managerPin).toBe(true);
  });

  it('treats a counter where nobody signs in as the sale’s own cashier', () => {
    const sale = { ...completedSale(1), cashierId: null };
    expect(decideCodes(sale, null, at(1000))).toEqual({ managerPin: false, why: 'at_the_sale' });
    expect(decideCodes(sale, 'cashier-1', at(1000)).managerPin).toBe(true);
  });

  it('names only the eSIMs not known to be installed, and needs no PIN once every one is', () => {
    const sale = completedSale(3);
    const [a, b, c] = sale.esims;
    const mixed = {
      ...sale,
      esims: [
        { ...a!, status: 'Installed' },
        { ...b!, status: 'Not Active' },
        { ...c!, status: 'New' },
      ],
    };
    expect(decideCodes(mixed, 'cashier-2', at(HAND_OVER_MS * 10))).toEqual({
      managerPin: true,
      notKnownInstalled: [b!.iccid, c!.iccid],
    });
    const installed = { ...sale, esims: sale.esims.map((esim) => ({ ...esim, status: 'Active' })) };
    expect(decideCodes(installed, 'cashier-2', at(HAND_OVER_MS * 10))).toEqual({
      managerPin: false,
      why: 'installed',
    });
  });

  it('refuses without the PIN, naming the eSIMs, checks the PIN given, and says it was given', () => {
    const sale = completedSale(1);
    const checked: string[] = [];
    const ask = (pin: string | undefined) => ({
      cashierId: 'cashier-2',
      now: at(1000),
      pin,
      requireManager: (given: string) => {
        checked.push(given);
        if (given !== '4321') throw new PosFailure('PIN_INVALID', 'Wrong manager PIN.');
      },
    });
    let refusal: unknown = null;
    try {
      releaseCodes(sale, ask(undefined));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(PosFailure);
    expect((refusal as PosFailure).toPosError()).toMatchObject({
      code: 'PIN_REQUIRED',
      details: { iccids: [sale.esims[0]!.iccid] },
    });
    expect(() => releaseCodes(sale, ask('1111'))).toThrow(PosFailure);
    expect(releaseCodes(sale, ask('4321'))).toEqual({ managerPin: true });
    expect(checked).toEqual(['1111', '4321']);
    expect(releaseCodes(sale, { ...ask(undefined), cashierId: 'cashier-1' })).toEqual({ managerPin: false });
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
