import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cashier } from '../../shared/domain/cashier';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { CustomerDisplay } from '../../shared/domain/customer-display';
import type { Sale } from '../../shared/domain/sale';
import type { Settings } from '../../shared/domain/settings';
import type { TillView } from '../../shared/domain/shift';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';
import { loggedRecords } from '../support/journal-records';
import { eventually } from './money-support';

// A live counter's sign-out and its lock after the shop's idle time, in a real core selling from the
// simulator over HTTP: the lock is a sign-out of its own, every call that needs someone signed in is
// refused after it, the customer display forgets the last customer, and a sale already sent is never
// abandoned: its answer is kept and shown after the next sign-in.

const MANAGER_PIN = '2468';
const ALICE_PIN = '1357';

let h: CoreHarness;
let alice: Cashier;
let packageCode: string;

/** The journal's audit rows of one kind, read from its file. */
function auditRows(dataDir: string, kind: string): { subject: string | null; detail: unknown }[] {
  const db = new Database(join(dataDir, 'journal.sqlite'), { readonly: true });
  try {
    const rows = loggedRecords(db, (row) => row.kind === kind);
    return rows.map((row) => ({
      subject: row.subject,
      detail: row.detail_json && JSON.parse(row.detail_json),
    }));
  } finally {
    db.close();
  }
}

/** Lets the display's announcement, queued behind the event that caused it, go out. */
const settle = (): Promise<void> => new Promise((done) => setImmediate(done));

beforeAll(async () => {
  h = await startCoreHarness({}, { live: true });
  unwrap(await h.call('setManagerPin', { pin: MANAGER_PIN }));
  const manager = unwrap(await h.call<TillView>('getTill')).cashiers.find((each) => each.usesManagerPin);
  alice = unwrap(
    await h.call<Cashier>('addCashier', {
      name: 'Alice',
      role: 'cashier',
      pin: ALICE_PIN,
      approval: { managerId: manager?.id, pin: MANAGER_PIN },
    }),
  );
  const { packages } = unwrap(await h.call<{ packages: CataloguePackage[] }>('listPackages'));
  unwrap(await h.call('signIn', { cashierId: alice.id, pin: ALICE_PIN }));
  packageCode = [...packages].sort((a, b) => a.retail.amount - b.retail.amount)[0]!.code;
});

afterAll(async () => {
  await h.close();
});

describe('the idle lock', () => {
  it('is five minutes unless the manager says otherwise; 0 turns it off, and nonsense is refused', async () => {
    expect(unwrap(await h.call<Settings>('getSettings')).lockAfterMinutes).toBe(5);
    const set = async (lockAfterMinutes: unknown) =>
      h.call<Settings>('updateSettings', { pin: MANAGER_PIN, patch: { lockAfterMinutes } });
    expect(unwrap(await set(0)).lockAfterMinutes).toBe(0);
    expect(unwrap(await set(15)).lockAfterMinutes).toBe(15);
    for (const wrong of [-1, 2.5, 481, '5']) {
      const refused = await set(wrong);
      expect(refused.ok, String(wrong)).toBe(false);
      if (!refused.ok) {
        expect(refused.error.code).toBe('INVALID_INPUT');
        expect(refused.error.message).toContain('lockAfterMinutes');
      }
    }
    expect(unwrap(await h.call<Settings>('getSettings')).lockAfterMinutes).toBe(15);
    // Without the manager PIN nobody changes it.
    expect((await h.call('updateSettings', { patch: { lockAfterMinutes: 0 } })).ok).toBe(false);
  });

  it('signs the cashier out as a lock of its own: the core refuses work until the next sign-in', async () => {
    // A sale completes and its eSIMs are on the customer's screen.
    const shown = unwrap(await h.call<Sale>('sell', { packageCode, quantity: 1 }));
    await settle();
    expect(shown.state).toBe('completed');
    expect(unwrap(await h.call<CustomerDisplay>('getCustomerDisplay')).sale?.id).toBe(shown.id);
    unwrap(await h.call('setCustomerLanguage', { language: 'ar' }));

    // The next sale is on the wire when the counter locks itself.
    h.simulator.setFaults({ latencyMs: 1500, paths: ['POST /esims/order'] });
    const sending = h.events.length;
    const onTheWire = h.call<Sale>('sell', { packageCode, quantity: 1 });
    await eventually(
      'the sale on the wire',
      async () =>
        h.events
          .slice(sending)
          .find((event) => event.type === 'sale.updated' && event.sale.state === 'sent') ?? null,
    );
    const from = h.events.length;
    const locked = unwrap(await h.call<TillView>('signOut', { idle: true }));
    expect(locked.cashier).toBeNull();
    // Every window is told, and the customer's screen is back to idle in the shop's language.
    const tills = h.events
      .slice(from)
      .flatMap((event) => (event.type === 'till.updated' ? [event.till] : []));
    expect(tills.map((till) => till.cashier)).toEqual([null]);
    await settle();
    expect(unwrap(await h.call<CustomerDisplay>('getCustomerDisplay'))).toMatchObject({
      language: 'en',
      sale: null,
    });

    // The sale sent before the lock is never abandoned: its answer comes back and is kept…
    const sent = unwrap(await onTheWire);
    h.simulator.setFaults({ latencyMs: 0 });
    expect(sent.state).toBe('completed');
    await settle();
    // …and it does not pop up on the customer's screen of a counter nobody works.
    expect(unwrap(await h.call<CustomerDisplay>('getCustomerDisplay')).sale).toBeNull();

    // Like after a sign-out, the core refuses what needs someone signed in.
    for (const [method, input] of [
      ['sell', { packageCode, quantity: 1 }],
      ['getSale', { id: sent.id }],
      ['listSales', {}],
      ['moveCash', { kind: 'pay_in', reason: 'float', amount: { amount: 100, currency: 'USD' } }],
    ] as const) {
      const refused = await h.call(method, input);
      expect(refused.ok, method).toBe(false);
      if (!refused.ok) expect(refused.error.code, method).toBe('SIGN_IN_REQUIRED');
    }

    // The records say who left the counter signed in, and after how long.
    expect(auditRows(h.dataDir, 'cashier.locked')).toEqual([
      { subject: alice.id, detail: { afterMinutes: 15 } },
    ]);

    // Signed in again, the sale is there with its outcome.
    unwrap(await h.call('signIn', { cashierId: alice.id, pin: ALICE_PIN }));
    const again = unwrap(await h.call<Sale>('getSale', { id: sent.id }));
    expect(again.state).toBe('completed');
  });

  it('signs out on request, recorded as a sign-out, and clears the customer display', async () => {
    const shown = unwrap(await h.call<Sale>('sell', { packageCode, quantity: 1 }));
    await settle();
    expect(unwrap(await h.call<CustomerDisplay>('getCustomerDisplay')).sale?.id).toBe(shown.id);
    expect(unwrap(await h.call<TillView>('signOut', {})).cashier).toBeNull();
    await settle();
    expect(unwrap(await h.call<CustomerDisplay>('getCustomerDisplay')).sale).toBeNull();
    expect(auditRows(h.dataDir, 'cashier.signed_out')).toEqual([{ subject: alice.id, detail: null }]);
    const refused = await h.call('sell', { packageCode, quantity: 1 });
    expect(refused.ok ? null : refused.error.code).toBe('SIGN_IN_REQUIRED');
  });
});
