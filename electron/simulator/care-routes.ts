import { type ApiCancelResult, type ApiSuspendResult, SMS_MESSAGE_MAX } from '../../shared/api';
import type { ApiContext, Route } from './context';
import { readMeta } from './db';
import { bodyOf, isEsim, resolveEsim } from './esim-lookup';
import { refundOrder } from './ledger';
import { cancelEsim, isOwnNetwork, packageOf, setSuspended } from './lifecycle';
import { amountOf } from './money';
import { type EsimRow, esimsOfOrder, type OrderRow, orderById } from './records';
import { fail, ok, type Reply } from './replies';

/** eSIM care that changes things: suspend and reactivate, cancel with refund, and SMS. */

const ENDED = new Set(['CANCELLED', 'DELETED', 'EXPIRED', 'USED_EXPIRED', 'DEPLETED']);

function suspend(ctx: ApiContext): Reply {
  const action = bodyOf(ctx).action;
  if (action !== 'suspend' && action !== 'activate') {
    return fail(
      'INVALID_ACTION',
      `action must be "suspend" or "activate", got ${JSON.stringify(action ?? null)}`,
    );
  }
  const esim = resolveEsim(ctx, 'ESIM_NOT_FOUND');
  if (!isEsim(esim)) return esim;
  if (!isOwnNetwork(ctx.sim, esim)) {
    return fail(
      'UNSUPPORTED_PROVIDER',
      'Suspension is only available for eSIMs on the service’s own network',
    );
  }
  if (ENDED.has(esim.status)) {
    return fail('INVALID_ACTION', `Cannot ${action} an eSIM whose status is ${esim.status}`);
  }
  // Both actions are idempotent: suspending a suspended eSIM answers as the first time did.
  setSuspended(ctx.sim, esim, action === 'suspend');
  const body: ApiSuspendResult = {
    success: true,
    message: action === 'suspend' ? 'eSIM suspended' : 'eSIM reactivated',
    data: { iccid: esim.iccid, action, esim_status: action === 'suspend' ? 'Disconnected' : 'Active' },
  };
  return ok(body);
}

/** Where the control API's choice of refund method is kept (see REFUND_METHOD_KEY's route). */
export const REFUND_METHOD_KEY = 'cancel.refund_method';

function refundMethodFor(ctx: ApiContext, esim: EsimRow): ApiCancelResult['refund_method'] {
  const forced = readMeta(ctx.sim.db, REFUND_METHOD_KEY);
  if (forced === 'balance' || forced === 'refund_request' || forced === 'separate') return forced;
  if (ctx.account.kind === 'enterprise') return 'separate';
  return packageOf(ctx.sim, esim).provider.ownNetwork ? 'balance' : 'refund_request';
}

function hasTopUps(ctx: ApiContext, esims: readonly EsimRow[]): Set<string> {
  const rows = ctx.sim.db
    .prepare(
      `SELECT DISTINCT target_iccid FROM orders WHERE kind = 'topup' AND status = 'completed' AND account_id = ?`,
    )
    .all(ctx.account.id) as { target_iccid: string }[];
  const topped = new Set(rows.map((r) => r.target_iccid));
  return new Set(esims.filter((e) => topped.has(e.iccid)).map((e) => e.iccid));
}

function cancel(ctx: ApiContext): Reply {
  const esim = resolveEsim(ctx, 'FORBIDDEN');
  if (!isEsim(esim)) return esim;
  const { db, clock } = ctx.sim;
  const order = orderById(db, esim.order_id);
  if (order.status === 'cancelled') {
    return fail('ALREADY_CANCELLED', `Order ${order.reference} is already cancelled`);
  }
  const esims = esimsOfOrder(db, order.id);
  const topped = hasTopUps(ctx, esims);
  // Only before activation, and for the whole order: one ineligible eSIM blocks the cancellation. An
  // eSIM already downloaded to a device counts as used: the profile cannot be taken back from it.
  const reasonOf = (e: EsimRow): string | null =>
    topped.has(e.iccid)
      ? 'topped_up'
      : e.status !== 'NEW'
        ? 'activated'
        : e.smdp_status !== 'RELEASED'
          ? 'installed'
          : null;
  const ineligible = esims.filter((e) => reasonOf(e) !== null);
  if (ineligible.length > 0) {
    return fail(
      'NOT_ELIGIBLE',
      `Order ${order.reference} cannot be cancelled: an eSIM was installed, activated or topped up`,
      {
        details: {
          ineligibleEsims: ineligible.map((e) => ({
            esimId: e.id,
            iccid: e.iccid,
            status: e.status,
            reason: reasonOf(e),
          })),
        },
      },
    );
  }
  const method = refundMethodFor(ctx, esim);
  const perEsim = Math.round(order.amount_minor / esims.length);
  db.transaction(() => {
    const now = clock.now();
    for (const e of esims) cancelEsim(ctx.sim, e);
    const state: OrderRow['refund_state'] =
      method === 'balance' ? 'credited' : method === 'refund_request' ? 'requested' : 'separate';
    db.prepare(
      `UPDATE orders SET status = 'cancelled', refund_method = ?, refund_state = ?, refunded_minor = ?, updated_at = ? WHERE id = ?`,
    ).run(method, state, method === 'balance' ? order.amount_minor : 0, now, order.id);
    if (method === 'balance') {
      refundOrder(db, order, 'order cancelled', now);
    }
  })();
  const currency = order.currency;
  const data: ApiCancelResult = {
    order_reference: order.reference,
    total_esims: esims.length,
    cancelled_esims: esims.length,
    failed_esims: 0,
    refunded_amount: amountOf(order.amount_minor, currency),
    currency,
    refund_method: method,
    balance_credited: method === 'balance',
    partial_cancellation: false,
    cancel_results: esims.map((e, i) => ({
      esimId: e.id,
      iccid: e.iccid,
      success: true,
      // The last eSIM takes the rounding remainder, so the parts add up to the order's amount.
      refundAmount: amountOf(
        i === esims.length - 1 ? order.amount_minor - perEsim * (esims.length - 1) : perEsim,
        currency,
      ),
    })),
  };
  const message =
    method === 'balance'
      ? 'Order cancelled; the amount was credited to the balance'
      : method === 'refund_request'
        ? 'Order cancelled; a refund request was opened with the provider'
        : 'Order cancelled; the refund is settled separately with the enterprise';
  return ok({ success: true, message, data });
}

function sendSms(ctx: ApiContext): Reply {
  const message = bodyOf(ctx).message;
  if (typeof message !== 'string' || message.trim() === '')
    return fail('MISSING_MESSAGE', 'message is required');
  const length = [...message].length;
  if (length > SMS_MESSAGE_MAX) {
    return fail('MESSAGE_TOO_LONG', `message is ${length} characters; the most is ${SMS_MESSAGE_MAX}`);
  }
  const esim = resolveEsim(ctx, 'ESIM_NOT_FOUND');
  if (!isEsim(esim)) return esim;
  if (!packageOf(ctx.sim, esim).provider.sms) {
    return fail('SMS_NOT_SUPPORTED', 'This eSIM’s provider does not offer SMS');
  }
  if (esim.smdp_status !== 'ENABLED' || esim.suspended || ENDED.has(esim.status)) {
    return fail('SMS_FAILED', `The SMS could not be delivered: the eSIM is ${deliveryState(esim)}`);
  }
  ctx.sim.db
    .prepare('INSERT INTO sms_messages (esim_id, message, at) VALUES (?, ?, ?)')
    .run(esim.id, message, ctx.sim.clock.now());
  return ok({ success: true, message: 'SMS sent' });
}

function deliveryState(esim: EsimRow): string {
  if (esim.suspended) return 'suspended';
  if (ENDED.has(esim.status)) return esim.status;
  return 'not installed on a device';
}

export const careRoutes: readonly Route[] = [
  { method: 'POST', path: '/esims/suspend', handler: suspend },
  { method: 'POST', path: '/esims/cancel', handler: cancel },
  { method: 'POST', path: '/esims/send-sms', handler: sendSms },
];
