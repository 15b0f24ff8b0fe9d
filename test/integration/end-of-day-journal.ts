import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { journalChecks } from '../../electron/core/journal/chain-checks';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { SettingsTable } from '../../electron/core/journal/settings-table';
import { ManagerPin } from '../../electron/core/security/manager-pin';
import { createEndOfDay, type EndOfDayModule } from '../../electron/core/shifts/end-of-day-module';
import { ON_ITS_OWN } from '../../electron/core/shop/shop-settings';
import type { Approval, Cashier } from '../../shared/domain/cashier';
import type { TenderInput } from '../../shared/domain/till';
import { type Money, money } from '../../shared/money';
import { fixtureEsim } from './receipt-fixtures';

/**
 * A counter's day on a real journal file, without the provider: the end-of-day module as the core
 * composes it, and sales journalled through the till and settled the way the sale path settles them.
 */

export const DAY_PIN = '2468';
export const DAY_COUNTER = 'CDAY';

export interface Day {
  readonly db: Db;
  readonly eod: EndOfDayModule;
  readonly call: ReturnType<EndOfDayModule['handlers']>;
  readonly approval: Approval;
  readonly manager: Cashier;
  close(): void;
}

/** A journal with the manager PIN set, on a clock that moves one second per reading. */
export function startDay(start = '2026-11-20T08:00:00.000Z'): Day {
  const dir = mkdtempSync(join(tmpdir(), 'eod-day-'));
  const db = openJournal({ file: join(dir, 'journal.sqlite') });
  const settings = new SettingsTable(db);
  settings.set('counter.id', DAY_COUNTER);
  let tick = Date.parse(start);
  const now = (): Date => {
    tick += 1000;
    return new Date(tick);
  };
  const managerPin = new ManagerPin(settings, now);
  managerPin.set(DAY_PIN);
  const eod = createEndOfDay({
    db,
    settings,
    managerPin,
    counterId: DAY_COUNTER,
    now,
    roundingStep: () => undefined,
    training: () => false,
    counterCode: () => null,
    timeZone: 'Asia/Baghdad',
  });
  const manager = eod.endOfDay.view().cashiers[0]!;
  return {
    db,
    eod,
    call: eod.handlers({
      changed: () => {},
      journalCheck: journalChecks({ file: db.name, counterId: DAY_COUNTER, now }).check,
      // Called here without the dispatch: the reports read as a manager reads them.
      figuresHidden: () => false,
      shop: ON_ITS_OWN,
    }),
    approval: { managerId: manager.id, pin: DAY_PIN },
    manager,
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type SaleOutcome = 'completed' | 'failed' | 'pending' | 'in_doubt';

/** A sale of one eSIM at `price` (cost half of it), journalled through the till, ending in `outcome`. */
export function journalSale(
  day: Day,
  price: Money,
  tender: TenderInput | undefined,
  outcome: SaleOutcome,
): string {
  const sales = new SalesJournal(day.db);
  const id = day.eod.till.record(
    price,
    tender,
    (paid) =>
      sales.createIntent(
        {
          id: randomUUID(),
          counterId: DAY_COUNTER,
          accountRef: 'day',
          ...paid,
          training: false,
          packageCode: 'TR-EU-5GB-30D',
          packageName: 'Europe 5 GB · 30 days',
          quantity: 1,
          idempotencyKey: randomUUID(),
          retailUnit: price,
          retailTotal: price,
        },
        new Date().toISOString(),
      ).id,
  );
  const at = new Date().toISOString();
  sales.markSent(id, at);
  if (outcome === 'completed') {
    sales.markCompleted(
      id,
      {
        orderReference: `O-${id}`,
        cost: money(Math.floor(price.amount / 2), price.currency),
        newBalance: null,
        esims: [fixtureEsim(0)],
        answers: [],
      },
      at,
    );
  } else if (outcome === 'failed') {
    sales.markFailed(id, { code: 'INSUFFICIENT_BALANCE', message: 'no' }, at);
  } else if (outcome === 'pending') {
    sales.markPending(
      id,
      { orderReference: `O-${id}`, cost: null, nextCheckAt: at, giveUpAt: at, answers: [] },
      at,
    );
  } else {
    sales.markInDoubt(id, { code: 'TIMEOUT', message: 'no answer' }, at);
  }
  return id;
}
