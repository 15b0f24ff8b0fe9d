import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CancellationJournal } from '../../electron/core/care/cancellation-journal';
import { CatalogueTable } from '../../electron/core/journal/catalogue-table';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { SettingsTable } from '../../electron/core/journal/settings-table';
import { TopUpsJournal } from '../../electron/core/journal/topups-journal';
import { dispatch, type PosHandlers } from '../../electron/core/pos/dispatch';
import { receiptHandlersWith } from '../../electron/core/receipts/receipt-handlers';
import { ReceiptLog } from '../../electron/core/receipts/receipt-log';
import { ManagerPin } from '../../electron/core/security/manager-pin';
import type { Sale } from '../../shared/domain/sale';
import type { Result } from '../../shared/errors';
import { money } from '../../shared/money';
import { keptAnswer, loggedRecords, newSale } from '../support/journal-records';
import { fixtureEsim } from './receipt-fixtures';

// The receipt handler on a real SQLite journal: sales written by the journal's own store, the
// manager PIN hashed in its settings, and every print logged in its audit table.

type Output = { html: string; copyNumber: number | null };

let dir: string;
let db: Db;
let sales: SalesJournal;
let settings: SettingsTable;
let training: boolean;
let clock: Date;
/** Who is signed in when the receipt is asked for; the fixture sales were made by nobody signed in. */
let cashierNow: string | null;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'receipt-handlers-'));
  db = openJournal({ file: join(dir, 'journal.sqlite') });
  sales = new SalesJournal(db);
  settings = new SettingsTable(db);
  settings.updateSettings({ shopName: 'Baghdad Mobile Centre', paperWidthMm: 58, language: 'en' });
  new ManagerPin(settings, () => clock).set('4321');
  training = false;
  clock = new Date('2025-03-12T11:06:00.000Z');
  cashierNow = 'another-cashier';
  new CatalogueTable(db).replaceAll(
    [
      {
        code: 'EU-5GB-30D',
        name: 'Europe 5 GB',
        region: 'Europe',
        type: 'regional',
        dataGb: 5,
        isUnlimited: false,
        validityDays: 30,
        cost: money(900, 'USD'),
        countries: ['FR', 'DE'],
        hasVoice: false,
        hasSms: false,
        voiceMinutes: null,
        smsCount: null,
        has5g: null,
        hasHotspot: null,
        isRechargeable: true,
        isRecurring: false,
        activationPolicy: 'first_use',
        networks: [],
        raw: '{}',
      },
    ],
    '2025-03-12T10:00:00.000Z',
  );
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function handlers(): (input: unknown) => Promise<Result<Output>> {
  const pin = new ManagerPin(settings, () => clock);
  const group = receiptHandlersWith({
    sales,
    topUps: new TopUpsJournal(db),
    cancellations: new CancellationJournal(db),
    catalogue: new CatalogueTable(db),
    settings,
    log: new ReceiptLog(db),
    now: () => clock,
    training: () => training,
    counterCode: () => null,
    timeZone: 'Asia/Baghdad',
    requireManager: (given) => pin.require(given),
    currentCashierId: () => cashierNow,
  });
  return (input: unknown): Promise<Result<Output>> =>
    // Through the dispatcher, so the input is validated by the contract as it is from the renderer; only
    // this group's method is ever called. Who may call it is walked in who-may-call.test.ts: here the
    // call is let through, and the receipt's own rules decide.
    dispatch(group as PosHandlers, 'renderReceipt', input, {
      log: {
        error: (message) => {
          throw new Error(message);
        },
      },
      caller: () => ({ signedIn: true, manager: false, training }),
    }) as Promise<Result<Output>>;
}

function intent(id: string, quantity = 1): void {
  sales.createIntent(
    newSale({
      id,
      training: false,
      packageCode: 'EU-5GB-30D',
      packageName: 'Europe 5 GB',
      quantity,
      retailUnit: money(1250, 'USD'),
      retailTotal: money(1250 * quantity, 'USD'),
    }),
    '2025-03-12T11:05:00.000Z',
  );
}

function completedSale(id: string, quantity = 1, esimStatus = 'New'): Sale {
  const now = '2025-03-12T11:05:00.000Z';
  intent(id, quantity);
  sales.markSent(id, now);
  return sales.markCompleted(
    id,
    {
      orderReference: `ORD-${id}`,
      cost: money(900 * quantity, 'USD'),
      newBalance: money(40_000, 'USD'),
      esims: Array.from({ length: quantity }, (_, i) => ({ ...fixtureEsim(i), status: esimStatus })),
      answers: [keptAnswer('{}')],
    },
    now,
  );
}

function auditRows(subject: string): { kind: string; at: string; detail: Record<string, unknown> }[] {
  return loggedRecords(db, (row) => row.subject === subject && row.kind.startsWith('receipt.')).map(
    (row) => ({
      kind: row.kind,
      at: row.at,
      detail: JSON.parse(row.detail_json ?? 'null'),
    }),
  );
}

function errorOf<T>(result: Result<T>): { code: string; message: string; details?: Record<string, unknown> } {
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

function succeeded<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('renderReceipt', () => {
  it('lets the cashier who sold it reprint after a paper jam without the PIN, within five minutes only', async () => {
    completedSale('jam');
    cashierNow = null;
    const render = handlers();
    succeeded(await render({ kind: 'sale', id: 'jam' }));
    clock = new Date('2025-03-12T11:09:59.000Z');
    const copy = succeeded(await render({ kind: 'sale', id: 'jam', copy: true }));
    expect(copy.copyNumber).toBe(1);
    expect(copy.html).toContain('COPY 1');
    expect(auditRows('jam').map((row) => [row.kind, row.detail.managerPin])).toEqual([
      ['receipt.original', false],
      ['receipt.copy', false],
    ]);
    clock = new Date('2025-03-12T11:10:01.000Z');
    expect(errorOf(await render({ kind: 'sale', id: 'jam', copy: true })).code).toBe('PIN_REQUIRED');
  });

  it('asks the PIN of another cashier minutes after the sale, for the original as for a copy', async () => {
    completedSale('jam2');
    const render = handlers();
    expect(errorOf(await render({ kind: 'sale', id: 'jam2' })).code).toBe('PIN_REQUIRED');
    cashierNow = null;
    succeeded(await render({ kind: 'sale', id: 'jam2' }));
    cashierNow = 'another-cashier';
    expect(errorOf(await render({ kind: 'sale', id: 'jam2', copy: true })).code).toBe('PIN_REQUIRED');
  });

  it('asks the PIN for an original printed long after the sale: its QR codes may have left already', async () => {
    completedSale('late');
    cashierNow = null;
    clock = new Date('2025-03-12T12:05:00.000Z');
    const render = handlers();
    expect(errorOf(await render({ kind: 'sale', id: 'late' }))).toMatchObject({ code: 'PIN_REQUIRED' });
    const original = succeeded(await render({ kind: 'sale', id: 'late', pin: '4321' }));
    expect(original.copyNumber).toBeNull();
    expect(auditRows('late').map((row) => [row.kind, row.detail.managerPin])).toEqual([
      ['receipt.original', true],
    ]);
  });

  it('issues the original once, logged, with the shop settings, the catalogue entry and no COPY', async () => {
    completedSale('s1');
    cashierNow = null;
    const render = handlers();
    const original = succeeded(await render({ kind: 'sale', id: 's1' }));
    expect(original.copyNumber).toBeNull();
    expect(original.html).toContain('Baghdad Mobile Centre');
    expect(original.html).toContain('30 days from first use');
    expect(original.html).toContain('html { width: 58mm;');
    expect(original.html).toContain('12 Mar 2025, 14:05');
    expect(original.html).not.toContain('COPY');
    expect(auditRows('s1')).toEqual([
      {
        kind: 'receipt.original',
        at: '2025-03-12T11:06:00.000Z',
        detail: { record: 'sale', copyNumber: null, language: 'en', paperWidthMm: 58, managerPin: false },
      },
    ]);
  });

  it('asks for the manager PIN to reprint a QR that is not installed, and logs nothing until it is right', async () => {
    const sale = completedSale('s2', 2);
    const render = handlers();
    cashierNow = null;
    succeeded(await render({ kind: 'sale', id: 's2' }));
    cashierNow = 'another-cashier';
    const missing = errorOf(await render({ kind: 'sale', id: 's2', copy: true }));
    expect(missing.code).toBe('PIN_REQUIRED');
    expect(missing.details).toEqual({
      iccids: sale.state === 'completed' ? sale.esims.map((esim) => esim.iccid) : [],
    });
    expect(errorOf(await render({ kind: 'sale', id: 's2', copy: true, pin: '1111' })).code).toBe(
      'PIN_INVALID',
    );
    // Asking for a second "original" is a reprint all the same.
    expect(errorOf(await render({ kind: 'sale', id: 's2' })).code).toBe('PIN_REQUIRED');
    expect(auditRows('s2').map((row) => row.kind)).toEqual(['receipt.original']);

    clock = new Date('2025-03-15T09:30:00.000Z');
    const copy = succeeded(await render({ kind: 'sale', id: 's2', copy: true, pin: '4321', language: 'ar' }));
    expect(copy.copyNumber).toBe(1);
    expect(copy.html).toContain('نسخة 1 · COPY');
    expect(copy.html).toContain('dir="rtl"');
    const second = succeeded(
      await render({ kind: 'sale', id: 's2', copy: true, pin: '4321', paperWidthMm: 80 }),
    );
    expect(second.copyNumber).toBe(2);
    expect(second.html).toContain('COPY 2');
    expect(second.html).toContain('html { width: 80mm;');
    expect(auditRows('s2').slice(1)).toEqual([
      {
        kind: 'receipt.copy',
        at: '2025-03-15T09:30:00.000Z',
        detail: { record: 'sale', copyNumber: 1, language: 'ar', paperWidthMm: 58, managerPin: true },
      },
      {
        kind: 'receipt.copy',
        at: '2025-03-15T09:30:00.000Z',
        detail: { record: 'sale', copyNumber: 2, language: 'en', paperWidthMm: 80, managerPin: true },
      },
    ]);
  });

  it('makes the original or nothing when asked for the original only (the automatic print)', async () => {
    completedSale('auto');
    cashierNow = null;
    const render = handlers();
    expect(succeeded(await render({ kind: 'sale', id: 'auto', onlyOriginal: true })).copyNumber).toBeNull();
    expect(errorOf(await render({ kind: 'sale', id: 'auto', onlyOriginal: true }))).toMatchObject({
      code: 'INVALID_STATE',
      details: { state: 'printed' },
    });
    expect(auditRows('auto').map((row) => row.kind)).toEqual(['receipt.original']);
  });

  it('reprints without the PIN once the provider reported every eSIM installed', async () => {
    completedSale('s3', 1, 'Installed');
    const render = handlers();
    succeeded(await render({ kind: 'sale', id: 's3' }));
    const copy = succeeded(await render({ kind: 'sale', id: 's3', copy: true }));
    expect(copy.copyNumber).toBe(1);
    expect(auditRows('s3')[1]?.detail).toMatchObject({ copyNumber: 1, managerPin: false });
  });

  it('says TRAINING while the counter is in training mode', async () => {
    completedSale('s4');
    cashierNow = null;
    training = true;
    expect(succeeded(await handlers()({ kind: 'sale', id: 's4' })).html).toContain('TRAINING');
  });

  it('refuses what has no receipt, naming why, and logs nothing', async () => {
    intent('s5');
    const render = handlers();
    expect(errorOf(await render({ kind: 'sale', id: 's5' }))).toMatchObject({
      code: 'INVALID_STATE',
      message: 'Sale 1 is intent: only a completed sale has a receipt.',
    });
    expect(errorOf(await render({ kind: 'sale', id: 'nope' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No sale with id nope.',
    });
    expect(errorOf(await render({ kind: 'topup', id: 't1' })).code).toBe('NOT_FOUND');
    expect(errorOf(await render({ kind: 'sale', id: 's5', paperWidthMm: 57 })).code).toBe('INVALID_INPUT');
    expect(auditRows('s5')).toEqual([]);
  });
});
