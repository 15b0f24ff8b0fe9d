import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { SettingsTable } from '../../electron/core/journal/settings-table';
import { TopUpsJournal } from '../../electron/core/journal/topups-journal';
import { joinCounter } from '../../electron/core/shop/joining';
import { sendLinks } from '../../electron/core/shop/ledger-links';
import { migrateLedger } from '../../electron/core/shop/ledger-schema';
import { linksAfter } from '../../electron/core/shop/outbox';
import type { Money } from '../../shared/money';
import { newSale, newTopUp, saleCompletion } from './journal-records';

/** Where the shop's ledger is, and its owner's login (who joins the counter). */
export interface LedgerAt {
  readonly port: number;
  readonly database: string;
  readonly owner: { readonly user: string; readonly password: string };
}

/**
 * What another counter of the shop (`code`, and `counterId` in its journal) sold or topped up: the
 * provider's order, the eSIM, the package and its prices.
 */
export interface OtherCounterRecord {
  readonly shop: string;
  readonly counterId: string;
  readonly code: string;
  readonly orderReference: string;
  readonly iccid: string;
  readonly packageCode: string;
  readonly packageName: string;
  readonly retail: Money;
  readonly cost: Money;
  readonly training: boolean;
}

/** A record's id and receipt number, as the other counter's journal gave them. */
export interface Published {
  readonly id: string;
  readonly receiptNumber: number;
}

/**
 * Another counter of the shop, without a second app: it joins the ledger, its journal records one
 * completed sale of `sale.orderReference` (as a journal writes a sale), and it publishes its chain.
 * For the end-to-end tests, whose counter is one web host: its customer comes back from counter 1.
 */
export async function publishOtherCounterSale(
  ledger: LedgerAt,
  sale: OtherCounterRecord,
): Promise<Published> {
  return publishAsOtherCounter(ledger, sale, (db, at) => {
    const sales = new SalesJournal(db);
    const made = sales.createIntent(
      newSale({
        counterId: sale.counterId,
        training: sale.training,
        packageCode: sale.packageCode,
        packageName: sale.packageName,
        retailUnit: sale.retail,
        retailTotal: sale.retail,
      }),
      at,
    );
    sales.markSent(made.id, at);
    const [esim] = saleCompletion().esims;
    sales.markCompleted(
      made.id,
      saleCompletion({
        orderReference: sale.orderReference,
        cost: sale.cost,
        esims: esim ? [{ ...esim, iccid: sale.iccid }] : [],
      }),
      at,
    );
    return made;
  });
}

/**
 * As publishOtherCounterSale, a completed top-up of `topUp.iccid` (as a journal writes a top-up):
 * the customer topped the eSIM up at counter 1 and comes back to another counter.
 */
export async function publishOtherCounterTopUp(
  ledger: LedgerAt,
  topUp: OtherCounterRecord,
): Promise<Published> {
  return publishAsOtherCounter(ledger, topUp, (db, at) => {
    const topUps = new TopUpsJournal(db);
    const made = topUps.createIntent(
      newTopUp({
        counterId: topUp.counterId,
        training: topUp.training,
        iccid: topUp.iccid,
        packageCode: topUp.packageCode,
        packageName: topUp.packageName,
        retail: topUp.retail,
        quotedCost: topUp.cost,
      }),
      at,
      at,
      () => {},
    );
    topUps.markSent(made.id, at);
    topUps.markCompleted(
      made.id,
      {
        orderReference: topUp.orderReference,
        cost: topUp.cost,
        newBalance: null,
        newTotalGb: null,
        newRemainingGb: null,
        newExpiresAt: null,
        inferred: false,
        answers: [],
      },
      at,
    );
    return made;
  });
}

/**
 * The other counter's journal, in a scratch file, records what `record` writes; the counter joins the
 * shop's ledger and publishes its chain there. Answers the record's id and receipt number.
 */
async function publishAsOtherCounter(
  ledger: LedgerAt,
  counter: OtherCounterRecord,
  record: (db: Db, at: string) => Published,
): Promise<Published> {
  const connect = async (user: string, password: string): Promise<pg.Client> => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: ledger.port,
      database: ledger.database,
      user,
      password,
    });
    await client.connect();
    return client;
  };
  const dir = mkdtempSync(join(tmpdir(), 'other-counter-'));
  const db = openJournal({ file: join(dir, 'journal.sqlite') });
  const owner = await connect(ledger.owner.user, ledger.owner.password);
  try {
    new SettingsTable(db).set('counter.id', counter.counterId);
    const made = record(db, new Date().toISOString());
    await migrateLedger(owner);
    const login = await joinCounter(owner, {
      shop: counter.shop,
      counterId: counter.counterId,
      code: counter.code,
      name: `Counter ${counter.code}`,
    });
    const client = await connect(login.user, login.password);
    try {
      await sendLinks(client, linksAfter(db, counter.counterId, 0, 100_000));
    } finally {
      await client.end();
    }
    return { id: made.id, receiptNumber: made.receiptNumber };
  } finally {
    await owner.end();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
