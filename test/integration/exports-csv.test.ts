import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cancellation } from '../../shared/domain/cancellation';
import type { Language } from '../../shared/domain/common';
import type { ExportFile } from '../../shared/domain/export';
import type { Reconciliation } from '../../shared/domain/reconciliation';
import type { Shift } from '../../shared/domain/shift';
import type { TopUp } from '../../shared/domain/topup';
import { minor, toDecimalText } from '../../shared/money';
import { call } from '../simulator/support/signed-fetch';
import { unwrap } from '../support/core-harness';
import { csvObjects, parseCsv } from '../support/csv-parse';
import { TestClock } from '../support/test-clock';
import { exportedFiles, unzipped } from '../support/unzip';
import {
  ALICE_PIN,
  cancelSale,
  count,
  dayInBaghdad,
  hireStaff,
  MANAGER_PIN,
  openShift,
  sell,
  signInManager,
  usd,
  withManagersFigures,
} from './end-of-day-support';
import {
  type Counter,
  cheapest,
  driveEsim,
  eventually,
  forceRefundMethod,
  rechargeableEsim,
  rewordedSimulator,
  startCounter,
} from './money-support';

let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

function file(files: readonly ExportFile[], table: string): string {
  const found = files.find((each) => each.name.endsWith(`-${table}.csv`));
  if (!found) throw new Error(`no ${table} file among ${files.map((each) => each.name).join(', ')}`);
  return found.content;
}

describe('CSV exports', () => {
  it('exports a Z and a range of days that a real CSV reader reads back, Arabic and amounts intact', async () => {
    counter = await startCounter();
    const { h, packages } = counter;
    const staff = await hireStaff(h);
    const shift = await openShift(h, [usd(10_000)]);
    const pkg = cheapest(packages);
    const sold = await sell(h, pkg, { method: 'cash', tendered: minor(pkg.retail.amount + 500) });
    const kept = await withManagersFigures(h, staff, sold);
    const cancelled = await sell(h, pkg, { method: 'card' });
    if (kept.state !== 'completed' || cancelled.state !== 'completed')
      throw new Error('a sale did not complete');
    const note = '=HYPERLINK("x") شاي للموظفين، "عاجل"\nسطر ثانٍ';
    unwrap(await h.call('moveCash', { kind: 'pay_out', reason: 'other', amount: usd(250), note }));
    await forceRefundMethod(counter.sim, 'balance');
    const cancellation = unwrap(
      await h.call<Cancellation>('cancelSale', {
        saleId: cancelled.id,
        reason: 'غيّر رأيه',
        cashRefund: null,
        approval: staff.approval,
      }),
    );
    // An order placed through another channel: the day's reconciliation names it, and the manager
    // resolves it with a reason in Arabic.
    const elsewhere = await call(counter.sim.baseUrl, counter.sim.defaultAccount, 'POST', '/esims/order', {
      body: { packageCode: pkg.code, quantity: 1, idempotency_key: randomUUID() },
    });
    const otherReference = elsewhere.body.orderReference as string;
    const expected = 10_000 + pkg.retail.amount - 250;
    const { countId } = await count(h, [usd(expected)]);
    unwrap(await h.call('closeShift', { countId }));
    const closed = unwrap(await h.call<{ shifts: Shift[] }>('listShifts', {})).shifts[0];
    expect(closed?.zNumber).toBe(1);
    const day = closed?.businessDay ?? '';
    // The manager reads the reconciliation: what the provider charged is theirs to read.
    await signInManager(h, staff);
    const reconciled = await eventually(
      'the reconciliation at the close',
      async () =>
        unwrap(
          await h.call<{ reconciliation: Reconciliation | null }>('getReconciliation', {
            firstDay: day,
          }),
        ).reconciliation,
    );
    const unrecorded = reconciled.exceptions.find((each) => each.orderReference === otherReference);
    expect(unrecorded).toMatchObject({ kind: 'unrecorded', severity: 'warning' });
    const resolution = 'بيع في الفرع الثاني، "نقداً"';
    unwrap(
      await h.call('resolveReconciliationException', {
        firstDay: day,
        key: unrecorded?.key,
        classification: 'other_channel',
        reason: resolution,
        approval: staff.approval,
      }),
    );

    // Alice, a cashier, exports the Z.
    unwrap(await h.call('signIn', { cashierId: staff.alice.id, pin: ALICE_PIN }));
    // One ZIP for the Z, named for it, that the system's unzip reads: the files inside, in order.
    const zipped = unwrap(
      await h.call<{ name: string; base64: string }>('exportCsv', { scope: { shiftId: shift.id } }),
    );
    expect(zipped.name).toMatch(/^C[0-9A-F]+-Z-000001-csv\.zip$/);
    const byZ = exportedFiles(zipped);
    expect(byZ.map((each) => each.name.replace(/^C[0-9A-F]+-/, ''))).toEqual([
      'Z-000001-sales.csv',
      'Z-000001-topups.csv',
      'Z-000001-cancellations.csv',
      'Z-000001-cash-movements.csv',
      'Z-000001-counts.csv',
      'Z-000001-exceptions.csv',
      'Z-000001-reconciliation.csv',
      'Z-000001-reconciliation-exceptions.csv',
      'Z-000001-journal-check.csv',
    ]);
    // The journal's check ran with the export: it holds.
    expect(csvObjects(file(byZ, 'journal-check'))).toEqual([
      expect.objectContaining({ result: 'holds', break_kind: '', rows_with_no_record: '0' }),
    ]);
    for (const each of byZ) {
      const parsed = parseCsv(each.content);
      expect(parsed.bom).toBe(true);
      expect(parsed.records[0]?.length).toBeGreaterThan(1);
    }

    // Every row of every file names its counter first: a counter on its own prints no code, so its
    // id, as the files' names carry it.
    const counterId = /^(C[0-9A-F]+)-/.exec(zipped.name)?.[1];
    for (const each of byZ) {
      const rows = csvObjects(each.content);
      expect(parseCsv(each.content).records[0]?.[0], each.name).toBe('counter');
      for (const row of rows) expect(row.counter, each.name).toBe(counterId);
    }
    // Alice, a cashier, exported it: no file has a manager's figure, header and all.
    for (const each of byZ) {
      expect(parseCsv(each.content).records[0], each.name).not.toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^(cost|cost_currency|journal_cost|journal_currency|provider_amount|provider_currency|provider_refund|provider_refund_currency)$/,
          ),
        ]),
      );
    }

    const sales = csvObjects(file(byZ, 'sales'));
    // The cancelled sale reads cancelled, with its cancellation receipt and when the provider cancelled.
    expect(sales.map((row) => [row.receipt, row.state, row.cancellation, row.tender_method])).toEqual([
      [String(kept.receiptNumber), 'completed', '', 'cash'],
      [String(cancelled.receiptNumber), 'cancelled', 'cancelled', 'card'],
    ]);
    expect(sales[1]).toMatchObject({
      cancellation_receipt: String(cancellation.receiptNumber),
      cancelled_at: cancellation.settledAt?.replace('Z', '+00:00'),
      cancelled_at_local: cancellation.settledAt?.slice(0, 19).replace('T', ' '),
      // Paid by card: no cash was handed back.
      refund_currency: '',
      refund: '',
    });
    expect(sales[0]).toMatchObject({
      z_number: '1',
      cashier: 'Alice',
      currency: 'USD',
      retail: toDecimalText(pkg.retail.amount, 'USD'),
      change: '5.00',
      iccids: kept.esims[0]?.iccid,
      order_reference: kept.orderReference,
    });
    expect(sales[0]).not.toHaveProperty('cost');

    // The manager's export of the same Z carries what the provider charged.
    await signInManager(h, staff);
    const managers = exportedFiles(
      unwrap(await h.call<{ base64: string }>('exportCsv', { scope: { shiftId: shift.id } })),
    );
    expect(csvObjects(file(managers, 'sales'))[0]).toMatchObject({
      cost_currency: 'USD',
      cost: toDecimalText(kept.cost!.amount, 'USD'),
    });

    const movements = csvObjects(file(byZ, 'cash-movements'));
    expect(movements).toEqual([
      expect.objectContaining({ kind: 'pay_out', reason: 'other', amount: '2.50', note: `'${note}` }),
    ]);

    expect(csvObjects(file(byZ, 'cancellations'))).toEqual([
      expect.objectContaining({
        receipt: String(cancellation.receiptNumber),
        original_receipt: String(cancelled.receiptNumber),
        kind: 'cancellation',
        state: 'cancelled',
        reason: 'غيّر رأيه',
        approved_by: staff.manager.name,
        refund_method: cancellation.refundMethod ?? '',
        recoverable: 'yes',
      }),
    ]);
    expect(csvObjects(file(byZ, 'counts')).map((row) => [row.purpose, row.amount])).toEqual([
      ['opening', '100.00'],
      ['closing', toDecimalText(minor(expected), 'USD')],
    ]);

    // The day's reconciliation: every row of its latest run, amounts in the currency's exponent…
    const rows = csvObjects(file(managers, 'reconciliation'));
    expect(rows.map((row) => [row.kind, row.severity, row.order_reference])).toEqual(
      reconciled.rows.map((row) => [row.kind, row.severity, row.orderReference ?? '']),
    );
    expect(rows.find((row) => row.order_reference === kept.orderReference)).toMatchObject({
      first_day: day,
      last_day: day,
      training_mode: 'training',
      run_result: 'not_reconciled',
      kind: 'matched',
      record: 'sale',
      receipt: String(kept.receiptNumber),
      journal_state: 'completed',
      journal_currency: 'USD',
      journal_cost: toDecimalText(kept.cost!.amount, 'USD'),
      provider_status: 'completed',
      provider_amount: toDecimalText(kept.cost!.amount, 'USD'),
    });
    expect(rows.find((row) => row.order_reference === cancelled.orderReference)?.kind).toBe('refunded');
    // A cashier's file leaves out a row's amount and note where the amount is no drawer's cash.
    const refundedIn = (of: readonly Record<string, string>[]) =>
      of.find((row) => row.order_reference === cancelled.orderReference);
    expect(refundedIn(rows)).toMatchObject({
      amount: expect.stringMatching(/\d/),
      note: expect.stringMatching(/\S/),
    });
    expect(refundedIn(csvObjects(file(byZ, 'reconciliation')))).toMatchObject({
      kind: 'refunded',
      currency: '',
      amount: '',
      note: '',
    });
    // …and its exceptions with their age and the manager's resolution, the Arabic reason intact.
    expect(csvObjects(file(managers, 'reconciliation-exceptions'))).toEqual([
      expect.objectContaining({
        first_day: day,
        kind: 'unrecorded',
        severity: 'warning',
        order_reference: otherReference,
        // The counter here keeps UTC: the time reads the same instant, with its offset.
        first_seen_at: unrecorded?.firstSeenAt.replace('Z', '+00:00'),
        first_seen_at_local: unrecorded?.firstSeenAt.slice(0, 19).replace('T', ' '),
        status: 'resolved',
        resolved_by: staff.manager.name,
        classification: 'other_channel',
        reason: resolution,
        provider_amount: toDecimalText(unrecorded?.providerAmount?.amount ?? minor(-1), 'USD'),
        // What the exception is about: its amount and its package.
        currency: 'USD',
        amount: toDecimalText(unrecorded?.providerAmount?.amount ?? minor(-1), 'USD'),
        package: unrecorded?.packageName ?? '-',
      }),
    ]);
    expect(unrecorded?.packageName).toEqual(expect.stringMatching(/\S/));

    // The same day as a range gives the same rows (and its own check, run when it was asked for).
    const byDay = exportedFiles(
      unwrap(await h.call<{ base64: string }>('exportCsv', { scope: { from: day, to: day } })),
    );
    expect(byDay.slice(0, -1).map((each) => each.content)).toEqual(
      managers.slice(0, -1).map((each) => each.content),
    );
    const empty = exportedFiles(
      unwrap(
        await h.call<{ base64: string }>('exportCsv', { scope: { from: '2001-01-01', to: '2001-01-31' } }),
      ),
    );
    expect(empty.map((each) => parseCsv(each.content).records.length)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 2]);

    // The month's accountant pack: a ZIP that unzip reads and checks, with a manifest that names every
    // file by its hash and carries the chain's head.
    const month = day.slice(0, 7);
    const pack = unwrap(await h.call<{ name: string; base64: string }>('exportAccountantPack', { month }));
    expect(pack.name).toMatch(new RegExp(`-${month}-accountant-pack\\.zip$`));
    const dir = mkdtempSync(join(tmpdir(), 'pack-'));
    try {
      const zip = join(dir, pack.name);
      writeFileSync(zip, Buffer.from(pack.base64, 'base64'));
      expect(execFileSync('unzip', ['-t', zip], { encoding: 'utf8' })).toMatch(/No errors detected/);
      const read = (name: string): Buffer => execFileSync('unzip', ['-p', zip, name]);
      const manifest = JSON.parse(read('manifest.json').toString('utf8')) as {
        month: string;
        managerFigures: boolean;
        chainHead: { seq: number; hash: string };
        files: { name: string; bytes: number; sha256: string }[];
      };
      const names = manifest.files.map((each) => each.name);
      expect(manifest.managerFigures).toBe(true);
      expect(names).toEqual([
        ...byZ.map(
          (each) => `csv/${each.name.replace('Z-000001', `${month}-01_${month}-${lastDayOf(month)}`)}`,
        ),
        'z/Z-000001-en.html',
        'z/Z-000001-ar.html',
        // Without the shell's PDF maker (the web host) the reports stay A4 HTML.
        `reconciliation/${day}-en.html`,
        `reconciliation/${day}-ar.html`,
      ]);
      for (const each of manifest.files) {
        const data = read(each.name);
        expect(data.length).toBe(each.bytes);
        expect(createHash('sha256').update(data).digest('hex')).toBe(each.sha256);
      }
      // The CSV inside is the month's export, byte for byte, Arabic intact.
      expect(read(names[3]!).toString('utf8')).toBe(file(byDay, 'cash-movements'));
      expect(read('z/Z-000001-ar.html').toString('utf8')).toContain('dir="rtl"');
      const journal = new Database(join(counter.dataDir, 'journal.sqlite'), { readonly: true });
      try {
        const head = journal
          .prepare('SELECT seq, lower(hex(hash)) AS hash FROM chain ORDER BY seq DESC LIMIT 1')
          .get();
        expect(manifest.chainHead).toEqual(head);
      } finally {
        journal.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // A cashier's pack: the month's files without a manager's figures, and its manifest says so.
    unwrap(await h.call('signIn', { cashierId: staff.alice.id, pin: ALICE_PIN }));
    const cashiers = unzipped(
      Buffer.from(
        unwrap(await h.call<{ base64: string }>('exportAccountantPack', { month })).base64,
        'base64',
      ),
    );
    expect(JSON.parse(cashiers.get('manifest.json')?.toString('utf8') ?? '{}')).toMatchObject({
      managerFigures: false,
    });
    const cashierSales = [...cashiers].find(([name]) => name.endsWith('-sales.csv'))?.[1].toString('utf8');
    expect(parseCsv(cashierSales ?? '').records[0]).toEqual(parseCsv(file(byZ, 'sales')).records[0]);
  }, 120_000);
});

describe('a cancelled sale on sales.csv', () => {
  it('says each cancellation: cancelled with the cash given back, in doubt, or refused', async () => {
    // A provider whose live status does not say whether an eSIM is installed: the counter cannot
    // predict the refusal, sends the cancel, and the provider refuses it.
    const { sim, provider } = await rewordedSimulator(
      '/esims/status',
      (body) => {
        const data = body.data as Record<string, unknown> | undefined;
        if (data) delete data.smdp_status;
      },
      async () => {
        await counter?.close();
        counter = null;
      },
    );
    counter = await startCounter({}, { sim, apiBaseUrl: provider.baseUrl });
    const { h, packages } = counter;
    const staff = await hireStaff(h);
    const shift = await openShift(h, [usd(10_000)]);
    const pkg = cheapest(packages);
    const cash = { method: 'cash', tendered: pkg.retail.amount } as const;
    const [given, doubtful, kept] = [
      await sell(h, pkg, cash),
      await sell(h, pkg, cash),
      await sell(h, pkg, cash),
    ];
    await forceRefundMethod(sim, 'balance');
    const cancelled = unwrap(await cancelSale(h, given.id, pkg.retail, staff.approval));
    sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /esims/cancel'] });
    const lost = unwrap(await cancelSale(h, doubtful.id, pkg.retail, staff.approval));
    sim.setFaults({ dropAfterCommitRate: 0, paths: [] });
    if (kept.state !== 'completed') throw new Error('a sale did not complete');
    await driveEsim(sim, 'install', { iccid: kept.esims[0]?.iccid });
    const refused = unwrap(await cancelSale(h, kept.id, null, staff.approval));
    expect([cancelled.state, lost.state, refused.state]).toEqual(['cancelled', 'unknown', 'refused']);

    const sales = csvObjects(
      file(
        exportedFiles(
          unwrap(await h.call<{ base64: string }>('exportCsv', { scope: { shiftId: shift.id } })),
        ),
        'sales',
      ),
    );
    const columns = ['receipt', 'state', 'cancellation', 'cancellation_receipt', 'refund_currency', 'refund'];
    expect(sales.map((row) => columns.map((column) => row[column]))).toEqual([
      [
        `${given.receiptNumber}`,
        'cancelled',
        'cancelled',
        `${cancelled.receiptNumber}`,
        'USD',
        toDecimalText(pkg.retail.amount, 'USD'),
      ],
      // No cash leaves the drawer while the answer is not known, nor when the provider refused.
      [`${doubtful.receiptNumber}`, 'completed', 'in_doubt', `${lost.receiptNumber}`, '', ''],
      [`${kept.receiptNumber}`, 'completed', 'refused', `${refused.receiptNumber}`, '', ''],
    ]);
    expect(sales.map((row) => row.cancelled_at)).toEqual([
      cancelled.settledAt?.replace('Z', '+00:00'),
      '',
      '',
    ]);
  }, 120_000);
});

describe('exports of a journal with records outside shifts', () => {
  const notes: Record<Language, string> = { en: 'Tea, "urgent"', ar: 'شاي للموظفين، "عاجل"' };
  for (const language of ['en', 'ar'] as const) {
    it(`exports every scope across a cut-off, sales and top-ups outside shifts, the shop in ${language}`, async () => {
      // The counter's and the provider's clock: 03:50 in Baghdad on 1 June, ten minutes before the
      // 04:00 cut-off ends the business day of 31 May (and the month).
      const clock = new TestClock(Date.parse('2026-06-01T00:50:00Z'));
      counter = await startCounter({}, { clock });
      const { h, packages } = counter;
      const staff = await hireStaff(h);
      await dayInBaghdad(h, staff);
      unwrap(await h.call('updateSettings', { pin: MANAGER_PIN, patch: { language } }));
      const pkg = cheapest(packages);

      // Before the cut-off, outside any shift: eSIMs sold until one takes a top-up.
      const { iccid, option } = await rechargeableEsim(counter);
      const lateEvening = await sell(h, pkg, { method: 'card' });
      // After it, still outside a shift: a top-up and a sale on the business day of 1 June…
      clock.advance(20 * 60_000);
      const topUp = unwrap(
        await h.call<TopUp>('topUp', { iccid, packageCode: option.code, tender: { method: 'card' } }),
      );
      const early = await sell(h, pkg, { method: 'card' });
      // …and a shift of that day with a sale and a pay-out, closed with its Z.
      const shift = await openShift(h, [usd(10_000)]);
      const inShift = await sell(h, pkg, { method: 'cash', tendered: minor(pkg.retail.amount) });
      unwrap(
        await h.call('moveCash', {
          kind: 'pay_out',
          reason: 'other',
          amount: usd(100),
          note: notes[language],
        }),
      );
      const { countId } = await count(h, [usd(10_000 + pkg.retail.amount - 100)]);
      unwrap(await h.call('closeShift', { countId }));
      // The close reconciles its day in the background: the exports below read the journal once it has.
      const { dataDir } = counter;
      await eventually('the close reconciled', () => (reconciled(dataDir) ? true : null));

      const exported = async (scope: unknown): Promise<ExportFile[]> =>
        exportedFiles(unwrap(await h.call<{ base64: string }>('exportCsv', { scope })));
      const rows = (files: readonly ExportFile[], table: string): Record<string, string>[] =>
        csvObjects(file(files, table));
      const may = await exported({ from: '2026-05-31', to: '2026-05-31' });
      const june = await exported({ from: '2026-06-01', to: '2026-06-01' });
      const both = await exported({ from: '2026-05-31', to: '2026-06-01' });
      const z = await exported({ shiftId: shift.id });

      const mayReceipts = salesBefore(counter.dataDir, '2026-06-01T01:00:00.000Z');
      expect(mayReceipts).toContain(lateEvening.receiptNumber);
      expect(rows(may, 'sales').map((row) => [Number(row.receipt), row.business_day, row.z_number])).toEqual(
        mayReceipts.map((receipt) => [receipt, '2026-05-31', '']),
      );
      expect(rows(may, 'topups')).toEqual([]);
      expect(rows(june, 'sales').map((row) => [Number(row.receipt), row.business_day, row.z_number])).toEqual(
        [
          [early.receiptNumber, '2026-06-01', ''],
          [inShift.receiptNumber, '2026-06-01', '1'],
        ],
      );
      expect(
        rows(june, 'topups').map((row) => [Number(row.receipt), row.business_day, row.z_number]),
      ).toEqual([[topUp.receiptNumber, '2026-06-01', '']]);
      expect(rows(june, 'cash-movements').map((row) => row.note)).toEqual([notes[language]]);
      // Two days in one range hold each day's rows, in order.
      for (const table of ['sales', 'topups', 'cash-movements', 'counts']) {
        expect(rows(both, table)).toEqual([...rows(may, table), ...rows(june, table)]);
      }
      // Every time is the shop's, in Baghdad: with its offset, the same instant as the journal's UTC
      // time to the millisecond, and as a date and time Excel reads, beside the business day.
      const late = rows(may, 'sales').find((row) => Number(row.receipt) === lateEvening.receiptNumber);
      expect(late?.created_at).toMatch(/^2026-06-01T03:5\d:\d\d\.\d{3}\+03:00$/);
      expect(new Date(late?.created_at ?? '').toISOString()).toBe(lateEvening.createdAt);
      expect(late?.created_at_local).toBe(late?.created_at?.slice(0, 19).replace('T', ' '));
      expect(late?.completed_at_local).toMatch(/^2026-06-01 03:5\d:\d\d$/);
      const payOut = rows(june, 'cash-movements')[0];
      expect(payOut?.at).toMatch(/^2026-06-01T04:\d\d:\d\d\.\d{3}\+03:00$/);
      expect(payOut?.at_local).toMatch(/^2026-06-01 04:\d\d:\d\d$/);
      const checked = rows(june, 'journal-check')[0];
      expect(checked?.checked_at).toMatch(/\+03:00$/);
      expect(checked?.checked_at_local).toBe(checked?.checked_at?.slice(0, 19).replace('T', ' '));
      // No time column is left in UTC.
      for (const table of ['sales', 'topups', 'cash-movements', 'counts', 'reconciliation']) {
        for (const row of rows(both, table)) {
          for (const [column, value] of Object.entries(row)) {
            if (column.endsWith('_at') && value) expect(value, `${table}.${column}`).toMatch(/\+03:00$/);
          }
        }
      }

      // The Z holds its shift's records alone.
      expect(rows(z, 'sales').map((row) => Number(row.receipt))).toEqual([inShift.receiptNumber]);
      expect(rows(z, 'topups')).toEqual([]);

      // Each month's pack carries the month's CSV files, byte for byte.
      for (const [day, files] of [
        ['2026-05-31', may],
        ['2026-06-01', june],
      ] as const) {
        const month = day.slice(0, 7);
        const pack = unwrap(
          await h.call<{ name: string; base64: string }>('exportAccountantPack', { month }),
        );
        const entries = unzipped(Buffer.from(pack.base64, 'base64'));
        for (const each of files) {
          const name = each.name.replace(`-${day}-`, `-${month}-01_${month}-${lastDayOf(month)}-`);
          // The journal's check is the one run for the pack, a moment later: it holds as well.
          if (name.endsWith('-journal-check.csv')) {
            expect(csvObjects(entries.get(`csv/${name}`)?.toString('utf8') ?? '')).toEqual([
              expect.objectContaining({ result: 'holds' }),
            ]);
          } else expect(entries.get(`csv/${name}`)?.toString('utf8'), name).toBe(each.content);
        }
      }
    }, 120_000);
  }
});

/** Whether the journal holds a reconciliation run. */
function reconciled(dataDir: string): boolean {
  const journal = new Database(join(dataDir, 'journal.sqlite'), { readonly: true });
  try {
    return journal.prepare('SELECT 1 FROM reconciliation_runs').get() !== undefined;
  } finally {
    journal.close();
  }
}

/** The receipt numbers of the sales the journal holds from before `at`, in the order they were made. */
function salesBefore(dataDir: string, at: string): number[] {
  const journal = new Database(join(dataDir, 'journal.sqlite'), { readonly: true });
  try {
    const rows = journal
      .prepare('SELECT receipt_number FROM sales WHERE created_at < ? ORDER BY created_at, rowid')
      .all(at) as { receipt_number: number }[];
    return rows.map((row) => row.receipt_number);
  } finally {
    journal.close();
  }
}

function lastDayOf(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return String(new Date(Date.UTC(year!, number!, 0)).getUTCDate()).padStart(2, '0');
}
