import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { type Currency, fromApiAmount } from '../../shared/money';
import { defaultAccountFor, type SeededAccount, seededAccounts } from './accounts';
import { buildCatalogue, type Catalogue } from './catalogue';
import { type Clock, createClock } from './clock';
import { type Db, openDatabase, readMeta, writeMeta } from './db';
import { FaultInjector } from './faults';
import { post } from './ledger';
import { DEFAULT_RATE_LIMITS, type SimulatorOptions } from './options';
import { RateLimiter } from './rate-limit';

/** Everything a request handler may touch: the state, the clock, the catalogue and the faults. */
export interface Sim {
  readonly seed: number;
  readonly db: Db;
  readonly clock: Clock;
  readonly catalogue: Catalogue;
  readonly accounts: readonly SeededAccount[];
  readonly defaultAccount: SeededAccount;
  readonly faults: FaultInjector;
  readonly rateLimiter: RateLimiter;
  /** How long an idempotency key is remembered after its order; null: for good. */
  readonly keyRetentionMs: number | null;
  readonly controlToken: string;
  readonly allowLoopbackHttpWebhooks: boolean;
  /** Orders in flight, by `accountId:key:<idempotency key>` or `accountId:package:<code>` (keyless). */
  readonly inFlight: Set<string>;
  /** The connections of requests a hang fault holds unanswered, until they close or are dropped. */
  readonly held: Set<Socket>;
  /** Set once the server listens: `http://127.0.0.1:N`. */
  origin: string;
}

export const DEFAULT_SEED = 1;

function majorToMinor(balance: number, currency: Currency): number {
  if (!Number.isFinite(balance) || balance < 0)
    throw new RangeError(`balance must be a number ≥ 0, got ${balance}`);
  return fromApiAmount(balance, currency);
}

/** Opens (or creates) the state for these options; accounts are inserted on first use of a data file. */
export function createSim(options: SimulatorOptions): Sim {
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(seed)) throw new RangeError('seed must be a whole number');
  const accounts = seededAccounts(seed);
  const defaultAccount = defaultAccountFor(accounts, options.currency ?? 'USD');
  const db = openDatabase(options.dataFile);
  const storedSeed = readMeta(db, 'seed');
  if (storedSeed !== undefined && Number(storedSeed) !== seed) {
    db.close();
    throw new Error(
      `${options.dataFile} holds the simulator seeded with ${storedSeed}; run it with --seed ${storedSeed}`,
    );
  }
  const faults = new FaultInjector(seed, options.faults);
  const clock = createClock(() => faults.faults.clockOffsetMs, options.timeScale ?? 1, options.now);
  if (storedSeed === undefined) {
    db.transaction(() => {
      writeMeta(db, 'seed', String(seed));
      for (const account of accounts) {
        const opening =
          account === defaultAccount && options.balance !== undefined
            ? majorToMinor(options.balance, account.currency)
            : account.openingBalanceMinor;
        const { lastInsertRowid } = db
          .prepare(
            'INSERT INTO accounts (label, access_code, kind, currency, balance_minor) VALUES (?, ?, ?, ?, 0)',
          )
          .run(account.label, account.accessCode, account.kind, account.currency);
        post(
          db,
          Number(lastInsertRowid),
          { kind: 'adjustment', delta: opening, note: 'opening balance' },
          clock.now(),
        );
      }
    })();
  }
  return {
    seed,
    db,
    clock,
    catalogue: buildCatalogue(
      seed,
      accounts.filter((a) => a.kind === 'enterprise').map((a) => a.accessCode),
    ),
    accounts,
    defaultAccount,
    faults,
    rateLimiter: new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMITS),
    keyRetentionMs: options.keyRetentionMs ?? null,
    controlToken: options.controlToken ?? randomBytes(24).toString('hex'),
    allowLoopbackHttpWebhooks: options.allowLoopbackHttpWebhooks ?? false,
    inFlight: new Set(),
    held: new Set(),
    origin: '',
  };
}
