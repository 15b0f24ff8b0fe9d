import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import { type PosError, PosErrorSchema } from '../../shared/errors';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';

// The errors a real core sends across the bridge, refused by a real simulator over HTTP, carry the
// data their code promises, in the shape shared/errors.ts types it.

let h: CoreHarness;
let pkg: CataloguePackage;

beforeAll(async () => {
  h = await startCoreHarness({ balance: 1 });
  const { packages } = unwrap(await h.call<{ packages: CataloguePackage[] }>('listPackages'));
  const found = packages.find((each) => each.cost!.amount > 100);
  if (!found) throw new Error('the catalogue has no package above 1.00');
  pkg = found;
});

afterAll(async () => {
  await h.close();
});

/** The error of a call that must fail, held against its code's schema. */
async function failureOf(method: string, input: unknown): Promise<PosError> {
  const result = await h.call(method, input);
  if (result.ok) throw new Error(`${method} succeeded`);
  expect(PosErrorSchema.parse(result.error)).toEqual(result.error);
  return result.error;
}

describe('error details from a real core', () => {
  it('a sale refused for lack of balance carries what must be loaded, as Money', async () => {
    const sale = unwrap(await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    if (sale.state !== 'failed') throw new Error(`the sale ended ${sale.state}`);
    expect(PosErrorSchema.parse(sale.error)).toEqual(sale.error);
    if (sale.error.code !== 'INSUFFICIENT_BALANCE') throw new Error(`refused with ${sale.error.code}`);
    expect(sale.error.details?.needToLoad).toEqual({ amount: pkg.cost!.amount - 100, currency: 'USD' });
    expect(sale.error.details?.currentBalance).toEqual({ amount: 100, currency: 'USD' });
  });

  it('bad input names each field and why', async () => {
    const tooMany = await failureOf('sell', { packageCode: pkg.code, quantity: 11 });
    if (tooMany.code !== 'INVALID_INPUT') throw new Error(tooMany.code);
    expect(tooMany.details?.issues.map((issue) => issue.path)).toEqual(['quantity']);
    const unknown = await failureOf('sell', { packageCode: 'NO-SUCH-PACKAGE', quantity: 1 });
    if (unknown.code !== 'INVALID_INPUT') throw new Error(unknown.code);
    expect(unknown.details?.issues).toEqual([
      { path: 'packageCode', message: 'NO-SUCH-PACKAGE is not in the catalogue' },
    ]);
  });

  it('an ICCID the account does not have is named', async () => {
    const iccid = '8944500000000000121';
    const missing = await failureOf('lookupEsim', { iccid });
    if (missing.code !== 'ESIM_NOT_FOUND') throw new Error(missing.code);
    expect(missing.details?.iccid).toBe(iccid);
  });

  it('a PIN locked after wrong tries says for how long', async () => {
    unwrap(await h.call('setManagerPin', { pin: '2468' }));
    for (let i = 0; i < 5; i++) unwrap(await h.call('verifyManagerPin', { pin: '1111' }));
    const locked = await failureOf('verifyManagerPin', { pin: '2468' });
    if (locked.code !== 'PIN_INVALID') throw new Error(locked.code);
    expect(locked.details?.retryAfterSeconds).toBeGreaterThan(0);
  });
});
