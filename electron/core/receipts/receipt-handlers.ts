import type { Cancellation } from '../../../shared/domain/cancellation';
import type { Sale } from '../../../shared/domain/sale';
import type { TopUp } from '../../../shared/domain/topup';
import type { PosOutput, PosParsedInput } from '../../../shared/pos-api';
import type { CoreContext, HandlerGroup } from '../context';
import type { CatalogueTable } from '../journal/catalogue-table';
import type { SettingsTable } from '../journal/settings-table';
import { PosFailure } from '../pos/failure';
import { releaseCodes } from '../sales/install-codes';
import type { CancelledElsewhere } from '../shop/shop-sales';
import type { ReceiptContext } from './receipt-context';
import { ReceiptLog } from './receipt-log';
import { type ReceiptRecord, renderReceipt } from './render-receipt';
import { decidePrint } from './reprint-policy';

/** What the receipt handler reads and writes; narrower than the core's context so it runs on a bare journal. */
export interface ReceiptDeps {
  readonly sales: { get(id: string): Sale | null };
  readonly topUps: { get(id: string): TopUp | null };
  readonly cancellations: {
    get(id: string): Cancellation | null;
    /** The sale's cancellation the provider did not refuse: a cancelled sale's receipt names it. */
    ofSale(saleId: string): Cancellation | null;
  };
  /**
   * This counter's sales another counter of the shop cancelled, as the journal keeps them
   * (CancelledElsewhere); absent at a counter in no shop.
   */
  readonly cancelledElsewhere?: Pick<CancelledElsewhere, 'ofSales'>;
  readonly catalogue: Pick<CatalogueTable, 'get'>;
  readonly settings: Pick<SettingsTable, 'getSettings'>;
  readonly log: ReceiptLog;
  readonly now: () => Date;
  readonly training: () => boolean;
  /** The counter's code in its shop ledger, printed with the receipt number (null: in none). */
  readonly counterCode: () => string | null;
  /** The counter's time zone is the shop's: the receipt shows the time on the shop's clock. */
  readonly timeZone: string;
  /** Throws PIN_INVALID (or PIN_REQUIRED when none is set) unless the manager PIN is right. */
  readonly requireManager: (pin: string) => void;
  /** Who is signed in at the counter now (null: nobody, or a counter without sign-in). */
  readonly currentCashierId: () => string | null;
}

export function receiptHandlers(
  ctx: CoreContext,
  cancellations: ReceiptDeps['cancellations'],
  cancelledElsewhere: ReceiptDeps['cancelledElsewhere'],
): HandlerGroup<'renderReceipt'> {
  return receiptHandlersWith({
    sales: ctx.salesJournal,
    topUps: ctx.topUpsJournal,
    cancellations,
    cancelledElsewhere,
    catalogue: ctx.catalogueTable,
    settings: ctx.settings,
    log: new ReceiptLog(ctx.db),
    now: ctx.now,
    training: () => ctx.connections.current.mode === 'training',
    counterCode: () => ctx.shopPlace()?.counterCode ?? null,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    requireManager: ctx.requireManager,
    currentCashierId: () => ctx.till.staff().cashierId,
  });
}

/**
 * Renders a receipt to print or save, and logs it. The first receipt of a record is the original;
 * later ones are copies. A sale's receipt carries its QR codes, so it is printed only as the install
 * codes' rule allows, original or copy (the manager PIN away from the sale's own moment while an eSIM
 * is not known to be installed). Everything between reading the history and logging the print is
 * synchronous, so two prints at once cannot both be the original.
 */
export function receiptHandlersWith(deps: ReceiptDeps): HandlerGroup<'renderReceipt'> {
  return {
    renderReceipt: async (input) => renderAndLog(deps, input),
  };
}

function renderAndLog(deps: ReceiptDeps, input: PosParsedInput<'renderReceipt'>): PosOutput<'renderReceipt'> {
  const record = findRecord(deps, input.kind, input.id);
  const decision = decidePrint(record, deps.log.history(input.id), input.copy);
  if (input.onlyOriginal && decision.kind === 'copy') {
    // Another window printed it first: the automatic print never makes a copy.
    throw new PosFailure('INVALID_STATE', 'This receipt was printed already.', { state: 'printed' });
  }
  const pinAsked =
    record.kind === 'sale' && record.sale.state === 'completed'
      ? releaseCodes(record.sale, {
          cashierId: deps.currentCashierId(),
          now: deps.now(),
          pin: input.pin,
          requireManager: deps.requireManager,
        }).managerPin
      : false;
  const settings = deps.settings.getSettings();
  const language = input.language ?? settings.language;
  const paperWidthMm = input.paperWidthMm ?? settings.paperWidthMm;
  const printedAt = deps.now().toISOString();
  const copyNumber = decision.kind === 'copy' ? decision.copyNumber : null;
  const packageCode =
    record.kind === 'sale'
      ? record.sale.packageCode
      : record.kind === 'topup'
        ? record.topUp.packageCode
        : null;
  const ctx: ReceiptContext = {
    shop: settings,
    language,
    paperWidthMm,
    training: deps.training(),
    // Cashiers are not journalled by name yet; the receipt leaves the line out rather than print an id.
    cashierName: null,
    counterCode: deps.counterCode(),
    copyNumber,
    printedAt,
    timeZone: deps.timeZone,
    packageInfo: packageCode === null ? null : deps.catalogue.get(packageCode),
    cancelledBy: record.kind === 'sale' ? cancelledBy(deps, record.sale.id) : null,
  };
  const html = renderReceipt(record, ctx);
  deps.log.record({
    kind: input.kind,
    id: input.id,
    at: printedAt,
    copyNumber,
    language,
    paperWidthMm,
    managerPin: pinAsked,
  });
  return { html, copyNumber };
}

/**
 * The cancellation the provider confirmed for a sale, by its receipt number and counter: this
 * counter's, else another counter's of the shop (the same CANCELLED mark, naming that counter's
 * receipt); null while none has.
 */
function cancelledBy(deps: ReceiptDeps, saleId: string): ReceiptContext['cancelledBy'] {
  const own = deps.cancellations.ofSale(saleId);
  if (own?.state === 'cancelled')
    return { receiptNumber: own.receiptNumber, counterCode: deps.counterCode() };
  const elsewhere = deps.cancelledElsewhere?.ofSales([saleId]).get(saleId);
  return elsewhere?.state === 'cancelled'
    ? { receiptNumber: elsewhere.receiptNumber, counterCode: elsewhere.counterCode ?? null }
    : null;
}

function findRecord(deps: ReceiptDeps, kind: ReceiptRecord['kind'], id: string): ReceiptRecord {
  if (kind === 'cancellation') {
    const cancellation = deps.cancellations.get(id);
    if (!cancellation) throw new PosFailure('NOT_FOUND', `No cancellation with id ${id}.`);
    return { kind, cancellation };
  }
  if (kind === 'sale') {
    const sale = deps.sales.get(id);
    if (!sale) throw new PosFailure('NOT_FOUND', `No sale with id ${id}.`);
    return { kind, sale };
  }
  const topUp = deps.topUps.get(id);
  if (!topUp) throw new PosFailure('NOT_FOUND', `No top-up with id ${id}.`);
  return { kind, topUp };
}
