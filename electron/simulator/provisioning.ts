import { catalogueEntry } from './catalogue-lookup';
import { androidInstallUrl, appleInstallUrl } from './identifiers';
import { refundOrder } from './ledger';
import { qrImageUrl } from './media';
import { issueEsims, lpaOf, type OrderRow, orderById } from './records';
import type { Sim } from './sim';
import { emitEvent } from './webhooks';

/**
 * Asynchronous provisioning: an order answered `pending_details` is charged at once and gets its
 * eSIMs when provisioning finishes (after `pendingDelayMs` of simulated time, or when the control
 * API says so). It can also fail, which refunds the charge.
 */

export function schedulePendingOrder(sim: Sim, order: OrderRow): void {
  if (order.provision_due_at === null) return;
  sim.clock.after(Math.max(0, order.provision_due_at - sim.clock.now()), () => {
    completePendingOrder(sim, order.id);
  });
}

/** Re-arms the timers of pending orders kept in a data file. */
export function resumePendingOrders(sim: Sim): void {
  const pending = sim.db.prepare(`SELECT * FROM orders WHERE status = 'pending'`).all() as OrderRow[];
  for (const order of pending) schedulePendingOrder(sim, order);
}

/** Finishes provisioning now; false when the order is not (or no longer) pending. */
export function completePendingOrder(sim: Sim, orderId: number): boolean {
  const { db, clock } = sim;
  const done = db.transaction(() => {
    const order = orderById(db, orderId);
    if (order.status !== 'pending') return null;
    const now = clock.now();
    db.prepare(
      `UPDATE orders SET status = 'completed', provision_due_at = NULL, updated_at = ? WHERE id = ?`,
    ).run(now, orderId);
    const esims = issueEsims(sim, order, catalogueEntry(sim, order.package_code), now);
    return { order: orderById(db, orderId), esims };
  })();
  if (!done) return false;
  for (const esim of done.esims) {
    const lpa = lpaOf(esim);
    emitEvent(sim, esim.account_id, 'esim.provisioned', {
      iccid: esim.iccid,
      esim_id: esim.id,
      package_code: esim.package_code,
      order_reference: done.order.reference,
      source: catalogueEntry(sim, esim.package_code).provider.id,
      qr_code_url: qrImageUrl(sim, esim.qr_token),
      lpa_string: lpa,
      direct_apple_install_url: appleInstallUrl(lpa),
      direct_android_install_url: androidInstallUrl(lpa),
      package_name: done.order.package_name,
    });
  }
  return true;
}

/** Provisioning gave up: the order is failed and its charge refunded to the balance. */
export function failPendingOrder(sim: Sim, orderId: number): boolean {
  const { db, clock } = sim;
  return db.transaction(() => {
    const order = orderById(db, orderId);
    if (order.status !== 'pending') return false;
    const now = clock.now();
    db.prepare(
      `UPDATE orders SET status = 'failed', provision_due_at = NULL, refund_method = 'balance', refund_state = 'credited',
         refunded_minor = amount_minor, updated_at = ? WHERE id = ?`,
    ).run(now, orderId);
    refundOrder(db, order, 'provisioning failed', now);
    return true;
  })();
}
