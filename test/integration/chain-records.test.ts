import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalJson, linkHash } from '../../electron/core/journal/chain';
import { checkChain } from '../../electron/core/journal/chain-check';
import { CHAIN_RECORD_ENCODING, packRecord, unpackRecord } from '../../electron/core/journal/chain-record';
import { type RowTable, rowKindOf, V2_ROWS } from '../../electron/core/journal/chain-rows';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { writeAudit } from '../../electron/core/journal/state-rows';
import type { Cancellation } from '../../shared/domain/cancellation';
import type { Reconciliation } from '../../shared/domain/reconciliation';
import type { Sale } from '../../shared/domain/sale';
import type { TopUp } from '../../shared/domain/topup';
import { call } from '../simulator/support/signed-fetch';
import { unwrap } from '../support/core-harness';
import { newSale, saleCompletion } from '../support/journal-records';
import { tempJournalPerTest } from '../support/temp-journal';
import { count, dayAroundNow, hireStaff, openShift, sell, usd } from './end-of-day-support';
import { type Counter, eventually, forceRefundMethod, rechargeableEsim, startCounter } from './money-support';

/**
 * What the tamper-evident chain holds: every money record a shop keeps (sales, top-ups, cancellations
 * and their refunds, provider deposits, balance readings, reconciliation runs with their exceptions,
 * resolutions), each link with its rows as the change left them, every field a receipt, a report or
 * an export prints, and never an install code.
 */

let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

type Completed = Extract<Sale, { state: 'completed' }>;

function completed(sale: Sale): Completed {
  if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
  return sale;
}

interface HeldRecord {
  readonly v: number;
  readonly counter: string;
  readonly seq: number;
  readonly kind: string;
  readonly subject: string | null;
  readonly rows: Record<string, unknown>[] | null;
  readonly belonging?: Record<string, Record<string, unknown>[]>;
}

/** Every link's record, in order, as the chain holds it. */
function records(db: Database.Database): { records: HeldRecord[]; texts: string[] } {
  const links = db.prepare('SELECT record, record_encoding FROM chain ORDER BY seq').all() as {
    record: Buffer;
    record_encoding: string;
  }[];
  const texts = links.map((link) => unpackRecord(link.record, link.record_encoding));
  return { records: texts.map((text) => JSON.parse(text) as HeldRecord), texts };
}

/** The last record about each row, by its table and key: what the chain says the row is now. */
function lastHeld(held: readonly HeldRecord[]): Map<string, HeldRecord> {
  const last = new Map<string, HeldRecord>();
  for (const record of held) {
    const rowKind = rowKindOf(record.kind);
    if (rowKind && record.rows && record.subject !== null) {
      last.set(`${V2_ROWS[rowKind].own.table}:${record.subject}`, record);
    }
  }
  return last;
}

describe('the chain holds every money record', () => {
  it('holds each with its rows as the change left them and every printed field, and no install code', async () => {
    counter = await startCounter();
    const c = counter;
    const { h, sim } = c;
    const staff = await hireStaff(h);
    const day = await dayAroundNow(h, staff);
    const journal = new Database(join(c.dataDir, 'journal.sqlite'), { readonly: true });
    try {
      await openShift(h, [usd(10_000)]);
      await eventually('the opening balance', () =>
        journal.prepare(`SELECT 1 FROM balance_snapshots WHERE purpose = 'opening'`).get(),
      );

      // A sale cancelled with the cash handed back, and a top-up given a goodwill refund.
      const topped = await rechargeableEsim(c);
      const cheapest = [...c.packages].sort((a, b) => a.cost!.amount - b.cost!.amount)[0];
      if (!cheapest) throw new Error('the catalogue is empty');
      const cancelledSale = completed(
        await sell(h, cheapest, { method: 'cash', tendered: cheapest.retail.amount }),
      );
      // Its intent, tender and "sent" mark were one transaction, held by one link: the sale as it left.
      const saleLinks = records(journal).records.filter((each) => each.subject === cancelledSale.id);
      expect(saleLinks.map((each) => each.kind).slice(0, 2)).toEqual(['sale.sent', 'sale.completed']);
      expect(saleLinks[0]?.rows?.[0]).toMatchObject({
        state: 'sent',
        tender_method: 'cash',
        tendered_minor: cheapest.retail.amount,
      });
      await forceRefundMethod(sim, 'balance');
      const cancellation = unwrap(
        await h.call<Cancellation>('cancelSale', {
          saleId: cancelledSale.id,
          reason: 'the customer changed their mind',
          cashRefund: cancelledSale.retailTotal,
          approval: staff.approval,
        }),
      );
      expect(cancellation).toMatchObject({ state: 'cancelled', cashRefunded: true });
      const topUp = unwrap(
        await h.call<TopUp>('topUp', { iccid: topped.iccid, packageCode: topped.option.code }),
      );
      expect(topUp.state).toBe('completed');
      const goodwill = unwrap(
        await h.call<Cancellation>('goodwillRefund', {
          topUpId: topUp.id,
          amount: usd(100),
          reason: 'the data did not work abroad',
          approval: staff.approval,
        }),
      );

      // A deposit the manager enters, an order placed elsewhere on the account, the day reconciled and
      // its exception resolved, and the close with its balance reading.
      unwrap(
        await h.call('addProviderDeposit', {
          businessDay: day,
          amount: usd(2500),
          note: 'bank transfer',
          approval: staff.approval,
        }),
      );
      const elsewhere = await call(sim.baseUrl, sim.defaultAccount, 'POST', '/esims/order', {
        body: { packageCode: cheapest.code, quantity: 1, idempotency_key: randomUUID() },
      });
      expect(elsewhere.status).toBe(200);
      const { countId } = await count(h, [usd(10_000)]);
      unwrap(await h.call('closeShift', { countId }));
      await eventually('the closing balance', () =>
        journal.prepare(`SELECT 1 FROM balance_snapshots WHERE purpose = 'closing'`).get(),
      );
      const report = unwrap(await h.call<Reconciliation>('reconcile', { firstDay: day }));
      const exception = report.exceptions.find(
        (each) => each.orderReference === elsewhere.body.orderReference,
      );
      if (!exception) throw new Error('the order placed elsewhere was not found');
      unwrap(
        await h.call('resolveReconciliationException', {
          firstDay: day,
          key: exception.key,
          classification: 'other_channel',
          reason: 'sold at the second counter',
          approval: staff.approval,
        }),
      );

      const { records: held, texts } = records(journal);
      const last = lastHeld(held);
      // Each money row of every kind is held by its last record as it stands now.
      let rowsHeld = 0;
      for (const rows of Object.values(V2_ROWS)) {
        const keys = journal
          .prepare(`SELECT ${rows.own.key} AS key FROM ${rows.own.table}`)
          .pluck()
          .all() as string[];
        for (const key of new Set(keys)) {
          const record = last.get(`${rows.own.table}:${key}`);
          expect(record, `${rows.own.table} ${key}`).toBeDefined();
          const tables: [RowTable, unknown][] = [
            [rows.own, record?.rows],
            ...rows.belonging.map((table): [RowTable, unknown] => [table, record?.belonging?.[table.table]]),
          ];
          for (const [table, heldRows] of tables) {
            const now = journal
              .prepare(
                `SELECT ${table.columns.join(', ')} FROM ${table.table} WHERE ${table.key} = ? ORDER BY rowid`,
              )
              .all(key);
            expect(canonicalJson(heldRows), `${table.table} of ${key}`).toBe(canonicalJson(now));
            rowsHeld += now.length;
          }
        }
      }
      expect(rowsHeld).toBeGreaterThan(20);

      // What a receipt, a report and an export print: the package's name, each eSIM's ICCID, what a
      // top-up added, a cancellation's refunds and the drawer movement that paid it, the deposit's
      // note, the balance read, the run's report and the exceptions it found, the resolution's reason.
      const saleHeld = last.get(`sales:${cancelledSale.id}`);
      expect(saleHeld?.rows?.[0]).toMatchObject({ package_name: cancelledSale.packageName });
      expect(saleHeld?.belonging?.sale_esims?.map((esim) => esim.iccid)).toEqual(
        cancelledSale.esims.map((e) => e.iccid),
      );
      expect(last.get(`topups:${topUp.id}`)?.rows?.[0]).toMatchObject({
        package_name: topUp.packageName,
        state: 'completed',
      });
      const cancellationHeld = last.get(`cancellations:${cancellation.id}`);
      expect(cancellationHeld?.kind).toBe('cancellation.cash_refunded');
      expect(cancellationHeld?.rows?.[0]).toMatchObject({
        state: 'cancelled',
        reason: 'the customer changed their mind',
        cash_refund_minor: cancelledSale.retailTotal.amount,
        cash_movement_id: expect.any(String),
        refund_method: cancellation.refundMethod,
      });
      expect(last.get(`cancellations:${goodwill.id}`)?.rows?.[0]).toMatchObject({
        kind: 'goodwill',
        cash_refund_minor: 100,
        recoverable: 0,
      });
      const held2 = (kind: string) => held.filter((record) => record.kind === kind);
      expect(held2('provider.deposit')[0]?.rows?.[0]).toMatchObject({
        note: 'bank transfer',
        amount_minor: 2500,
      });
      expect(held2('balance.opening').length + held2('balance.closing').length).toBeGreaterThanOrEqual(2);
      const run = held.find((record) => record.subject === report.runId);
      expect(run?.rows?.[0]).toMatchObject({ result: report.result, first_day: day });
      expect(run?.belonging?.reconciliation_exceptions?.map((row) => row.key)).toContain(exception.key);
      expect(held2('reconciliation.resolved')[0]?.rows?.[0]).toMatchObject({
        exception_key: exception.key,
        classification: 'other_channel',
        reason: 'sold at the second counter',
      });

      // No link holds an install code of the eSIMs it records: not the activation code, the LPA
      // string it is part of, nor the install links that carry it.
      const codes = journal
        .prepare('SELECT lpa, activation_code, apple_install_url, android_install_url FROM sale_esims')
        .raw()
        .all()
        .flat()
        .filter((code): code is string => typeof code === 'string');
      // Each eSIM's LPA and activation code at least; its install links where the provider gave them.
      const esims = journal.prepare('SELECT count(*) FROM sale_esims').pluck().get() as number;
      expect(esims).toBeGreaterThanOrEqual(2);
      expect(codes.length).toBeGreaterThanOrEqual(2 * esims);
      for (const code of codes) {
        for (const text of texts) expect(text.includes(code), code).toBe(false);
      }
      expect(checkChain(journal, held[0]?.counter ?? '')).toMatchObject({ firstBreak: null });
    } finally {
      journal.close();
    }
  }, 180_000);
});

const bare = tempJournalPerTest('chain-records');

describe('a link of an earlier record version', () => {
  it('is still read by the rules it was written by', () => {
    const db = bare.open();
    db.prepare(`INSERT INTO settings (key, value_json) VALUES ('counter.id', '"C1"')`).run();
    const sales = new SalesJournal(db);
    const at = '2026-11-24T10:00:00.000Z';
    sales.createIntent(newSale({ id: 'sale-1', counterId: 'C1', packageName: 'Iraq 5 GB' }), at);
    sales.markSent('sale-1', at);
    db.transaction(() => {
      sales.markCompleted('sale-1', saleCompletion({ orderReference: 'ORD-1' }), at);
    })();
    // The sale completed again as version 1 wrote it: its row's version 1 columns, as an array.
    const v1Columns = `id, state, counter_id, cashier_id, shift_id, training, receipt_number, package_code, quantity,
      idempotency_key, currency, retail_unit_minor, retail_total_minor, cost_minor, cost_currency, order_reference,
      created_at, completed_at, tender_method, tender_currency, tender_due_minor, tendered_minor, change_minor,
      rate_per_100_minor`;
    const head = db
      .prepare('SELECT seq, lower(hex(hash)) AS hash FROM chain ORDER BY seq DESC LIMIT 1')
      .get() as {
      seq: number;
      hash: string;
    };
    const v1 = canonicalJson({
      v: 1,
      counter: 'C1',
      seq: head.seq + 1,
      at,
      kind: 'sale.handed-over',
      subject: 'sale-1',
      cashier: null,
      shift: null,
      detail: null,
      rows: db.prepare(`SELECT ${v1Columns} FROM sales WHERE id = 'sale-1'`).all(),
    });
    db.prepare(
      `INSERT INTO chain (counter_id, seq, at, kind, subject, cashier_id, shift_id, record, record_encoding, hash)
       VALUES ('C1', ?, ?, 'sale.handed-over', 'sale-1', NULL, NULL, ?, ?, ?)`,
    ).run(
      head.seq + 1,
      at,
      packRecord(v1),
      CHAIN_RECORD_ENCODING,
      Buffer.from(linkHash(head.hash, v1), 'hex'),
    );
    expect(checkChain(db, 'C1').firstBreak).toBeNull();

    // Version 1 did not hold the package's name: its link does not see the name changed…
    db.exec('DROP TRIGGER sales_settled_are_final');
    db.prepare(`UPDATE sales SET package_name = 'Iraq 50 GB' WHERE id = 'sale-1'`).run();
    expect(checkChain(db, 'C1').firstBreak).toBeNull();
    // …but it does see a column it held.
    db.prepare(`UPDATE sales SET retail_total_minor = 1 WHERE id = 'sale-1'`).run();
    expect(checkChain(db, 'C1').firstBreak).toMatchObject({ kind: 'changed_row', seq: head.seq + 1 });
    db.prepare(
      `UPDATE sales SET retail_total_minor = 1250, package_name = 'Iraq 5 GB' WHERE id = 'sale-1'`,
    ).run();
    expect(checkChain(db, 'C1').firstBreak).toBeNull();

    // A later record, of the version written now, holds the name: changing it is found.
    db.transaction(() => writeAudit(db, at, 'sale.handed-over', 'sale-1', null))();
    db.prepare(`UPDATE sales SET package_name = 'Iraq 50 GB' WHERE id = 'sale-1'`).run();
    expect(checkChain(db, 'C1').firstBreak).toMatchObject({ kind: 'changed_row', seq: head.seq + 2 });
  });
});

describe("a link's lookup columns", () => {
  it('are filled only where a query finds links by them, and the check holds those to the record', () => {
    const db = bare.open();
    const at = '2026-11-24T10:00:00.000Z';
    db.prepare(
      `INSERT INTO settings (key, value_json) VALUES ('counter.id', '"C1"'), ('counter.cashier', '"K1"')`,
    ).run();
    db.prepare(
      `INSERT INTO cashiers (id, name, role, pin_json, created_at) VALUES ('K1', 'Lina', 'manager', NULL, ?)`,
    ).run(at);
    db.prepare(
      `INSERT INTO shifts (id, counter_id, drawer, state, business_day, opened_at, opened_by)
       VALUES ('SH1', 'C1', 'main', 'open', '2026-11-24', ?, 'K1')`,
    ).run(at);
    db.transaction(() => writeAudit(db, at, 'shift.opened', 'SH1', null))();
    new SalesJournal(db).createIntent(newSale({ id: 'sale-1', counterId: 'C1' }), at);
    db.transaction(() => writeAudit(db, at, 'cashier.signed_in', 'K1', null))();

    const links = db
      .prepare('SELECT seq, kind, cashier_id, shift_id, record, record_encoding FROM chain ORDER BY seq')
      .all() as {
      seq: number;
      kind: string;
      cashier_id: string | null;
      shift_id: string | null;
      record: Buffer;
      record_encoding: string;
    }[];
    // The shift report finds sign-ins by their shift; nothing finds a sale's links by either.
    expect(links.map(({ kind, cashier_id, shift_id }) => ({ kind, cashier_id, shift_id }))).toEqual([
      { kind: 'shift.opened', cashier_id: null, shift_id: null },
      { kind: 'sale.intent', cashier_id: null, shift_id: null },
      { kind: 'cashier.signed_in', cashier_id: null, shift_id: 'SH1' },
    ]);
    // Every record names both all the same.
    for (const link of links) {
      expect(JSON.parse(unpackRecord(link.record, link.record_encoding))).toMatchObject({
        cashier: 'K1',
        shift: 'SH1',
      });
    }
    expect(checkChain(db, 'C1').firstBreak).toBeNull();

    // A sign-in hidden from its shift's report, its shift emptied behind the journal's back…
    db.exec('DROP TRIGGER chain_never_updated');
    const setShift = db.prepare('UPDATE chain SET shift_id = ? WHERE seq = ?');
    setShift.run(null, 3);
    expect(checkChain(db, 'C1').firstBreak).toMatchObject({ kind: 'changed_link', seq: 3 });
    setShift.run('SH1', 3);
    expect(checkChain(db, 'C1').firstBreak).toBeNull();
    // …or a sale's link given a shift its record does not name: each is a changed link.
    setShift.run('SH2', 2);
    expect(checkChain(db, 'C1').firstBreak).toMatchObject({ kind: 'changed_link', seq: 2 });
  });
});
