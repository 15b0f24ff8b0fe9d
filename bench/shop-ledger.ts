import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { type Db, openJournal } from '../electron/core/journal/database';
import { SalesJournal } from '../electron/core/journal/sales-journal';
import { SettingsTable } from '../electron/core/journal/settings-table';
import { createLogger, Redactor } from '../electron/core/log';
import { linksAfter } from '../electron/core/shop/outbox';
import { Pusher } from '../electron/core/shop/pusher';
import { newSale, saleCompletion } from '../test/support/journal-records';
import { type PostgresServer, startPostgres } from '../test/support/postgres';
import { recordGoal } from './goals';
import { benchLedger } from './ledger-server';
import { type BenchOptions, percentile } from './options';
import { median } from './reconciliation';

/**
 * The pusher against a real PostgreSQL (durable), as the shop ledger's two speed goals ask:
 * - lag: three counters selling as fast as they can, each with its own journal and pusher; a link's
 *   lag is from its record's time to its arrival in the ledger (one machine, one clock);
 * - catch-up: 10,000 records waiting in a journal, sent by the pusher, beside a bulk `COPY` of the
 *   very same rows into the same table of another ledger (its trigger checks and derives them alike).
 */

const ROUNDS = 3;
const log = createLogger(() => {}, new Redactor());

/** A journal of `counterId` in `dir`, and the sales it writes (three links each). */
function benchJournal(dir: string, counterId: string): { db: Db; sell: (n: number) => void } {
  const db = openJournal({ file: join(dir, `${counterId}.sqlite`) });
  new SettingsTable(db).set('counter.id', counterId);
  const sales = new SalesJournal(db);
  return {
    db,
    sell(n) {
      const id = `${counterId}-sale-${n}`;
      const at = (): string => new Date().toISOString();
      sales.createSent(newSale({ id, counterId, training: true }), at());
      sales.markCompleted(id, saleCompletion({ orderReference: `${counterId}-ORD-${n}` }), at());
    },
  };
}

/** A pusher of the counter's journal to the ledger, through `client` (reused, as a session's is). */
function pusherOf(db: Db, counterId: string, client: pg.Client): Pusher {
  return new Pusher({
    db,
    counterId,
    connect: async () => client,
    now: () => new Date(),
    log,
    onChange: () => {},
    acknowledged: null,
    keepAcknowledged: () => {},
  });
}

async function lag(server: PostgresServer, dir: string, sales: number): Promise<void> {
  const ledger = await benchLedger(server);
  const pushers: Pusher[] = [];
  const journals: Db[] = [];
  try {
    // Joined one after another: joining runs on the owner's one connection.
    const counters: { journal: ReturnType<typeof benchJournal>; pusher: Pusher }[] = [];
    for (const [index, id] of ['LAG1', 'LAG2', 'LAG3'].entries()) {
      const journal = benchJournal(dir, id);
      journals.push(journal.db);
      const pusher = pusherOf(journal.db, id, await ledger.join(id, String(index + 1)));
      pushers.push(pusher);
      counters.push({ journal, pusher });
    }
    const started = performance.now();
    // Each counter sells one sale after another, the event loop turning between them as a counter's does.
    await Promise.all(
      counters.map(async ({ journal }) => {
        for (let n = 1; n <= sales; n += 1) {
          journal.sell(n);
          await new Promise((done) => setImmediate(done));
        }
      }),
    );
    const selling = performance.now() - started;
    for (const { pusher } of counters) await pusher.pushNow();
    const reader = await ledger.superuser();
    const lags = (
      await reader.query<{ ms: number }>(
        'SELECT (extract(epoch FROM received_at - at) * 1000)::float8 AS ms FROM ledger.links ORDER BY 1',
      )
    ).rows.map((row) => row.ms);
    const p95 = percentile(lags, 95);
    console.log(
      `  lag: 3 counters sold ${(3 * sales).toLocaleString('en')} sales (${lags.length.toLocaleString('en')} links) in ${(selling / 1000).toFixed(1)} s; lag median ${percentile(lags, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${(lags.at(-1) ?? 0).toFixed(0)} ms`,
    );
    recordGoal({
      name: 'ledger-lag',
      measured: p95,
      target: 1_000,
      unit: 'ms',
      basis: `p95 of a link's arrival in the ledger after its record, 3 counters each selling ${sales.toLocaleString('en')} sales as fast as they can`,
    });
  } finally {
    await Promise.all(pushers.map((pusher) => pusher.stop()));
    for (const db of journals) db.close();
    await ledger.close();
  }
}

async function catchUp(server: PostgresServer, dir: string, records: number): Promise<void> {
  const journal = benchJournal(dir, 'WAITING');
  let n = 0;
  while (linksAfter(journal.db, 'WAITING', records - 1, 1).length === 0) journal.sell(++n);
  const links = linksAfter(journal.db, 'WAITING', 0, Number.MAX_SAFE_INTEGER);
  // COPY reads the rows from a file on the server's machine, as a bulk load does.
  const file = join(dir, 'links.csv');
  const field = (text: string): string => `"${text.replaceAll('"', '""')}"`;
  writeFileSync(
    file,
    links.map((link) => ['WAITING', link.seq, link.hash, field(link.record)].join(',')).join('\n'),
    { mode: 0o644 },
  );
  const pushMs: number[] = [];
  const copyMs: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const pushed = await benchLedger(server);
    const copied = await benchLedger(server);
    try {
      const pusher = pusherOf(journal.db, 'WAITING', await pushed.join('WAITING', '1'));
      await copied.join('WAITING', '1');
      const superuser = await copied.superuser();
      const started = performance.now();
      const view = await pusher.pushNow();
      pushMs.push(performance.now() - started);
      await pusher.stop();
      if (view.waiting !== 0) throw new Error(`the pusher left ${view.waiting} records waiting`);
      const copying = performance.now();
      await superuser.query(`COPY ledger.links (counter_id, seq, hash, record) FROM '${file}' (FORMAT csv)`);
      copyMs.push(performance.now() - copying);
    } finally {
      await pushed.close();
      await copied.close();
    }
  }
  const push = median(pushMs);
  const copy = median(copyMs);
  console.log(
    `  catch-up: ${links.length.toLocaleString('en')} waiting records sent by the pusher in ${push.toFixed(0)} ms, a COPY of the same rows ${copy.toFixed(0)} ms (${(push / copy).toFixed(2)}×), medians of ${ROUNDS}`,
  );
  recordGoal({
    name: 'ledger-catch-up',
    measured: push / copy,
    target: 1.5,
    basis: `${links.length.toLocaleString('en')} waiting records sent by the pusher / a COPY of the same rows into the same table, medians of ${ROUNDS}`,
  });
  journal.db.close();
}

export async function run(options: BenchOptions): Promise<void> {
  // --quick (CI's smoke run) only shows the bench still runs.
  const SALES = options.quick ? 50 : 1_000;
  const RECORDS = options.quick ? 1_000 : 10_000;
  console.log('\n## The shop ledger: the pusher against a real PostgreSQL');
  const server = await startPostgres({ durable: true });
  const dir = mkdtempSync(join(tmpdir(), 'esim-bench-ledger-'));
  // The server runs as another user: it reads the COPY's file from here.
  chmodSync(dir, 0o755);
  try {
    await lag(server, dir, SALES);
    await catchUp(server, dir, RECORDS);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
