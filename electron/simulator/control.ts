import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fromApiAmount } from '../../shared/money';
import { CurrencySchema } from '../../shared/money-schema';
import { controlEsimRoutes } from './control-esims';
import {
  ControlError,
  type ControlHandler,
  type ControlInput,
  esimSummary,
  requireAccount,
  requireOrder,
  requireString,
} from './control-support';
import { type AccountRow, ledgerOf, post } from './ledger';
import { amountOf } from './money';
import type { Faults, RateLimits } from './options';
import { placeOutsideApi } from './order-routes';
import { isReply } from './paging';
import { completePendingOrder, failPendingOrder } from './provisioning';
import type { WindowName } from './rate-limit';
import type { EsimRow, OrderRow } from './records';
import type { Sim } from './sim';
import { commitTopUp } from './topup-routes';

/**
 * The control API, which only the simulator has: under `/__sim/`, guarded by its own token in the
 * `x-sim-control-token` header. Tests and training tools use it to inject faults, load balances,
 * drive eSIMs and read the ledger of every charge and refund.
 */

function tokenMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function accountView(sim: Sim, account: AccountRow): Record<string, unknown> {
  const seeded = sim.accounts.find((a) => a.accessCode === account.access_code);
  return {
    kind: account.kind,
    label: account.label,
    accessCode: account.access_code,
    currency: account.currency,
    balance: amountOf(account.balance_minor, account.currency),
    balanceMinor: account.balance_minor,
    company: seeded?.company ?? null,
    userExists: account.user_exists === 1,
  };
}

function ledgerView(sim: Sim, input: ControlInput): unknown {
  const account = requireAccount(sim, input.query.get('accessCode'));
  return {
    accessCode: account.access_code,
    currency: account.currency,
    balance: amountOf(account.balance_minor, account.currency),
    balanceMinor: account.balance_minor,
    entries: ledgerOf(sim.db, account.id).map((row) => {
      const magnitude = row.kind === 'adjustment' ? row.delta_minor : Math.abs(row.delta_minor);
      return {
        id: row.id,
        kind: row.kind,
        orderReference: row.order_reference,
        idempotencyKey: row.idempotency_key,
        amount: amountOf(magnitude, row.currency),
        amountMinor: magnitude,
        currency: row.currency,
        balanceAfter: amountOf(row.balance_after_minor, row.currency),
        balanceAfterMinor: row.balance_after_minor,
        time: new Date(row.at).toISOString(),
        note: row.note,
      };
    }),
  };
}

function ordersView(sim: Sim, input: ControlInput): unknown {
  const account = requireAccount(sim, input.query.get('accessCode'));
  const orders = sim.db
    .prepare('SELECT * FROM orders WHERE account_id = ? ORDER BY id')
    .all(account.id) as OrderRow[];
  const esimsOf = sim.db.prepare('SELECT * FROM esims WHERE order_id = ? ORDER BY id');
  return {
    orders: orders.map((o) => ({
      reference: o.reference,
      kind: o.kind,
      status: o.status,
      packageCode: o.package_code,
      packageName: o.package_name,
      quantity: o.quantity,
      amount: amountOf(o.amount_minor, o.currency),
      amountMinor: o.amount_minor,
      currency: o.currency,
      idempotencyKey: o.idempotency_key,
      targetIccid: o.target_iccid,
      refundMethod: o.refund_method,
      refundState: o.refund_state,
      createdAt: new Date(o.created_at).toISOString(),
      esims: (esimsOf.all(o.id) as EsimRow[]).map(esimSummary),
    })),
  };
}

function setBalance(sim: Sim, input: ControlInput): unknown {
  const account = requireAccount(sim, requireString(input.body, 'accessCode'));
  const currencyText = input.body.currency ?? account.currency;
  const currency = CurrencySchema.safeParse(currencyText);
  if (!currency.success) throw new ControlError(400, 'currency must be USD, IQD or EUR');
  const balance = input.body.balance;
  if (typeof balance !== 'number' || !Number.isFinite(balance) || balance < 0) {
    throw new ControlError(400, 'balance must be a number ≥ 0 in major units');
  }
  const target = fromApiAmount(balance, currency.data);
  sim.db.transaction(() => {
    const now = sim.clock.now();
    if (currency.data !== account.currency) {
      // A currency change empties the old balance first, so the ledger of each currency adds up.
      post(
        sim.db,
        account.id,
        { kind: 'adjustment', delta: -account.balance_minor, note: 'currency change' },
        now,
      );
      sim.db.prepare('UPDATE accounts SET currency = ? WHERE id = ?').run(currency.data, account.id);
      post(sim.db, account.id, { kind: 'adjustment', delta: target, note: 'balance set' }, now);
    } else {
      post(
        sim.db,
        account.id,
        { kind: 'adjustment', delta: target - account.balance_minor, note: 'balance set' },
        now,
      );
    }
  })();
  return accountView(sim, requireAccount(sim, account.access_code));
}

/** Money paid into the account outside the API (a bank transfer to the provider): the API lists no deposits. */
function deposit(sim: Sim, input: ControlInput): unknown {
  const account = requireAccount(sim, requireString(input.body, 'accessCode'));
  const amount = input.body.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) {
    throw new ControlError(400, 'amount must be a number > 0 in major units');
  }
  const delta = fromApiAmount(amount, account.currency);
  sim.db.transaction(() => {
    post(sim.db, account.id, { kind: 'adjustment', delta, note: 'deposit' }, sim.clock.now());
  })();
  return accountView(sim, requireAccount(sim, account.access_code));
}

function setUserExists(sim: Sim, input: ControlInput): unknown {
  const account = requireAccount(sim, requireString(input.body, 'accessCode'));
  if (typeof input.body.exists !== 'boolean') throw new ControlError(400, 'exists must be true or false');
  sim.db
    .prepare('UPDATE accounts SET user_exists = ? WHERE id = ?')
    .run(input.body.exists ? 1 : 0, account.id);
  return accountView(sim, requireAccount(sim, account.access_code));
}

function completePending(sim: Sim, input: ControlInput): unknown {
  const reference = input.body.orderReference;
  const ids =
    typeof reference === 'string'
      ? [requireOrder(sim, reference).id]
      : (
          sim.db.prepare(`SELECT id FROM orders WHERE status = 'pending' ORDER BY id`).all() as {
            id: number;
          }[]
        ).map((r) => r.id);
  const completed = ids.filter((id) => completePendingOrder(sim, id));
  if (typeof reference === 'string' && completed.length === 0) {
    throw new ControlError(409, `order ${reference} is not pending`);
  }
  return { completed: completed.length };
}

/** An eSIM order placed on the provider's side only (its dashboard): the counter never sent it. */
function placeOrder(sim: Sim, input: ControlInput): unknown {
  const account = requireAccount(sim, requireString(input.body, 'accessCode'));
  const pkg = sim.catalogue.byCode(requireString(input.body, 'packageCode'));
  if (!pkg || account.kind === 'enterprise') throw new ControlError(404, 'no such package for this account');
  const quantity = input.body.quantity ?? 1;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 10) {
    throw new ControlError(400, 'quantity must be a whole number from 1 to 10');
  }
  const placed = placeOutsideApi({ sim, account }, pkg, quantity);
  if ('insufficient' in placed) throw new ControlError(409, 'the balance does not cover this order');
  return { orderReference: placed.reference };
}

/**
 * A top-up placed on the provider's side only (the customer's app, the provider's dashboard): no
 * counter sent it. `at` dates its order (server clock, ISO 8601; now when absent, and never later).
 */
function placeTopUp(sim: Sim, input: ControlInput): unknown {
  const account = requireAccount(sim, requireString(input.body, 'accessCode'));
  const now = sim.clock.now();
  const at = input.body.at === undefined ? now : Date.parse(requireString(input.body, 'at'));
  if (Number.isNaN(at) || at > now)
    throw new ControlError(400, 'at must be an ISO 8601 time, not in the future');
  const committed = commitTopUp(
    sim,
    account,
    {
      iccid: requireString(input.body, 'iccid'),
      packageCode: requireString(input.body, 'packageCode'),
      quantity: 1,
    },
    at,
  );
  if (isReply(committed)) {
    const refusal = committed.body as { code?: string; message?: string };
    throw new ControlError(
      409,
      `the provider refuses this top-up: ${refusal.code ?? ''} ${refusal.message ?? ''}`,
    );
  }
  return { orderReference: committed.reference, createdAt: new Date(at).toISOString() };
}

/** The key's windows set by the provider: any of perMinute, perHour, perDay. */
function setRateLimits(sim: Sim, input: ControlInput): unknown {
  const change: Partial<RateLimits> = {};
  for (const key of ['perMinute', 'perHour', 'perDay'] as const) {
    if (input.body[key] !== undefined) change[key] = input.body[key] as number;
  }
  try {
    return sim.rateLimiter.setLimits(change);
  } catch (error) {
    throw new ControlError(400, (error as Error).message);
  }
}

/**
 * Requests a key already spent in one window, and when that window resets (server clock, ISO 8601;
 * within the window's length from now): a day mostly spent before the counter started.
 */
function setRateUsed(sim: Sim, input: ControlInput): unknown {
  const account = requireAccount(sim, requireString(input.body, 'accessCode'));
  const resetAt = Date.parse(requireString(input.body, 'resetAt'));
  if (Number.isNaN(resetAt)) throw new ControlError(400, 'resetAt must be an ISO 8601 time');
  try {
    const verdict = sim.rateLimiter.setUsed(
      account.access_code,
      requireString(input.body, 'window') as WindowName,
      input.body.used as number,
      resetAt,
      sim.clock.now(),
    );
    return { ...verdict, resetAt: new Date(verdict.resetAt).toISOString() };
  } catch (error) {
    throw new ControlError(400, (error as Error).message);
  }
}

function failPending(sim: Sim, input: ControlInput): unknown {
  const order = requireOrder(sim, requireString(input.body, 'orderReference'));
  if (!failPendingOrder(sim, order.id))
    throw new ControlError(409, `order ${order.reference} is not pending`);
  return { failed: 1 };
}

/** Drops every request a hang fault holds, as a provider's restart would: each client sees no answer. */
function dropHeld(sim: Sim): unknown {
  const dropped = sim.held.size;
  for (const socket of sim.held) socket.destroy();
  sim.held.clear();
  return { dropped };
}

const ROUTES: Record<string, ControlHandler> = {
  'GET /faults': (sim) => sim.faults.faults,
  'PUT /faults': (sim, input) => {
    try {
      return sim.faults.set(input.body as Partial<Faults>);
    } catch (error) {
      throw new ControlError(400, (error as Error).message);
    }
  },
  'GET /accounts': (sim) => ({
    accounts: (sim.db.prepare('SELECT * FROM accounts ORDER BY id').all() as AccountRow[]).map((a) =>
      accountView(sim, a),
    ),
  }),
  'POST /accounts/balance': setBalance,
  'POST /accounts/deposit': deposit,
  'POST /accounts/user': setUserExists,
  'GET /ledger': ledgerView,
  'GET /catalogue/enterprise': (sim, input) => {
    const account = requireAccount(sim, input.query.get('accessCode'));
    return {
      packages: sim.catalogue.enterprise
        .filter((p) => p.ownerAccessCode === account.access_code)
        .map((p) => ({ packageCode: p.code, name: p.name, active: p.active })),
    };
  },
  'POST /requests/drop-held': dropHeld,
  'GET /orders': ordersView,
  'POST /orders/complete-pending': completePending,
  'POST /orders/fail-pending': failPending,
  'POST /orders/place': placeOrder,
  'POST /topups/place': placeTopUp,
  'GET /rate-limits': (sim) => sim.rateLimiter.current,
  'PUT /rate-limits': setRateLimits,
  'POST /rate-limits/used': setRateUsed,
  ...controlEsimRoutes,
};

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new ControlError(400, 'the body is not valid JSON'));
      }
    });
    req.on('error', reject);
  });
}

export async function handleControl(
  sim: Sim,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const send = (status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (!tokenMatches(req.headers['x-sim-control-token'], sim.controlToken)) {
    return send(401, { error: 'the x-sim-control-token header is missing or wrong' });
  }
  const method = req.method === 'POST' && url.pathname === '/__sim/faults' ? 'PUT' : (req.method ?? 'GET');
  const handler = ROUTES[`${method} ${url.pathname.slice('/__sim'.length)}`];
  if (!handler) return send(404, { error: `no control endpoint ${req.method} ${url.pathname}` });
  try {
    const body = method === 'GET' ? {} : await readJson(req);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ControlError(400, 'the body must be a JSON object');
    }
    send(200, await handler(sim, { body: body as Record<string, unknown>, query: url.searchParams }));
  } catch (error) {
    if (error instanceof ControlError) return send(error.status, { error: error.message });
    throw error;
  }
}
