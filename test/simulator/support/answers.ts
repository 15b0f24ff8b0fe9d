import type { AnswerStyle, RunningSimulator } from '../../../electron/simulator';
import { accountOf } from './fixtures';
import type { Receiver } from './receiver';
import { call, control, type Json } from './signed-fetch';

/**
 * One answer of every kind a client reads, asked in one answer style: the answer-style tests check
 * them against the description, against the tidy answer and against the simulator's ledger.
 */
export interface Answer {
  /** The request, e.g. `POST /esims/order (replay)`. */
  readonly name: string;
  /** The answer in the style under test. */
  readonly body: Json;
  /** The tidy answer to the same request, asked just before, where asking again changes nothing. */
  readonly tidy?: Json;
}

export interface Answers {
  readonly all: ReadonlyMap<string, Answer>;
  get(name: string): Answer;
  /** The ICCID of the sale everything else is done with, and the reference of its order. */
  readonly iccid: string;
  readonly orderReference: string;
}

const EVENTS = [
  'esim.installed',
  'esim.profile.updated',
  'esim.usage.threshold',
  'esim.status.changed',
  'esim.provisioned',
];

/**
 * Walks one eSIM through its life (sale, replay, status, top-up, install, use, diagnostics, SMS,
 * suspension), cancels a second sale, leaves a third pending and completes it, and reads the webhook
 * configuration and the order list. The simulator must be tidy and allow loopback webhooks.
 */
export async function collectAnswers(
  sim: RunningSimulator,
  style: AnswerStyle,
  receiver: Receiver,
): Promise<Answers> {
  const all = new Map<string, Answer>();
  const account = sim.defaultAccount;
  const ask = async (
    who: typeof account,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
  ): Promise<Json> => {
    const res = await call(sim.baseUrl, who, method, path, body === undefined ? {} : { body });
    if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
    return res.body;
  };
  const styled = async (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    who = account,
  ): Promise<Json> => {
    sim.setFaults({ answerStyle: style });
    try {
      return await ask(who, method, path, body);
    } finally {
      sim.setFaults({ answerStyle: 'tidy' });
    }
  };
  /** A request that changes something: asked once, in the style. */
  const once = async (name: string, method: 'POST' | 'PUT', path: string, body: unknown): Promise<Json> => {
    const answer = await styled(method, path, body);
    all.set(name, { name, body: answer });
    return answer;
  };
  /** A read (or an idempotent request): asked tidy, then in the style; resolves with the tidy answer. */
  const twice = async (
    name: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    who = account,
  ): Promise<Json> => {
    const tidy = await ask(who, method, path, body);
    all.set(name, { name, body: await styled(method, path, body, who), tidy });
    return tidy;
  };

  await once('PUT /webhooks', 'PUT', '/webhooks', { webhook_url: receiver.url, events: EVENTS });
  await twice('GET /balance', 'GET', '/balance');
  const enterprise = accountOf(sim, 'enterprise');
  // The first reading is live, the next ones cached for 30 s: read once so both answers are cached.
  await ask(enterprise, 'GET', '/balance');
  await twice('GET /balance (enterprise)', 'GET', '/balance', undefined, enterprise);
  const catalogue = await twice('GET /esims/packages', 'GET', '/esims/packages?type=local&limit=100');
  const own = catalogue.data.packages.find(
    (p: Json) => p.countries && !p.is_unlimited && p.features.is_rechargeable && p.data_amount_gb <= 5,
  );

  const sale = { packageCode: own.package_code, idempotency_key: 'answer-styles-sale' };
  const completed = await once('POST /esims/order (completed)', 'POST', '/esims/order', sale);
  const orderReference: string = completed.orderReference;
  const iccid: string = completed.esims[0].iccid;
  await twice('POST /esims/order (replay)', 'POST', '/esims/order', sale);
  await twice('GET /esims/order', 'GET', `/esims/order?orderReference=${orderReference}`);
  const topUps = await twice('GET /topup/packages', 'GET', `/topup/packages?iccid=${iccid}`);
  await once('POST /topup/order', 'POST', '/topup/order', {
    iccid,
    packageCode: topUps.data.packages[0].package_code,
  });

  await control(sim, 'POST', '/esims/install', { iccid });
  await control(sim, 'POST', '/esims/activate', { iccid });
  await control(sim, 'POST', '/esims/consume', { iccid, mb: 700 });
  await twice('GET /esims', 'GET', '/esims?limit=100');
  await twice('GET /esims/usage/query', 'GET', `/esims/usage/query?iccid=${iccid}&from_date=2020-01-01`);
  await twice('POST /esims/status', 'POST', '/esims/status', { iccid });
  await twice('POST /esims/network-events', 'POST', '/esims/network-events', { iccid });
  await twice('POST /esims/usage-report', 'POST', '/esims/usage-report', { iccid, days: 3 });
  await twice('POST /esims/send-sms', 'POST', '/esims/send-sms', { iccid, message: 'Welcome aboard' });
  // Suspending is idempotent: the second request answers as the first.
  await twice('POST /esims/suspend', 'POST', '/esims/suspend', { iccid, action: 'suspend' });

  const second = await once('POST /esims/order (to cancel)', 'POST', '/esims/order', {
    packageCode: own.package_code,
  });
  await once('POST /esims/cancel', 'POST', '/esims/cancel', { iccid: second.esims[0].iccid });

  sim.setFaults({ pendingRate: 1, pendingDelayMs: -1 });
  const later = { packageCode: own.package_code, idempotency_key: 'answer-styles-pending' };
  const pending = await once('POST /esims/order (pending)', 'POST', '/esims/order', later);
  sim.setFaults({ pendingRate: 0 });
  await twice('POST /esims/order (pending replay)', 'POST', '/esims/order', later);
  const pendingStatus = `/esims/order?orderReference=${pending.orderReference}`;
  await twice('GET /esims/order (pending)', 'GET', pendingStatus);
  await control(sim, 'POST', '/orders/complete-pending', { orderReference: pending.orderReference });

  // Deliveries change while they are attempted: read the configuration once they all arrived.
  for (;;) {
    const read = await ask(account, 'GET', '/webhooks');
    if (!read.recent_deliveries.some((d: Json) => d.status === 'pending')) break;
    await receiver.waitFor(receiver.received.length + 1, 2000).catch(() => undefined);
  }
  await twice('GET /webhooks', 'GET', '/webhooks');
  await twice('GET /orders', 'GET', '/orders?limit=100');

  return {
    all,
    get(name: string): Answer {
      const answer = all.get(name);
      if (!answer) throw new Error(`no answer named ${name}`);
      return answer;
    },
    iccid,
    orderReference,
  };
}
