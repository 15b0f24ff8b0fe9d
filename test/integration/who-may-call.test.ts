import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWebHost, startWebHost } from '../../electron/host/server';
import type { Cashier } from '../../shared/domain/cashier';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import type { CountResult, Shift, TillView } from '../../shared/domain/shift';
import type { TopUp, TopUpOption } from '../../shared/domain/topup';
import type { Result } from '../../shared/errors';
import { MANAGER_FIGURES, POS_ACCESS, WHO, type Who } from '../../shared/pos-access';
import { POS_METHOD_NAMES, type PosMethodName } from '../../shared/pos-api';
import { reportText } from '../../shared/report-text';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';
import { providerFacts } from '../support/provider-facts';
import { joinNowhere } from '../support/shop-ledger';
import { driveEsim, SEED } from './money-support';

/**
 * The table of who may call each PosApi method (shared/pos-access.ts), walked whole through the web
 * host: every method, as nobody, as a cashier and as a manager signed in, on a training counter and
 * on a live one. A call refused for its caller is refused before its input is read; one allowed
 * reaches the contract's check of its input (an unknown field is sent to stop it there). A manager's
 * action is refused without its approval, and with a wrong one by the handler that records it.
 */

const TOKEN = 'walk-the-table-0123456789';
const MANAGER_PIN = '2468';
const ALICE_PIN = '1357';
const BOSS_PIN = '8642';
const APPROVER_PIN = '9753';
const WRONG = '0000';
/** A field no input schema knows: an allowed call stops at the contract's check of its input. */
const UNKNOWN_FIELD = { walkingTheTable: true };

type As = 'nobody' | 'cashier' | 'manager';
const CALLERS: readonly As[] = ['nobody', 'cashier', 'manager'];

interface Walked {
  readonly h: CoreHarness;
  readonly host: RunningWebHost;
  readonly staticDir: string;
  readonly ids: Ids;
}

interface Ids {
  readonly alice: string;
  readonly boss: string;
  readonly approver: string;
  readonly sale: string;
  readonly topUp: string;
  readonly closedShift: string;
  readonly notCountedShift: string;
  readonly day: string;
  readonly pricing: unknown;
}

async function api<T>(host: RunningWebHost, method: string, input: unknown): Promise<Result<T>> {
  const response = await fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  return (await response.json()) as Result<T>;
}

async function must<T>(host: RunningWebHost, method: string, input: unknown = {}): Promise<T> {
  return unwrap(await api<T>(host, method, input));
}

/**
 * A counter with staff and records to act on: a manager PIN, a cashier, two other managers, a sale,
 * its top-up, a closed shift, one closed without a count, and an open one.
 */
async function walked(live: boolean): Promise<Walked> {
  const h = await startCoreHarness({ seed: SEED, balance: 500 }, { live });
  const staticDir = mkdtempSync(join(tmpdir(), 'walk-static-'));
  const host = await startWebHost({ core: h.core, port: 0, token: TOKEN, staticDir });
  await must(host, 'setManagerPin', { pin: MANAGER_PIN });
  const first = (await must<TillView>(host, 'getTill')).cashiers.find((c) => c.usesManagerPin);
  if (!first) throw new Error('no first manager');
  const approval = { managerId: first.id, pin: MANAGER_PIN };
  const hire = async (name: string, role: Cashier['role'], pin: string): Promise<string> =>
    (await must<Cashier>(host, 'addCashier', { name, role, pin, approval })).id;
  const alice = await hire('Alice', 'cashier', ALICE_PIN);
  const boss = await hire('Boss', 'manager', BOSS_PIN);
  const approver = await hire('Approver', 'manager', APPROVER_PIN);

  // A sale of a package the provider tops up (its cost read by a manager), its eSIM in use, and a
  // top-up of it.
  await must(host, 'signIn', { cashierId: boss, pin: BOSS_PIN });
  const { packages } = await must<{ packages: CataloguePackage[] }>(host, 'listPackages');
  await must(host, 'signIn', { cashierId: alice, pin: ALICE_PIN });
  const floats = [{ currency: 'USD', amount: 10_000 }];
  await must(host, 'openShift', { floats });
  const facts = providerFacts(SEED);
  const pkg = packages
    .filter((each) => facts(each.code)?.rechargeable)
    .sort((a, b) => a.cost!.amount - b.cost!.amount)[0];
  if (!pkg) throw new Error('no rechargeable package in the catalogue');
  const sale = await must<Sale>(host, 'sell', { packageCode: pkg.code });
  if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
  const iccid = sale.esims[0]!.iccid;
  await driveEsim(h.simulator, 'activate', { iccid });
  const { packages: options } = await must<{ packages: TopUpOption[] }>(host, 'listTopUpPackages', {
    iccid,
  });
  const topUp = await must<TopUp>(host, 'topUp', { iccid, packageCode: options[0]!.code });
  if (topUp.state !== 'completed') throw new Error(`the top-up ended ${topUp.state}`);
  const count = await must<CountResult>(host, 'countDrawer', { counts: floats });
  const closed = await must<{ shift: Shift }>(host, 'closeShift', { countId: count.countId });
  await must(host, 'openShift', { floats });
  const notCounted = await must<{ shift: Shift }>(host, 'forceCloseShift', { reason: 'gone', approval });
  await must(host, 'openShift', { floats });
  const pricing = await must(host, 'getPricing');
  const till = await must<TillView>(host, 'getTill');
  await must(host, 'signOut');
  return {
    h,
    host,
    staticDir,
    ids: {
      alice,
      boss,
      approver,
      sale: sale.id,
      topUp: topUp.id,
      closedShift: closed.shift.id,
      notCountedShift: notCounted.shift.id,
      day: till.businessDay,
      pricing,
    },
  };
}

/**
 * Valid input for each manager's action, with a wrong approval or manager PIN: enough for the call to
 * reach the check of that approval (the records it names exist).
 */
function wronglyApproved(ids: Ids): { readonly [M in PosMethodName]?: unknown } {
  const approval = { managerId: ids.approver, pin: WRONG };
  const usd = { amount: 100, currency: 'USD' };
  return {
    setPricing: { pin: WRONG, pricing: ids.pricing },
    updateSettings: { pin: WRONG, patch: {} },
    setCredentials: { pin: WRONG, accessCode: 'abcd', secretKey: 'not-a-real-key' },
    clearCredentials: { pin: WRONG },
    joinShopLedger: joinNowhere(WRONG),
    leaveShopLedger: { pin: WRONG },
    addCashier: { name: 'Carol', role: 'cashier', pin: '1111', approval },
    updateCashier: { id: ids.alice, name: 'Alicia', approval },
    checkApproval: { approval },
    forceCloseShift: { reason: 'went home', approval },
    countClosedShift: { shiftId: ids.notCountedShift, counts: [usd], approval },
    correctShift: { shiftId: ids.closedShift, amount: usd, reason: 'miscount', approval },
    setExchangeRate: { base: 'USD', quote: 'IQD', buy: '1300', sell: '1310', per: 1, approval },
    updateEndOfDaySettings: { patch: {}, approval },
    checkJournalChain: { approval },
    acknowledgeLostRecords: { approval },
    resolveReconciliationException: {
      firstDay: ids.day,
      key: 'no-such-exception',
      classification: 'accepted',
      reason: 'looked at it',
      approval,
    },
    addProviderDeposit: { businessDay: ids.day, amount: usd, approval },
    reconcileShop: { firstDay: ids.day, approval },
    renderShopDayReport: { firstDay: ids.day, paper: 'a4', approval },
    resolveShopException: {
      firstDay: ids.day,
      key: 'no-such-exception',
      classification: 'accepted',
      reason: 'looked at it',
      approval,
    },
    getOwnerView: { day: ids.day, ownerName: 'owner', ownerPassword: 'not-the-password', approval },
    setStaffAccess: {
      staffId: ids.alice,
      shopId: '1',
      access: true,
      ownerName: 'owner',
      ownerPassword: 'not-the-password',
      approval,
    },
    cancelSale: { saleId: ids.sale, reason: 'changed mind', approval },
    goodwillRefund: { topUpId: ids.topUp, amount: usd, reason: 'slow data', approval },
    decideTopUp: { id: ids.topUp, choice: { kind: 'none' }, approval },
  };
}

async function signInAs(w: Walked, as: As): Promise<void> {
  await must(w.host, 'signOut');
  if (as === 'cashier') await must(w.host, 'signIn', { cashierId: w.ids.alice, pin: ALICE_PIN });
  if (as === 'manager') await must(w.host, 'signIn', { cashierId: w.ids.boss, pin: BOSS_PIN });
}

/** What the table promises a caller: refused (and by what) or let through to the input's check. */
function expected(who: Who, as: As, training: boolean): string {
  if (who === 'manager') return 'PIN_REQUIRED';
  if (who === 'signedIn' && as === 'nobody') return 'SIGN_IN_REQUIRED';
  if (who === 'staff' && as === 'nobody' && !training) return 'SIGN_IN_REQUIRED';
  return 'INVALID_INPUT';
}

describe.each([
  ['a training counter', false],
  ['a live counter', true],
])('who may call what, on %s', (_name, live) => {
  let w: Walked;

  beforeAll(async () => {
    w = await walked(live);
  }, 120_000);

  afterAll(async () => {
    await w?.host.close();
    await w?.h.close();
    if (w) rmSync(w.staticDir, { recursive: true, force: true });
  });

  it('runs in the mode it says', async () => {
    expect((await must<{ mode: string }>(w.host, 'getStatus')).mode).toBe(live ? 'live' : 'training');
  });

  it.each(CALLERS)('every method, as %s, is refused or let through as the table says', async (as) => {
    await signInAs(w, as);
    const answered: Record<string, string> = {};
    const promised: Record<string, string> = {};
    for (const method of POS_METHOD_NAMES) {
      const result = await api(w.host, method, UNKNOWN_FIELD);
      answered[method] = result.ok ? 'ok' : result.error.code;
      promised[method] = expected(POS_ACCESS[method].who, as, !live);
    }
    expect(answered).toEqual(promised);
  });

  it.each(CALLERS)('every manager’s action, as %s, checks the approval it carries', async (as) => {
    await signInAs(w, as);
    const inputs = wronglyApproved(w.ids);
    const managers = POS_METHOD_NAMES.filter((method) => POS_ACCESS[method].who === 'manager');
    // Every manager's action has an input here, and nothing else does.
    expect(Object.keys(inputs).sort()).toEqual([...managers].sort());
    const answered: Record<string, string> = {};
    for (const method of managers) {
      const result = await api(w.host, method, inputs[method]);
      answered[method] = result.ok ? 'ok' : result.error.code;
    }
    expect(answered).toEqual(Object.fromEntries(managers.map((method) => [method, 'PIN_INVALID'])));
  });

  it.each(['cashier', 'manager'] as const)(
    'answers %s with a manager’s figures only to a manager',
    async (as) => {
      await signInAs(w, as);
      const { sale, topUp, closedShift, day } = w.ids;
      const period = { firstDay: day };
      const answers: Record<string, unknown> = {
        getSale: await must(w.host, 'getSale', { id: sale }),
        listSales: await must(w.host, 'listSales', {}),
        getTopUp: await must(w.host, 'getTopUp', { id: topUp }),
        listTopUps: await must(w.host, 'listTopUps', {}),
        getXReport: await must(w.host, 'getXReport', { shiftId: closedShift }),
        getZReport: await must(w.host, 'getZReport', { shiftId: closedShift }),
        reconcile: await must(w.host, 'reconcile', period),
        getReconciliation: await must(w.host, 'getReconciliation', period),
      };
      const figures = Object.fromEntries(
        Object.entries(answers).map(([method, answer]) => [method, figuresIn(answer)]),
      );
      const words = reportText('en');
      const z = await must<{ html: string }>(w.host, 'renderShiftReport', {
        kind: 'z',
        shiftId: closedShift,
        paper: '80',
      });
      const printed = await must<{ html: string }>(w.host, 'renderReconciliationReport', period);
      const paper = {
        zCost: z.html.includes(`>${words.cost}<`),
        zMargin: z.html.includes(`>${words.margin}<`),
        bridge: printed.html.includes(words.ledger.expectedClosing),
      };
      if (as === 'cashier') {
        expect(figures).toEqual(Object.fromEntries(Object.keys(answers).map((method) => [method, []])));
        expect(paper).toEqual({ zCost: false, zMargin: false, bridge: false });
      } else {
        const empty = Object.entries(figures).filter(([, found]) => found.length === 0);
        expect(empty).toEqual([]);
        expect(paper).toEqual({ zCost: true, zMargin: true, bridge: true });
      }
    },
  );

  it.each(['cashier', 'manager'] as const)(
    'tells %s a sale’s events with a manager’s figures only if a manager',
    async (as) => {
      await signInAs(w, 'manager');
      const { packages } = await must<{ packages: CataloguePackage[] }>(w.host, 'listPackages');
      const cheapest = [...packages].sort((a, b) => a.cost!.amount - b.cost!.amount)[0]!;
      await signInAs(w, as);
      const sale = await must<Sale>(w.host, 'sell', { packageCode: cheapest.code });
      const told = w.h.events.flatMap((event) =>
        event.type === 'sale.updated' && event.sale.id === sale.id ? [event.sale] : [],
      );
      expect(told.map((each) => each.state)).toEqual(['intent', 'sent', 'completed']);
      expect(figuresIn(told).length > 0).toBe(as === 'manager');
    },
  );

  it('shows the catalogue’s costs with nobody signed in only in training', async () => {
    await signInAs(w, 'nobody');
    const { packages } = await must<{ packages: CataloguePackage[] }>(w.host, 'listPackages');
    const costed = packages.filter((each) => each.cost !== null).length;
    expect({ packages: packages.length > 0, costed }).toEqual({
      packages: true,
      costed: live ? 0 : packages.length,
    });
  });

  it('names what is needed when nobody is signed in', async () => {
    await signInAs(w, 'nobody');
    const result = await api(w.host, 'openShift', { floats: [{ currency: 'USD', amount: 1 }] });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'SIGN_IN_REQUIRED', details: { method: 'openShift' } },
    });
    if (live) {
      expect(await api(w.host, 'exportDisputePack', { saleId: w.ids.sale })).toMatchObject({
        ok: false,
        error: { code: 'SIGN_IN_REQUIRED', details: { method: 'exportDisputePack' } },
      });
    }
  });
});

describe('the table in docs/end-of-day.md', () => {
  it('is the table the core enforces', () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../../docs/end-of-day.md'), 'utf8');
    expect(doc).toContain(accessTableMarkdown());
  });
});

/** Where an answer holds a manager's figures: the path of every cost, margin or bridge not null. */
function figuresIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((each, i) => figuresIn(each, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    ['cost', 'margin', 'bridge'].includes(key) && inner !== null
      ? [`${path}.${key}`]
      : figuresIn(inner, `${path}.${key}`),
  );
}

/**
 * The docs' table, made from the code's: who may call each method, what some calls ask besides, and
 * which answers leave out a manager's figures for a cashier.
 */
function accessTableMarkdown(): string {
  const levels = Object.keys(WHO) as Who[];
  const rows = levels.map((who) => [
    WHO[who],
    POS_METHOD_NAMES.filter((method) => POS_ACCESS[method].who === who)
      .map((method) => `\`${method}\``)
      .join(', '),
  ]);
  const table = markdownTable(['Who may call', 'Methods'], rows);
  const also = POS_METHOD_NAMES.flatMap((method) => {
    const more = POS_ACCESS[method].also;
    return more ? [`- \`${method}\`: ${more}.`] : [];
  });
  const figures = POS_METHOD_NAMES.filter((method) => POS_ACCESS[method].figures)
    .map((method) => `\`${method}\``)
    .join(', ');
  return `${table}\n\nSome calls ask for more, in some cases only:\n\n${also.join('\n')}\n\nA cashier's answer leaves out the ${MANAGER_FIGURES} (they are null): ${figures}.\n`;
}

function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = head.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
