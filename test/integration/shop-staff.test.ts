import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Cashier } from '../../shared/domain/cashier';
import type { Result } from '../../shared/errors';
import { unwrap } from '../support/core-harness';
import { newLedger, postgresPerFile, type TestLedger, twoShopCounters } from '../support/shop-ledger';
import { ALICE_PIN, BOB_PIN, hireStaff, type Staff } from './end-of-day-support';
import { type Counter, eventually } from './money-support';
import { joinInput, shopCounter } from './shop-ledger-support';

// Staff once per shop (ledger migration 0008, electron/core/cashiers/shop-staff.ts), on a real
// PostgreSQL with two live counters of one shop on one simulator account: each change made at one
// counter reaches the other, each step also tried with the ledger stopped and started again.

const server = postgresPerFile();

interface StaffCounter {
  readonly c: Counter;
  readonly staff: Staff;
}

/** A counter with its staff hired, joined to the shop as `code`, once the shop holds its cashiers. */
async function staffCounter(ledger: TestLedger, code: string, sim?: Counter['sim']): Promise<StaffCounter> {
  // The keychain kept across restarts, so a restarted counter still logs in to its ledger.
  const keychainService = `esim-counter-staff-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const c = await shopCounter(sim ? { sim, keychainService } : { keychainService });
  const staff = await hireStaff(c.h);
  unwrap(await c.h.call('joinShopLedger', joinInput(ledger, code)));
  await eventually(
    'the shop to hold its cashiers',
    async () => ((await shopStaff(ledger)).some((row) => row.id === staff.alice.id) ? true : null),
    30_000,
  );
  return { c, staff };
}

async function shopStaff(ledger: TestLedger) {
  const rows = await ledger
    .query<{ id: string; name: string; active: boolean; failures: number; counter_id: string | null }>(
      'SELECT id, name, active, failures, counter_id FROM ledger.staff ORDER BY name',
    )
    .catch(() => ({ rows: [] }));
  return rows.rows;
}

async function cashiersAt(c: Counter): Promise<Cashier[]> {
  return unwrap(await c.h.call<{ cashiers: Cashier[] }>('listCashiers')).cashiers;
}

function signIn(c: Counter, cashierId: string, pin: string): Promise<Result<unknown>> {
  return c.h.call('signIn', { cashierId, pin });
}

/** Resolves once `call` answers ok at the counter (the change has reached it). */
function untilOk(what: string, call: () => Promise<Result<unknown>>) {
  return eventually(what, async () => ((await call()).ok ? true : null), 20_000);
}

function errorOf(result: Result<unknown>): { code: string; message: string; details?: unknown } {
  if (result.ok) throw new Error('expected a refusal');
  return result.error as { code: string; message: string; details?: unknown };
}

/**
 * Resolves once the counter's copy of a cashier holds the PIN hash and state the shop's staff hold
 * (waiting by signing in would count the wrong PINs tried meanwhile).
 */
function untilCopied(c: Counter, ledger: TestLedger, id: string): Promise<true> {
  return eventually(
    'the copy to follow the shop',
    async () => {
      const held = await ledger
        .query<{ pin: Record<string, unknown>; active: boolean }>(
          'SELECT pin, active FROM ledger.staff WHERE id = $1',
          [id],
        )
        .catch(() => ({ rows: [] }));
      const shop = held.rows[0];
      const db = new Database(join(c.dataDir, 'journal.sqlite'), { readonly: true });
      try {
        const row = db.prepare('SELECT pin_json, active FROM cashiers WHERE id = ?').get(id) as
          | { pin_json: string; active: number }
          | undefined;
        if (!shop || !row) return null;
        const pin = JSON.parse(row.pin_json) as Record<string, unknown>;
        const same =
          Object.keys(pin).every((key) => pin[key] === shop.pin[key]) && (row.active === 1) === shop.active;
        return same ? true : null;
      } finally {
        db.close();
      }
    },
    20_000,
  );
}

/** The wrong PINs this counter's journal counts for a cashier. */
function failuresAt(c: Counter, id: string): number {
  const db = new Database(join(c.dataDir, 'journal.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT failures FROM cashiers WHERE id = ?').get(id) as { failures: number })
      .failures;
  } finally {
    db.close();
  }
}

describe("the shop's staff", () => {
  it('are one list: counter 2 joins with its own cashiers, each kept, a name the shop has given its code', async () => {
    const ledger = await newLedger(server());
    const one = await staffCounter(ledger, '1');
    const two = await staffCounter(ledger, '2', one.c.sim);
    // Both counters' cashiers, each under their own id and PIN; counter 2's Alice and Bob renamed.
    // Counter 2 hands the ledger its own as it starts in the shop: the list holds them soon after.
    const names = await eventually("both counters' cashiers in the shop's list", async () => {
      const rows = (await shopStaff(ledger)).filter((row) => row.counter_id === null);
      return rows.length >= 4 ? rows.map((row) => [row.id, row.name]) : null;
    });
    expect(names).toEqual([
      [one.staff.alice.id, 'Alice'],
      [two.staff.alice.id, 'Alice (2)'],
      [one.staff.bob.id, 'Bob'],
      [two.staff.bob.id, 'Bob (2)'],
    ]);
    for (const { c } of [one, two]) {
      await eventually('every counter to list the shop', async () => {
        const listed = (await cashiersAt(c)).filter((cashier) => cashier.active && !cashier.usesManagerPin);
        return listed.length === 4 ? listed : null;
      });
    }
    // Each counter keeps its own manager (its manager PIN), which the ledger knows as that counter's.
    expect((await cashiersAt(two.c)).filter((cashier) => cashier.usesManagerPin)).toEqual([
      two.staff.manager,
    ]);
    // Counter 2's Alice, renamed, still signs in with her PIN there and at counter 1.
    unwrap(await signIn(two.c, two.staff.alice.id, ALICE_PIN));
    await untilOk("counter 2's Alice at counter 1", () => signIn(one.c, two.staff.alice.id, ALICE_PIN));
  }, 240_000);

  it('added, given a new PIN or deactivated at counter 1 are so at counter 2; with the ledger stopped, refused there and signed in from the copy', async () => {
    const ledger = await newLedger(server());
    const one = await staffCounter(ledger, '1');
    const two = await staffCounter(ledger, '2', one.c.sim);
    await untilOk("counter 1's Alice at counter 2", () => signIn(two.c, one.staff.alice.id, ALICE_PIN));

    // A cashier added at counter 1 while the ledger is stopped: refused, nothing kept.
    await ledger.server.stop();
    const carol = { name: 'Carol', role: 'cashier', pin: '3333', approval: one.staff.approval };
    const refused = errorOf(await one.c.h.call('addCashier', carol));
    expect(refused.code).toBe('SHOP_LEDGER_UNREACHABLE');
    expect(refused.message).toMatch(/shop ledger, which cannot be reached now/);
    expect((await cashiersAt(one.c)).map((cashier) => cashier.name)).not.toContain('Carol');
    // Signing in still works from each counter's copy.
    unwrap(await signIn(two.c, one.staff.bob.id, BOB_PIN));
    await ledger.server.start();
    const added = unwrap(await one.c.h.call<Cashier>('addCashier', carol));
    const started = Date.now();
    await untilOk('Carol to sign in at counter 2', () => signIn(two.c, added.id, '3333'));
    console.info(`a cashier added at counter 1 signed in at counter 2 after ${Date.now() - started} ms`);

    // A new PIN for Alice at counter 1: the new one works at counter 2, the old one no longer.
    unwrap(
      await one.c.h.call('updateCashier', {
        id: one.staff.alice.id,
        pin: '7777',
        approval: one.staff.approval,
      }),
    );
    const changed = Date.now();
    await untilCopied(two.c, ledger, one.staff.alice.id);
    console.info(`a PIN changed at counter 1 reached counter 2 after ${Date.now() - changed} ms`);
    unwrap(await signIn(two.c, one.staff.alice.id, '7777'));
    expect(errorOf(await signIn(two.c, one.staff.alice.id, ALICE_PIN)).code).toBe('PIN_INVALID');
    // With the ledger stopped, counter 2 still signs her in with it, after a restart too.
    await ledger.server.stop();
    await two.c.restart();
    unwrap(await signIn(two.c, one.staff.alice.id, '7777'));
    await ledger.server.start();

    // Bob deactivated at counter 1 (signed in at counter 2): refused and signed out there.
    unwrap(await signIn(two.c, one.staff.bob.id, BOB_PIN));
    unwrap(
      await one.c.h.call('updateCashier', {
        id: one.staff.bob.id,
        active: false,
        approval: one.staff.approval,
      }),
    );
    await eventually('Bob to be refused at counter 2', async () => {
      const answer = await signIn(two.c, one.staff.bob.id, BOB_PIN);
      return answer.ok ? null : errorOf(answer);
    }).then((error) => expect(error.details).toMatchObject({ inactive: true }));
    const till = unwrap(await two.c.h.call<{ cashier: Cashier | null }>('getTill'));
    expect(till.cashier?.id).not.toBe(one.staff.bob.id);
    // And still refused at counter 2 with the ledger stopped, after a restart.
    await ledger.server.stop();
    await two.c.restart();
    expect(errorOf(await signIn(two.c, one.staff.bob.id, BOB_PIN)).code).toBe('PIN_INVALID');
    await ledger.server.start();
  }, 300_000);

  it("lock out a PIN on the wrong PINs of every counter; with the ledger stopped they count at the counter, and the shop's after", async () => {
    const ledger = await newLedger(server());
    const one = await staffCounter(ledger, '1');
    const two = await staffCounter(ledger, '2', one.c.sim);
    const alice = one.staff.alice.id;
    await untilOk("counter 1's Alice at counter 2", () => signIn(two.c, alice, ALICE_PIN));

    // Two wrong PINs at counter 1 are free there, and counted for the shop.
    for (let i = 0; i < 2; i += 1)
      expect(errorOf(await signIn(one.c, alice, '0000')).details).not.toHaveProperty('retryAfterSeconds');
    await eventually('the shop to count two', () => (failuresAt(two.c, alice) === 2 ? true : null));
    expect((await shopStaff(ledger)).find((row) => row.id === alice)?.failures).toBe(2);

    // The ledger stops: the third wrong PIN, at counter 2, locks her out there.
    await ledger.server.stop();
    expect(errorOf(await signIn(two.c, alice, '0000')).details).toMatchObject({ retryAfterSeconds: 30 });
    expect(errorOf(await signIn(two.c, alice, ALICE_PIN)).message).toMatch(/Too many wrong PINs/);
    // Counter 1 has not heard of it while the ledger is down.
    expect(failuresAt(one.c, alice)).toBe(2);
    await ledger.server.start();
    // Once it is back, the shop counts it, and counter 1 locks her out too, even with the right PIN.
    await eventually(
      'the shop to count three',
      async () => ((await shopStaff(ledger)).find((row) => row.id === alice)?.failures === 3 ? true : null),
      30_000,
    );
    await eventually('counter 1 to hear of it', () => (failuresAt(one.c, alice) === 3 ? true : null));
    expect(errorOf(await signIn(one.c, alice, ALICE_PIN)).message).toMatch(/Too many wrong PINs/);

    // After the wait, the right PIN at counter 1 clears the shop's count.
    // One clock for both counters (the simulator's).
    one.c.clock.advance(60_000);
    unwrap(await signIn(one.c, alice, ALICE_PIN));
    await eventually('the shop to clear the count', async () =>
      (await shopStaff(ledger)).find((row) => row.id === alice)?.failures === 0 ? true : null,
    );
    await eventually('counter 2 to clear it', () => (failuresAt(two.c, alice) === 0 ? true : null));
  }, 300_000);

  it("take a manager's approval from the shop's managers only", async () => {
    const ledger = await newLedger(server());
    const one = await staffCounter(ledger, '1');
    const two = await staffCounter(ledger, '2', one.c.sim);
    const dana = unwrap(
      await one.c.h.call<Cashier>('addCashier', {
        name: 'Dana',
        role: 'manager',
        pin: '4444',
        approval: one.staff.approval,
      }),
    );
    const byDana = { managerId: dana.id, pin: '4444' };
    await untilOk("Dana's approval at counter 2", () => two.c.h.call('checkApproval', { approval: byDana }));
    // Dana approves a change of the shop's staff at counter 2, which counter 1 then has.
    const erin = unwrap(
      await two.c.h.call<Cashier>('addCashier', {
        name: 'Erin',
        role: 'cashier',
        pin: '5555',
        approval: byDana,
      }),
    );
    await untilOk('Erin at counter 1', () => signIn(one.c, erin.id, '5555'));
    // A cashier approves nothing.
    expect(
      errorOf(
        await two.c.h.call('checkApproval', { approval: { managerId: one.staff.alice.id, pin: ALICE_PIN } }),
      ).code,
    ).toBe('PIN_INVALID');
    // Dana deactivated at counter 1: her approval is refused at counter 2 once it has heard.
    unwrap(await one.c.h.call('updateCashier', { id: dana.id, active: false, approval: one.staff.approval }));
    await eventually("Dana's approval to be refused at counter 2", async () =>
      (await two.c.h.call('checkApproval', { approval: byDana })).ok ? null : true,
    );
  }, 300_000);
});

describe('the staff table (migration 0008)', () => {
  it("lets a counter change its own shop's staff only through the ledger's functions, approved by a manager there", async () => {
    const { ledger, front, back, harbour } = await twoShopCounters(server());
    const pin = JSON.stringify({ salt: 's', hash: 'h', n: 16384, r: 8, p: 1 });
    await front.client.query("SELECT ledger.put_counter_manager('Manager')");
    await harbour.client.query("SELECT ledger.put_counter_manager('Manager')");
    // Nobody approves but a manager: a cashier of the shop cannot.
    // Front's own manager (its manager PIN) approves there: null names them.
    await front.client.query("SELECT ledger.put_staff('S-ALICE', 'Alice', 'cashier', $1, true, NULL)", [pin]);
    await expect(
      front.client.query("SELECT ledger.put_staff('S-EVE', 'Eve', 'cashier', $1, true, 'S-ALICE')", [pin]),
    ).rejects.toThrow(/not by an active manager of this shop/);
    // Front's own manager approves at front only.
    await expect(
      back.client.query("SELECT ledger.put_staff('S-EVE', 'Eve', 'cashier', $1, true, 'counter:C-FRONT')", [
        pin,
      ]),
    ).rejects.toThrow(/not by an active manager of this shop/);
    // Back, of the same shop, reads Alice; the Harbour's counter neither reads nor changes her.
    expect((await back.client.query('SELECT id FROM ledger.staff WHERE counter_id IS NULL')).rows).toEqual([
      { id: 'S-ALICE' },
    ]);
    expect((await harbour.client.query("SELECT id FROM ledger.staff WHERE id = 'S-ALICE'")).rows).toEqual([]);
    await expect(
      harbour.client.query("SELECT ledger.put_staff('S-ALICE', 'Mallory', NULL, NULL, NULL, NULL)"),
    ).rejects.toThrow(/no such member of this shop's staff/);
    await expect(
      harbour.client.query(
        "SELECT ledger.put_staff('S-ALICE', 'Mallory', NULL, NULL, NULL, 'counter:C-FRONT')",
      ),
    ).rejects.toThrow(/not by an active manager of this shop/);
    await expect(harbour.client.query("SELECT ledger.pin_tried('S-ALICE', false, 5)")).rejects.toThrow(
      /no such member of this shop's staff/,
    );
    // No counter writes the table itself.
    for (const client of [front.client, harbour.client]) {
      await expect(client.query("UPDATE ledger.staff SET name = 'Mallory'")).rejects.toThrow(
        /permission denied/,
      );
      await expect(
        client.query(
          "INSERT INTO ledger.staff (id, shop_id, name, role, pin, changed_by) VALUES ('S-X', 1, 'X', 'manager', '{}', 'C-FRONT')",
        ),
      ).rejects.toThrow(/permission denied/);
    }
    const held = await ledger.query<{ name: string; failures: number }>(
      "SELECT name, failures FROM ledger.staff WHERE id = 'S-ALICE'",
    );
    expect(held.rows).toEqual([{ name: 'Alice', failures: 0 }]);
    // A name is the shop's once among its active staff; another shop may have it.
    await expect(
      front.client.query("SELECT ledger.put_staff('S-ALICE-2', 'Alice', 'cashier', $1, true, NULL)", [pin]),
    ).rejects.toThrow(/duplicate key/);
    await harbour.client.query("SELECT ledger.put_staff('S-H-ALICE', 'Alice', 'cashier', $1, true, NULL)", [
      pin,
    ]);
  }, 120_000);
});
