import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openJournal } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { SettingsTable } from '../../electron/core/journal/settings-table';
import { joinCounter } from '../../electron/core/shop/joining';
import { sendLinks } from '../../electron/core/shop/ledger-links';
import { migrateLedger } from '../../electron/core/shop/ledger-schema';
import { linksAfter } from '../../electron/core/shop/outbox';
import type { Money } from '../../shared/money';
import { newSale, saleCompletion } from './journal-records';

/** Where the shop's ledger is, and its owner's login (who joins the counter). */
export interface LedgerAt {
  readonly port: number;
  readonly database: string;
  readonly owner: { readonly user: string; readonly password: string };
}

/** A sale another counter of the shop made of an order the provider holds, and that counter. */
export interface OtherCounterSale {
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

/**
 * Another counter of the shop, without a second app: it joins the ledger, its journal records one
 * completed sale of `sale.orderReference` (as a journal writes a sale), and it publishes its chain.
 * For the end-to-end tests, whose counter is one web host: its customer comes back from counter 1.
 * Answers the sale's id and receipt number.
 */
export async function publishOtherCounterSale(
  ledger: LedgerAt,
  sale: OtherCounterSale,
): Promise<{ readonly id: string; readonly receiptNumber: number }> {
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
    new SettingsTable(db).set('counter.id', sale.counterId);
    const sales = new SalesJournal(db);
    const at = new Date().toISOString();
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
    await migrateLedger(owner);
    const login = await joinCounter(owner, {
      shop: sale.shop,
      counterId: sale.counterId,
      code: sale.code,
      name: `Counter ${sale.code}`,
    });
    const client = await connect(login.user, login.password);
    try {
      await sendLinks(client, linksAfter(db, sale.counterId, 0, 100_000));
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
