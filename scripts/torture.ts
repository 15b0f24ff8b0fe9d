import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ANSWER_STYLES,
  answerStyleFromEnvironment,
  isAnswerStyle,
  startSimulator,
} from '../electron/simulator/index';
import type { CataloguePackage } from '../shared/domain/catalogue';
import type { Sale } from '../shared/domain/sale';
import { SALE_SENDABLE_STATES, type SaleState } from '../shared/domain/sale-states';

/**
 * What the cashier still has to see through at the end: sales in doubt, and pending ones, whose
 * eSIMs the provider still owes. A pending sale is polled rarely once its early polls found nothing;
 * the cashier's "check now" reads it at once.
 */
const TO_SETTLE: readonly SaleState[] = [...SALE_SENDABLE_STATES, 'pending'];

import type { Status } from '../shared/domain/status';
import { type ApiTap, startApiTap } from './torture/api-tap';
import { CashierCalls, type HostLife, unattendedOrders } from './torture/cashier-calls';
import {
  type HostOptions,
  type HostProcess,
  type PosAnswer,
  signedIn,
  startHost,
} from './torture/host-process';
import {
  checkLedger,
  readJournalSales,
  readLedger,
  type SimControl,
  simControl,
} from './torture/ledger-check';
import {
  chainLength,
  checkShopLedger,
  startShopLedger,
  type TortureLedger,
} from './torture/shop-ledger-check';
import { checkTopUps } from './torture/topup-check';

// `npm run torture -- --sales N --kills K --seed S [--concurrency C] [--long-downtimes L] [--answer-style S] [--ledger] [--keep]`
//
// Runs the web host as a child process against the simulator with 5xx answers, answers dropped after
// the provider committed, and latency switched on; sells N times through PosApi; kills the host with
// SIGKILL K times at random moments, each while it is topping up one of a few eSIMs, and restarts it
// on the same data directory; while it is down, a second counter on the same account tops the same
// eSIM up with the same package; the first L kills
// that leave sales open are followed by a downtime longer than the 24 hours a sale's key is trusted
// for (both clocks are moved on by 25 hours; the simulator forgets keys after 24). Cashiers do what a cashier does with a sale in
// doubt: check it, then confirm sending it again. Then everything still open is settled, and the
// journal is checked against the simulator's own ledger, and every order on the wire against the
// cashier calls that were open when it was sent, and both counters' top-ups against the provider's
// charges and the answers each counter received (phantom top-ups: a journal booking an order no
// answer to it named, or completed without proof). Prints the counts; exits 1 on any breach (a charge
// lost or doubled, a phantom sale or top-up, an order without a cashier). Sales left in doubt for the manager,
// each charged at most once and held by its key, are counted on their own line, not as breaches.
// `--answer-style lean|untidy` (or ESIM_TEST_ANSWER_STYLE) has the simulator answer in that style
// (docs/simulator.md).
// `--ledger` makes the counters a shop of three on a shop ledger (a real PostgreSQL): the first and
// second as above, and a third that tops the same eSIM up at each kill and is killed with SIGKILL
// right after its answer, its push on its way; PostgreSQL itself is killed with SIGKILL at every
// other kill, while the other counters work, and started again after. At the end every counter
// sends what waits, and each journal's chain is checked against the ledger: every link and record
// exactly once, none lost, none twice, none the journal does not hold, no problem kept.

const OPTIONS = {
  sales: { type: 'string' },
  kills: { type: 'string', default: '0' },
  seed: { type: 'string', default: '1' },
  concurrency: { type: 'string', default: '4' },
  'answer-style': { type: 'string' },
  'long-downtimes': { type: 'string' },
  ledger: { type: 'boolean', default: false },
  keep: { type: 'boolean', default: false },
} as const;

const USAGE =
  'Usage: npm run torture -- --sales N [--kills K] [--seed S] [--concurrency C] [--long-downtimes L] [--answer-style tidy|lean|untidy] [--ledger] [--keep]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function wholeNumber(name: string, text: string | undefined, min: number): number {
  const value = Number(text);
  if (text === undefined || !Number.isInteger(value) || value < min) {
    fail(`--${name} must be a whole number ≥ ${min}, not "${text ?? ''}"`);
  }
  return value;
}

/** A small seeded generator (mulberry32): one seed, one run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FAULTS = {
  failRate: 0.05,
  dropAfterCommitRate: 0.05,
  latencyMs: 5,
  jitterMs: 40,
  paths: ['POST /esims/order', 'GET /esims/order', 'POST /topup/order'],
};
const NO_FAULTS = { failRate: 0, dropAfterCommitRate: 0, latencyMs: 0, jitterMs: 0 };
/** The counter's own rate limiter keeps to the API's usual windows; the simulator's are opened wide. */
const WIDE_LIMITS = { perMinute: 1_000_000, perHour: 10_000_000, perDay: 100_000_000 };
const OPENING_BALANCE = 1_000_000;
const SETTLE_LIMIT_MS = 10 * 60_000;
/** Settling stops once the open sales have not changed for this long (past the limiter's one-minute hold). */
const SETTLE_STALL_MS = 2 * 60_000;
const HOUR_MS = 60 * 60_000;
/** The provider forgets a key a day after its order; a long downtime lasts longer than that. */
const KEY_RETENTION_MS = 24 * HOUR_MS;
const LONG_DOWNTIME_MS = 25 * HOUR_MS;
/** How many times a cashier checks and sends again a sale in doubt before leaving it for later. */
const CASHIER_TRIES = 4;
/** The eSIMs both counters top up, one at each kill. */
const TOPPED_ESIMS = 2;
/** How long every counter has, at the end, to send the shop ledger what waits (its retries wait up to a minute). */
const LEDGER_SYNC_MS = 5 * 60_000;

interface Tally {
  requested: number;
  answered: Record<string, number>;
  interrupted: number;
  refused: Record<string, number>;
  kills: number;
  longDowntimes: number;
  /** Sales a kill left open and the counter then stayed off for longer than their keys are trusted. */
  openThroughLongDowntimes: number;
  crashLeft: { intent: number; sentUncharged: number; sentCharged: number; inDoubt: number };
  /** Top-ups asked for, by the counter that asked: the first as it is killed, the second meanwhile. */
  topUpsAsked: { first: number; second: number };
  /** With a shop ledger: the third counter's top-ups (each followed by its SIGKILL), and PostgreSQL's kills. */
  thirdTopUps: number;
  postgresKills: number;
  checkedByCashier: number;
  sentAgainByCashier: number;
  sendAgainRefused: Record<string, number>;
  /** Sales no settling could close (in doubt, no read proves them, their key too old to replay): the manager's. */
  leftForManager: Set<string>;
}

/** The counter as the torture runs it: the current process, and every process it has been. */
interface Counter {
  host: HostProcess;
  label: string;
  readonly lives: HostLife[];
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true }>>['values'];
  try {
    args = parseArgs({ options: OPTIONS, strict: true }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
  const sales = wholeNumber('sales', args.sales, 1);
  const kills = wholeNumber('kills', args.kills, 0);
  const seed = wholeNumber('seed', args.seed, 0);
  const concurrency = wholeNumber('concurrency', args.concurrency, 1);
  const longDowntimes = wholeNumber(
    'long-downtimes',
    args['long-downtimes'] ?? String(Math.ceil(kills / 5)),
    0,
  );
  if (kills > sales) fail('--kills cannot exceed --sales');
  const answerStyle = args['answer-style'] ?? answerStyleFromEnvironment() ?? 'tidy';
  if (!isAnswerStyle(answerStyle))
    fail(`--answer-style must be ${ANSWER_STYLES.join(', ')}, not "${answerStyle}"`);
  if (longDowntimes > kills) fail('--long-downtimes cannot exceed --kills');
  const random = seededRandom(seed);
  const started = Date.now();

  const sim = await startSimulator({
    port: 0,
    seed,
    balance: OPENING_BALANCE,
    rateLimit: WIDE_LIMITS,
    keyRetentionMs: KEY_RETENTION_MS,
    faults: { answerStyle },
  });
  const tap = await startApiTap(sim.baseUrl);
  const control: SimControl = {
    controlUrl: sim.controlUrl,
    controlToken: sim.controlToken,
    accessCode: sim.defaultAccount.accessCode,
  };
  const opening = (await readLedger(control)).balanceMinor;
  const shop: TortureLedger | null = args.ledger ? await startShopLedger() : null;
  const thirdDir = mkdtempSync(join(tmpdir(), 'torture-third-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'torture-'));
  const journalFile = join(dataDir, 'journal.sqlite');
  // The second counter of the shop: its own data directory and journal, on the same account.
  const secondDir = mkdtempSync(join(tmpdir(), 'torture-second-'));
  const tally: Tally = {
    requested: 0,
    answered: {},
    interrupted: 0,
    refused: {},
    kills: 0,
    longDowntimes: 0,
    openThroughLongDowntimes: 0,
    crashLeft: { intent: 0, sentUncharged: 0, sentCharged: 0, inDoubt: 0 },
    topUpsAsked: { first: 0, second: 0 },
    thirdTopUps: 0,
    postgresKills: 0,
    checkedByCashier: 0,
    sentAgainByCashier: 0,
    sendAgainRefused: {},
    leftForManager: new Set(),
  };
  const cashiers = new CashierCalls();
  const log = (line: string): void => {
    process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${line}\n`);
  };

  let clockOffsetMs = 0;
  const lives: HostLife[] = [];
  const start = async (): Promise<Counter> => {
    const label = `h${lives.length + 1}`;
    const life: HostLife = { label, startedAt: Date.now(), diedAt: null, clockOffsetMs };
    lives.push(life);
    const options: HostOptions = {
      dataDir,
      apiBaseUrl: tap.baseUrlFor(label),
      accessCode: sim.defaultAccount.accessCode,
      secretKey: sim.defaultAccount.secretKey,
      clockOffsetMs,
      ...(shop ? { shopLedger: shop.counter('1') } : {}),
    };
    return { host: await signedIn(await startHost(options)), label, lives };
  };
  const died = (counter: Counter): void => {
    const life = counter.lives.find((l) => l.label === counter.label);
    if (life) life.diedAt = Date.now();
  };

  let second: HostProcess | null = null;
  let secondOffsetMs = 0;
  /** The second counter, running on the shop's clock (started again after the clocks moved on). */
  const secondCounter = async (): Promise<HostProcess> => {
    if (second && secondOffsetMs === clockOffsetMs) return second;
    await second?.stop();
    secondOffsetMs = clockOffsetMs;
    second = await signedIn(
      await startHost({
        dataDir: secondDir,
        apiBaseUrl: tap.baseUrlFor('second'),
        accessCode: sim.defaultAccount.accessCode,
        secretKey: sim.defaultAccount.secretKey,
        clockOffsetMs,
        ...(shop ? { shopLedger: shop.counter('2') } : {}),
      }),
    );
    return second;
  };
  /** The shop's third counter, on the shop's clock: started for each of its top-ups, and killed after. */
  const thirdCounter = async (): Promise<HostProcess> =>
    signedIn(
      await startHost({
        dataDir: thirdDir,
        apiBaseUrl: tap.baseUrlFor('third'),
        accessCode: sim.defaultAccount.accessCode,
        secretKey: sim.defaultAccount.secretKey,
        clockOffsetMs,
        ...(shop ? { shopLedger: shop.counter('3') } : {}),
      }),
    );

  const ledgerCounters: { name: string; counterId: string; journalFile: string }[] = [];
  let counter = await start();
  let topped: readonly Toppable[] = [];
  try {
    const packages = await cataloguePackages(counter.host);
    topped = await toppableEsims(counter, cashiers, control);
    sim.setFaults(FAULTS);
    let kill = 0;
    // Distinct kill points, each at the end of a run of sales, so the kill lands while those are in flight.
    const killAfter = new Set<number>();
    while (killAfter.size < kills) killAfter.add(1 + Math.floor(random() * sales));
    const bounds = [...killAfter].sort((a, b) => a - b);
    let from = 0;
    // The last run ends at the last sale, unless a kill already does.
    for (const until of bounds.at(-1) === sales ? bounds : [...bounds, sales]) {
      if (until > from) {
        await sellRange(
          counter,
          cashiers,
          from,
          until,
          packages,
          random,
          concurrency,
          tally,
          !killAfter.has(until)
            ? null
            : {
                ...(tally.longDowntimes < longDowntimes ? { after: 'order', tap } : { after: 'call' }),
                // The kill lands while the counter is also topping up one of the eSIMs, a top-up
                // the provider never receives.
                alsoStarts: () => {
                  tally.topUpsAsked.first += 1;
                  const held = tap.holdNextTopUpFrom(counter.label);
                  // A top-up refused before it is sent (one in doubt seconds ago) is never held.
                  const answered = topUp(counter.host, topped[kill % topped.length]).then(noop, noop);
                  return Promise.race([held, answered]);
                },
              },
        );
      }
      from = until;
      if (killAfter.has(until)) {
        died(counter);
        tally.kills += 1;
        // PostgreSQL goes down too at every other kill, while the other counters work.
        const ledgerDown = shop !== null && kill % 2 === 0;
        if (ledgerDown) {
          shop.server.kill();
          tally.postgresKills += 1;
        }
        // While the first counter is down, the second tops the same eSIM up with the same package.
        tally.topUpsAsked.second += 1;
        await topUp(await secondCounter(), topped[kill % topped.length]);
        if (shop) {
          // The third does too, and is killed as soon as it has its answer: its push is on its way.
          tally.thirdTopUps += 1;
          const third = await thirdCounter();
          await topUp(third, topped[kill % topped.length]);
          await third.kill();
        }
        kill += 1;
        const open = await classifyCrash(journalFile, control, tally);
        if (open > 0 && tally.longDowntimes < longDowntimes) {
          // The first kills that leave sales open are followed by a downtime longer than their keys
          // are trusted for: both clocks move on by a day and an hour.
          tally.longDowntimes += 1;
          tally.openThroughLongDowntimes += open;
          clockOffsetMs += LONG_DOWNTIME_MS;
          sim.setFaults({ clockOffsetMs });
        }
        counter = await start();
        if (ledgerDown) await shop.server.start();
        // After a restart the cashiers first deal with what the crash left open.
        const left = await settle(counter, cashiers, tally, SETTLE_LIMIT_MS);
        if (left > 0) log(`${left} sales still open after the settling limit, left for the manager`);
        if (tally.kills % 10 === 0 || tally.kills === kills) log(`${tally.kills} kills, ${until} sales sent`);
      }
    }
    log(`all ${sales} sales sent; faults off, settling what is left in doubt`);
    sim.setFaults(NO_FAULTS);
    const left = await settle(counter, cashiers, tally, SETTLE_LIMIT_MS);
    if (left > 0) log(`${left} sales still open after the settling limit, left for the manager`);
    if (shop) {
      log('every counter sending the shop ledger what waits');
      const third = await thirdCounter();
      try {
        const hosts = [
          { name: 'first counter', host: counter.host, journalFile },
          {
            name: 'second counter',
            host: await secondCounter(),
            journalFile: join(secondDir, 'journal.sqlite'),
          },
          { name: 'third counter', host: third, journalFile: join(thirdDir, 'journal.sqlite') },
        ];
        for (const each of hosts)
          ledgerCounters.push({ ...each, counterId: await upToDate(each.host, each.journalFile) });
      } finally {
        await third.stop();
      }
    }
    await counter.host.stop();
    died(counter);
    await (second as HostProcess | null)?.stop();
  } catch (error) {
    await counter.host.kill().catch(() => undefined);
    await (second as HostProcess | null)?.kill().catch(() => undefined);
    await tap.close();
    await shop?.server.close();
    throw error;
  }

  const verdict = await checkLedger(control, journalFile, opening);
  const unattended = unattendedOrders(tap.orderPosts, cashiers.calls, lives, readJournalSales(journalFile));
  const topUps = checkTopUps(
    [
      { name: 'first counter', journalFile, labels: lives.map((life) => life.label) },
      { name: 'second counter', journalFile: join(secondDir, 'journal.sqlite'), labels: ['second'] },
      ...(shop
        ? [{ name: 'third counter', journalFile: join(thirdDir, 'journal.sqlite'), labels: ['third'] }]
        : []),
    ],
    tap.topUpAnswers,
    (await readLedger(control)).entries,
  );
  const shopLedger = shop ? await readShopLedger(shop, ledgerCounters) : null;
  const breaches = [
    ...verdict.breaches,
    ...topUps.phantoms.map((phantom) => `phantom top-up: ${phantom}`),
    ...topUps.breaches,
    ...(shopLedger?.breaches ?? []),
    ...unattended.map(
      (post) =>
        `order with key ${post.idempotencyKey ?? 'none'} was sent by ${post.label} with no cashier call open`,
    ),
  ];
  await tap.close();
  await sim.close();
  const seconds = (Date.now() - started) / 1000;
  const report = {
    seed,
    answerStyle,
    salesRequested: tally.requested,
    answered: tally.answered,
    interruptedByKills: tally.interrupted,
    refused: tally.refused,
    kills: tally.kills,
    longDowntimes: tally.longDowntimes,
    openThroughLongDowntimes: tally.openThroughLongDowntimes,
    crashLeft: tally.crashLeft,
    checkedByCashier: tally.checkedByCashier,
    sentAgainByCashier: tally.sentAgainByCashier,
    sendAgainRefused: tally.sendAgainRefused,
    leftForManager: tally.leftForManager.size,
    inDoubtForManager: verdict.inDoubt,
    chargedOpen: verdict.chargedOpen,
    journalSales: verdict.journalSales,
    journalByState: verdict.byState,
    failedBy: verdict.failedBy,
    salesSentAgainWithTheirKey: verdict.resent,
    topUpsAsked: tally.topUpsAsked,
    topUpsByCounter: topUps.byCounter,
    topUpCharges: topUps.charges,
    topUpsInDoubtForManager: topUps.inDoubt,
    topUpChargesBookedByNone: topUps.unbooked,
    phantomTopUps: topUps.phantoms.length,
    shopLedger: shopLedger
      ? {
          thirdTopUps: tally.thirdTopUps,
          postgresKills: tally.postgresKills,
          links: shopLedger.links,
          lost: shopLedger.lost,
          double: shopLedger.double,
          phantom: shopLedger.phantom,
          problems: shopLedger.problems,
        }
      : null,
    ordersOnTheWire: tap.orderPosts.length,
    ordersWithoutCashier: unattended.length,
    apiCharges: verdict.charges,
    apiRefunds: verdict.refunds,
    chargedMinor: verdict.chargedMinor,
    openingBalanceMinor: verdict.openingMinor,
    closingBalanceMinor: verdict.closingMinor,
    breaches: breaches.length,
    seconds: Number(seconds.toFixed(1)),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  for (const breach of breaches.slice(0, 50)) process.stdout.write(`BREACH: ${breach}\n`);
  if (args.keep) process.stdout.write(`data directories kept: ${dataDir} ${secondDir} ${thirdDir}\n`);
  else for (const dir of [dataDir, secondDir, thirdDir]) rmSync(dir, { recursive: true, force: true });
  process.stdout.write(`orders placed without a cashier: ${unattended.length}\n`);
  if (shopLedger) {
    process.stdout.write(
      `shop ledger: ${shopLedger.lost} lost, ${shopLedger.double} double, ${shopLedger.phantom} phantom, ${shopLedger.problems} problems\n`,
    );
  }
  // A top-up booked on an order no answer to its counter named, or completed without proof.
  process.stdout.write(`phantom top-ups: ${topUps.phantoms.length}\n`);
  process.stdout.write(
    `top-ups left in doubt for the manager: ${topUps.inDoubt} (${topUps.unbooked} provider charges booked by no journal)\n`,
  );
  // Neither lost, doubled nor phantom: the manager's, with the facts (their key finds any charge).
  process.stdout.write(
    `left in doubt for the manager: ${verdict.inDoubt.charged} charged once, ${verdict.inDoubt.notCharged} not charged\n`,
  );
  process.stdout.write(
    breaches.length === 0
      ? `OK: ${verdict.charges} charges, each with exactly one journal sale; the balance moved by exactly the charges\n`
      : `FAILED: ${breaches.length} breaches of the money invariants\n`,
  );
  return breaches.length === 0 ? 0 : 1;
}

/**
 * Waits until the counter's shop ledger holds its whole chain and the counter has gone quiet: up to
 * date with nothing waiting at two looks in a row, its journal's chain the same length at both. A
 * record written just after a look waits to be sent, and is not lost: only a link still missing once
 * the counter is quiet is. Answers the counter's id.
 */
async function upToDate(host: HostProcess, journalFile: string): Promise<string> {
  const deadline = Date.now() + LEDGER_SYNC_MS;
  let quietAt: number | null = null;
  for (;;) {
    const status = (await host.call<Status>('getStatus')).value;
    const synced = status?.shopLedger.state === 'up_to_date' && status.shopLedger.waiting === 0;
    const head = synced ? chainLength(journalFile, status.counterId) : null;
    if (synced && head === quietAt) return status.counterId;
    quietAt = head;
    if (Date.now() > deadline)
      throw new Error(`a counter's shop ledger did not catch up: ${JSON.stringify(status?.shopLedger)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Every counter's journal against the ledger, read as its superuser; the server is closed after. */
async function readShopLedger(
  shop: TortureLedger,
  counters: readonly { name: string; counterId: string; journalFile: string }[],
) {
  const client = await shop.read();
  try {
    return await checkShopLedger(client, counters);
  } finally {
    await client.end();
    await shop.server.close();
  }
}

/** The host syncs the catalogue on its first start; sales wait for it. Cheap packages keep the balance ample. */
async function cataloguePackages(host: HostProcess): Promise<CataloguePackage[]> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const status = await host.call<Status>('getStatus');
    if (status.value && status.value.catalogue.count > 0 && !status.value.catalogue.syncing) break;
    if (Date.now() > deadline) throw new Error('the host never finished syncing the catalogue');
    await new Promise((r) => setTimeout(r, 500));
  }
  const listed = await host.call<{ packages: CataloguePackage[] }>('listPackages');
  const packages = [...(listed.value?.packages ?? [])].sort((a, b) => a.cost!.amount - b.cost!.amount);
  if (packages.length === 0) throw new Error('the catalogue is empty');
  return packages.slice(0, 20);
}

/**
 * When a run's last sales are cut off: a random moment after the call, or as an order reaches the
 * provider. `alsoStarts` starts other work as the run begins, which the kill waits for (it settles
 * once that work is on the wire) and cuts off too.
 */
type KillMoment = ({ readonly after: 'call' } | { readonly after: 'order'; readonly tap: ApiTap }) & {
  readonly alsoStarts?: () => Promise<void>;
};

function noop(): void {}

/**
 * Sells sales [from, until) with `concurrency` cashiers; with `kill`, SIGKILLs the host mid-flight.
 * Each cashier sells its own packages: two sales alike (package and quantity) open at once cannot be
 * told apart by reads, and a shop's cashier settles one sale before the next. That ambiguity is left
 * to the manager by design (test/integration/money-unattended.test.ts), not exercised here.
 */
async function sellRange(
  counter: Counter,
  cashiers: CashierCalls,
  from: number,
  until: number,
  packages: readonly CataloguePackage[],
  random: () => number,
  concurrency: number,
  tally: Tally,
  kill: KillMoment | null,
): Promise<void> {
  let next = from;
  let killed: Promise<void> | null = null;
  const onTheWire = kill?.alsoStarts?.() ?? Promise.resolve();
  const cashierCount = Math.min(concurrency, packages.length);
  const cashier = async (index: number): Promise<void> => {
    const own = packages.filter((_, i) => i % cashierCount === index);
    while (next < until && !killed) {
      next += 1;
      const pkg = own[Math.floor(random() * own.length)]!;
      const quantity = 1 + Math.floor(random() * 3);
      tally.requested += 1;
      const answer = cashiers.call(counter.host, counter.label, 'sell', { packageCode: pkg.code, quantity });
      if (kill && next === until) {
        // A random moment while the last sales of this run are on their way: before, during or after
        // the provider's commit, before or after the journal's. A kill owed a long downtime needs a sale
        // open: it strikes as an order reaches the provider (recorded before it was sent, answered only
        // after), whatever the machine's load does to the timing; if none is sent, once the call ends.
        const delay = Math.floor(random() * 60);
        const moment =
          kill.after === 'order'
            ? Promise.race([kill.tap.nextOrderFrom(counter.label), answer.then(noop, noop)])
            : new Promise((r) => setTimeout(r, delay));
        killed = Promise.all([moment, onTheWire]).then(() => counter.host.kill());
      }
      const sale = await record(answer, tally);
      if (sale?.state === 'in_doubt' && !killed) await settleOne(counter, cashiers, sale.id, tally);
    }
  };
  await Promise.all(Array.from({ length: cashierCount }, (_, index) => cashier(index)));
  await killed;
}

async function record(answer: Promise<PosAnswer<Sale>>, tally: Tally): Promise<Sale | null> {
  try {
    const result = await answer;
    if (result.ok && result.value) {
      tally.answered[result.value.state] = (tally.answered[result.value.state] ?? 0) + 1;
      return result.value;
    }
    const code = result.error?.code ?? 'unknown';
    tally.refused[code] = (tally.refused[code] ?? 0) + 1;
  } catch {
    tally.interrupted += 1;
  }
  return null;
}

/**
 * What a cashier does with a sale in doubt: "check now" (reads), then, if it is still in doubt,
 * confirms "send again". A few tries, then it is left for later. A call the kill cuts off ends it.
 */
async function settleOne(
  counter: Counter,
  cashiers: CashierCalls,
  id: string,
  tally: Tally,
): Promise<boolean> {
  try {
    for (let tries = 0; tries < CASHIER_TRIES; tries += 1) {
      tally.checkedByCashier += 1;
      const checked = await counter.host.call<Sale>('resolveSale', { id });
      const state = checked.value?.state;
      if (state && !TO_SETTLE.includes(state)) return true;
      if (state !== 'in_doubt') {
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      tally.sentAgainByCashier += 1;
      const sent = await cashiers.call(counter.host, counter.label, 'resend', { id });
      if (sent.value && !SALE_SENDABLE_STATES.includes(sent.value.state)) return true;
      if (!sent.ok) {
        const code = sent.error?.code ?? 'unknown';
        tally.sendAgainRefused[code] = (tally.sendAgainRefused[code] ?? 0) + 1;
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  } catch {
    // The counter was killed while the cashier was at it.
  }
  return false;
}

/** An eSIM the counters top up, and the top-up package they use. */
interface Toppable {
  readonly iccid: string;
  readonly packageCode: string;
}

/**
 * Sells the cheapest packages (before faults are on), each sale a cashier's, until TOPPED_ESIMS of
 * their eSIMs, activated on a network, are offered a top-up: the eSIMs both counters top up.
 */
async function toppableEsims(
  counter: Counter,
  cashiers: CashierCalls,
  control: SimControl,
): Promise<Toppable[]> {
  const listed = await counter.host.call<{ packages: CataloguePackage[] }>('listPackages');
  const cheapest = [...(listed.value?.packages ?? [])].sort((a, b) => a.cost!.amount - b.cost!.amount);
  const found: Toppable[] = [];
  for (const pkg of cheapest.slice(0, 60)) {
    if (found.length === TOPPED_ESIMS) return found;
    const sold = await cashiers.call(counter.host, counter.label, 'sell', {
      packageCode: pkg.code,
      quantity: 1,
    });
    const iccid = sold.value?.state === 'completed' ? sold.value.esims[0]?.iccid : undefined;
    if (!iccid) continue;
    await simControl(control, 'POST', '/esims/activate', { iccid });
    const options = await counter.host.call<{ packages: { code: string }[] }>('listTopUpPackages', { iccid });
    const code = options.value?.packages[0]?.code;
    if (code) found.push({ iccid, packageCode: code });
  }
  throw new Error(`fewer than ${TOPPED_ESIMS} of the cheapest packages can be topped up`);
}

/** A top-up of the eSIM with its package, confirmed as a repeat: the counters top the same eSIMs up again and again. */
function topUp(host: HostProcess, esim: Toppable | undefined): Promise<unknown> {
  if (!esim) throw new Error('no eSIM to top up');
  return host.call('topUp', { iccid: esim.iccid, packageCode: esim.packageCode, confirmRepeat: true });
}

/** What the kill left behind, read from the journal while the host is down; returns how many are open. */
async function classifyCrash(journalFile: string, control: SimControl, tally: Tally): Promise<number> {
  const open = readJournalSales(journalFile).filter((s) => SALE_SENDABLE_STATES.includes(s.state));
  if (open.length === 0) return 0;
  const chargedKeys = new Set((await readLedger(control)).entries.map((e) => e.idempotencyKey));
  for (const sale of open) {
    if (sale.state === 'intent') tally.crashLeft.intent += 1;
    else if (sale.state === 'in_doubt') tally.crashLeft.inDoubt += 1;
    else if (chargedKeys.has(sale.idempotency_key)) tally.crashLeft.sentCharged += 1;
    else tally.crashLeft.sentUncharged += 1;
  }
  return open.length;
}

/**
 * Lets start-up recovery look at what is open, then does what cashiers do with every sale still in
 * doubt (see settleOne) until none is left. The counter's own rate limiter may hold requests back for
 * up to a minute after a burst, so this is patient, but bounded: once the open sales stop changing
 * for SETTLE_STALL_MS (or after `limitMs`), what is still open is left for the manager (a sale no read
 * can prove and whose key is too old to replay stays in doubt) and counted; later settlings do not
 * wait for those again, and the verdict names each one as a breach. Returns how many were left.
 */
async function settle(
  counter: Counter,
  cashiers: CashierCalls,
  tally: Tally,
  limitMs: number,
): Promise<number> {
  const deadline = Date.now() + limitMs;
  let last = '';
  let changedAt = Date.now();
  for (;;) {
    const listed = await counter.host.call<{ sales: Sale[] }>('listSales', {
      states: TO_SETTLE,
      limit: 1000,
    });
    const open = (listed.value?.sales ?? []).filter((sale) => !tally.leftForManager.has(sale.id));
    if (open.length === 0) return 0;
    const now = Date.now();
    const seen = open.map((sale) => `${sale.id}:${sale.state}`).join(',');
    if (seen !== last) {
      last = seen;
      changedAt = now;
    }
    if (now > deadline || now - changedAt > SETTLE_STALL_MS) {
      for (const sale of open) tally.leftForManager.add(sale.id);
      return open.length;
    }
    await new Promise((r) => setTimeout(r, 2_000));
    for (const sale of open) await settleOne(counter, cashiers, sale.id, tally);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`torture failed to run: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(2);
  },
);
