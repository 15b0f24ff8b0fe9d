import { createHmac } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import { isValidIccid } from '../../shared/iccid';
import { parseLpa } from '../../shared/lpa';
import { fromApiAmount, parseDecimalToMinor } from '../../shared/money';
import { type Answers, collectAnswers } from './support/answers';
import { ledger } from './support/fixtures';
import { type Receiver, startReceiver } from './support/receiver';
import { call, control, type Json } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

// The untidy style varies what a real service varies, drawn from the seed, and never what money
// and the hand-over need (docs/simulator.md, "Answer styles"). Every difference from the tidy answer
// must be one of the documented variations.

type Variation =
  | 'amount as decimal text'
  | 'number as decimal text'
  | 'flag as text'
  | 'null'
  | 'object for text'
  | 'human-readable date'
  | 'unlisted value'
  | 'extra key';

const ALL_VARIATIONS: readonly Variation[] = [
  'amount as decimal text',
  'number as decimal text',
  'flag as text',
  'null',
  'object for text',
  'human-readable date',
  'unlisted value',
  'extra key',
];

/** The values docs/simulator.md lists as the untidy style's values outside the description's lists. */
const UNLISTED = new Set([
  'RELEASED',
  'Provisioned',
  'processing',
  'wallet',
  'settled',
  'multi-country',
  'on_install',
  'Pending',
  'detach',
  'resume',
  'Suspended',
  'voucher',
  'retrying',
  'network',
]);
const EXTRA_KEYS = new Set(['trace_id', 'meta', '_links', 'deprecated_fields']);
/** Identifiers, codes, LPAs, the currency and secrets: sent exactly as the tidy style sends them. */
const EXACT = new Set([
  'success',
  'orderReference',
  'order_reference',
  'order_id',
  'iccid',
  'lpaString',
  'lpa_format',
  'smdp_address',
  'activation_code',
  'package_code',
  'packageCode',
  'currency',
  'secret',
]);
/** Amounts: the same number, or its exact decimal text. */
const AMOUNTS = new Set([
  'balance',
  'cost',
  'amount',
  'final_price',
  'finalPrice',
  'newBalance',
  'profit',
  'refunded_amount',
  'refundAmount',
  'total_revenue',
]);
/** What a poll and a refund are read for: never null. */
const NEVER_NULL = new Set(['order.status', 'data.refund_method']);

/** Whether `human` ("February 13, 2026 at 11:27 PM", or the date alone) names the ISO time's minute (UTC). */
function sameTime(iso: string, human: string): boolean {
  const match = /^[A-Z][a-z]+ \d{1,2}, \d{4}( at \d{1,2}:\d{2} [AP]M)?$/.exec(human);
  if (!match) return false;
  // The runtime reads this English form itself; the tidy value is the independent reference.
  const at = Date.parse(`${human.replace(' at ', ' ')} UTC`);
  const tidy = Date.parse(iso);
  if (match[1] === undefined) return /^\d{4}-\d{2}-\d{2}$/.test(iso) && at === tidy;
  return at === Math.floor(tidy / 60_000) * 60_000;
}

/** An amount as the untidy style may send it (a number, or decimal text), in minor units; null if neither. */
function minorOf(value: Json): number | null {
  if (typeof value === 'number') return fromApiAmount(value, 'USD');
  if (typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value)) return parseDecimalToMinor(value, 'USD');
  return null;
}

function isRecord(value: Json): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Records in `found` each documented variation from tidy to untidy, and in `problems` anything else. */
function compare(
  tidy: Json,
  untidy: Json,
  keys: readonly string[],
  found: Set<Variation>,
  problems: string[],
): void {
  if (isDeepStrictEqual(tidy, untidy)) return;
  const where = keys.join('.');
  const key = keys.at(-1) ?? '';
  const show = `${where}: ${JSON.stringify(tidy)} became ${JSON.stringify(untidy)}`;
  if (EXACT.has(key)) {
    problems.push(show);
  } else if (AMOUNTS.has(key)) {
    if (typeof untidy === 'string' && minorOf(untidy) === minorOf(tidy)) found.add('amount as decimal text');
    else problems.push(show);
  } else if (untidy === null) {
    if (NEVER_NULL.has(where)) problems.push(show);
    else found.add('null');
  } else if (Array.isArray(tidy) && Array.isArray(untidy) && tidy.length === untidy.length) {
    for (const [i, item] of tidy.entries()) compare(item, untidy[i], keys, found, problems);
  } else if (isRecord(tidy) && isRecord(untidy)) {
    for (const name of Object.keys(tidy)) {
      if (name in untidy) compare(tidy[name], untidy[name], [...keys, name], found, problems);
      else problems.push(`${where}.${name} is missing`);
    }
    for (const name of Object.keys(untidy).filter((n) => !(n in tidy))) {
      if (EXTRA_KEYS.has(name)) found.add('extra key');
      else problems.push(`${where}.${name} is an undocumented extra key`);
    }
  } else if (typeof tidy === 'number' && untidy === String(tidy)) {
    found.add('number as decimal text');
  } else if (typeof tidy === 'boolean' && untidy === String(tidy)) {
    found.add('flag as text');
  } else if (typeof tidy === 'string' && isDeepStrictEqual(untidy, { name: tidy })) {
    found.add('object for text');
  } else if (typeof tidy === 'string' && typeof untidy === 'string' && sameTime(tidy, untidy)) {
    found.add('human-readable date');
  } else if (typeof untidy === 'string' && UNLISTED.has(untidy)) {
    found.add('unlisted value');
  } else {
    problems.push(show);
  }
}

const SEED = 62;
const LIMITS = { perMinute: 1000, perHour: 10_000, perDay: 100_000 };
let sim: RunningSimulator;
let receiver: Receiver;
let answers: Answers;

beforeAll(async () => {
  receiver = await startReceiver();
  sim = await startSimulator({ seed: SEED, allowLoopbackHttpWebhooks: true, rateLimit: LIMITS });
  answers = await collectAnswers(sim, 'untidy', receiver);
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});

async function charged(kind: string, reference: string): Promise<Json> {
  return (await ledger(sim, sim.defaultAccount)).find(
    (e: Json) => e.kind === kind && e.orderReference === reference,
  );
}

describe('the untidy answer style', () => {
  it('differs from the tidy answers only in the documented ways, and in every one of them', () => {
    const found = new Set<Variation>();
    const problems: string[] = [];
    const asked = [...answers.all.values()].filter((a) => a.tidy !== undefined);
    expect(asked.length).toBeGreaterThan(15);
    for (const { name, body, tidy } of asked) {
      const before = problems.length;
      compare(tidy, body, [], found, problems);
      for (let i = before; i < problems.length; i++) problems[i] = `${name}: ${problems[i]}`;
    }
    expect(problems).toEqual([]);
    expect([...found].sort()).toEqual([...ALL_VARIATIONS].sort());
  });

  it('varies most answers', () => {
    const varied = [...answers.all.values()].filter(
      (a) => a.tidy !== undefined && !isDeepStrictEqual(a.tidy, a.body),
    );
    expect(varied.length).toBeGreaterThan(12);
  });

  it('charges a sale exactly as the ledger did and hands over each eSIM ICCID and LPA unchanged', async () => {
    const sale = answers.get('POST /esims/order (completed)').body;
    const charge = await charged('order', sale.orderReference);
    expect(minorOf(sale.final_price)).toBe(charge.amountMinor);
    expect(minorOf(sale.amount)).toBe(charge.amountMinor);
    expect(minorOf(sale.newBalance)).toBe(charge.balanceAfterMinor);
    expect(sale.currency).toBe('USD');
    const replay = answers.get('POST /esims/order (replay)').tidy;
    expect(sale.orderReference).toBe(replay.orderReference);
    expect(sale.esims.map((e: Json) => [e.iccid, e.lpaString])).toEqual(
      replay.esims.map((e: Json) => [e.iccid, e.lpaString]),
    );
    for (const esim of sale.esims) {
      expect(isValidIccid(esim.iccid)).toBe(true);
      expect(parseLpa(esim.lpaString).ok).toBe(true);
    }
  });

  it('keeps the amounts of top-ups, cancellations and pending orders exact', async () => {
    const topUp = answers.get('POST /topup/order').body;
    const topUpCharge = await charged('topup', topUp.orderReference);
    expect(minorOf(topUp.amount)).toBe(topUpCharge.amountMinor);
    expect(minorOf(topUp.newBalance)).toBe(topUpCharge.balanceAfterMinor);
    expect(topUp.iccid).toBe(answers.iccid);

    const { data } = answers.get('POST /esims/cancel').body;
    const refund = await charged('refund', data.order_reference);
    expect(minorOf(data.refunded_amount)).toBe(refund.amountMinor);

    const pending = answers.get('POST /esims/order (pending)').body;
    expect(minorOf(pending.amount)).toBe((await charged('order', pending.orderReference)).amountMinor);
  });

  it('keeps the webhook secret that signs the deliveries', () => {
    const { secret } = answers.get('PUT /webhooks').body.webhook;
    const delivery = receiver.received[0];
    const expected = `sha256=${createHmac('sha256', secret)
      .update(delivery?.raw ?? '')
      .digest('hex')}`;
    expect(delivery?.headers['x-webhook-signature']).toBe(expected);
  });
});

describe('untidy answers are drawn from the seed', () => {
  const catalogue = async (of: RunningSimulator, query: string): Promise<Json> =>
    (await call(of.baseUrl, of.defaultAccount, 'GET', `/esims/packages?${query}`)).body;

  it('gives the same answers for the same seed, record by record whatever the page', async () => {
    const twin = await startSimulator({ seed: SEED, faults: { answerStyle: 'untidy' } });
    try {
      sim.setFaults({ answerStyle: 'untidy' });
      const first = await catalogue(sim, 'type=regional&limit=10');
      expect(await catalogue(twin, 'type=regional&limit=10')).toEqual(first);
      const second = await catalogue(twin, 'type=regional&limit=5&page=2');
      expect(second.data.packages).toEqual(first.data.packages.slice(5, 10));
      sim.setFaults({ answerStyle: 'tidy' });
      const tidy = await catalogue(sim, 'type=regional&limit=10');
      expect(tidy).not.toEqual(first);
    } finally {
      sim.setFaults({ answerStyle: 'tidy' });
      await twin.close();
    }
  });

  it('is chosen at run time through the control API', async () => {
    expect((await control(sim, 'PUT', '/faults', { answerStyle: 'untidy' })).body.answerStyle).toBe('untidy');
    expect((await control(sim, 'GET', '/faults')).body.answerStyle).toBe('untidy');
    const refused = await control(sim, 'PUT', '/faults', { answerStyle: 'messy' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('answerStyle must be tidy, lean, untidy');
    await control(sim, 'PUT', '/faults', { answerStyle: 'tidy' });
  });
});
