import type { Language } from '../../../shared/domain/common';
import type { AmountDue, CustomerDisplay } from '../../../shared/domain/customer-display';
import type { Sale } from '../../../shared/domain/sale';
import type { CoreEvent } from '../core-events';

/**
 * How long a sale's QR codes stay on the customer's screen when nothing else takes them off: long
 * enough to scan the code at the counter, short enough to be gone before the next customer, even
 * when the cashier walks away without leaving the sale.
 */
export const CUSTOMER_QR_SHOWN_MS = 2 * 60_000;

export interface CustomerDisplayDeps {
  readonly now: () => Date;
  /** The language the display speaks until the cashier chooses the customer's: the shop's. */
  readonly shopLanguage: () => Language;
  readonly shopName: () => string;
  readonly emit: (event: CoreEvent) => void;
}

/**
 * What the screen facing the customer shows, followed from the core's own events. A QR code hands
 * an eSIM over, so the display shows by itself only the sale whose customer is at the counter now:
 * the one most recently begun here, when the send the cashier is waiting for answers it completed.
 * A sale that completes later (pending, in doubt, settled by a check) never pops up by itself: the
 * cashier decides, and shows it with `showSale`. It goes back to idle when the next sale or top-up
 * begins, when the cashier clears it, confirms the next customer's sale or leaves the counter (a
 * sign-out or the idle lock), or after CUSTOMER_QR_SHOWN_MS (the display hides it then by itself;
 * read later, the state says it is gone). A sale begun before a restart, or one that completes after
 * a newer one began, is never shown: its customer is not the one looking. While the cashier confirms
 * a sale the display shows the amount to pay (`showDue`), until the sale begins or the cashier clears it.
 */
export class CustomerDisplayState {
  private language: Language | null = null;
  private shown: CustomerDisplay['sale'] = null;
  private latestSaleId: string | null = null;
  /** The latest sale while its send is on the wire, the cashier waiting for the answer. */
  private awaitedSaleId: string | null = null;
  private preparing: CustomerDisplay['preparing'] = undefined;
  private due: AmountDue | undefined = undefined;
  /** Whether someone works the counter, as the last till change or sale begun said (null: not known yet). */
  private signedIn: boolean | null = null;

  constructor(private readonly deps: CustomerDisplayDeps) {}

  view(): CustomerDisplay {
    const { language, sale, preparing, due } = this.own();
    const view = { language: language ?? this.deps.shopLanguage(), shopName: this.deps.shopName(), sale };
    return { ...view, ...(preparing ? { preparing } : {}), ...(due ? { due } : {}) };
  }

  /** The display's own part of the view: all `sameView` compares, without the shop's settings. */
  private own(): OwnView {
    const sale =
      this.shown && Date.parse(this.shown.showUntil) > this.deps.now().getTime() ? this.shown : null;
    return {
      language: this.language,
      sale,
      ...(this.preparing && !sale ? { preparing: this.preparing } : {}),
      ...(this.due ? { due: this.due } : {}),
    };
  }

  setLanguage(language: Language): CustomerDisplay {
    const before = this.view();
    this.language = language;
    return this.announceIfChanged(before);
  }

  /** The cashier sends a completed sale's eSIMs (back) to the customer's screen. */
  showSale(sale: Sale): CustomerDisplay {
    const before = this.view();
    this.shown = this.shownOf(sale);
    this.due = undefined;
    return this.announceIfChanged(before);
  }

  /**
   * The cashier confirms the next customer's sale: the amount to pay replaces whatever was on the
   * screen, so no QR code of the last customer stays in front of this one.
   */
  showDue(due: AmountDue): CustomerDisplay {
    const before = this.view();
    this.shown = null;
    this.preparing = undefined;
    this.due = due;
    return this.announceIfChanged(before);
  }

  /** Back to idle for the next customer, in the shop's language: the last customer's is theirs only. */
  clear(): CustomerDisplay {
    const before = this.view();
    this.forgetShown();
    return this.announceIfChanged(before);
  }

  private forgetShown(): void {
    this.shown = null;
    this.preparing = undefined;
    this.due = undefined;
    this.language = null;
  }

  /**
   * Follows one core event. It runs while that event is being delivered, so the display's own
   * event is announced just after it, never in the middle of its delivery.
   */
  observe(event: CoreEvent): void {
    // Compared without the shop's settings, which no event changes here: a sale raises three events,
    // and reading the settings for each would be on the sale's path.
    const before = this.own();
    if (event.type === 'sale.updated') this.follow(event.sale);
    else if (event.type === 'topup.updated' && event.topUp.state === 'intent') {
      this.latestSaleId = null;
      this.preparing = undefined;
      this.due = undefined;
      this.shown = null;
    } else if (event.type === 'till.updated') {
      const signedIn = event.till.cashier !== null;
      const left = this.signedIn === true && !signedIn;
      this.signedIn = signedIn;
      if (!left) return;
      // The cashier left the counter (signed out, or it locked itself): the display forgets the last
      // customer, and a sale still on the wire never pops up on it by itself.
      this.latestSaleId = null;
      this.awaitedSaleId = null;
      this.forgetShown();
    } else return;
    if (!sameView(before, this.own())) {
      queueMicrotask(() => this.deps.emit({ type: 'customer.display', display: this.view() }));
    }
  }

  private follow(sale: Sale): void {
    if (sale.state === 'intent') {
      this.signedIn = sale.cashierId !== null;
      this.latestSaleId = sale.id;
      this.awaitedSaleId = null;
      this.preparing = undefined;
      this.due = undefined;
      this.shown = null;
      return;
    }
    if (sale.id !== this.latestSaleId) return;
    // The customer at the counter has paid and waits: the display says so, never with a QR code.
    this.preparing =
      sale.state === 'pending'
        ? { receiptNumber: sale.receiptNumber, packageName: sale.packageName }
        : undefined;
    const awaited = this.awaitedSaleId === sale.id;
    this.awaitedSaleId = sale.state === 'sent' ? sale.id : null;
    if (sale.state === 'completed' && awaited) this.shown = this.shownOf(sale);
  }

  private shownOf(sale: Sale): CustomerDisplay['sale'] {
    if (sale.state !== 'completed') return null;
    return {
      id: sale.id,
      receiptNumber: sale.receiptNumber,
      packageName: sale.packageName,
      training: sale.training,
      esims: sale.esims.map(({ iccid, lpa, smdpAddress, activationCode }) => ({
        iccid,
        lpa,
        smdpAddress,
        activationCode,
      })),
      showUntil: new Date(this.deps.now().getTime() + CUSTOMER_QR_SHOWN_MS).toISOString(),
    };
  }

  private announceIfChanged(before: CustomerDisplay): CustomerDisplay {
    const after = this.view();
    if (!sameView(before, after)) this.deps.emit({ type: 'customer.display', display: after });
    return after;
  }
}

/** The language the cashier chose for the customer (null: the shop's), what is shown, what is coming. */
type OwnView = Pick<CustomerDisplay, 'sale' | 'preparing' | 'due'> & { readonly language: Language | null };

function sameView(a: OwnView, b: OwnView): boolean {
  return (
    a.language === b.language &&
    a.sale?.id === b.sale?.id &&
    a.sale?.showUntil === b.sale?.showUntil &&
    a.preparing?.receiptNumber === b.preparing?.receiptNumber &&
    a.due === b.due
  );
}
