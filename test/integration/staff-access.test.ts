import { describe, expect, it } from 'vitest';
import type { OwnerView } from '../../shared/domain/owner-view';
import type { TillView } from '../../shared/domain/shift';
import type { Result } from '../../shared/errors';
import { unwrap } from '../support/core-harness';
import { joinedCounter, newLedger, postgresPerFile, type TestLedger } from '../support/shop-ledger';
import { ALICE_PIN, hireStaff, MANAGER_PIN } from './end-of-day-support';
import { type Counter, eventually } from './money-support';
import { joinInput, shopCounter } from './shop-ledger-support';

// Staff given access per shop (ledger migration 0011): Main street's Alice, given access to the
// Harbour by the ledger's owner, signs in at the Harbour's counter with her one id and PIN; taken
// away, she is refused there. A counter's role cannot give access. Two live counters of two shops on
// a real PostgreSQL.

const server = postgresPerFile();

function signIn(c: Counter, cashierId: string, pin: string): Promise<Result<unknown>> {
  return c.h.call('signIn', { cashierId, pin });
}

/** The Harbour's counter: its manager PIN chosen, joined; nobody else on its staff. */
async function harbourCounter(ledger: TestLedger, sim: Counter['sim']) {
  const c = await shopCounter({ sim });
  unwrap(await c.h.call('setManagerPin', { pin: MANAGER_PIN }));
  const till = unwrap(await c.h.call<TillView>('getTill'));
  const manager = till.cashiers.find((cashier) => cashier.usesManagerPin);
  unwrap(await c.h.call('joinShopLedger', joinInput(ledger, '1', 'Quay', 'Harbour')));
  return { c, approval: { managerId: manager?.id ?? '', pin: MANAGER_PIN } };
}

async function shopId(ledger: TestLedger, name: string): Promise<string> {
  const found = await ledger.query<{ id: string }>(
    'SELECT id::text AS id FROM ledger.shops WHERE name = $1',
    [name],
  );
  return found.rows[0]?.id ?? '';
}

describe('staff given access per shop', () => {
  it("sign in at another shop's counter with one id and PIN once the owner gives access, and are refused once it is taken away", async () => {
    const ledger = await newLedger(server());
    const main = await shopCounter();
    const staff = await hireStaff(main.h);
    unwrap(await main.h.call('joinShopLedger', joinInput(ledger, '1', 'Front')));
    await eventually('Main street to hold Alice', async () => {
      const held = await ledger.query('SELECT 1 FROM ledger.staff WHERE id = $1', [staff.alice.id]);
      return held.rowCount === 1 ? true : null;
    });
    const harbour = await harbourCounter(ledger, main.sim);
    const harbourId = await shopId(ledger, 'Harbour');
    // Not the Harbour's: refused there.
    expect((await signIn(harbour.c, staff.alice.id, ALICE_PIN)).ok).toBe(false);

    const access = (given: boolean, login = ledger.owner) =>
      harbour.c.h.call('setStaffAccess', {
        staffId: staff.alice.id,
        shopId: harbourId,
        access: given,
        ownerName: login.user,
        ownerPassword: login.password,
        approval: harbour.approval,
      });
    // A counter's own role is not the owner: it gives nobody access.
    const spare = await joinedCounter(ledger, {
      shop: 'Harbour',
      counterId: 'C-SPARE',
      code: '9',
      name: 'Spare',
    });
    expect(await access(true, spare.login)).toMatchObject({
      ok: false,
      error: { code: 'SHOP_LEDGER_REFUSED', details: { reason: 'not_owner' } },
    });
    expect((await signIn(harbour.c, staff.alice.id, ALICE_PIN)).ok).toBe(false);

    unwrap(await access(true));
    // The owner's view lists her with the shop she was given.
    const view = unwrap(
      await harbour.c.h.call<OwnerView>('getOwnerView', {
        day: '2026-01-01',
        ownerName: ledger.owner.user,
        ownerPassword: ledger.owner.password,
        approval: harbour.approval,
      }),
    );
    expect(view.staff.find((member) => member.id === staff.alice.id)).toMatchObject({
      name: 'Alice',
      shopId: await shopId(ledger, 'Main street'),
      access: [harbourId],
    });
    await eventually('Alice to sign in at the Harbour', async () =>
      (await signIn(harbour.c, staff.alice.id, ALICE_PIN)).ok ? true : null,
    );
    // One person: her wrong PINs at the Harbour count in her one record.
    expect((await signIn(harbour.c, staff.alice.id, '9999')).ok).toBe(false);
    await eventually('the wrong PIN to count for Alice', async () => {
      const held = await ledger.query<{ failures: number }>(
        'SELECT failures FROM ledger.staff WHERE id = $1',
        [staff.alice.id],
      );
      return held.rows[0]?.failures === 1 ? true : null;
    });
    // Her home shop still signs her in.
    unwrap(await signIn(main, staff.alice.id, ALICE_PIN));

    unwrap(await access(false));
    const refused = await eventually('Alice to be refused at the Harbour', async () => {
      const answer = await signIn(harbour.c, staff.alice.id, ALICE_PIN);
      return answer.ok ? null : answer;
    });
    expect(refused).toMatchObject({ ok: false, error: { details: { inactive: true } } });
    unwrap(await signIn(main, staff.alice.id, ALICE_PIN));
    // Her own shop is no shop to give her access to.
    const mainId = await shopId(ledger, 'Main street');
    expect(
      await harbour.c.h.call('setStaffAccess', {
        staffId: staff.alice.id,
        shopId: mainId,
        access: true,
        ownerName: ledger.owner.user,
        ownerPassword: ledger.owner.password,
        approval: harbour.approval,
      }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_STATE' } });
  }, 300_000);

  it("cannot be given by a counter's role: row-level security lets it read its own shop's access only", async () => {
    const ledger = await newLedger(server());
    const front = await joinedCounter(ledger, {
      shop: 'Main street',
      counterId: 'C-FRONT',
      code: '1',
      name: 'Front',
    });
    const quay = await joinedCounter(ledger, {
      shop: 'Harbour',
      counterId: 'C-QUAY',
      code: '1',
      name: 'Quay',
    });
    await front.client.query('SELECT ledger.put_counter_manager($1)', ['Manager']);
    await front.client.query('SELECT ledger.put_staff($1, $2, $3, $4::jsonb, true, NULL)', [
      'S-ALICE',
      'Alice',
      'cashier',
      JSON.stringify({ salt: 'aa', hash: 'bb', n: 16384, r: 8, p: 1 }),
    ]);
    const harbour = await shopId(ledger, 'Harbour');
    const main = await shopId(ledger, 'Main street');
    // Neither shop's counter writes access, for its own shop or another.
    for (const [client, shop] of [
      [quay.client, harbour],
      [front.client, harbour],
      [front.client, main],
    ] as const) {
      await expect(
        client.query('INSERT INTO ledger.staff_access (staff_id, shop_id) VALUES ($1, $2::bigint)', [
          'S-ALICE',
          shop,
        ]),
      ).rejects.toThrow(/permission denied/);
    }
    // The Harbour does not see Main street's Alice until the owner gives her access, then reads it.
    const seen = async () =>
      (await quay.client.query('SELECT id, active FROM ledger.staff WHERE id = $1', ['S-ALICE'])).rows;
    expect(await seen()).toEqual([]);
    await ledger.query('INSERT INTO ledger.staff_access (staff_id, shop_id) VALUES ($1, $2::bigint)', [
      'S-ALICE',
      harbour,
    ]);
    expect(await seen()).toEqual([{ id: 'S-ALICE', active: true }]);
    // Once given, the Harbour's counter still cannot take it away, nor change her.
    await expect(
      quay.client.query('UPDATE ledger.staff_access SET withdrawn_at = now() WHERE staff_id = $1', [
        'S-ALICE',
      ]),
    ).rejects.toThrow(/permission denied/);
    await quay.client.query('SELECT ledger.put_counter_manager($1)', ['Harbour manager']);
    await expect(
      quay.client.query("SELECT ledger.put_staff($1, 'Alicia', NULL, NULL, NULL, NULL)", ['S-ALICE']),
    ).rejects.toThrow(/no such member of this shop's staff/);
    // Main street's counter reads no access row of the Harbour's.
    expect((await front.client.query('SELECT * FROM ledger.staff_access')).rows).toEqual([]);
  }, 120_000);
});
