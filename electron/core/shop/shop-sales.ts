import type pg from 'pg';
import type { SaleCancellation } from '../../../shared/domain/cancellation';
import type { SaleSummary } from '../../../shared/domain/sale';
import type { ShopTopUp } from '../../../shared/domain/topup';
import type { TopUpState } from '../../../shared/domain/topup-states';
import { type Currency, minor, subtractMinor } from '../../../shared/money';
import { typedCounterReceipt } from '../../../shared/printed-numbers';
import type { Db } from '../journal/database';
import { writeTransaction } from '../journal/journal-write';
import type { SaleRow } from '../journal/sales-journal';
import { type TenderColumns, tenderFromColumns } from '../journal/tender-columns';
import type { Logger } from '../log';
import { PosFailure } from '../pos/failure';
import type { LedgerTimeouts } from './ledger-address';

/** A completed sale as lists show it: the only kind of another counter's sale a counter serves. */
export type CompletedSaleSummary = Extract<SaleSummary, { state: 'completed' }>;

/** What another counter's sale is to the counter serving its customer: the sale, and the counter that sold it. */
export interface ShopSale {
  readonly sale: CompletedSaleSummary;
  /** The selling counter's id (its chain's) and code (printed on its receipts). */
  readonly counterId: string;
  readonly counterCode: string;
}

/** The claim on a sale after a counter asked for it: its own, or another counter's. */
export type CancellationClaim =
  | { readonly granted: true }
  | { readonly granted: false; readonly counterCode: string; readonly cancellationId: string };

/** How the shop's sales are reached: a connection as this counter's role, ended after the work. */
export interface ShopSalesDeps {
  readonly counterId: string;
  readonly withClient: <T>(work: (client: pg.Client) => Promise<T>, timeouts?: LedgerTimeouts) => Promise<T>;
}

/**
 * A search answers as the cashier types, with this counter's own rows waiting on it: a ledger slower
 * than this is read as out of reach (Today then says only this counter's sales are listed), never
 * as ten seconds of a frozen list.
 */
const SEARCH_TIMEOUTS: LedgerTimeouts = { connectMs: 2_000, queryMs: 2_000 };

export interface ShopSaleSearch {
  readonly search: string;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly limit: number;
}

/**
 * Any counter serves any customer: the shop's sales made at other counters, as the ledger holds them
 * (their records, as each counter's chain published them), found by the receipt number as printed
 * (`1-000002`) or an ICCID; and the one claim per sale that keeps two counters from cancelling it.
 * Only a completed sale is served elsewhere: a sale still pending or in doubt is its own counter's to
 * settle. Activation codes are not in the ledger: the selling counter alone hands them over again.
 */
export class ShopSales {
  constructor(private readonly deps: ShopSalesDeps) {}

  /** Other counters' completed sales the search names, newest first. */
  async search(filter: ShopSaleSearch): Promise<ShopSale[]> {
    const rows = await this.searchRecords<SaleRecordRow>(
      SALES_QUERY,
      `r.record->'belonging'->'sale_esims'`,
      filter,
    );
    return rows.flatMap(shopSaleOf);
  }

  /**
   * Other counters' top-ups the search names (by the receipt number as printed, the ICCID or the
   * order), newest first, in any state: a top-up in flight or in doubt elsewhere is worth knowing of.
   */
  async searchTopUps(filter: ShopSaleSearch): Promise<ShopTopUp[]> {
    const rows = await this.searchRecords<TopUpRecordRow>(TOPUPS_QUERY, `r.record->'rows'`, filter);
    return rows.flatMap(shopTopUpOf);
  }

  /**
   * Records of `query` (other counters', each with its counter's code) that the search names: by the
   * receipt number as printed (`1-000002`), the order reference, or an ICCID of the rows at `iccids`.
   */
  private async searchRecords<R extends pg.QueryResultRow>(
    query: string,
    iccids: string,
    filter: ShopSaleSearch,
  ): Promise<R[]> {
    const text = filter.search.trim();
    if (text === '') return [];
    const receipt = typedCounterReceipt(text);
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.deps.withClient(async (client) => {
      const result = await client.query<R>(
        `${query}
           AND ($2::timestamptz IS NULL OR r.first_at >= $2) AND ($3::timestamptz IS NULL OR r.first_at < $3)
           AND ((upper(c.code) = upper($4) AND (r.record->'rows'->0->>'receipt_number')::bigint = $5)
             OR r.order_reference ILIKE $6
             OR EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(${iccids}, '[]'))
               AS e WHERE e->>'iccid' ILIKE $6))
         ORDER BY r.first_at DESC, r.counter_id LIMIT $7`,
        [
          this.deps.counterId,
          filter.from ?? null,
          filter.to ?? null,
          receipt?.counterCode ?? null,
          receipt?.receiptNumber ?? null,
          like,
          filter.limit,
        ],
      );
      return result.rows;
    }, SEARCH_TIMEOUTS);
  }

  /** Another counter's completed sale by its id, as the ledger holds it; null when it holds none. */
  async find(saleId: string): Promise<ShopSale | null> {
    return this.deps.withClient(async (client) => {
      const result = await client.query<SaleRecordRow>(`${SALES_QUERY} AND r.subject = $2`, [
        this.deps.counterId,
        saleId,
      ]);
      return result.rows.flatMap(shopSaleOf)[0] ?? null;
    });
  }

  /**
   * Claims the sale for this counter's cancellation, in the ledger, before the provider is asked. A
   * refusal names the counter that holds it.
   */
  async claim(sale: { readonly counterId: string; readonly id: string }, cancellationId: string) {
    return this.deps.withClient(async (client): Promise<CancellationClaim> => {
      const result = await client.query<{ counter_id: string; code: string; cancellation_id: string }>(
        'SELECT counter_id, code, cancellation_id FROM ledger.claim_cancellation($1, $2, $3)',
        [sale.counterId, sale.id, cancellationId],
      );
      const held = result.rows[0];
      if (held && held.counter_id === this.deps.counterId && held.cancellation_id === cancellationId) {
        return { granted: true };
      }
      return { granted: false, counterCode: held?.code ?? '', cancellationId: held?.cancellation_id ?? '' };
    });
  }

  /** Lets this counter's claim go: the provider certainly did not cancel, so the sale may be claimed again. */
  async release(cancellationId: string): Promise<void> {
    await this.deps.withClient(async (client) => {
      await client.query('SELECT ledger.release_cancellation($1)', [cancellationId]);
    });
  }
}

/** Why a counter refuses to cancel another counter's sale while the ledger cannot be reached. */
export function ledgerNeededToCancel(counterCode: string): PosFailure {
  return new PosFailure(
    'SHOP_LEDGER_UNREACHABLE',
    `This sale was made at counter ${counterCode}. Cancelling it here needs the shop ledger, which cannot be reached now: cancel it at counter ${counterCode}, or try again when the ledger is back.`,
  );
}

// Each completed sale of the shop's other counters, with its counter's code and the cancellation the
// provider did not refuse that any counter published for it (the newest).
const SALES_QUERY = `
  SELECT r.counter_id, c.code, r.at, r.record,
    k.counter_id AS cancelled_by, kc.code AS cancelled_by_code, k.record AS cancellation
  FROM ledger.records r
  JOIN ledger.counters c ON c.id = r.counter_id
  LEFT JOIN LATERAL (
    SELECT x.subject, x.counter_id, x.record FROM ledger.records x
    WHERE x.shop_id = r.shop_id AND x.type = 'cancellation' AND x.state IS DISTINCT FROM 'refused'
      AND x.record->'rows'->0->>'sale_id' = r.subject
    ORDER BY x.first_at DESC LIMIT 1
  ) k ON true
  LEFT JOIN ledger.counters kc ON kc.id = k.counter_id
  WHERE r.type = 'sale' AND r.state = 'completed' AND r.counter_id <> $1`;

// Each top-up of the shop's other counters, with its counter's code.
const TOPUPS_QUERY = `
  SELECT r.counter_id, c.code, r.record
  FROM ledger.records r
  JOIN ledger.counters c ON c.id = r.counter_id
  WHERE r.type = 'topup' AND r.counter_id <> $1`;

interface TopUpRecordRow {
  counter_id: string;
  code: string;
  record: { rows?: unknown[] };
}

/** A top-up's row as its record holds it (chain-rows.ts, version 2): the columns a search shows. */
interface HeldTopUpRow {
  id: string;
  state: TopUpState;
  receipt_number: number;
  iccid: string;
  package_code: string;
  package_name: string | null;
  currency: Currency;
  retail_minor: number;
  order_reference: string | null;
  created_at: string;
  completed_at: string | null;
}

/** Another counter's top-up from its record, naming its counter (none when the record lacks its row). */
function shopTopUpOf(row: TopUpRecordRow): ShopTopUp[] {
  const held = row.record.rows?.[0] as HeldTopUpRow | undefined;
  if (!held) return [];
  return [
    {
      id: held.id,
      counterCode: row.code,
      receiptNumber: held.receipt_number,
      state: held.state,
      iccid: held.iccid,
      packageCode: held.package_code,
      packageName: held.package_name ?? held.package_code,
      retail: { amount: minor(held.retail_minor), currency: held.currency },
      orderReference: held.order_reference,
      createdAt: held.created_at,
      completedAt: held.completed_at,
    },
  ];
}

/** A cancellation another counter published, with that counter. */
interface CancellationRecordRow {
  cancelled_by: string | null;
  cancelled_by_code: string | null;
  cancellation: { rows?: unknown[] } | null;
}

interface SaleRecordRow extends CancellationRecordRow {
  counter_id: string;
  code: string;
  at: Date;
  record: { rows?: unknown[]; belonging?: { sale_esims?: unknown[] } };
}

/** A sale's row as its record holds it (chain-rows.ts, version 2): the journal's columns a record keeps. */
type HeldSaleRow = Pick<
  SaleRow,
  | 'id'
  | 'counter_id'
  | 'cashier_id'
  | 'shift_id'
  | 'training'
  | 'receipt_number'
  | 'package_code'
  | 'quantity'
  | 'idempotency_key'
  | 'currency'
  | 'retail_unit_minor'
  | 'retail_total_minor'
  | 'cost_minor'
  | 'cost_currency'
  | 'order_reference'
  | 'created_at'
  | 'completed_at'
  | keyof TenderColumns
> & { readonly package_name: string | null };

interface HeldEsimRow {
  position: number;
  iccid: string;
  smdp_address: string | null;
  status: string | null;
  total_volume_bytes: number | null;
  validity_days: number | null;
  expires_at: string | null;
}

interface HeldCancellationRow {
  id: string;
  state: SaleCancellation['state'];
  receipt_number: number;
  original_receipt_number: number;
  refund_method: SaleCancellation['refundMethod'];
  cash_refund_minor: number | null;
  cash_refund_currency: Currency | null;
  cash_movement_id: string | null;
  created_at: string;
  settled_at: string | null;
}

/** The summary of a completed sale from its record, with its counter (none when the record lacks what a sale needs). */
function shopSaleOf(row: SaleRecordRow): ShopSale[] {
  const held = row.record.rows?.[0] as HeldSaleRow | undefined;
  if (!held || held.cost_minor === null || !held.cost_currency || !held.order_reference) return [];
  const retailTotal = { amount: minor(held.retail_total_minor), currency: held.currency };
  const cost = { amount: minor(held.cost_minor), currency: held.cost_currency };
  const esims = ((row.record.belonging?.sale_esims ?? []) as HeldEsimRow[])
    .slice()
    .sort((a, b) => a.position - b.position)
    .map((esim) => ({
      iccid: esim.iccid,
      smdpAddress: esim.smdp_address ?? '',
      status: esim.status,
      totalVolumeBytes: esim.total_volume_bytes,
      validityDays: esim.validity_days,
      expiresAt: esim.expires_at,
    }));
  if (esims.length === 0) return [];
  const cancellation = cancellationOf(row);
  const sale: CompletedSaleSummary = {
    id: held.id,
    counterId: held.counter_id,
    counterCode: row.code,
    cashierId: held.cashier_id,
    shiftId: held.shift_id,
    training: held.training === 1,
    receiptNumber: held.receipt_number,
    createdAt: held.created_at,
    updatedAt: row.at.toISOString(),
    packageCode: held.package_code,
    packageName: held.package_name ?? held.package_code,
    quantity: held.quantity,
    idempotencyKey: held.idempotency_key,
    retailUnit: { amount: minor(held.retail_unit_minor), currency: held.currency },
    retailTotal,
    attempts: 1,
    tender: tenderFromColumns(held),
    ...(cancellation ? { cancellation } : {}),
    state: 'completed',
    orderReference: held.order_reference,
    cost,
    margin:
      cost.currency === retailTotal.currency
        ? { amount: subtractMinor(retailTotal.amount, cost.amount), currency: cost.currency }
        : { amount: minor(0), currency: cost.currency },
    newBalance: null,
    esims,
    completedAt: held.completed_at ?? held.created_at,
  };
  return [{ sale, counterId: row.counter_id, counterCode: row.code }];
}

/** The sale's cancellation as another counter published it, naming that counter's code. */
function cancellationOf(row: CancellationRecordRow): SaleCancellation | null {
  const held = row.cancellation?.rows?.[0] as HeldCancellationRow | undefined;
  if (!held || row.cancelled_by_code === null) return null;
  return {
    id: held.id,
    state: held.state,
    receiptNumber: held.receipt_number,
    originalReceiptNumber: held.original_receipt_number,
    refundMethod: held.refund_method,
    cashRefund:
      held.cash_refund_minor === null || held.cash_refund_currency === null
        ? null
        : { amount: minor(held.cash_refund_minor), currency: held.cash_refund_currency },
    cashRefunded: held.cash_movement_id !== null,
    createdAt: held.created_at,
    settledAt: held.settled_at,
    counterCode: row.cancelled_by_code,
  };
}

/** The counter a sale was served from: null for this counter's own. */
export interface Seller {
  readonly counterId: string;
  readonly counterCode: string;
}

/** A sale a counter serves: its own, or another counter's as the ledger holds it. */
export interface ServedSale<S> {
  readonly sale: S | CompletedSaleSummary;
  readonly seller: Seller | null;
}

/** What serving another counter's sale needs: the shop's sales, and whether this counter is in a shop. */
export interface ServingShop {
  readonly sales: ShopSales;
  readonly inShop: () => boolean;
  /** This counter's sales other counters cancelled, as the ledger last showed them (kept in the journal). */
  readonly cancelledElsewhere: CancelledElsewhere;
}

/**
 * This counter's sales that another counter of the shop cancelled, as the ledger last showed them: the
 * sale reads cancelled on Today, in its details, in Today's totals and on a reprint once the
 * cancellation is synced. The money is the cancelling counter's (its drawer, its Z): this counter's X,
 * Z and reconciliation count the sale as they did. Kept in the journal (`sales_cancelled_elsewhere`,
 * journal migration 0020), so a restart with the ledger out of reach forgets none of it. Read again
 * whenever the shop's cancellations change (the shop's watch); `changed` hears of each sale whose
 * cancellation it learned.
 */
export class CancelledElsewhere {
  constructor(
    private readonly deps: ShopSalesDeps & {
      readonly db: Db;
      readonly now: () => Date;
      readonly changed: (saleId: string, cancellation: SaleCancellation) => void;
      readonly log: Logger;
    },
  ) {}

  /** The cancellations of these sales another counter made, by sale. */
  ofSales(saleIds: readonly string[]): Map<string, SaleCancellation> {
    const rows = this.deps.db
      .prepare(
        `SELECT sale_id, cancellation_json FROM sales_cancelled_elsewhere
         WHERE sale_id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(saleIds)) as { sale_id: string; cancellation_json: string }[];
    return new Map(rows.map((row) => [row.sale_id, JSON.parse(row.cancellation_json) as SaleCancellation]));
  }

  saleIds(): string[] {
    const rows = this.deps.db.prepare('SELECT sale_id FROM sales_cancelled_elsewhere').all() as {
      sale_id: string;
    }[];
    return rows.map((row) => row.sale_id);
  }

  /** Reads them again from the ledger and keeps them; a ledger out of reach leaves what was read last. */
  async refresh(): Promise<void> {
    let rows: CancellationRecordRow[];
    try {
      rows = await this.deps.withClient(async (client) => {
        const result = await client.query<CancellationRecordRow>(
          `SELECT k.counter_id AS cancelled_by, c.code AS cancelled_by_code, k.record AS cancellation
           FROM ledger.records k
           JOIN ledger.counters c ON c.id = k.counter_id
           WHERE k.type = 'cancellation' AND k.counter_id <> $1 AND k.state IS DISTINCT FROM 'refused'
             AND EXISTS (SELECT 1 FROM ledger.records s WHERE s.counter_id = $1 AND s.type = 'sale'
               AND s.subject = k.record->'rows'->0->>'sale_id')
           ORDER BY k.first_at`,
          [this.deps.counterId],
        );
        return result.rows;
      });
    } catch (error) {
      this.deps.log.warn("the shop's cancellations of this counter's sales could not be read", {
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    const read = new Map<string, SaleCancellation>();
    for (const row of rows) {
      const saleId = (row.cancellation?.rows?.[0] as { sale_id?: unknown } | undefined)?.sale_id;
      const cancellation = cancellationOf(row);
      if (typeof saleId === 'string' && cancellation) read.set(saleId, cancellation);
    }
    for (const [saleId, cancellation] of this.keep(read)) this.deps.changed(saleId, cancellation);
  }

  /** Replaces the journal's copy with `read` in one transaction; answers the cancellations that changed. */
  private keep(read: ReadonlyMap<string, SaleCancellation>): [string, SaleCancellation][] {
    const { db, now } = this.deps;
    const at = now().toISOString();
    return writeTransaction(db, () => {
      const before = new Map(
        (
          db.prepare('SELECT sale_id, cancellation_json FROM sales_cancelled_elsewhere').all() as {
            sale_id: string;
            cancellation_json: string;
          }[]
        ).map((row) => [row.sale_id, row.cancellation_json]),
      );
      const remove = db.prepare('DELETE FROM sales_cancelled_elsewhere WHERE sale_id = ?');
      for (const saleId of before.keys()) if (!read.has(saleId)) remove.run(saleId);
      // A sale the journal does not hold (restored from an older backup) has nothing to read cancelled.
      const put = db.prepare(
        `INSERT INTO sales_cancelled_elsewhere (sale_id, cancellation_json, read_at)
         SELECT @saleId, @json, @at WHERE EXISTS (SELECT 1 FROM sales WHERE id = @saleId)
         ON CONFLICT (sale_id) DO UPDATE SET cancellation_json = excluded.cancellation_json, read_at = excluded.read_at`,
      );
      const changed: [string, SaleCancellation][] = [];
      for (const [saleId, cancellation] of read) {
        const json = JSON.stringify(cancellation);
        if (before.get(saleId) === json) continue;
        if (put.run({ saleId, json, at }).changes > 0) changed.push([saleId, cancellation]);
      }
      return changed;
    });
  }
}

/**
 * The sale with this id: this counter's own from its journal (`own`), else, at a counter in a shop,
 * another counter's from the ledger. NOT_FOUND when neither holds it; a ledger that cannot be reached
 * says so rather than "no such sale".
 */
export async function saleToServe<S>(id: string, own: S | null, shop: ServingShop): Promise<ServedSale<S>> {
  if (own) return { sale: own, seller: null };
  if (!shop.inShop()) throw new PosFailure('NOT_FOUND', `No sale with id ${id}.`);
  const found = await shop.sales.find(id).catch(() => {
    throw new PosFailure(
      'SHOP_LEDGER_UNREACHABLE',
      "This sale is not one of this counter's, and the shop ledger cannot be reached to find it at the other counters.",
    );
  });
  if (!found) throw new PosFailure('NOT_FOUND', `No sale with id ${id} in this shop.`);
  return { sale: found.sale, seller: { counterId: found.counterId, counterCode: found.counterCode } };
}
