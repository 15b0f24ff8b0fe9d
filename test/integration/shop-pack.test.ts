import { afterEach, describe, expect, it } from 'vitest';
import { sendLinks } from '../../electron/core/shop/ledger-links';
import type { Sale } from '../../shared/domain/sale';
import type { Shift } from '../../shared/domain/shift';
import type { ShopDay } from '../../shared/domain/shop-day';
import { reportText } from '../../shared/report-text';
import { unwrap } from '../support/core-harness';
import { csvObjects } from '../support/csv-parse';
import { counterJournal, joinedCounter, newLedger, postgresPerFile } from '../support/shop-ledger';
import { startTcpGate, type TcpGate } from '../support/tcp-gate';
import { unzipped } from '../support/unzip';
import {
  ALICE_PIN,
  count,
  hireStaff,
  openShift,
  type Staff,
  sell,
  signInManager,
  usd,
} from './end-of-day-support';
import { type Counter, cheapest, eventually } from './money-support';
import { joinInput, shopCounter, untilPublished } from './shop-ledger-support';

// The accountant pack at a counter in a shop ledger: one pack for the shop and the month, built from
// every counter's records in a real PostgreSQL ledger, with each counter's Zs and chain heads in its
// manifest, and the counter the ledger has not heard from named.

const server = postgresPerFile();

const gates: TcpGate[] = [];
afterEach(async () => {
  await Promise.all(gates.splice(0).map((gate) => gate.close()));
});

const FLOAT = 10_000;

interface Manifest {
  readonly shop: string;
  readonly complete: boolean;
  readonly notSynced: string[];
  readonly open: string[];
  readonly managerFigures: boolean;
  readonly counters: {
    readonly code: string;
    readonly state: string;
    readonly ledgerHead: { seq: number; hash: string; receivedAt: string } | null;
    readonly zs: { z: string; businessDay: string; chainHead: unknown; received: boolean }[];
  }[];
  readonly shopDays: unknown[];
  readonly files: { name: string }[];
}

describe('the accountant pack of a shop', { timeout: 240_000 }, () => {
  it("is one pack per shop and month from every counter's records, naming a counter the ledger holds open or has not synced, with the shop days reconciled", async () => {
    const ledger = await newLedger(server());
    const first = await shopCounter();
    // The second counter reaches the ledger through a gate the test can hang.
    const second = await shopCounter({ sim: first.sim });
    const gate = await startTcpGate(ledger.server.port);
    gates.push(gate);
    const staff: Staff = await hireStaff(first.h);
    await hireStaff(second.h);
    unwrap(await first.h.call('joinShopLedger', joinInput(ledger, '1')));
    unwrap(
      await second.h.call('joinShopLedger', {
        ...joinInput(ledger, '2'),
        address: `postgres://127.0.0.1:${gate.port}/${ledger.database}`,
      }),
    );
    const pkg = cheapest(first.packages);
    for (const c of [first, second]) await openShift(c.h, [usd(FLOAT)]);
    const sold = await sell(first.h, pkg, { method: 'card' });
    const early = await sell(second.h, pkg, { method: 'card' });
    await closeShift(first);
    // The close reconciles its day in the background: its run is published with the rest.
    const day =
      unwrap(await first.h.call<{ shifts: Shift[] }>('listShifts', {})).shifts[0]?.businessDay ?? '';
    await eventually(
      'the close reconciled',
      async () =>
        unwrap(await first.h.call<{ reconciliation: unknown }>('getReconciliation', { firstDay: day }))
          .reconciliation,
    );
    await untilPublished(first, ledger);
    await untilPublished(second, ledger);
    // The second counter's network to the ledger goes: it sells and closes its shift on its own.
    gate.hang();
    const late = await sell(second.h, pkg, { method: 'card' });
    await closeShift(second);

    const month = day.slice(0, 7);
    await signInManager(first.h, staff);
    const short = await pack(first, month);
    expect(short.name).toBe(`MAINSTREET-${month}-accountant-pack.zip`);
    expect(short.manifest).toMatchObject({
      shop: 'Main street',
      complete: false,
      notSynced: [],
      open: ['2'],
      managerFigures: true,
    });
    // The answer says it too, for the screen to say.
    expect(short.shop).toEqual({ shop: 'Main street', complete: false, notSynced: [], open: ['2'] });
    expect(short.manifest.counters.map(({ code, state }) => [code, state])).toEqual([
      ['1', 'closed'],
      ['2', 'open'],
    ]);
    // What the ledger received of the second counter, and when: its rows up to there, no more.
    expect(short.manifest.counters[1]?.ledgerHead?.receivedAt).toEqual(expect.any(String));
    expect(short.sales.map((row) => [row.counter, row.receipt])).toEqual([
      ['1', '1-000001'],
      ['2', '2-000001'],
    ]);

    gate.flow();
    await untilPublished(second, ledger, 60_000);
    const whole = await pack(first, month);
    expect(whole.manifest).toMatchObject({ complete: true, notSynced: [], open: [] });
    // Every counter's Zs with the chain head each printed, and the ledger holding that link.
    const heads = whole.manifest.counters.map(({ code, state, zs }) => ({ code, state, zs }));
    expect(heads).toEqual([
      {
        code: '1',
        state: 'closed',
        zs: [{ z: 'Z1-000001', businessDay: day, chainHead: expect.any(Object), received: true }],
      },
      {
        code: '2',
        state: 'closed',
        zs: [{ z: 'Z2-000001', businessDay: day, chainHead: expect.any(Object), received: true }],
      },
    ]);
    // The shop's CSV files hold every counter's rows, each naming its counter, numbers as printed,
    // and the manager's figures.
    expect(whole.sales.map((row) => [row.counter, row.receipt, row.z_number, row.order_reference])).toEqual([
      ['1', '1-000001', 'Z1-000001', referenceOf(sold)],
      ['2', '2-000001', 'Z2-000001', referenceOf(early)],
      ['2', '2-000002', 'Z2-000001', referenceOf(late)],
    ]);
    expect(whole.sales.every((row) => row.cost !== '')).toBe(true);
    // Each counter's Alice, one list for the shop: the second's joined it under her counter's code.
    expect(whole.sales.map((row) => [row.counter, row.cashier])).toEqual([
      ['1', 'Alice'],
      ['2', 'Alice (2)'],
      ['2', 'Alice (2)'],
    ]);
    const counts = csvObjects(whole.file('counts'));
    expect(new Set(counts.map((row) => row.counter))).toEqual(new Set(['1', '2']));
    // Each counter's Z as a document, in both languages, and every file named in the manifest.
    const names = whole.manifest.files.map((file) => file.name);
    expect(names.filter((name) => name.startsWith('z/'))).toEqual([
      'z/Z1-000001-en.html',
      'z/Z1-000001-ar.html',
      'z/Z2-000001-en.html',
      'z/Z2-000001-ar.html',
    ]);
    expect(whole.entries.get('z/Z2-000001-en.html')?.toString('utf8')).toContain('Z2-000001');
    expect(names).toContainEqual(
      expect.stringMatching(new RegExp(`^csv/MAINSTREET-${month}-01_${month}-\\d\\d-sales\\.csv$`)),
    );
    // The shop day, reconciled once for both counters, is the pack's reconciliation of the shop: a
    // manager's document, in both languages.
    expect(whole.manifest.shopDays).toEqual([]);
    const shopDay = unwrap(
      await first.h.call<ShopDay>('reconcileShop', { firstDay: day, approval: staff.approval }),
    );
    expect(shopDay.result).toBe('reconciled');
    const reconciled = await pack(first, month);
    expect(reconciled.manifest.shopDays).toEqual([
      {
        number: shopDay.number,
        firstDay: day,
        lastDay: day,
        result: 'reconciled',
        runAt: shopDay.runAt,
        runBy: '1',
      },
    ]);
    const shopDayFiles = reconciled.manifest.files
      .map((file) => file.name)
      .filter((name) => name.startsWith('shop-day/'));
    expect(shopDayFiles).toEqual([
      `shop-day/${shopDay.number}-${day}-en.html`,
      `shop-day/${shopDay.number}-${day}-ar.html`,
    ]);
    const printed = reconciled.entries.get(shopDayFiles[0] ?? '')?.toString('utf8') ?? '';
    expect(printed).toContain(reportText('en').shop.results.reconciled);
    expect(printed).toContain('Z2-000001');
    // A cashier's pack names the shop day but holds no document of it: its figures are a manager's.
    unwrap(await first.h.call('signIn', { cashierId: staff.alice.id, pin: ALICE_PIN }));
    const cashiers = await pack(first, month);
    expect(cashiers.manifest).toMatchObject({ managerFigures: false, shopDays: [{ result: 'reconciled' }] });
    expect(cashiers.manifest.files.filter((file) => file.name.startsWith('shop-day/'))).toEqual([]);

    // A third counter's journal, restored from an older copy, offers the ledger another first link:
    // the ledger refuses its chain, and the pack names it not synced.
    await signInManager(first.h, staff);
    const back = counterJournal('C-9');
    const joined = await joinedCounter(ledger, {
      shop: 'Main street',
      counterId: back.counterId,
      code: '9',
      name: 'Back desk',
    });
    try {
      back.record('cashier.signed_in', 'cashier-1');
      await sendLinks(joined.client, back.links());
      const restored = counterJournal('C-9');
      restored.record('cashier.signed_in', 'cashier-2');
      expect((await sendLinks(joined.client, restored.links())).forkSeq).toBe(1);
    } finally {
      await joined.client.end();
    }
    const forked = await pack(first, month);
    expect(forked.manifest).toMatchObject({ complete: false, notSynced: ['9'], open: [] });
    expect(forked.manifest.counters.map(({ code, state }) => [code, state])).toEqual([
      ['1', 'closed'],
      ['2', 'closed'],
      ['9', 'not_synced'],
    ]);
  });
});

async function closeShift(c: Counter): Promise<void> {
  const { countId } = await count(c.h, [usd(FLOAT)]);
  unwrap(await c.h.call('closeShift', { countId }));
}

async function pack(c: Counter, month: string) {
  const answer = unwrap(
    await c.h.call<{ name: string; base64: string; shop: unknown }>('exportAccountantPack', { month }),
  );
  const entries = unzipped(Buffer.from(answer.base64, 'base64'));
  const file = (table: string): string => {
    const found = [...entries].find(([name]) => name.endsWith(`-${table}.csv`));
    if (!found) throw new Error(`no ${table}.csv in the pack`);
    return found[1].toString('utf8');
  };
  return {
    name: answer.name,
    shop: answer.shop,
    entries,
    file,
    manifest: JSON.parse(entries.get('manifest.json')?.toString('utf8') ?? '{}') as Manifest,
    sales: csvObjects(file('sales')),
  };
}

function referenceOf(sale: Sale): string | undefined {
  return 'orderReference' in sale ? (sale.orderReference ?? undefined) : undefined;
}
