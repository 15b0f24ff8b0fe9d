import { ESIM_STATUSES } from '../../shared/api';
import { REFUND_METHOD_KEY } from './care-routes';
import {
  ControlError,
  type ControlHandler,
  esimSummary,
  requireAccount,
  requireEsim,
  requireOrder,
} from './control-support';
import { writeMeta } from './db';
import { refundOrder } from './ledger';
import {
  attachEsim,
  consumeData,
  expireEsim,
  forceStatus,
  installEsim,
  LifecycleError,
  type Place,
  refreshEsim,
  setProfile,
} from './lifecycle';
import type { EsimRow } from './records';
import type { Sim } from './sim';

/** Control endpoints that drive eSIMs through their lifecycle, settle refunds, and show what was sent. */

function optionalString(input: Record<string, unknown>, name: string): string | undefined {
  const value = input[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '')
    throw new ControlError(400, `${name} must be a non-empty string`);
  return value;
}

function placeOf(input: Record<string, unknown>): Place {
  const country = optionalString(input, 'country');
  const operator = optionalString(input, 'operator');
  return { ...(country ? { country } : {}), ...(operator ? { operator } : {}) };
}

/** Runs a lifecycle step in one transaction; a step that does not apply answers 409 with the reason. */
function drive(step: (sim: Sim, esim: EsimRow, input: Record<string, unknown>) => EsimRow): ControlHandler {
  return (sim, { body }) => {
    const esim = refreshEsim(sim, requireEsim(sim, body));
    try {
      return esimSummary(sim.db.transaction(() => step(sim, esim, body))());
    } catch (error) {
      if (error instanceof LifecycleError) throw new ControlError(409, error.message);
      throw error;
    }
  };
}

export const controlEsimRoutes: Record<string, ControlHandler> = {
  'POST /esims/install': drive((sim, esim, input) => {
    const eid = optionalString(input, 'eid');
    const imei = optionalString(input, 'imei');
    const model = optionalString(input, 'model');
    return installEsim(sim, esim, {
      ...(eid ? { eid } : {}),
      ...(imei ? { imei } : {}),
      ...(model ? { model } : {}),
    });
  }),
  'POST /esims/activate': drive((sim, esim, input) => attachEsim(sim, esim, placeOf(input))),
  'POST /esims/consume': drive((sim, esim, input) => {
    const mb = input.mb;
    if (typeof mb !== 'number') throw new ControlError(400, 'mb must be a whole number ≥ 1');
    return consumeData(sim, esim, mb, placeOf(input));
  }),
  'POST /esims/expire': drive((sim, esim) => expireEsim(sim, esim)),
  'POST /esims/status': drive((sim, esim, input) => {
    const status = input.status;
    if (typeof status !== 'string' || !(ESIM_STATUSES as readonly string[]).includes(status)) {
      throw new ControlError(400, `status must be one of ${ESIM_STATUSES.join(', ')}`);
    }
    return forceStatus(sim, esim, status);
  }),
  'POST /esims/profile': drive((sim, esim, input) => {
    const state = input.state;
    if (state !== 'ENABLED' && state !== 'DISABLED' && state !== 'DELETED') {
      throw new ControlError(400, 'state must be ENABLED, DISABLED or DELETED');
    }
    return setProfile(sim, esim, state);
  }),
  'GET /esims/sms': (sim, { query }) => {
    const esim = requireEsim(sim, { iccid: query.get('iccid') ?? '' });
    const rows = sim.db
      .prepare('SELECT message, at FROM sms_messages WHERE esim_id = ? ORDER BY id')
      .all(esim.id) as {
      message: string;
      at: number;
    }[];
    return { messages: rows.map((r) => ({ message: r.message, time: new Date(r.at).toISOString() })) };
  },
  'PUT /cancellations/refund-method': (sim, { body }) => {
    const method = body.method;
    if (
      method !== 'balance' &&
      method !== 'refund_request' &&
      method !== 'separate' &&
      method !== 'provider'
    ) {
      throw new ControlError(400, 'method must be balance, refund_request, separate or provider');
    }
    writeMeta(sim.db, REFUND_METHOD_KEY, method);
    return { method };
  },
  'POST /refunds/settle': (sim, { body }) => {
    const order = requireOrder(sim, typeof body.orderReference === 'string' ? body.orderReference : '');
    if (order.refund_state !== 'requested') {
      throw new ControlError(409, `order ${order.reference} has no open refund request`);
    }
    sim.db.transaction(() => {
      const now = sim.clock.now();
      sim.db
        .prepare(
          `UPDATE orders SET refund_state = 'credited', refunded_minor = amount_minor, updated_at = ? WHERE id = ?`,
        )
        .run(now, order.id);
      refundOrder(sim.db, order, 'refund request settled', now);
    })();
    return { settled: order.reference };
  },
  'GET /webhooks/deliveries': (sim, { query }) => {
    const account = requireAccount(sim, query.get('accessCode'));
    const rows = sim.db
      .prepare('SELECT * FROM webhook_deliveries WHERE account_id = ? ORDER BY seq')
      .all(account.id) as Record<string, unknown>[];
    const attempts = sim.db.prepare('SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY id');
    const iso = (at: unknown): string | null => (typeof at === 'number' ? new Date(at).toISOString() : null);
    return {
      deliveries: rows.map((d) => ({
        id: d.id,
        event: d.event,
        status: d.status,
        attempts: d.attempts,
        lastStatusCode: d.last_status_code,
        lastError: d.last_error,
        payload: JSON.parse(String(d.payload)),
        // Times are the simulator's clock; the time scale shortens the real waits between them.
        attemptLog: (attempts.all(d.id) as Record<string, unknown>[]).map((a) => ({
          at: iso(a.at),
          statusCode: a.status_code,
          error: a.error,
          nextAttemptAt: iso(a.next_attempt_at),
        })),
      })),
    };
  },
};
