import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, GENESIS_HASH, linkHash } from '../../electron/core/journal/chain';
import { packRecord, unpackRecord } from '../../electron/core/journal/chain-record';
import { type ChainBreak, ChainBreakSchema, type JournalCheck } from '../../shared/domain/journal-check';
import type { Sale } from '../../shared/domain/sale';
import { unwrap } from '../support/core-harness';
import { csvObjects } from '../support/csv-parse';
import { exportedFiles, unzipped } from '../support/unzip';
import { count, hireStaff, openShift, type Staff, sell, usd } from './end-of-day-support';
import { type Counter, cheapest, eventually, startCounter } from './money-support';

/**
 * The manager's check names the first break of the journal by its kind at its place, for a journal
 * edited with SQL behind the counter's back, while it was stopped and while it runs: a row changed
 * (the package name a receipt prints), a row deleted, a record removed (a gap), two records swapped (a
 * reorder), a record edited, a sale forged and dated before the chain began (a row with no record),
 * and the whole chain written again (the head a stored Z printed is gone). The exports, the
 * accountant's pack and the Z carry what the check found, and name the rows that prove nothing.
 */

let counter: Counter | null = null;
let staff: Staff;
/** The journal as the day left it, put back before each edit. */
let pristine = '';
const day: {
  sales: Sale[];
  /** Each sale's last record, and the record that completed the second. */
  lastOf: Map<string, number>;
  completedB: number;
  zHead: { seq: number; hash: string };
  records: number;
} = { sales: [], lastOf: new Map(), completedB: 0, zHead: { seq: 0, hash: '' }, records: 0 };

const journalOf = (c: Counter): string => join(c.dataDir, 'journal.sqlite');
const FILES = ['', '-wal', '-shm'];

function copyJournal(from: string, to: string): void {
  for (const suffix of FILES) {
    rmSync(`${to}${suffix}`, { force: true });
    if (existsSync(`${from}${suffix}`)) copyFileSync(`${from}${suffix}`, `${to}${suffix}`);
  }
}

beforeAll(async () => {
  counter = await startCounter();
  const c = counter;
  staff = await hireStaff(c.h);
  await openShift(c.h, [usd(10_000)]);
  const pkg = cheapest(c.packages);
  for (const tender of [{ method: 'card' }, { method: 'card' }, { method: 'card' }] as const) {
    day.sales.push(await sell(c.h, pkg, tender));
  }
  unwrap(await c.h.call('closeShift', { countId: (await count(c.h, [usd(10_000)])).countId }));
  // A sale after the Z, outside a shift: records follow the head the Z printed.
  day.sales.push(await sell(c.h, pkg));
  const journal = new Database(journalOf(c), { readonly: true });
  try {
    // The day's background work has written its records: the balance read at the close, the day reconciled.
    await eventually('the close reconciled', () =>
      journal.prepare(`SELECT 1 FROM reconciliation_runs`).get() &&
      journal.prepare(`SELECT 1 FROM balance_snapshots WHERE purpose = 'closing'`).get()
        ? true
        : null,
    );
  } finally {
    journal.close();
  }
  await c.restart(() => {
    const db = new Database(journalOf(c), { readonly: true });
    try {
      for (const sale of day.sales) {
        day.lastOf.set(
          sale.id,
          db
            .prepare(`SELECT max(seq) FROM chain WHERE subject = ? AND kind LIKE 'sale.%'`)
            .pluck()
            .get(sale.id) as number,
        );
      }
      day.completedB = db
        .prepare(`SELECT seq FROM chain WHERE subject = ? AND kind = 'sale.completed'`)
        .pluck()
        .get(day.sales[1]?.id) as number;
      const report = db.prepare('SELECT report_json FROM z_reports').pluck().get() as string;
      day.zHead = (JSON.parse(report) as { chainHead: { seq: number; hash: string } }).chainHead;
      day.records = db.prepare('SELECT count(*) FROM chain').pluck().get() as number;
    } finally {
      db.close();
    }
    pristine = `${journalOf(c)}.pristine`;
    copyJournal(journalOf(c), pristine);
  });
}, 180_000);

afterAll(async () => {
  await counter?.close();
});

async function check(): Promise<JournalCheck> {
  if (!counter) throw new Error('no counter');
  return unwrap(await counter.h.call<JournalCheck>('checkJournalChain', { approval: staff.approval }));
}

/** Runs `edit` on the journal as the day left it, with the counter stopped or while it runs. */
async function edited(when: 'stopped' | 'running', edit: (db: Database.Database) => void): Promise<void> {
  const c = counter;
  if (!c) throw new Error('no counter');
  const editFile = (): void => {
    const db = new Database(journalOf(c));
    try {
      // As the sqlite3 shell opens a file: foreign keys are not enforced.
      db.pragma('foreign_keys = OFF');
      db.transaction(() => edit(db))();
    } finally {
      db.close();
    }
  };
  await c.restart(() => {
    copyJournal(pristine, journalOf(c));
    if (when === 'stopped') editFile();
  });
  if (when === 'running') editFile();
}

function link(db: Database.Database, seq: number): { kind: string; subject: string | null; record: string } {
  const row = db
    .prepare('SELECT kind, subject, record, record_encoding FROM chain WHERE seq = ?')
    .get(seq) as {
    kind: string;
    subject: string | null;
    record: Buffer;
    record_encoding: string;
  };
  return { kind: row.kind, subject: row.subject, record: unpackRecord(row.record, row.record_encoding) };
}

/** Every record written again over the edited rows, each hash over the one before: a chain that holds. */
function rewriteChain(db: Database.Database, change: (record: Record<string, unknown>) => void): void {
  db.exec('DROP TRIGGER chain_never_updated');
  const links = db.prepare('SELECT seq, record, record_encoding FROM chain ORDER BY seq').all() as {
    seq: number;
    record: Buffer;
    record_encoding: string;
  }[];
  let prev = GENESIS_HASH;
  for (const stored of links) {
    const record = JSON.parse(unpackRecord(stored.record, stored.record_encoding)) as Record<string, unknown>;
    change(record);
    const json = canonicalJson(record);
    prev = linkHash(prev, json);
    db.prepare('UPDATE chain SET record = ?, record_encoding = ?, hash = ? WHERE seq = ?').run(
      packRecord(json, stored.record_encoding),
      stored.record_encoding,
      Buffer.from(prev, 'hex'),
      stored.seq,
    );
  }
}

// Each test restarts the counter, whose check starts a thread of its own at the lowest priority.
describe('the journal check, on a journal edited behind the counter’s back', { timeout: 120_000 }, () => {
  it('holds on the journal as the day left it', async () => {
    await edited('stopped', () => {});
    const clean = await check();
    expect(clean).toMatchObject({ firstBreak: null, unlinked: [], unlinkedCount: 0, zHeads: 1 });
    expect(clean.links).toBeGreaterThanOrEqual(day.records);
  });

  for (const when of ['stopped', 'running'] as const) {
    it(`names a changed row: a completed sale's package name (${when})`, async () => {
      const sale = day.sales[0] as Sale;
      // No trigger guards a sale's package name: the receipt's line is changed with one statement.
      await edited(when, (db) =>
        db.prepare(`UPDATE sales SET package_name = 'Forged 50 GB' WHERE id = ?`).run(sale.id),
      );
      expect((await check()).firstBreak).toEqual(saleBreak('changed_row', sale));
    });

    it(`names a deleted row: a completed sale removed with its eSIMs (${when})`, async () => {
      const sale = day.sales[2] as Sale;
      await edited(when, (db) => {
        db.exec('DROP TRIGGER sales_never_deleted');
        db.prepare('DELETE FROM sale_esims WHERE sale_id = ?').run(sale.id);
        db.prepare('DELETE FROM sales WHERE id = ?').run(sale.id);
      });
      const found = await check();
      expect(found.firstBreak).toEqual(saleBreak('deleted_row', sale));
      expect(found).toMatchObject({ unlinkedCount: 0, unlinked: [] });
    });

    it(`names a gap where a record was removed, not a row before it (${when})`, async () => {
      const removed = day.completedB;
      await edited(when, (db) => {
        db.exec('DROP TRIGGER chain_never_deleted');
        db.prepare('DELETE FROM chain WHERE seq = ?').run(removed);
      });
      expect((await check()).firstBreak).toEqual(
        placed({ kind: 'gap', seq: removed, otherSeq: removed, ...recordAt(removed + 1) }),
      );
    });

    it(`names a reorder where two records were swapped (${when})`, async () => {
      const first = day.completedB;
      await edited(when, (db) => {
        db.exec('DROP TRIGGER chain_never_updated');
        const move = db.prepare('UPDATE chain SET seq = ? WHERE seq = ?');
        move.run(1_000_000, first);
        move.run(first, first + 1);
        move.run(first + 1, 1_000_000);
      });
      expect((await check()).firstBreak).toEqual(
        placed({ kind: 'reorder', seq: first, otherSeq: first + 1, ...recordAt(first + 1) }),
      );
    });

    it(`names an edited record (${when})`, async () => {
      const edited_ = day.completedB;
      await edited(when, (db) => {
        db.exec('DROP TRIGGER chain_never_updated');
        const { record } = link(db, edited_);
        db.prepare('UPDATE chain SET record = ? WHERE seq = ?').run(
          packRecord(record.replace('"state":"completed"', '"state":"failed"')),
          edited_,
        );
      });
      expect((await check()).firstBreak).toEqual(
        placed({ kind: 'changed_link', seq: edited_, ...recordAt(edited_) }),
      );
    });

    it(`names a sale forged and dated before the chain began, which no record names (${when})`, async () => {
      const forged = `forged-${when}`;
      await edited(when, (db) => forgeSale(db, forged));
      const found = await check();
      expect(found.firstBreak).toEqual(placed({ kind: 'unlinked_row', table: 'sales', rowId: forged }));
      expect(found).toMatchObject({ unlinkedCount: 1, unlinked: [{ table: 'sales', id: forged }] });
    });

    it(`names the head a stored Z printed when the whole chain was written again (${when})`, async () => {
      const sale = day.sales[0] as Sale;
      // The sale's price is lowered, and every record written again as if it had always been so: the
      // chain holds, every row matches its record, and only the Z stored at the close remembers.
      await edited(when, (db) => {
        db.exec('DROP TRIGGER sales_settled_are_final');
        db.prepare('UPDATE sales SET retail_total_minor = 1, retail_unit_minor = 1 WHERE id = ?').run(
          sale.id,
        );
        rewriteChain(db, (record) => {
          const rows = record.rows as Record<string, unknown>[] | null;
          if (record.subject === sale.id && String(record.kind).startsWith('sale.') && rows?.[0]) {
            rows[0].retail_total_minor = 1;
            rows[0].retail_unit_minor = 1;
          }
        });
      });
      expect((await check()).firstBreak).toEqual(placed({ kind: 'z_head', seq: day.zHead.seq, zNumber: 1 }));
    });
  }

  it('says a broken journal in the CSV export, the accountant’s pack and on the Z, in English and Arabic', async () => {
    const c = counter;
    if (!c) throw new Error('no counter');
    const sale = day.sales[0] as Sale;
    await edited('running', (db) => {
      db.prepare(`UPDATE sales SET package_name = 'Forged 50 GB' WHERE id = ?`).run(sale.id);
      forgeSale(db, 'forged-export');
    });
    const shiftId = sale.shiftId as string;
    const exported = unwrap(
      await c.h.call<{ base64: string; journalCheck: JournalCheck }>('exportCsv', {
        scope: { shiftId },
      }),
    );
    expect(exported.journalCheck.firstBreak).toMatchObject({ kind: 'changed_row', rowId: sale.id });
    const checkFile = exportedFiles(exported).find((file) => file.name.endsWith('-journal-check.csv'));
    expect(csvObjects(checkFile?.content ?? '')).toEqual([
      expect.objectContaining({
        result: 'broken',
        break_kind: 'changed_row',
        break_record: String(day.lastOf.get(sale.id)),
        break_table: 'sales',
        break_row: sale.id,
        rows_with_no_record: '1',
        rows_with_no_record_listed: 'sales/forged-export',
      }),
    ]);

    const pack = unwrap(
      await c.h.call<{ base64: string; journalCheck: JournalCheck }>('exportAccountantPack', {
        month: (sale.createdAt as string).slice(0, 7),
      }),
    );
    expect(pack.journalCheck.firstBreak?.kind).toBe('changed_row');
    const manifest = manifestOf(pack.base64);
    expect(manifest).toMatchObject({
      journalCheck: { holds: false, firstBreak: { kind: 'changed_row', table: 'sales', rowId: sale.id } },
    });

    for (const [language, words, unlinked] of [
      ['en', 'THE JOURNAL IS BROKEN. First break, a changed row: the sale', 'which prove nothing: 1.'],
      ['ar', 'السجل مكسور. أول كسر، صف تغيّر', 'فلا تُثبت شيئًا'],
    ] as const) {
      const { html } = unwrap(
        await c.h.call<{ html: string }>('renderShiftReport', { kind: 'z', shiftId, paper: 'a4', language }),
      );
      expect(html).toContain('data-journal-check="broken"');
      expect(html).toContain(words);
      expect(html).toContain(unlinked);
    }

    await edited('stopped', () => {});
    const { html } = unwrap(
      await c.h.call<{ html: string }>('renderShiftReport', {
        kind: 'z',
        shiftId,
        paper: '80',
        language: 'en',
      }),
    );
    expect(html).toContain('data-journal-check="holds"');
    expect(html).toContain('The journal holds, nothing changed');
  }, 120_000);
});

/** A completed sale written with SQL, dated before the chain began, as the first sale of the day. */
function forgeSale(db: Database.Database, id: string): void {
  db.prepare(
    `INSERT INTO sales (id, receipt_number, counter_id, cashier_id, shift_id, training, state, package_code,
       package_name, quantity, idempotency_key, currency, retail_unit_minor, retail_total_minor, cost_minor,
       cost_currency, order_reference, created_at, updated_at, state_since, completed_at, account_ref)
     SELECT @id, 900000, counter_id, cashier_id, NULL, training, 'completed', package_code, package_name,
       quantity, @id, currency, retail_unit_minor, retail_total_minor, cost_minor, cost_currency,
       'ORD-FORGED', '2020-01-02T10:00:00.000Z', '2020-01-02T10:00:00.000Z', '2020-01-02T10:00:00.000Z',
       '2020-01-02T10:00:00.000Z', account_ref
     FROM sales WHERE id = @model`,
  ).run({ id, model: day.sales[0]?.id });
}

/** A break as the check names it: what `named` says, every other part of its place null. */
function placed(named: Partial<ChainBreak> & Pick<ChainBreak, 'kind'>): ChainBreak {
  const nowhere = Object.fromEntries(Object.keys(ChainBreakSchema.shape).map((part) => [part, null]));
  return { ...nowhere, ...named } as ChainBreak;
}

/** A break of a sale's row, named at the sale's last record. */
function saleBreak(kind: 'changed_row' | 'deleted_row', sale: Sale): ChainBreak {
  const seq = day.lastOf.get(sale.id) ?? 0;
  return placed({ kind, seq, ...recordAt(seq), table: 'sales', rowId: sale.id });
}

/** The record at a place of the journal as the day left it, as a break names it. */
function recordAt(seq: number): Pick<ChainBreak, 'recordKind' | 'subject' | 'at'> {
  const db = new Database(pristine, { readonly: true });
  try {
    const row = db.prepare('SELECT kind, subject, at FROM chain WHERE seq = ?').get(seq) as {
      kind: string;
      subject: string | null;
      at: string;
    };
    return { recordKind: row.kind, subject: row.subject, at: row.at };
  } finally {
    db.close();
  }
}

/** The pack's manifest, as unzip reads it. */
function manifestOf(base64: string): unknown {
  return JSON.parse(unzipped(Buffer.from(base64, 'base64')).get('manifest.json')?.toString('utf8') ?? 'null');
}
