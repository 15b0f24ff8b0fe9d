import type { Sale } from '../../../shared/domain/sale';
import type { CoreContext } from '../context';
import { PosFailure } from '../pos/failure';

/**
 * The one rule for a sale's activation codes. An activation code installs its eSIM once, on whichever
 * phone takes it first: it is the product itself. Every way a code leaves the core asks this rule:
 *
 * - `sell` and the confirmed "send again" answer with the sale they completed: the codes go to the
 *   cashier at that sale, at its own moment (and the customer display shows them, for that sale only);
 * - `getSaleForHandOver` (the screen), `showSaleOnCustomerDisplay` (the customer's screen) and the
 *   receipt (`renderReceipt`, `printReceipt`, `saveReceiptPdf`, original or copy) ask `releaseCodes`;
 * - everything else (lists, reads, events, exports, the packs, the dispute pack) carries summaries,
 *   whose type has no place for a code.
 *
 * The codes leave without the manager PIN while the sale's customer is at the counter (the cashier who
 * made it, within HAND_OVER_MS of its completion; on a counter where nobody signs in, the counter
 * itself), or once every eSIM on the sale is known to be installed (its codes install nothing more).
 * Any other time needs the manager PIN: whoever asks later may not be the customer who paid.
 */

/**
 * How long after a sale completes its own cashier hands its codes over freely: shown again, sent to
 * the customer's screen, printed after a paper jam. The customer is still at the counter.
 */
export const HAND_OVER_MS = 5 * 60_000;

/** Whether an eSIM's profile is on a phone, as far as the app knows. */
export type InstallState = 'installed' | 'not_installed' | 'unknown';

export interface InstallEvidence {
  /** The API's `esim_status`: New, Assigned (Not Installed), Installed, Active, Not Active. */
  readonly esimStatus?: string | null;
  /** The live status's `profile`: Enabled, Disabled, Not Installed. */
  readonly profile?: string | null;
}

const INSTALLED_PROFILES = ['enabled', 'disabled'];
const INSTALLED_STATUSES = ['installed', 'active'];
const NOT_INSTALLED = ['new', 'assigned (not installed)', 'not installed'];

/**
 * Reads the provider's statuses. An activation code installs once, so any sign that the profile
 * reached a phone (enabled or disabled, installed, active) means the QR no longer hands anything
 * over. "Not Active" says nothing about installation and stays unknown.
 */
export function installStateOf(evidence: InstallEvidence): InstallState {
  const profile = evidence.profile?.trim().toLowerCase() ?? null;
  const status = evidence.esimStatus?.trim().toLowerCase() ?? null;
  if ((profile && INSTALLED_PROFILES.includes(profile)) || (status && INSTALLED_STATUSES.includes(status))) {
    return 'installed';
  }
  if ((profile && NOT_INSTALLED.includes(profile)) || (status && NOT_INSTALLED.includes(status))) {
    return 'not_installed';
  }
  return 'unknown';
}

type CompletedSale = Extract<Sale, { state: 'completed' }>;

export type CodesDecision =
  | { readonly managerPin: false; readonly why: 'at_the_sale' | 'installed' }
  | {
      readonly managerPin: true;
      /** The ICCIDs whose install is not known: why the PIN is asked for. */
      readonly notKnownInstalled: readonly string[];
    };

/**
 * Decides whether a completed sale's codes may leave now without the manager PIN: `cashierId` is who
 * is signed in (null: nobody). What the journal knows of installation is the status the provider gave
 * with the order; eSIM care's live reads will know better once they are kept.
 */
export function decideCodes(sale: CompletedSale, cashierId: string | null, now: Date): CodesDecision {
  const age = now.getTime() - Date.parse(sale.completedAt);
  if (sale.cashierId === cashierId && age >= 0 && age <= HAND_OVER_MS) {
    return { managerPin: false, why: 'at_the_sale' };
  }
  const notKnownInstalled = sale.esims
    .filter((esim) => installStateOf({ esimStatus: esim.status }) !== 'installed')
    .map((esim) => esim.iccid);
  return notKnownInstalled.length === 0
    ? { managerPin: false, why: 'installed' }
    : { managerPin: true, notKnownInstalled };
}

export interface CodesAsk {
  /** Who is signed in at the counter now (null: nobody). */
  readonly cashierId: string | null;
  readonly now: Date;
  /** The manager PIN given with the call, if any. */
  readonly pin: string | undefined;
  /** Throws PIN_INVALID (or PIN_REQUIRED when none is set) unless the manager PIN is right. */
  readonly requireManager: (pin: string) => void;
}

/**
 * Lets a completed sale's codes leave by the rule, or refuses: PIN_REQUIRED naming the eSIMs not known
 * to be installed, or the manager PIN's own refusal. Answers whether the manager PIN was given, for
 * the record the caller keeps of the hand-over.
 */
export function releaseCodes(sale: CompletedSale, ask: CodesAsk): { readonly managerPin: boolean } {
  const decision = decideCodes(sale, ask.cashierId, ask.now);
  if (!decision.managerPin) return { managerPin: false };
  if (ask.pin === undefined) {
    throw new PosFailure(
      'PIN_REQUIRED',
      'These install codes hand an eSIM that is not installed yet over again, away from its sale: they need the manager PIN.',
      { iccids: decision.notKnownInstalled },
    );
  }
  ask.requireManager(ask.pin);
  return { managerPin: true };
}

/** Every channel that hands a sale's codes over on request, with the audit kind of its record. */
const HAND_OVER_AUDIT = {
  screen: 'sale.handed-over',
  'customer-display': 'sale.shown-to-customer',
} as const;

export interface HandOverDeps {
  readonly sales: { get(id: string): Sale | null };
  readonly now: () => Date;
  readonly currentCashierId: () => string | null;
  readonly requireManager: (pin: string) => void;
  readonly audit: (at: string, kind: string, subject: string, detail: unknown) => void;
}

/** What a hand-over reads from the core: the sale, who is signed in, the manager PIN, the record log. */
export function handOverDeps(ctx: CoreContext): HandOverDeps {
  return {
    sales: ctx.salesJournal,
    now: ctx.now,
    currentCashierId: () => ctx.till.staff().cashierId,
    requireManager: ctx.requireManager,
    audit: (at, kind, subject, detail) => ctx.settings.audit(at, kind, subject, detail),
  };
}

/**
 * A completed sale with its eSIMs in full, for the screen or the customer's screen, under the rule;
 * each hand-over is audited with its eSIMs and whether the manager PIN allowed it. A sale not
 * completed has nothing to hand over (INVALID_STATE).
 */
export function handOver(
  deps: HandOverDeps,
  id: string,
  channel: keyof typeof HAND_OVER_AUDIT,
  pin: string | undefined,
): CompletedSale {
  const sale = deps.sales.get(id);
  if (!sale) throw new PosFailure('NOT_FOUND', `No sale with id ${id}.`);
  if (sale.state !== 'completed') {
    throw new PosFailure('INVALID_STATE', 'Only a completed sale has eSIMs to hand over.', {
      state: sale.state,
    });
  }
  const now = deps.now();
  const { managerPin } = releaseCodes(sale, {
    cashierId: deps.currentCashierId(),
    now,
    pin,
    requireManager: deps.requireManager,
  });
  deps.audit(now.toISOString(), HAND_OVER_AUDIT[channel], id, {
    iccids: sale.esims.map((esim) => esim.iccid),
    managerPin,
  });
  return sale;
}
