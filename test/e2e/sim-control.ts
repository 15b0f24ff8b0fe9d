/**
 * The training simulator's control API (under /__sim, guarded by its own token): what a test uses
 * to load the balance, switch on faults such as asynchronous provisioning, finish pending orders,
 * and read back what the provider charged.
 */

export interface SimAccountView {
  readonly kind: 'business' | 'enterprise' | 'personal';
  readonly accessCode: string;
  readonly currency: string;
  readonly balance: number;
  readonly balanceMinor: number;
}

export interface SimOrderView {
  readonly reference: string;
  readonly status: string;
  readonly packageCode: string;
  readonly quantity: number;
  readonly amountMinor: number;
  readonly esims: ReadonlyArray<{ readonly iccid: string; readonly status: string }>;
}

export interface SimLedgerEntry {
  readonly kind: 'order' | 'topup' | 'refund' | 'adjustment';
  readonly orderReference: string | null;
  readonly amountMinor: number;
  readonly balanceAfterMinor: number;
}

export class SimControl {
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  /** The simulator's reseller API, as a live counter would be configured for it. */
  get apiBaseUrl(): string {
    return `${new URL(this.url).origin}/api/v1/business`;
  }

  private async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { 'x-sim-control-token': this.token, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`simulator control ${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  /** The account the counter's training mode uses: the first business account in USD. */
  async account(): Promise<SimAccountView> {
    const { accounts } = await this.call<{ accounts: SimAccountView[] }>('GET', '/accounts');
    const found = accounts.find((a) => a.kind === 'business' && a.currency === 'USD');
    if (!found) throw new Error('the simulator has no business USD account');
    return found;
  }

  async setBalance(balance: number): Promise<SimAccountView> {
    const { accessCode } = await this.account();
    return this.call('POST', '/accounts/balance', { accessCode, balance });
  }

  async setFaults(faults: Record<string, unknown>): Promise<void> {
    await this.call('PUT', '/faults', faults);
  }

  /**
   * From now on the provider takes each order and holds it pending, its answer is lost and its order
   * list cannot be read: a sale made now ends in doubt on the counter.
   */
  async loseOrderAnswers(): Promise<void> {
    await this.setFaults({
      pendingRate: 1,
      pendingDelayMs: -1,
      dropAfterCommitRate: 1,
      paths: ['POST /esims/order', 'GET /orders'],
    });
  }

  /** Undoes loseOrderAnswers, then finishes the order it held: its records can be read again. */
  async completeHeldOrder(): Promise<{ order: SimOrderView | undefined; completed: number }> {
    await this.setFaults({ dropAfterCommitRate: 0, pendingRate: 0, paths: [] });
    const [order] = await this.orders();
    return { order, completed: await this.completePending(order?.reference) };
  }

  /** A control API listing of the counter's own account. */
  private async accountList<T>(path: '/orders' | '/ledger'): Promise<T> {
    const { accessCode } = await this.account();
    return this.call<T>('GET', `${path}?accessCode=${encodeURIComponent(accessCode)}`);
  }

  async orders(): Promise<SimOrderView[]> {
    return (await this.accountList<{ orders: SimOrderView[] }>('/orders')).orders;
  }

  /** Every charge and refund of the counter's account, in the order they happened. */
  async ledger(): Promise<SimLedgerEntry[]> {
    return (await this.accountList<{ entries: SimLedgerEntry[] }>('/ledger')).entries;
  }

  /** Drives an eSIM as a customer's phone would: installed, then attached to a network (ACTIVE). */
  async activate(iccid: string): Promise<void> {
    await this.call('POST', '/esims/install', { iccid });
    await this.call('POST', '/esims/activate', { iccid });
  }

  /** Every later cancellation refunds by this method (`provider`: the simulator's own rule again). */
  async setRefundMethod(method: 'balance' | 'refund_request' | 'separate' | 'provider'): Promise<void> {
    await this.call('PUT', '/cancellations/refund-method', { method });
  }

  /** The customer's phone uses `mb` of data (the eSIM must be ACTIVE). */
  async consume(iccid: string, mb: number): Promise<void> {
    await this.call('POST', '/esims/consume', { iccid, mb });
  }

  async completePending(orderReference?: string): Promise<number> {
    const { completed } = await this.call<{ completed: number }>(
      'POST',
      '/orders/complete-pending',
      orderReference ? { orderReference } : {},
    );
    return completed;
  }

  /** An order placed on the provider's side only (its dashboard): the counter never hears of it. */
  async placeOrder(packageCode: string): Promise<string> {
    const { accessCode } = await this.account();
    const { orderReference } = await this.call<{ orderReference: string }>('POST', '/orders/place', {
      accessCode,
      packageCode,
    });
    return orderReference;
  }

  /** A top-up placed on the provider's side only (the customer's app, its dashboard), dated now. */
  async placeTopUp(iccid: string, packageCode: string): Promise<string> {
    const { accessCode } = await this.account();
    const { orderReference } = await this.call<{ orderReference: string }>('POST', '/topups/place', {
      accessCode,
      iccid,
      packageCode,
    });
    return orderReference;
  }
}
