import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';
import type { Sale } from '../../shared/domain/sale';
import { POS_METHOD_NAMES, type PosMethodName } from '../../shared/pos-api';
import { type Counter, eventually, SEED, startCounter } from './money-support';

/**
 * Activation codes leave the core only where the cashier hands an eSIM over: the sale's own answer,
 * the hand-over method, receipts, and the customer display. Every other PosApi method, and every event
 * but the customer display's, is searched for every activation code the provider ever issued.
 */

/** The methods whose answer may hand an eSIM over; every other method is called below. */
const HANDS_OVER = [
  'sell',
  // The cashier's confirmed "send again" is a sale: its answer hands the eSIMs over.
  'resendSale',
  'getSaleForHandOver',
  'renderReceipt',
  'printReceipt',
  'saveReceiptPdf',
  'getCustomerDisplay',
  'setCustomerLanguage',
  'clearCustomerDisplay',
  'showSaleOnCustomerDisplay',
] as const;
type HandsOver = (typeof HANDS_OVER)[number];

interface Sold {
  readonly completed: Sale;
  readonly completedLater: Sale;
  readonly iccid: string;
}

/** Inputs for every other method (a new PosApi method must be listed here or above to compile). */
function readsOf(sold: Sold): { readonly [M in Exclude<PosMethodName, HandsOver>]: readonly unknown[] } {
  const ids = [sold.completed.id, sold.completedLater.id];
  return {
    getStatus: [{}],
    listPackages: [{}],
    // Answers a count and a time; not called, since a sync pages the catalogue at the API's bulk pace.
    syncCatalogue: [],
    listBestSellers: [{}],
    getBalance: [{}],
    getSale: ids.map((id) => ({ id })),
    listSales: [
      {},
      { states: ['completed'] },
      { search: sold.iccid },
      { search: String(sold.completed.receiptNumber) },
    ],
    resolveSale: ids.map((id) => ({ id })),
    lookupEsim: [{ iccid: sold.iccid }],
    listTopUpPackages: [{ iccid: sold.iccid }],
    topUp: [{ iccid: sold.iccid, packageCode: 'NO-SUCH-PACKAGE' }],
    getTopUp: [{ id: 'no-such-top-up' }],
    decideTopUp: [
      { id: 'no-such-top-up', choice: { kind: 'none' }, approval: { managerId: 'x', pin: '2468' } },
    ],
    listTopUps: [{}],
    listOrders: [{}, { status: 'completed' }],
    getPricing: [{}],
    setPricing: [{ pin: '2468', pricing: { rules: [] } }],
    getSettings: [{}],
    updateSettings: [{ pin: '2468', patch: {} }],
    setManagerPin: [{ pin: '2468' }],
    verifyManagerPin: [{ pin: '2468' }],
    setCredentials: [{ pin: '2468', accessCode: 'abcd', secretKey: 'not-a-real-key' }],
    clearCredentials: [{ pin: '1111' }],
    testConnection: [{}, { pin: '2468' }],
    listPrinters: [{}],
    // End of day: reads of the drawer and the shifts; the writes take counts, PINs or approvals and
    // answer cashiers, shifts, counts and reports, which hold money and names but no eSIM.
    listCashiers: [{}],
    getTill: [{}],
    getXReport: [{}],
    listShifts: [{}],
    addCashier: [],
    updateCashier: [],
    checkApproval: [],
    signIn: [],
    signOut: [],
    openShift: [],
    moveCash: [],
    noSale: [],
    countDrawer: [],
    closeShift: [],
    forceCloseShift: [],
    countClosedShift: [],
    correctShift: [],
    getZReport: [],
    setExchangeRate: [],
    updateEndOfDaySettings: [],
    renderShiftReport: [],
    checkJournalChain: [],
    // The reconciliation names orders, references and amounts; a run reads the provider's orders.
    reconcile: [{ firstDay: new Date().toISOString().slice(0, 10) }],
    getReconciliation: [{ firstDay: new Date().toISOString().slice(0, 10) }],
    renderReconciliationReport: [{ firstDay: new Date().toISOString().slice(0, 10) }],
    resolveReconciliationException: [],
    addProviderDeposit: [],
    // Care: the check reads the eSIMs live and answers their states by ICCID; the cancellation and
    // refund answer journal records that name an ICCID and money, never what installs an eSIM; the
    // goodwill check answers money only.
    checkCancelSale: ids.map((saleId) => ({ saleId })),
    cancelSale: [],
    settleCancellation: [],
    checkGoodwillRefund: [],
    goodwillRefund: [],
    // Exports name ICCIDs and money; the sale's eSIMs are read from sale_esims by ICCID alone.
    exportCsv: [{ scope: { from: '2000-01-01', to: '2100-12-31' } }],
    // A zip of the same CSV files and the Z reports, which hold no eSIM either (base64: checked as text).
    exportAccountantPack: [],
    // eSIM care: live reads by ICCID, and the dispute pack with every install key taken out.
    getEsimCare: [{ saleId: sold.completed.id }],
    exportDisputePack: ids.map((saleId) => ({ saleId })),
  };
}

let sim: RunningSimulator;
let simDir: string;
let c: Counter;
let sold: Sold;

/** Every activation code the simulator ever issued (the LPA strings and install links contain them). */
function issuedActivationCodes(): string[] {
  const db = new Database(join(simDir, 'sim.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT activation_code FROM esims').all() as { activation_code: string }[]).map(
      (row) => row.activation_code,
    );
  } finally {
    db.close();
  }
}

function codesIn(text: string, codes: readonly string[]): string[] {
  return codes.filter((code) => text.includes(code));
}

beforeAll(async () => {
  simDir = mkdtempSync(join(tmpdir(), 'codes-sim-'));
  sim = await startSimulator({ port: 0, seed: SEED, balance: 500, dataFile: join(simDir, 'sim.sqlite') });
  c = await startCounter({}, { sim });
  const pkg = [...c.packages].sort((a, b) => a.cost.amount - b.cost.amount)[0];
  if (!pkg) throw new Error('no catalogue');
  const sell = async (quantity: number): Promise<Sale> => {
    const result = await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity });
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };
  const completed = await sell(2);
  // A sale the provider completes after answering: the cashier gets its eSIMs by the hand-over.
  sim.setFaults({ pendingRate: 1, pendingDelayMs: 300 });
  const pending = await sell(1);
  sim.setFaults({ pendingRate: 0 });
  expect(pending.state).toBe('pending');
  await eventually('the pending sale completes', () =>
    c.h.events.find(
      (e) => e.type === 'sale.updated' && e.sale.id === pending.id && e.sale.state === 'completed',
    ),
  );
  if (completed.state !== 'completed') throw new Error('the first sale did not complete');
  sold = { completed, completedLater: pending, iccid: completed.esims[0]!.iccid };
});

afterAll(async () => {
  await c?.close();
  await sim?.close();
  rmSync(simDir, { recursive: true, force: true });
});

describe('activation codes leave the core only where an eSIM is handed over', () => {
  it('the sale’s own answer carries them (so the search below looks for codes that exist)', () => {
    const codes = issuedActivationCodes();
    expect(codes).toHaveLength(3);
    expect(codesIn(JSON.stringify(sold.completed), codes)).toHaveLength(2);
  });

  it('no list or read answers with one', async () => {
    const codes = issuedActivationCodes();
    const reads = readsOf(sold);
    const leaks: { method: string; input: unknown; codes: string[] }[] = [];
    for (const [method, inputs] of Object.entries(reads)) {
      for (const input of inputs) {
        const answer = JSON.stringify(await c.h.call(method, input));
        const found = codesIn(answer, codes);
        if (found.length > 0) leaks.push({ method, input, codes: found });
      }
    }
    expect(leaks).toEqual([]);
    // Every method was either searched here or is one that hands over.
    expect([...Object.keys(reads), ...HANDS_OVER].sort()).toEqual([...POS_METHOD_NAMES].sort());
  });

  it('no event but the customer display’s carries one', () => {
    const codes = issuedActivationCodes();
    const leaking = c.h.events.filter(
      (event) => event.type !== 'customer.display' && codesIn(JSON.stringify(event), codes).length > 0,
    );
    expect(leaking.map((event) => event.type)).toEqual([]);
  });

  it('a sale that completed later is handed over on request, and every hand-over is audited', async () => {
    const codes = issuedActivationCodes();
    const handedOver = await c.h.call<Sale>('getSaleForHandOver', { id: sold.completedLater.id });
    expect(handedOver.ok && handedOver.value.state === 'completed').toBe(true);
    expect(codesIn(JSON.stringify(handedOver), codes)).toHaveLength(1);

    const db = new Database(join(c.dataDir, 'journal.sqlite'), { readonly: true });
    try {
      const audited = db.prepare("SELECT subject FROM audit WHERE kind = 'sale.handed-over'").all() as {
        subject: string;
      }[];
      expect(audited).toEqual([{ subject: sold.completedLater.id }]);
    } finally {
      db.close();
    }

    const notCompleted = await c.h.call('getSaleForHandOver', { id: 'no-such-sale' });
    expect(notCompleted.ok ? null : notCompleted.error.code).toBe('NOT_FOUND');
  });
});
