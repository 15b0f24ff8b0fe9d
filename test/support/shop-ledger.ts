import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { writeTransaction } from '../../electron/core/journal/journal-write';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { SettingsTable } from '../../electron/core/journal/settings-table';
import { writeAudit } from '../../electron/core/journal/state-rows';
import { type CounterJoin, joinCounter } from '../../electron/core/shop/joining';
import type { LedgerLogin } from '../../electron/core/shop/ledger-address';
import { migrateLedger } from '../../electron/core/shop/ledger-schema';
import { linksAfter, type OutboxLink } from '../../electron/core/shop/outbox';
import { newSale, saleCompletion } from './journal-records';
import { type PostgresOptions, type PostgresServer, startPostgres } from './postgres';

/**
 * A shop ledger's database on a real PostgreSQL, set up as docs/shop-ledger.md tells a shop to: a
 * login role for the ledger's owner (who may create roles) and a database it owns. Each test takes a
 * ledger of its own on the file's server.
 */
export interface TestLedger {
  readonly server: PostgresServer;
  readonly database: string;
  readonly owner: { readonly user: string; readonly password: string };
  /** A connection address without credentials, as a counter keeps it. */
  readonly address: string;
  /** A connected client as `user` (the owner when absent); ended after the file's tests. */
  connect(user?: string, password?: string): Promise<pg.Client>;
  /** One statement as the owner, on a connection kept for these (made again after a server restart). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
  ): Promise<pg.QueryResult<R>>;
}

/**
 * One PostgreSQL server for the test file, started before its tests and removed after them. A test
 * that stopped it and failed before starting it again leaves it running for the next: one failure is
 * reported once, not again by every test after it.
 */
export function postgresPerFile(options: PostgresOptions = {}): () => PostgresServer {
  let server: PostgresServer | null = null;
  beforeAll(async () => {
    server = await startPostgres(options);
  }, 180_000);
  afterEach(async () => {
    if (server && !server.running) await server.start();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  }, 60_000);
  return () => {
    if (!server) throw new Error('the server is used before it started');
    return server;
  };
}

const clients = new Set<pg.Client>();

afterAll(async () => {
  await Promise.all([...clients].map((client) => client.end().catch(() => undefined)));
  clients.clear();
});

export async function newLedger(server: PostgresServer, prefix = 'shop'): Promise<TestLedger> {
  const owner = {
    user: `${prefix}_owner_${randomBytes(3).toString('hex')}`,
    password: randomBytes(12).toString('base64url'),
  };
  await server.createRole(owner.user, owner.password, { createRole: true });
  const database = await server.createDatabase(prefix, owner.user);
  let kept: pg.Client | null = null;
  const ledger: TestLedger = {
    server,
    database,
    owner,
    address: `postgres://127.0.0.1:${server.port}/${database}`,
    async connect(user = owner.user, password = owner.password) {
      const client = new pg.Client({
        host: '127.0.0.1',
        port: server.port,
        database,
        user,
        password,
        ssl: server.ssl,
      });
      // A server stopped under a test drops its clients; the test sees that through its queries.
      client.on('error', () => undefined);
      await client.connect();
      clients.add(client);
      return client;
    },
    async query(sql, params = []) {
      kept ??= await ledger.connect();
      try {
        return await kept.query(sql, params);
      } catch (error) {
        // The server went away under it: the next statement connects again.
        kept = null;
        throw error;
      }
    },
  };
  return ledger;
}

/** A counter's journal in a temporary directory, with its own counter id, whose chain is its outbox. */
export interface CounterJournal {
  readonly counterId: string;
  readonly db: Db;
  readonly sales: SalesJournal;
  /** Appends one record (a chain link) as the journal does. */
  record(kind: string, subject: string | null, detail?: unknown): void;
  links(afterSeq?: number, limit?: number): OutboxLink[];
}

const journals: Db[] = [];

afterAll(() => {
  for (const db of journals.splice(0)) {
    const dir = dirname(db.name);
    if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

export function counterJournal(counterId: string): CounterJournal {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-counter-'));
  const db = openJournal({ file: join(dir, 'journal.sqlite') });
  journals.push(db);
  new SettingsTable(db).set('counter.id', counterId);
  return {
    counterId,
    db,
    sales: new SalesJournal(db),
    record(kind, subject, detail = null) {
      writeTransaction(db, () => writeAudit(db, new Date().toISOString(), kind, subject, detail));
    },
    links: (afterSeq = 0, limit = 100_000) => linksAfter(db, counterId, afterSeq, limit),
  };
}

/** A live sale completed with the provider's order `orderReference`, written as the journal writes it. */
export function sellLive(journal: CounterJournal, id: string, orderReference: string, at: string): void {
  journal.sales.createIntent(newSale({ id, counterId: journal.counterId, training: false }), at);
  journal.sales.markSent(id, at);
  journal.sales.markCompleted(id, saleCompletion({ orderReference }), at);
}

/** Joins a counter to `shop` through the owner and answers a client logged in as the counter's role. */
export async function joinedCounter(
  ledger: TestLedger,
  join: CounterJoin,
): Promise<{ login: LedgerLogin; client: pg.Client }> {
  const owner = await ledger.connect();
  await migrateLedger(owner);
  const login = await joinCounter(owner, join);
  return { login, client: await ledger.connect(login.user, login.password) };
}

/**
 * A new ledger with two shops of two counters each: Main street (Front 1, Back 2) and Harbour
 * (Quay 1, Pier 2).
 */
export async function twoShopCounters(server: PostgresServer) {
  const ledger = await newLedger(server);
  const join = (shop: string, counterId: string, code: string, name: string) =>
    joinedCounter(ledger, { shop, counterId, code, name });
  const front = await join('Main street', 'C-FRONT', '1', 'Front');
  const back = await join('Main street', 'C-BACK', '2', 'Back');
  const harbour = await join('Harbour', 'C-HARBOUR', '1', 'Quay');
  const pier = await join('Harbour', 'C-PIER', '2', 'Pier');
  return { ledger, front, back, harbour, pier };
}

/**
 * `joinShopLedger`'s input for a ledger nobody listens at, with the PIN given: the walks that call
 * every method send it with a wrong PIN, refused before anything connects.
 */
export function joinNowhere(pin: string): Record<string, string> {
  return {
    pin,
    address: 'postgres://127.0.0.1:1/none',
    ownerName: 'owner',
    ownerPassword: 'not-a-real-password',
    shop: 'Main street',
    counterCode: '1',
    counterName: 'Front',
  };
}
