import { describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../electron/core/core-events';
import { CUSTOMER_QR_SHOWN_MS, CustomerDisplayState } from '../../electron/core/devices/customer-display';
import { type Sale, SaleSchema } from '../../shared/domain/sale';
import { TopUpSchema } from '../../shared/domain/topup';
import { money } from '../../shared/money';
import { completedSale } from '../integration/receipt-fixtures';

/** A sale's life as the core announces it: intent first, then sent, then completed. */
function saleAt(id: string, quantity = 1): { intent: Sale; sent: Sale; completed: Sale } {
  const completed = { ...completedSale(quantity), id };
  return {
    intent: SaleSchema.parse({ ...completed, state: 'intent' }),
    sent: SaleSchema.parse({ ...completed, state: 'sent', attempts: 1, sentAt: completed.createdAt }),
    completed,
  };
}

function harness(language: 'en' | 'ar' = 'en') {
  let clock = Date.parse('2025-03-12T11:05:02.000Z');
  const emitted: CoreEvent[] = [];
  const state = new CustomerDisplayState({
    now: () => new Date(clock),
    shopLanguage: () => language,
    shopName: () => 'Corner Shop',
    emit: (event) => emitted.push(event),
  });
  return {
    state,
    emitted,
    /** Delivers an event as the core does; the display's own event follows once delivery is over. */
    async deliver(event: CoreEvent): Promise<void> {
      state.observe(event);
      await Promise.resolve();
    },
    advance(ms: number): void {
      clock += ms;
    },
  };
}

const updated = (sale: Sale): CoreEvent => ({ type: 'sale.updated', sale });

describe('the customer display state', () => {
  it('is idle in the shop’s language at first', () => {
    expect(harness('ar').state.view()).toEqual({ language: 'ar', shopName: 'Corner Shop', sale: null });
  });

  it('goes back to the shop’s language when cleared for the next customer', () => {
    const h = harness('en');
    expect(h.state.setLanguage('ar').language).toBe('ar');
    expect(h.state.view().language).toBe('ar');
    expect(h.state.clear().language).toBe('en');
  });

  it('shows the completed sale begun at this counter, with its install codes and nothing of its money', async () => {
    const h = harness();
    const { intent, sent, completed } = saleAt('s1', 2);
    await h.deliver(updated(intent));
    await h.deliver(updated(sent));
    expect(h.emitted).toEqual([]);
    await h.deliver(updated(completed));
    const view = h.state.view();
    if (completed.state !== 'completed') throw new Error('fixture');
    expect(view.sale).toMatchObject({ id: 's1', receiptNumber: completed.receiptNumber, training: false });
    expect(view.sale?.esims.map((esim) => esim.lpa)).toEqual(completed.esims.map((esim) => esim.lpa));
    expect(JSON.stringify(view)).not.toMatch(/cost|margin|retail|idempotency|orderReference/i);
    expect(h.emitted).toEqual([{ type: 'customer.display', display: view }]);
  });

  it('announces its change after the event that caused it, not during its delivery', () => {
    const h = harness();
    const { intent, sent, completed } = saleAt('s1');
    h.state.observe(updated(intent));
    h.state.observe(updated(sent));
    h.state.observe(updated(completed));
    expect(h.emitted).toEqual([]);
    expect(h.state.view().sale?.id).toBe('s1');
  });

  it('goes idle when the next sale or a top-up begins, or when the cashier clears it', async () => {
    const h = harness();
    const first = saleAt('s1');
    const second = saleAt('s2');
    await h.deliver(updated(first.intent));
    await h.deliver(updated(first.sent));
    await h.deliver(updated(first.completed));
    await h.deliver(updated(second.intent));
    await h.deliver(updated(second.sent));
    expect(h.state.view().sale).toBeNull();
    expect(h.emitted.at(-1)).toEqual({
      type: 'customer.display',
      display: { language: 'en', shopName: 'Corner Shop', sale: null },
    });

    await h.deliver(updated(second.completed));
    expect(h.state.view().sale?.id).toBe('s2');
    const topUp = TopUpSchema.parse({
      id: 't1',
      receiptNumber: 50,
      counterId: 'c',
      cashierId: null,
      shiftId: null,
      createdAt: '2025-03-12T11:06:00.000Z',
      updatedAt: '2025-03-12T11:06:00.000Z',
      training: false,
      iccid: '8985247000012345670',
      packageCode: 'P',
      packageName: 'P',
      retail: money(500, 'USD'),
      before: {
        totalMb: 1024,
        remainingMb: 10,
        expiresAt: null,
        status: 'Active',
        takenAt: '2025-03-12T11:06:00.000Z',
      },
      state: 'intent',
    });
    await h.deliver({ type: 'topup.updated', topUp });
    expect(h.state.view().sale).toBeNull();

    await h.deliver(updated({ ...second.completed }));
    expect(h.state.view().sale).toBeNull();
    const third = saleAt('s3');
    await h.deliver(updated(third.intent));
    await h.deliver(updated(third.sent));
    await h.deliver(updated(third.completed));
    const count = h.emitted.length;
    expect(h.state.clear().sale).toBeNull();
    expect(h.emitted).toHaveLength(count + 1);
    h.state.clear();
    expect(h.emitted).toHaveLength(count + 1);
  });

  it('never shows a sale whose customer is gone: one overtaken by a newer sale, or begun before a restart', async () => {
    const h = harness();
    const slow = saleAt('slow');
    const next = saleAt('next');
    await h.deliver(updated(slow.intent));
    await h.deliver(updated(slow.sent));
    await h.deliver(updated(next.intent));
    await h.deliver(updated(next.sent));
    await h.deliver(updated(slow.completed));
    expect(h.state.view().sale).toBeNull();

    const restarted = harness();
    await restarted.deliver(updated(saleAt('before-restart').completed));
    expect(restarted.state.view().sale).toBeNull();
    expect(restarted.emitted).toEqual([]);
  });

  it('takes the QR codes down by itself two minutes after they came up', async () => {
    const h = harness();
    const { intent, sent, completed } = saleAt('s1');
    await h.deliver(updated(intent));
    await h.deliver(updated(sent));
    await h.deliver(updated(completed));
    expect(CUSTOMER_QR_SHOWN_MS).toBe(120_000);
    expect(Date.parse(h.state.view().sale?.showUntil ?? '')).toBe(
      Date.parse('2025-03-12T11:05:02.000Z') + CUSTOMER_QR_SHOWN_MS,
    );
    h.advance(CUSTOMER_QR_SHOWN_MS - 1);
    expect(h.state.view().sale?.id).toBe('s1');
    h.advance(1);
    expect(h.state.view().sale).toBeNull();
  });

  it('shows the next customer the amount to pay in place of the last customer’s QR codes', async () => {
    const h = harness();
    const first = saleAt('s1');
    await h.deliver(updated(first.intent));
    await h.deliver(updated(first.sent));
    await h.deliver(updated(first.completed));
    const due = {
      packageName: 'Turkey 3GB',
      quantity: 1,
      toPay: money(3500, 'IQD'),
      price: money(239, 'USD'),
    };
    const shown = h.state.showDue(due);
    expect(shown.sale).toBeNull();
    expect(shown.due).toEqual(due);
    expect(JSON.stringify(shown)).not.toMatch(/activationCode|LPA:/);
    expect(h.emitted.at(-1)).toEqual({ type: 'customer.display', display: shown });
    // The sale begins: the amount leaves with the confirm step; cleared, nothing of it stays.
    const next = saleAt('s2');
    await h.deliver(updated(next.intent));
    expect(h.state.view().due).toBeUndefined();
    h.state.showDue(due);
    expect(h.state.clear()).toEqual({ language: 'en', shopName: 'Corner Shop', sale: null });
  });

  it('speaks the language chosen for the customer, announcing only a change', () => {
    const h = harness();
    expect(h.state.setLanguage('ar')).toEqual({ language: 'ar', shopName: 'Corner Shop', sale: null });
    expect(h.emitted).toEqual([
      { type: 'customer.display', display: { language: 'ar', shopName: 'Corner Shop', sale: null } },
    ]);
    h.state.setLanguage('ar');
    expect(h.emitted).toHaveLength(1);
  });

  it('says a paid sale is being prepared, and never shows it by itself when it completes later', async () => {
    const h = harness();
    const { intent, sent, completed } = saleAt('s1');
    await h.deliver(updated(intent));
    await h.deliver(updated(sent));
    if (completed.state !== 'completed') throw new Error('fixture');
    const pending = SaleSchema.parse({
      ...completed,
      state: 'pending',
      pendingSince: completed.createdAt,
      nextCheckAt: completed.createdAt,
      giveUpAt: completed.createdAt,
    });
    await h.deliver(updated(pending));
    expect(h.state.view().preparing).toEqual({
      receiptNumber: completed.receiptNumber,
      packageName: completed.packageName,
    });
    expect(h.state.view().sale).toBeNull();
    await h.deliver(updated(completed));
    expect(h.state.view()).toEqual({ language: 'en', shopName: 'Corner Shop', sale: null });
    // The cashier decides: shown when asked.
    expect(h.state.showSale(completed).sale?.id).toBe('s1');
  });
});
