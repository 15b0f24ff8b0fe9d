import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { chainHead } from '../../electron/core/journal/chain';
import { linksAfter } from '../../electron/core/shop/outbox';
import { type PostgresServer, startPostgres } from '../../test/support/postgres';
import type { HostOptions } from './host-process';

/**
 * Each counter's journal against the shop ledger after a torture run, once every counter said it was
 * up to date: every link of each chain in the ledger exactly once, as hashed (none lost, none twice,
 * none the journal does not hold), each record of the journal once in the ledger's records at its
 * newest link, and no fork or second claim kept as a problem.
 */

export interface LedgerVerdict {
  /** Per counter: its links in the journal, and in the ledger. */
  readonly links: Record<string, { journal: number; ledger: number }>;
  readonly lost: number;
  readonly double: number;
  readonly phantom: number;
  readonly problems: number;
  readonly breaches: string[];
}

/** The number of a counter's last link in its journal, read beside the running counter. */
export function chainLength(journalFile: string, counterId: string): number {
  const db = new Database(journalFile, { readonly: true, fileMustExist: true });
  try {
    return chainHead(db, counterId)?.seq ?? 0;
  } finally {
    db.close();
  }
}

export async function checkShopLedger(
  ledger: pg.ClientBase,
  counters: readonly { readonly name: string; readonly counterId: string; readonly journalFile: string }[],
): Promise<LedgerVerdict> {
  const breaches: string[] = [];
  const links: LedgerVerdict['links'] = {};
  let lost = 0;
  let double = 0;
  let phantom = 0;
  for (const counter of counters) {
    const db = new Database(counter.journalFile, { readonly: true });
    const journal = (() => {
      try {
        return linksAfter(db, counter.counterId, 0, Number.MAX_SAFE_INTEGER);
      } finally {
        db.close();
      }
    })();
    const held = (
      await ledger.query<{ seq: string; hash: string; record: string }>(
        'SELECT seq, hash, record FROM ledger.links WHERE counter_id = $1 ORDER BY seq',
        [counter.counterId],
      )
    ).rows.map((row) => ({ seq: Number(row.seq), hash: row.hash, record: row.record }));
    links[counter.name] = { journal: journal.length, ledger: held.length };
    const bySeq = new Map<number, (typeof held)[number][]>();
    for (const link of held) bySeq.set(link.seq, [...(bySeq.get(link.seq) ?? []), link]);
    const journalSeqs = new Set(journal.map((link) => link.seq));
    for (const link of journal) {
      const found = bySeq.get(link.seq) ?? [];
      if (found.length === 0) {
        lost += 1;
        breaches.push(`${counter.name}: link ${link.seq} is not in the ledger`);
      } else if (found.length > 1) {
        double += 1;
        breaches.push(`${counter.name}: link ${link.seq} is in the ledger ${found.length} times`);
      } else if (found[0]?.hash !== link.hash || found[0]?.record !== link.record) {
        phantom += 1;
        breaches.push(`${counter.name}: link ${link.seq} differs in the ledger from the journal`);
      }
    }
    for (const link of held) {
      if (journalSeqs.has(link.seq)) continue;
      phantom += 1;
      breaches.push(`${counter.name}: the ledger holds link ${link.seq}, which the journal does not`);
    }
    // Each record once, at its newest link: the ledger's records are what the chain's last word says.
    const records = await ledger.query<{ type: string; subject: string; seq: string; n: string }>(
      `SELECT type, subject, max(seq) AS seq, count(*) AS n FROM ledger.records WHERE counter_id = $1
       GROUP BY type, subject`,
      [counter.counterId],
    );
    const newest = new Map<string, number>();
    for (const link of journal) {
      const record = JSON.parse(link.record) as { kind?: string; subject?: string | null };
      const type = (record.kind ?? '').split('.')[0] ?? '';
      if (record.subject) newest.set(`${type}:${record.subject}`, link.seq);
    }
    for (const row of records.rows) {
      const key = `${row.type}:${row.subject}`;
      if (Number(row.n) > 1) {
        double += 1;
        breaches.push(`${counter.name}: record ${key} is in the ledger ${row.n} times`);
      }
      if (!newest.has(key)) {
        phantom += 1;
        breaches.push(`${counter.name}: the ledger holds record ${key}, which the journal does not`);
      } else if (newest.get(key) !== Number(row.seq)) {
        breaches.push(
          `${counter.name}: record ${key} is at link ${row.seq} in the ledger, ${newest.get(key)} in the journal`,
        );
      }
    }
  }
  const problems = (
    await ledger.query<{ kind: string; detail: unknown }>('SELECT kind, detail FROM ledger.problems')
  ).rows;
  for (const problem of problems)
    breaches.push(`the ledger kept a problem: ${problem.kind} ${JSON.stringify(problem.detail)}`);
  return { links, lost, double, phantom, problems: problems.length, breaches };
}

/** The shop's ledger a torture run publishes to: a real PostgreSQL it may kill, and each counter's way in. */
export interface TortureLedger {
  readonly server: PostgresServer;
  /** `HostOptions.shopLedger` for the counter with this code. */
  counter(code: string): NonNullable<HostOptions['shopLedger']>;
  /** A client of the ledger's database as the server's superuser, who reads every shop. */
  read(): Promise<pg.Client>;
}

export async function startShopLedger(): Promise<TortureLedger> {
  const server = await startPostgres();
  const owner = `shop_owner_${randomBytes(3).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  await server.createRole(owner, password, { createRole: true });
  const database = await server.createDatabase('shop', owner);
  const url = server.url(owner, password, database);
  return {
    server,
    counter: (code) => ({ url, shop: 'Main street', counterCode: code, counterName: `Counter ${code}` }),
    async read() {
      const client = new pg.Client(server.superuser(database));
      await client.connect();
      return client;
    },
  };
}
