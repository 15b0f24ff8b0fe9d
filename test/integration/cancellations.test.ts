import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator/index';
import type { CancelCheck, Cancellation } from '../../shared/domain/cancellation';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale, SaleSummary } from '../../shared/domain/sale';
import type { ShiftReport } from '../../shared/domain/shift-report';
import type { TopUp, TopUpOption } from '../../shared/domain/topup';
import { formatMoney, negated } from '../../shared/money';
import { receiptNumberText } from '../../shared/printed-numbers';
import { unwrap } from '../support/core-harness';
import { providerFacts } from '../support/provider-facts';
import { stated } from '../support/stated';
import {
  ALICE_PIN,
  cancelSale,
  cashOf,
  count,
  hireStaff,
  MANAGER_PIN,
  openShift,
  type Staff,
  sell,
  signInManager,
  usd,
  withManagersFigures,
  xReport,
} from './end-of-day-support';
import {
  type Counter,
  cheapest,
  driveEsim,
  forceRefundMethod,
  keptAnswers,
  ledger,
  rewordedSimulator,
  SEED,
  startCounter,
} from './money-support';

let counter: Counter | null = null;

interface SaleList {
  readonly sales: readonly SaleSummary[];
  readonly totals: { completed: number; cancelled: number; takings: unknown[]; refunded: unknown[] };
}

afterEach(async () => {
  await counter?.close();
  counter = null;
});

/** A counter with staff, an open shift with a 100 USD float, and one eSIM sold for cash. */
async function soldForCash(
  options: Parameters<typeof startCounter>[1] = {},
): Promise<{ c: Counter; staff: Staff; sale: Sale & { state: 'completed' } }> {
  counter = await startCounter({}, options);
  const c = counter;
  const staff = await hireStaff(c.h);
  await openShift(c.h, [usd(10_000)]);
  const pkg = cheapest(c.packages);
  const sale = await sell(c.h, pkg, { method: 'cash', tendered: pkg.retail.amount });
  if (sale.state !== 'completed') throw new Error(`the sale did not complete: ${sale.state}`);
  return { c, staff, sale: await withManagersFigures(c.h, staff, sale) };
}

/** A second cancellation of the same sale, as a manager would try it. */
/**
 * What the provider refunded for the sale's cancellation, as the manager reads it: Alice's answers
 * leave it out (it is the provider's cost). Alice is signed in again after.
 */
async function providerRefundAsManagerReads(c: Counter, staff: Staff, saleId: string): Promise<unknown> {
  await signInManager(c.h, staff);
  const check = unwrap(await c.h.call<CancelCheck>('checkCancelSale', { saleId }));
  unwrap(await c.h.call('signIn', { cashierId: staff.alice.id, pin: ALICE_PIN }));
  return check.cancellation?.providerRefund;
}

function cancelAgain(c: Counter, saleId: string, staff: Staff): Promise<unknown> {
  return cancelSale(c.h, saleId, null, staff.approval, 'again');
}

async function providerOrder(sim: RunningSimulator, reference: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${sim.controlUrl}/orders?accessCode=${sim.defaultAccount.accessCode}`, {
    headers: { 'x-sim-control-token': sim.controlToken },
  });
  const { orders } = (await response.json()) as { orders: Record<string, unknown>[] };
  const order = orders.find((each) => each.reference === reference);
  if (!order) throw new Error(`the simulator has no order ${reference}`);
  return order;
}

// Each test sells, cancels and reads back through the provider over HTTP: a loaded machine needs time.
describe('cancelling a sold eSIM', { timeout: 90_000 }, () => {
  it('cancels with the refund to the balance, hands the cash back from the drawer and names the original receipt', async () => {
    const { c, staff, sale } = await soldForCash();
    await forceRefundMethod(c.sim, 'balance');
    const before = await ledger(c.sim);

    const check = unwrap(await c.h.call<CancelCheck>('checkCancelSale', { saleId: sale.id }));
    expect(check).toMatchObject({ refusal: null, paid: sale.retailTotal, cancellation: null });
    expect(check.esims).toEqual([
      { iccid: sale.esims[0]?.iccid, status: stated('NEW'), installed: stated(false), activated: false },
    ]);

    // Without a manager nothing is sent.
    const unapproved = await cancelSale(c.h, sale.id, sale.retailTotal, undefined);
    expect(unapproved).toMatchObject({ ok: false, error: { code: 'PIN_REQUIRED' } });
    expect((await ledger(c.sim)).entries).toHaveLength(before.entries.length);

    const cancelled = unwrap(await cancelSale(c.h, sale.id, sale.retailTotal, staff.approval));
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      refundMethod: stated('balance'),
      providerRefund: null,
      refundInTransit: false,
      recoverable: true,
      cashRefund: sale.retailTotal,
      cashRefunded: true,
      originalReceiptNumber: sale.receiptNumber,
      approvedBy: staff.manager.id,
      attempts: 1,
    });
    expect(cancelled.receiptNumber).toBeGreaterThan(sale.receiptNumber);
    expect(await providerRefundAsManagerReads(c, staff, sale.id)).toEqual(sale.cost);

    const after = await ledger(c.sim);
    expect(after.entries.at(-1)).toMatchObject({
      kind: 'refund',
      orderReference: sale.orderReference,
      amountMinor: sale.cost!.amount,
    });
    expect(after.balanceMinor).toBe(before.balanceMinor + sale.cost!.amount);
    expect(cashOf(await xReport(c.h), 'USD').refunds).toEqual(sale.retailTotal);

    // Its receipt names the original one, the refund and the cash handed back.
    const { html } = unwrap(
      await c.h.call<{ html: string }>('renderReceipt', { kind: 'cancellation', id: cancelled.id }),
    );
    const receipt = html
      .replace(/<[^>]+>/g, ' ')
      .replace(/[\u2066-\u2069]/g, '')
      .replace(/\s+/g, ' ');
    expect(receipt).toContain('eSIM cancellation');
    expect(receipt).toContain(`Original receipt ${String(sale.receiptNumber).padStart(6, '0')}`);
    expect(receipt).toContain(`Receipt no. ${String(cancelled.receiptNumber).padStart(6, '0')}`);
    if (cancelled.refundMethod !== null) expect(receipt).toContain('to the account balance');
    expect(receipt).toContain('Cash refunded');
    expect(receipt).toContain('Customer changed their mind');

    // The sale's own receipt, printed again, is marked cancelled and names the cancellation receipt.
    const number = receiptNumberText(cancelled.receiptNumber, null);
    for (const [language, line] of [
      ['en', `CANCELLED — see cancellation receipt No. ${number}`],
      ['ar', `ملغاة — انظر إيصال الإلغاء رقم ${number}`],
    ] as const) {
      const { html: reprint } = unwrap(
        await c.h.call<{ html: string }>('renderReceipt', {
          kind: 'sale',
          id: sale.id,
          copy: true,
          pin: MANAGER_PIN,
          language,
        }),
      );
      expect(reprint).toContain(line);
    }

    // Cancelled once: the check says so, and a second cancellation is refused before it is sent.
    const again = unwrap(await c.h.call<CancelCheck>('checkCancelSale', { saleId: sale.id }));
    expect(again.refusal).toBe('already_cancelled');
    expect(again.cancellation?.id).toBe(cancelled.id);
    const twice = await cancelAgain(c, sale.id, staff);
    expect(twice).toMatchObject({ ok: false, error: { code: 'NOT_ELIGIBLE' } });

    // The sale reads cancelled where it is listed and read, its cancellation receipt beside it, and
    // the day's takings are net of the cash given back.
    const carried = {
      id: cancelled.id,
      state: 'cancelled',
      receiptNumber: cancelled.receiptNumber,
      cashRefund: sale.retailTotal,
      cashRefunded: true,
    };
    expect(unwrap(await c.h.call<SaleSummary>('getSale', { id: sale.id })).cancellation).toMatchObject(
      carried,
    );
    const day = unwrap(await c.h.call<SaleList>('listSales', {}));
    expect(day.sales.find((each) => each.id === sale.id)?.cancellation).toMatchObject(carried);
    expect(day.totals).toMatchObject({
      count: 1,
      completed: 0,
      cancelled: 1,
      takings: [usd(0)],
      refunded: [sale.retailTotal],
    });
  });

  it('counts the cancelled sale on the X and Z, net of its price, its cash back once', async () => {
    const { c, staff, sale } = await soldForCash();
    await forceRefundMethod(c.sim, 'balance');
    unwrap(await cancelSale(c.h, sale.id, sale.retailTotal, staff.approval));
    const cancelled = [{ currency: 'USD', count: 1, retail: sale.retailTotal, net: usd(0) }];
    const x = await xReport(c.h);
    expect(x).toMatchObject({ cancelled, cancelledCashBack: [sale.retailTotal] });
    expect(x.sales).toEqual([expect.objectContaining({ count: 1, retail: sale.retailTotal })]);
    expect(cashOf(x, 'USD').refunds).toEqual(sale.retailTotal);

    const { countId } = await count(c.h, [usd(10_000)]);
    const { report: z } = unwrap(await c.h.call<{ report: ShiftReport }>('closeShift', { countId }));
    expect(z).toMatchObject({ kind: 'z', cancelled, cancelledCashBack: [sale.retailTotal] });
    // The cash back is the drawer's one refund: 100 + the price taken − the price given back.
    expect(cashOf(z, 'USD')).toMatchObject({
      refunds: sale.retailTotal,
      expected: usd(10_000),
      variance: usd(0),
    });

    // Printed on every paper, in both languages: the cancelled sale, its price off, the net takings.
    const words = {
      en: ['Cancelled sales', 'Off the takings', 'Net takings', 'Cash given back'],
      ar: ['المبيعات الملغاة', 'مخصوم من المبيعات', 'صافي المبيعات', 'النقد المُرجَع'],
    };
    for (const paper of ['58', '80', 'a4'] as const) {
      for (const language of ['en', 'ar'] as const) {
        const { html } = unwrap(
          await c.h.call<{ html: string }>('renderShiftReport', { kind: 'z', paper, language }),
        );
        const text = html.replace(/<[^>]*>/g, ' ').replace(/[\u200e\u200f\u2066-\u2069]/g, '');
        for (const word of words[language]) expect(text, `${paper} ${language}`).toContain(word);
        if (language === 'en') {
          expect(text).toContain(formatMoney(negated(sale.retailTotal), 'en-GB'));
          expect(text).toContain(formatMoney(usd(0), 'en-GB'));
        }
      }
    }
  });

  it('carries a cancellation the provider refused on the sale, which stays sold and counted', async () => {
    const { c, staff, sale } = await soldForCash();
    // The cancel is answered with a server error before anything is done: the order still stands.
    c.sim.setFaults({ failRate: 1, paths: ['POST /esims/cancel'] });
    const sent = unwrap(await cancelSale(c.h, sale.id, sale.retailTotal, staff.approval));
    c.sim.setFaults({ failRate: 0, paths: [] });
    const refused =
      sent.state === 'refused'
        ? sent
        : unwrap(await c.h.call<Cancellation>('settleCancellation', { id: sent.id }));
    expect(refused).toMatchObject({ state: 'refused', cashRefunded: false });
    expect(await providerOrder(c.sim, sale.orderReference)).toMatchObject({ status: 'completed' });

    const carried = { id: refused.id, state: 'refused', cashRefunded: false };
    expect(unwrap(await c.h.call<SaleSummary>('getSale', { id: sale.id })).cancellation).toMatchObject(
      carried,
    );
    const day = unwrap(await c.h.call<SaleList>('listSales', {}));
    expect(day.sales[0]?.cancellation).toMatchObject(carried);
    expect(day.totals).toMatchObject({
      completed: 1,
      cancelled: 0,
      takings: [sale.retailTotal],
      refunded: [],
    });
    expect(await xReport(c.h)).toMatchObject({ cancelled: [], cancelledCashBack: [] });
    expect(cashOf(await xReport(c.h), 'USD').refunds).toEqual(usd(0));
    // Still sold: its receipt printed again carries no cancelled mark.
    const { html } = unwrap(
      await c.h.call<{ html: string }>('renderReceipt', { kind: 'sale', id: sale.id, pin: MANAGER_PIN }),
    );
    expect(html).not.toContain('CANCELLED');
  });

  it('carries a refund request as refund in transit until the provider credits it', async () => {
    const { c, staff, sale } = await soldForCash();
    await forceRefundMethod(c.sim, 'refund_request');
    const before = await ledger(c.sim);
    const cancelled = unwrap(await cancelSale(c.h, sale.id, null, staff.approval, 'Wrong destination'));
    // A refund method the API does not list is kept as not known (null): nothing is said to be owed.
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      refundMethod: stated('refund_request'),
      refundInTransit: cancelled.refundMethod === 'refund_request',
      cashRefund: null,
      cashRefunded: false,
    });
    // The provider credited nothing yet.
    expect(await ledger(c.sim)).toEqual(before);
    expect(cashOf(await xReport(c.h), 'USD').refunds).toEqual(usd(0));
  });

  it.each([
    ['installed', 'install'],
    ['activated', 'activate'],
  ] as const)(
    'says the provider will refuse an eSIM that is %s, and sends nothing',
    async (refusal, step) => {
      const { c, staff, sale } = await soldForCash();
      await driveEsim(c.sim, step, { iccid: sale.esims[0]?.iccid });
      const check = unwrap(await c.h.call<CancelCheck>('checkCancelSale', { saleId: sale.id }));
      expect(check.refusal).toEqual(stated(refusal));
      const refused = await cancelSale(c.h, sale.id, sale.retailTotal, staff.approval);
      if (check.refusal === null) {
        // The live status did not say (lean, untidy): the cancel is sent and the provider refuses it.
        expect(refused).toMatchObject({
          ok: true,
          value: { state: 'refused', lastError: { code: 'NOT_ELIGIBLE' }, cashRefunded: false },
        });
      } else {
        expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_ELIGIBLE', details: { refusal } } });
      }
      expect(await providerOrder(c.sim, sale.orderReference)).toMatchObject({ status: 'completed' });
      expect(cashOf(await xReport(c.h), 'USD').refunds).toEqual(usd(0));
    },
  );

  it('settles a lost answer by reading only, and never sends the cancel again', async () => {
    const { c, staff, sale } = await soldForCash();
    await forceRefundMethod(c.sim, 'balance');
    c.sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /esims/cancel'] });
    const lost = unwrap(await cancelSale(c.h, sale.id, sale.retailTotal, staff.approval));
    expect(lost).toMatchObject({ state: 'unknown', cashRefunded: false, attempts: 1 });
    // No cash leaves the drawer on an unknown outcome.
    expect(cashOf(await xReport(c.h), 'USD').refunds).toEqual(usd(0));
    const resend = await cancelAgain(c, sale.id, staff);
    expect(resend).toMatchObject({ ok: false, error: { code: 'INVALID_STATE' } });
    // In doubt, the sale says so; nothing was given back, so the takings stand.
    const doubtful = unwrap(await c.h.call<SaleList>('listSales', {}));
    expect(doubtful.sales[0]?.cancellation).toMatchObject({ id: lost.id, state: 'unknown' });
    expect(doubtful.totals).toMatchObject({
      completed: 1,
      cancelled: 0,
      takings: [sale.retailTotal],
      refunded: [],
    });
    expect(await xReport(c.h)).toMatchObject({ cancelled: [], cancelledCashBack: [] });

    c.sim.setFaults({ dropAfterCommitRate: 0, paths: [] });
    const settled = unwrap(await c.h.call<Cancellation>('settleCancellation', { id: lost.id }));
    expect(settled).toMatchObject({
      state: 'cancelled',
      refundMethod: stated('balance'),
      cashRefunded: true,
      attempts: 1,
    });
    const x = await xReport(c.h);
    expect(cashOf(x, 'USD').refunds).toEqual(sale.retailTotal);
    expect(x.cancelled).toEqual([{ currency: 'USD', count: 1, retail: sale.retailTotal, net: usd(0) }]);
    // The provider cancelled (and refunded) once.
    const refunds = (await ledger(c.sim)).entries.filter((entry) => entry.kind === 'refund');
    expect(refunds).toHaveLength(1);
  });

  it('settles a lost answer from the provider’s filtered list when the order’s record words its status otherwise', async () => {
    // A provider whose record of an order says "processing", a status word the API does not list,
    // and a payment status nobody listed either: the order's record cannot say it was cancelled.
    const { sim, provider } = await rewordedSimulator(
      '/esims/order?',
      (body) => {
        const order = body.order as Record<string, unknown> | undefined;
        if (order) Object.assign(order, { status: 'processing', paymentStatus: 'settled' });
      },
      async () => {
        await counter?.close();
        counter = null;
      },
    );
    const { c, staff, sale } = await soldForCash({ sim, apiBaseUrl: provider.baseUrl });
    await forceRefundMethod(sim, 'balance');
    sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /esims/cancel'] });
    const lost = unwrap(await cancelSale(c.h, sale.id, sale.retailTotal, staff.approval));
    expect(lost.state).toBe('unknown');
    sim.setFaults({ dropAfterCommitRate: 0, paths: [] });

    const settled = unwrap(await c.h.call<Cancellation>('settleCancellation', { id: lost.id }));
    // Cancelled: the provider files the order under "cancelled"; how it refunded, its record does not say.
    expect(settled).toMatchObject({
      state: 'cancelled',
      refundMethod: null,
      providerRefund: null,
      cashRefunded: true,
    });
    expect(await providerRefundAsManagerReads(c, staff, sale.id)).toEqual(sale.cost);
    expect(cashOf(await xReport(c.h), 'USD').refunds).toEqual(sale.retailTotal);
    const asked = provider.requests.map(
      (request) => `${request.method} ${new URL(request.url, sim.baseUrl).pathname}`,
    );
    expect(asked.filter((request) => request.endsWith('/esims/cancel'))).toHaveLength(1);
    expect(keptAnswers(c.dataDir, 'cancellation', lost.id).map((answer) => answer.request)).toEqual([
      'POST /esims/cancel',
      'GET /esims/order',
      'GET /orders',
    ]);
  });
});

describe('a goodwill refund of a top-up', () => {
  it('is cash from the drawer, reasoned and approved, marked not recoverable, and never sent', async () => {
    counter = await startCounter();
    const c = counter;
    const staff = await hireStaff(c.h);
    await openShift(c.h, [usd(10_000)]);
    // Asked of the simulator's own catalogue: a lean one does not say which packages are rechargeable.
    const facts = providerFacts(SEED);
    const rechargeable = [...c.packages]
      .filter((p: CataloguePackage) => facts(p.code)?.rechargeable)
      .sort((a, b) => a.cost!.amount - b.cost!.amount);
    let found: { iccid: string; option: TopUpOption } | null = null;
    for (const pkg of rechargeable.slice(0, 10)) {
      const sale = await sell(c.h, pkg);
      if (sale.state !== 'completed') continue;
      const iccid = sale.esims[0]?.iccid ?? '';
      await driveEsim(c.sim, 'activate', { iccid });
      const listed = await c.h.call<{ packages: TopUpOption[] }>('listTopUpPackages', { iccid });
      const option = listed.ok ? listed.value.packages[0] : undefined;
      if (option) {
        found = { iccid, option };
        break;
      }
    }
    if (!found) throw new Error('no rechargeable package with top-ups in the catalogue');
    const topUp = unwrap(
      await c.h.call<TopUp>('topUp', {
        iccid: found.iccid,
        packageCode: found.option.code,
        tender: { method: 'cash', tendered: found.option.retail.amount },
      }),
    );
    expect(topUp.state).toBe('completed');
    const before = await ledger(c.sim);
    const reasonless = await c.h.call('goodwillRefund', {
      topUpId: topUp.id,
      amount: topUp.retail,
      reason: ' ',
      approval: staff.approval,
    });
    expect(reasonless).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const refund = unwrap(
      await c.h.call<Cancellation>('goodwillRefund', {
        topUpId: topUp.id,
        amount: topUp.retail,
        reason: 'The data ran out on the first day',
        approval: staff.approval,
      }),
    );
    expect(refund).toMatchObject({
      kind: 'goodwill',
      state: 'recorded',
      recoverable: false,
      cashRefund: topUp.retail,
      cashRefunded: true,
      originalReceiptNumber: topUp.receiptNumber,
      approvedBy: staff.manager.id,
      attempts: 0,
    });
    expect(cashOf(await xReport(c.h), 'USD').refunds).toEqual(topUp.retail);
    // Nothing went to the provider.
    expect(await ledger(c.sim)).toEqual(before);
  });
});
