import type pg from 'pg';
import type { ShopPack } from '../../../shared/domain/export';
import type { ShiftReport } from '../../../shared/domain/shift-report';
import type { ShopDay } from '../../../shared/domain/shop-day';
import { zNumberText } from '../../../shared/printed-numbers';
import { chainHead } from '../journal/chain';
import type { Db } from '../journal/database';
import { shopKeyCode } from '../sales/order-keys';
import type { BusinessDayRule } from '../shifts/end-of-day-settings';
import { type LedgerRecord, ledgerCounters, ledgerProblems, ledgerRecords } from '../shop/ledger-reads';
import { rowOf } from '../shop/shop-day';
import { heldLinks, shopDaysWithin } from '../shop/shop-day-ledger';
import type { ShopPlace } from '../shop/shop-ledger';
import { Exporter } from './exporter';
import { shopJournal } from './shop-journal';

/** What the pack of a counter in a shop ledger reads the shop with. */
export interface ShopPackDeps {
  /** Where this counter is while in a shop ledger; null while in none (its pack is its own). */
  readonly place: () => ShopPlace | null;
  /** Runs `work` on a connection to the ledger as this counter (ShopLedger.withClient). */
  readonly withLedger: <T>(work: (client: pg.Client) => Promise<T>) => Promise<T>;
  /** Sends what this counter's journal holds and the ledger does not yet. */
  readonly pushNow: () => Promise<unknown>;
  readonly dayRule: () => BusinessDayRule;
}

/** A Z in the pack: its report as stored, the code it is printed with, and whether it is this counter's. */
export interface PackedZ {
  readonly report: ShiftReport;
  readonly counterCode: string | null;
  readonly own: boolean;
}

/** The shop's month as the pack reads it from the ledger. */
export interface ShopMonth {
  /** What the pack's files are named with: the shop's name in Latin letters (order-keys.ts). */
  readonly prefix: string;
  /** The CSV files of every counter of the shop, each row naming its counter. */
  readonly exporter: Exporter;
  /** The Zs of the month of the shop's other counters, as the ledger received them. */
  readonly otherZs: readonly PackedZ[];
  /** The shop days of the month as last reconciled, each once for the whole shop. */
  readonly shopDays: readonly ShopDay[];
  /** Whether every counter's month is in the pack, and which are not. */
  readonly said: ShopPack;
  /** The manifest's account of the shop: every counter, its Zs, its chain heads, whether it is synced. */
  readonly manifest: Record<string, unknown>;
  close(): void;
}

/** Records that stay in use past their month (a shift's day and Z, a cashier's name): read whole. */
const LASTING = ['cashier', 'shift', 'z'];
const DAY_MS = 86_400_000;

/**
 * The shop's month from its ledger, for the pack of a counter in it: the records of every counter
 * around the month's business days (a day's cut-off and time zone put its records within a day of its
 * date), each counter's Zs with the head its Z printed and whether the ledger holds that link, and
 * each counter's head in the ledger. A counter is named not synced when the ledger lacks a Z its
 * shifts closed, a link a Z printed, this counter's own newest link, or refused its chain as forked;
 * open when the ledger holds a shift of its month still open. The pack then holds what the ledger
 * received, its manifest is not complete, and it names whose records may be missing.
 * The ledger unreachable is an error, never a pack silently short of the other counters.
 */
export async function shopMonth(
  deps: { readonly db: Db; readonly counterId: string; readonly shop?: ShopPackDeps },
  days: { readonly from: string; readonly to: string },
): Promise<ShopMonth> {
  const shop = deps.shop;
  const place = shop?.place();
  if (!shop || !place) throw new Error('the shop pack asks for a counter in a shop ledger');
  // What this counter's journal holds as the pack is asked for: the ledger must hold it all.
  const ownHead = chainHead(deps.db, deps.counterId);
  await shop.pushNow();
  const read = await shop.withLedger(async (client) => {
    const counters = await ledgerCounters(client);
    const lasting = await ledgerRecords(client, { types: LASTING });
    const around = await ledgerRecords(client, {
      from: new Date(Date.parse(`${days.from}T00:00:00Z`) - 2 * DAY_MS),
      to: new Date(Date.parse(`${days.to}T00:00:00Z`) + 3 * DAY_MS),
    });
    const records = [...lasting, ...around.filter((record) => !LASTING.includes(record.type))];
    const zs = zsOf(records, days);
    const held = await heldLinks(
      client,
      zs.flatMap(({ counterId, report }) => (report.chainHead ? [{ counterId, ...report.chainHead }] : [])),
    );
    const forked = (await ledgerProblems(client)).filter((problem) => problem.kind === 'chain_fork');
    const shopDays = (await shopDaysWithin(client, days)) as ShopDay[];
    return { counters, records, zs, held, forked, shopDays };
  });
  const codes = new Map(read.counters.map((counter) => [counter.id, counter.code]));
  const shifts = read.records.filter((record) => {
    const day = record.type === 'shift' ? rowOf(record).business_day : null;
    return typeof day === 'string' && day >= days.from && day <= days.to;
  });
  const counters = read.counters.map((counter) => {
    const zs = read.zs.filter((z) => z.counterId === counter.id);
    const printed = zs.map(({ report }) => ({
      z: zNumberText(report.zNumber ?? 0, counter.code),
      businessDay: report.businessDay,
      chainHead: report.chainHead,
      received: report.chainHead
        ? read.held.has(`${counter.id}:${report.chainHead.seq}:${report.chainHead.hash}`)
        : false,
    }));
    const own = shifts.filter((shift) => shift.counterId === counter.id);
    const missingZ = own.some(
      (shift) => rowOf(shift).z_number != null && !zs.some((z) => z.shiftId === shift.subject),
    );
    const ownBehind =
      counter.id === deps.counterId && ownHead !== null && (counter.head?.seq ?? 0) < ownHead.seq;
    const behind =
      missingZ ||
      ownBehind ||
      !printed.every((z) => z.received) ||
      read.forked.some((problem) => problem.counterId === counter.id);
    // A shift the ledger holds open may still be selling, or closed since without the ledger hearing.
    const open = own.some((shift) => rowOf(shift).state === 'open');
    return {
      id: counter.id,
      code: counter.code,
      name: counter.name,
      state: behind ? 'not_synced' : open ? 'open' : 'closed',
      ledgerHead: counter.head && {
        seq: counter.head.seq,
        hash: counter.head.hash,
        at: counter.head.at.toISOString(),
        receivedAt: counter.head.receivedAt.toISOString(),
      },
      zs: printed,
    };
  });
  const codesIn = (state: string): string[] =>
    counters.filter((counter) => counter.state === state).map((counter) => counter.code);
  // Every counter's month is in the pack only when each is closed and synced; the others are named.
  const said: ShopPack = {
    shop: place.shop,
    complete: counters.every((counter) => counter.state === 'closed'),
    notSynced: codesIn('not_synced'),
    open: codesIn('open'),
  };
  const db = shopJournal(read.records);
  const prefix = shopKeyCode(place.shop);
  return {
    prefix,
    exporter: new Exporter({
      db,
      prefix,
      counterId: deps.counterId,
      codeOf: (counterId) => codes.get(counterId) ?? null,
      dayRule: shop.dayRule,
    }),
    otherZs: read.zs
      .filter((z) => z.counterId !== deps.counterId)
      .map((z) => ({ report: z.report, counterCode: codes.get(z.counterId) ?? null, own: false })),
    shopDays: read.shopDays,
    said,
    manifest: {
      ...said,
      counterCode: place.counterCode,
      counters,
      shopDays: read.shopDays.map(({ number, firstDay, lastDay, result, runAt, runBy }) => ({
        number,
        firstDay,
        lastDay,
        result,
        runAt,
        runBy: runBy.code,
      })),
    },
    close: () => db.close(),
  };
}

/** The Zs of the month's business days, by counter and shift, oldest first. */
function zsOf(
  records: readonly LedgerRecord[],
  days: { readonly from: string; readonly to: string },
): { counterId: string; shiftId: string; report: ShiftReport }[] {
  return records.flatMap((record) => {
    const json = record.type === 'z' ? rowOf(record).report_json : null;
    if (typeof json !== 'string') return [];
    const report = JSON.parse(json) as ShiftReport;
    if (report.businessDay < days.from || report.businessDay > days.to) return [];
    return [{ counterId: record.counterId, shiftId: record.subject, report }];
  });
}
