import { afterEach, expect, it } from 'vitest';
import { createResellerClient } from '../../electron/core/api/client';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { EsimDetails } from '../../shared/domain/esim';
import type { Sale } from '../../shared/domain/sale';
import type { TopUp, TopUpOption } from '../../shared/domain/topup';
import { iccidProblem } from '../../shared/iccid';
import { unwrap } from '../support/core-harness';
import { type Counter, charges, cheapest, driveEsim, ledger, startCounter } from './money-support';

// ICCIDs the provider issued are taken as they are: the check digit catches a cashier's typo, and the
// cashier can confirm a number that fails it; an ICCID the journal holds is never refused.

let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

/** A counter whose provider issues every eSIM with an ICCID that fails the Luhn check. */
async function counterWithOddIccids(): Promise<{ c: Counter; pkg: CataloguePackage }> {
  const c = await startCounter({ faults: { wrongCheckDigitRate: 1 } });
  counter = c;
  return { c, pkg: cheapest(c.packages.filter((p) => p.isRechargeable)) };
}

async function cheapestTopUp(c: Counter, input: Record<string, unknown>): Promise<TopUpOption> {
  const { packages } = unwrap(await c.h.call<{ packages: TopUpOption[] }>('listTopUpPackages', input));
  const [option] = [...packages].sort((a, b) => a.cost!.amount - b.cost!.amount);
  if (!option) throw new Error('no top-up for this eSIM');
  return option;
}

it('looks up and tops up an eSIM sold elsewhere whose check digit is wrong, once the cashier confirms the number', async () => {
  const { c, pkg } = await counterWithOddIccids();
  // Sold through another channel of the account (another counter, the provider's portal): not in this journal.
  const elsewhere = createResellerClient({ baseUrl: c.sim.baseUrl, credentials: () => c.sim.defaultAccount });
  const order = await elsewhere.createOrder({
    packageCode: pkg.code,
    idempotencyKey: 'sold-elsewhere-1',
    expectedCost: pkg.cost!,
  });
  if (order.kind !== 'completed') throw new Error(`the order ended ${order.kind}`);
  const iccid = order.esims[0]!.iccid;
  expect(iccidProblem(iccid)).toBe('check_digit');
  await driveEsim(c.sim, 'activate', { iccid });

  // As typed, the check digit says "typo?": nothing is asked of the provider until the cashier confirms.
  for (const method of ['lookupEsim', 'listTopUpPackages'] as const) {
    expect(await c.h.call(method, { iccid })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', details: { iccidProblem: 'check_digit' } },
    });
  }
  const confirmed = { iccid, checkDigitOverride: true };
  expect(unwrap(await c.h.call<EsimDetails>('lookupEsim', confirmed))).toMatchObject({
    iccid,
    toppable: true,
  });
  const option = await cheapestTopUp(c, confirmed);
  expect(await c.h.call('topUp', { iccid, packageCode: option.code })).toMatchObject({
    ok: false,
    error: { code: 'INVALID_INPUT' },
  });
  expect(charges((await ledger(c.sim)).entries, 'topup')).toEqual([]);

  const topUp = unwrap(await c.h.call<TopUp>('topUp', { ...confirmed, packageCode: option.code }));
  expect(topUp).toMatchObject({ state: 'completed', iccid });
  expect(charges((await ledger(c.sim)).entries, 'topup')).toEqual([
    expect.objectContaining({ amountMinor: option.cost!.amount }),
  ]);

  // A confirmation makes a number of the wrong shape no ICCID: spaces, a phrase.
  for (const typed of [`${iccid.slice(0, 10)} ${iccid.slice(10)}`, 'not an iccid at all']) {
    expect(await c.h.call('lookupEsim', { iccid: typed, checkDigitOverride: true })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  }
});

it('never refuses an ICCID its journal holds: a sold eSIM whose check digit is wrong is looked up and topped up as it is', async () => {
  const { c, pkg } = await counterWithOddIccids();
  const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code }));
  if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
  const iccid = sale.esims[0]!.iccid;
  expect(iccidProblem(iccid)).toBe('check_digit');
  await driveEsim(c.sim, 'activate', { iccid });

  expect(unwrap(await c.h.call<EsimDetails>('lookupEsim', { iccid }))).toMatchObject({
    iccid,
    toppable: true,
  });
  const option = await cheapestTopUp(c, { iccid });
  const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
  expect(topUp).toMatchObject({ state: 'completed', iccid });
  // And a second top-up of it: its ICCID is now in the journal's top-ups too.
  const again = unwrap(
    await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code, confirmRepeat: true }),
  );
  expect(again).toMatchObject({ state: 'completed', iccid });
  expect(charges((await ledger(c.sim)).entries, 'topup')).toHaveLength(2);
});
