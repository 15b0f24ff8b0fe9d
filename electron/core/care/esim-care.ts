import type { EsimCare } from '../../../shared/domain/care';
import type { ExportFile } from '../../../shared/domain/export';
import type { Sale } from '../../../shared/domain/sale';
import type { ResellerClient } from '../api';
import { answersOf } from '../journal/answers';
import type { Db } from '../journal/database';
import type { SalesJournal } from '../journal/sales-journal';
import type { Logger } from '../log';
import { PosFailure } from '../pos/failure';
import { type ServingShop, saleToServe } from '../shop/shop-sales';
import type { CancellationJournal } from './cancellation-journal';
import { disputeRecords } from './dispute-records';
import { isInstalled } from './installed';

export interface EsimCareDeps {
  readonly db: Db;
  readonly counterId: string;
  readonly sales: SalesJournal;
  readonly cancellations: CancellationJournal;
  readonly client: () => ResellerClient;
  readonly now: () => Date;
  /** Where the events an answer lists but the counter cannot read are counted. */
  readonly log: Logger;
  /** The shop's other counters' sales, read live as this counter's own are. */
  readonly shop: ServingShop;
}

/** How many network events the counter shows (the dispute pack keeps the provider's whole answer). */
const EVENTS_SHOWN = 10;

/**
 * Keys of a provider answer that install an eSIM. A dispute pack goes to a support ticket: it names
 * eSIMs by ICCID and never carries what would install one again (see docs/security.md).
 */
const INSTALL_KEYS = /activation|lpa|qr|install|smdp_address|base64/i;

/**
 * eSIM care for a customer who comes back: each eSIM of the sale read live (status, installation,
 * usage, validity, network events), and the dispute pack, everything the counter knows of one sale
 * for a support ticket.
 */
export class EsimCareDesk {
  constructor(private readonly deps: EsimCareDeps) {}

  /** Each eSIM of this counter's sale, or of another counter's of the shop, read live. */
  async read(saleId: string): Promise<EsimCare[]> {
    const { sale } = await saleToServe(saleId, this.deps.sales.get(saleId), this.deps.shop);
    return (await this.reads(completed(sale))).map((each) => each.care);
  }

  /**
   * The journal's records of the sale and of its cancellations (with their chain links), the
   * provider's answers as kept, a fresh status read of each eSIM, and every receipt printed, as one
   * JSON file with the install codes taken out.
   */
  async disputePack(saleId: string): Promise<ExportFile> {
    const { db, counterId, now } = this.deps;
    const sale = this.completedSale(saleId);
    const cancellations = db
      .prepare('SELECT * FROM cancellations WHERE sale_id = ? ORDER BY created_at')
      .all(sale.id) as { id: string }[];
    const { journal, chain } = disputeRecords(db, [sale.id, ...cancellations.map((each) => each.id)]);
    const row = db
      .prepare(
        `SELECT id, receipt_number, state, package_code, package_name, quantity, currency, retail_total_minor,
           cost_minor, cost_currency, order_reference, idempotency_key, created_at, completed_at, cashier_id, shift_id,
           training, tender_method, tender_currency, tender_due_minor, tendered_minor, change_minor
         FROM sales WHERE id = ?`,
      )
      .get(sale.id) as Record<string, unknown>;
    let reads: unknown;
    try {
      reads = (await this.reads(sale)).map((each) => ({ iccid: each.care.iccid, answers: each.raw }));
    } catch (error) {
      // The pack is still made when the provider cannot be reached; it says why the reads are missing.
      reads = { unavailable: error instanceof PosFailure ? error.toPosError() : String(error) };
    }
    const pack = {
      counterId,
      createdAt: now().toISOString(),
      sale: row,
      iccids: sale.esims.map((esim) => esim.iccid),
      orderAnswers: answersOf(db, 'sale', sale.id).map((answer) => ({
        ...answer,
        body: redactedJson(answer.body),
      })),
      cancellations: cancellations.map((each) => ({
        ...each,
        answers: answersOf(db, 'cancellation', each.id).map((answer) => ({
          ...answer,
          body: redactedJson(answer.body),
        })),
      })),
      journal,
      chain,
      statusReads: reads,
    };
    return {
      name: `${counterId}-receipt-${String(sale.receiptNumber).padStart(6, '0')}-dispute-pack.json`,
      content: `${JSON.stringify(pack, null, 2)}\n`,
    };
  }

  /** This counter's own sale: the dispute pack holds its journal's records, which only it has. */
  private completedSale(saleId: string): Extract<Sale, { state: 'completed' }> {
    const sale = this.deps.sales.get(saleId);
    if (!sale) throw new PosFailure('NOT_FOUND', `No sale with id ${saleId} at this counter.`);
    return completed(sale);
  }

  private async reads(sale: {
    readonly esims: readonly { readonly iccid: string }[];
  }): Promise<{ care: EsimCare; raw: Record<string, unknown> }[]> {
    const client = this.deps.client();
    return Promise.all(
      sale.esims.map(async ({ iccid }) => {
        const [live, usage, events] = await Promise.all([
          client.getLiveStatus({ iccid }),
          client.getUsage({ iccid }),
          client.getNetworkEvents({ iccid }),
        ]);
        if (events.skipped > 0) {
          this.deps.log.warn('network events left out: unreadable', { iccid, skipped: events.skipped });
        }
        const latest = [...events.events].sort((a, b) => b.time.localeCompare(a.time)).slice(0, EVENTS_SHOWN);
        const care: EsimCare = {
          iccid,
          status: live.status ?? usage.status,
          installed: isInstalled(live),
          deviceModel: live.device.model,
          activatedAt: live.activatedAt ?? usage.validity.activatedAt,
          lastUsedAt: live.lastUsedAt,
          expiresAt: live.expiresAt ?? usage.validity.expiresAt,
          usedMb: usage.data.usedMb ?? live.usedMb,
          totalMb: usage.data.totalMb ?? live.totalMb,
          remainingMb: usage.data.remainingMb,
          unlimited: usage.data.unlimited ?? live.unlimited,
          totalEvents: events.totalEvents,
          wrongNetworkCount: events.wrongNetworkCount,
          events: latest.map((event) => ({
            time: event.time,
            type: event.type,
            operator: event.operator,
            country: event.country,
          })),
        };
        return {
          care,
          raw: {
            status: redactedJson(live.raw),
            usage: redactedJson(usage.raw),
            networkEvents: redactedJson(events.raw),
          },
        };
      }),
    );
  }
}

function completed<S extends { readonly state: string }>(sale: S): Extract<S, { state: 'completed' }> {
  if (sale.state !== 'completed') {
    throw new PosFailure('INVALID_STATE', 'Only a completed sale has eSIMs to look after.', {
      state: sale.state,
    });
  }
  return sale as Extract<S, { state: 'completed' }>;
}

/** A provider answer parsed (or kept as text when it is not JSON), without anything that installs an eSIM. */
function redactedJson(text: string | null): unknown {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return '[an answer that is not JSON, left out: it may hold install codes]';
  }
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([key, inner]) => [key, INSTALL_KEYS.test(key) ? '[removed]' : walk(inner)]),
      );
    }
    return node;
  };
  return walk(value);
}
