import type { Cancellation } from '../../../shared/domain/cancellation';
import type { Sale } from '../../../shared/domain/sale';
import type { TopUp } from '../../../shared/domain/topup';
import type { PosOutput, PosParsedInput } from '../../../shared/pos-api';
import type { CoreContext, HandlerGroup } from '../context';
import type { CatalogueTable } from '../journal/catalogue-table';
import type { SettingsTable } from '../journal/settings-table';
import { PosFailure } from '../pos/failure';
import type { ReceiptContext } from './receipt-context';
import { ReceiptLog } from './receipt-log';
import { type ReceiptRecord, renderReceipt } from './render-receipt';
import { decidePrint, type InstallState, installStateOf, isJamReprint } from './reprint-policy';

/** What the receipt handler reads and writes; narrower than the core's context so it runs on a bare journal. */
export interface ReceiptDeps {
  readonly sales: { get(id: string): Sale | null };
  readonly topUps: { get(id: string): TopUp | null };
  readonly cancellations: { get(id: string): Cancellation | null };
  readonly catalogue: Pick<CatalogueTable, 'get'>;
  readonly settings: Pick<SettingsTable, 'getSettings'>;
  readonly log: ReceiptLog;
  readonly now: () => Date;
  readonly training: () => boolean;
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
): HandlerGroup<'renderReceipt'> {
  return receiptHandlersWith({
    sales: ctx.salesJournal,
    topUps: ctx.topUpsJournal,
    cancellations,
    catalogue: ctx.catalogueTable,
    settings: ctx.settings,
    log: new ReceiptLog(ctx.db),
    now: ctx.now,
    training: () => ctx.connections.current.mode === 'training',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    requireManager: ctx.requireManager,
    currentCashierId: () => ctx.till.staff().cashierId,
  });
}

/**
 * Renders a receipt to print or save, and logs it. The first receipt of a record is the original;
 * later ones are copies, and a copy that would hand over an eSIM not known to be installed needs the
 * manager PIN. Everything between reading the history and logging the print is synchronous, so two
 * prints at once cannot both be the original.
 */
export function receiptHandlersWith(deps: ReceiptDeps): HandlerGroup<'renderReceipt'> {
  return {
    renderReceipt: async (input) => renderAndLog(deps, input),
  };
}

function renderAndLog(deps: ReceiptDeps, input: PosParsedInput<'renderReceipt'>): PosOutput<'renderReceipt'> {
  const record = findRecord(deps, input.kind, input.id);
  const jam = record.kind === 'sale' && isJamReprint(record.sale, deps.currentCashierId(), deps.now());
  const decision = decidePrint(record, deps.log.history(input.id), installStates(record), input.copy, jam);
  const pinAsked = decision.kind === 'copy' && decision.managerPinRequired;
  if (pinAsked) {
    if (input.pin === undefined) {
      throw new PosFailure(
        'PIN_REQUIRED',
        'A reprint of an eSIM that is not installed yet needs the manager PIN: its QR code hands the eSIM over again.',
        { iccids: decision.notKnownInstalled },
      );
    }
    deps.requireManager(input.pin);
  }
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
    copyNumber,
    printedAt,
    timeZone: deps.timeZone,
    packageInfo: packageCode === null ? null : deps.catalogue.get(packageCode),
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

/**
 * What the journal knows of each eSIM's installation: the status the provider gave with the order.
 * eSIM care's lookups (live status, the esim.installed webhook) will know better once they are kept.
 */
function installStates(record: ReceiptRecord): ReadonlyMap<string, InstallState> {
  if (record.kind !== 'sale' || record.sale.state !== 'completed') return new Map();
  return new Map(record.sale.esims.map((esim) => [esim.iccid, installStateOf({ esimStatus: esim.status })]));
}
