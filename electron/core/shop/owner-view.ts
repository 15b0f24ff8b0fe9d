import type pg from 'pg';
import type { Approval } from '../../../shared/domain/cashier';
import type {
  OwnerCounter,
  OwnerFigures,
  OwnerLine,
  OwnerShop,
  OwnerShopDay,
  OwnerStaff,
  OwnerView,
} from '../../../shared/domain/owner-view';
import type { ShopDay } from '../../../shared/domain/shop-day';
import { type Currency, minor } from '../../../shared/money';
import type { CashierTable } from '../cashiers/cashier-table';
import { PosFailure } from '../pos/failure';
import type { LedgerLogin } from './ledger-address';
import { type LedgerRecord, ledgerCounters, ledgerRecords, type RecordFilter } from './ledger-reads';
import { rowOf, withResolutions } from './shop-day';
import { shopResolutions } from './shop-day-ledger';
import { setStaffAccess } from './staff-access';

/**
 * The owner's view across shops. A counter's role sees its own shop only, and must stay so; the
 * owner's login sees every shop. So a manager types the owner's name and password at the counter for
 * each read: the counter logs in with them at its own ledger's address, reads, and forgets them.
 *
 * The figures are the day's shifts' own records, summed as a Z sums them: completed sales and top-ups
 * per currency of their price, and cancellations on the shift that made them. The shop day's result
 * and open exceptions are the shop's latest stored run, with the shop's resolutions as they stand now
 * (the shop day's own `withResolutions`).
 */

export interface OwnerViewDeps {
  readonly cashiers: CashierTable;
  /** Runs `work` logged in as `login` at this counter's ledger, and ends the connection after. */
  readonly withLogin: <T>(login: LedgerLogin, work: (client: pg.Client) => Promise<T>) => Promise<T>;
  /** Whether this counter trains now: a training counter reads the shops' training records, as its shop day does. */
  readonly training: () => boolean;
}

/** A day's shifts are looked for this long before the day and after it: a shift begins within its day. */
const MARGIN_MS = 2 * 86_400_000;

type Row = Readonly<Record<string, unknown>>;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const number = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** Whether the client's login owns the ledger (or is a superuser): only then does it see every shop. */
export async function isLedgerOwner(client: pg.ClientBase): Promise<boolean> {
  const result = await client.query<{ owner: boolean }>(
    `SELECT coalesce(bool_or(pg_has_role(current_user, nspowner, 'MEMBER')), false) AS owner
     FROM pg_namespace WHERE nspname = 'ledger'`,
  );
  return result.rows[0]?.owner ?? false;
}

export class OwnerViewDesk {
  constructor(private readonly deps: OwnerViewDeps) {}

  /** The business's day in every shop, read with the owner's login (a manager's, at a counter in a ledger). */
  async read(day: string, owner: LedgerLogin, approval: Approval | undefined): Promise<OwnerView> {
    this.deps.cashiers.approve(approval, 'Reading the owner’s view');
    return this.asOwner(owner, (client) => ownerDay(client, day, this.deps.training()));
  }

  /** Gives a member of one shop's staff access to another shop, or takes it away: the owner's alone. */
  async setAccess(
    input: { readonly staffId: string; readonly shopId: string; readonly access: boolean },
    owner: LedgerLogin,
    approval: Approval | undefined,
  ): Promise<void> {
    this.deps.cashiers.approve(approval, 'Giving staff access to a shop');
    await this.asOwner(owner, (client) => setStaffAccess(client, input));
  }

  private asOwner<T>(owner: LedgerLogin, work: (client: pg.Client) => Promise<T>): Promise<T> {
    return this.deps.withLogin(owner, async (client) => {
      if (!(await isLedgerOwner(client))) {
        throw new PosFailure(
          'SHOP_LEDGER_REFUSED',
          "This login is not the ledger owner's: the owner's view works with the owner's login.",
          { reason: 'not_owner' },
        );
      }
      return work(client);
    });
  }
}

/** Sums per currency, in the order currencies were first met. */
class Lines {
  private readonly lines = new Map<Currency, { count: number; amount: number }>();
  add(currency: Currency, amount: number): void {
    const held = this.lines.get(currency) ?? { count: 0, amount: 0 };
    this.lines.set(currency, { count: held.count + 1, amount: held.amount + amount });
  }
  list(): OwnerLine[] {
    return [...this.lines].map(([currency, { count, amount }]) => ({
      currency,
      count,
      amount: { amount: minor(amount), currency },
    }));
  }
}

class Figures {
  readonly sales = new Lines();
  readonly topUps = new Lines();
  readonly cancelled = new Lines();
  view(): OwnerFigures {
    return { sales: this.sales.list(), topUps: this.topUps.list(), cancelled: this.cancelled.list() };
  }
}

/**
 * The sales, top-ups and cancellations begun while any of `shifts` was open: from the first one's
 * opening to the last one's close, or to now while one is open. A shift may stay open for days, and
 * its Z counts every sale in it.
 */
function shiftsSpan(shifts: readonly LedgerRecord[]): RecordFilter {
  const from = new Date(Math.min(...shifts.map((shift) => shift.firstAt.getTime())));
  const closes = shifts.map((shift) => Date.parse(text(rowOf(shift).closed_at) ?? ''));
  const types = ['sale', 'topup', 'cancellation'];
  if (closes.some((close) => Number.isNaN(close))) return { types, from };
  return { types, from, to: new Date(Math.max(...closes) + 1) };
}

/** Adds to a record's figures at each level at once: its shop, its counter, its cashier. */
type Where = (add: (figures: Figures) => void) => void;

/** The day across every shop the client sees (the owner sees them all), of live or training records. */
export async function ownerDay(client: pg.ClientBase, day: string, training: boolean): Promise<OwnerView> {
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  const window = { from: new Date(dayStart - MARGIN_MS), to: new Date(dayStart + 86_400_000 + MARGIN_MS) };
  const shops = (
    await client.query<{ id: string; name: string }>(
      'SELECT id::text AS id, name FROM ledger.shops ORDER BY name',
    )
  ).rows;
  const counters = await ledgerCounters(client);
  const shifts = (await ledgerRecords(client, { types: ['shift'], ...window })).filter(
    (record) => text(rowOf(record).business_day) === day,
  );
  const records = shifts.length === 0 ? [] : await ledgerRecords(client, shiftsSpan(shifts));
  const inMode = (record: LedgerRecord): boolean => (record.training ?? false) === training;
  const dayShifts = new Set(shifts.map((record) => `${record.counterId}:${record.subject}`));
  const onDay = (record: LedgerRecord, row: Row): boolean =>
    inMode(record) && dayShifts.has(`${record.counterId}:${text(row.shift_id) ?? ''}`);
  const cashierNames = new Map<string, string>();
  for (const record of await ledgerRecords(client, { types: ['cashier'] })) {
    const name = text(rowOf(record).name);
    if (name) cashierNames.set(record.subject, name);
  }

  // Per shop, counter and cashier, filled as the records are read.
  const shopFigures = new Map(shops.map((shop) => [shop.id, new Figures()]));
  const counterFigures = new Map(counters.map((counter) => [counter.id, new Figures()]));
  const cashierFigures = new Map<string, Map<string, Figures>>();
  const at = (record: LedgerRecord, row: Row): Where => {
    const counter = counters.find((each) => each.id === record.counterId);
    const cashier = text(row.cashier_id) ?? record.cashierId ?? '';
    const ofCounter = cashierFigures.get(record.counterId) ?? new Map<string, Figures>();
    cashierFigures.set(record.counterId, ofCounter);
    const ofCashier = ofCounter.get(cashier) ?? new Figures();
    ofCounter.set(cashier, ofCashier);
    const all = [
      counter ? shopFigures.get(counter.shopId) : undefined,
      counterFigures.get(record.counterId),
      ofCashier,
    ];
    return (add) => {
      for (const figures of all) if (figures) add(figures);
    };
  };

  const cancellations = records
    .map((record) => ({ record, row: rowOf(record) }))
    .filter(
      ({ record, row }) =>
        record.type === 'cancellation' &&
        row.kind === 'cancellation' &&
        row.state === 'cancelled' &&
        onDay(record, row),
    );
  const cancelledSales = new Map(
    (
      await ledgerRecords(client, {
        types: ['sale'],
        subjects: cancellations.map(({ row }) => text(row.sale_id) ?? ''),
      })
    ).map((record) => [record.subject, rowOf(record)]),
  );

  for (const record of records) {
    const row = rowOf(record);
    if (
      (record.type !== 'sale' && record.type !== 'topup') ||
      row.state !== 'completed' ||
      !onDay(record, row)
    ) {
      continue;
    }
    const currency = text(row.currency) as Currency;
    const price = number(record.type === 'sale' ? row.retail_total_minor : row.retail_minor);
    at(
      record,
      row,
    )((figures) => (record.type === 'sale' ? figures.sales : figures.topUps).add(currency, price));
  }
  for (const { record, row } of cancellations) {
    const sale = cancelledSales.get(text(row.sale_id) ?? '');
    if (!sale) continue;
    at(
      record,
      row,
    )((figures) => figures.cancelled.add(text(sale.currency) as Currency, number(sale.retail_total_minor)));
  }

  const shopDays = await latestShopDays(client, day);
  return {
    day,
    staff: await staffAccess(client),
    shops: shops.map(
      (shop): OwnerShop => ({
        id: shop.id,
        name: shop.name,
        figures: (shopFigures.get(shop.id) ?? new Figures()).view(),
        counters: counters
          .filter((counter) => counter.shopId === shop.id)
          .map(
            (counter): OwnerCounter => ({
              id: counter.id,
              code: counter.code,
              name: counter.name,
              figures: (counterFigures.get(counter.id) ?? new Figures()).view(),
              cashiers: [...(cashierFigures.get(counter.id) ?? new Map<string, Figures>())].map(
                ([id, figures]) => ({
                  id,
                  name: cashierNames.get(id) ?? id,
                  figures: figures.view(),
                }),
              ),
            }),
          ),
        shopDay: shopDays.get(shop.id) ?? null,
      }),
    ),
  };
}

/** Every active member of a shop's staff, with the other shops they have access to now. */
async function staffAccess(client: pg.ClientBase): Promise<OwnerStaff[]> {
  const result = await client.query<{
    id: string;
    name: string;
    role: OwnerStaff['role'];
    shop_id: string;
    access: string[];
  }>(
    `SELECT s.id, s.name, s.role, s.shop_id::text AS shop_id,
       coalesce(array_agg(a.shop_id::text ORDER BY a.shop_id) FILTER (WHERE a.shop_id IS NOT NULL AND a.withdrawn_at IS NULL), '{}') AS access
     FROM ledger.staff s LEFT JOIN ledger.staff_access a ON a.staff_id = s.id
     WHERE s.counter_id IS NULL AND s.active GROUP BY s.id ORDER BY s.name, s.id`,
  );
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    shopId: row.shop_id,
    access: row.access,
  }));
}

/** Each shop's latest run of a shop day covering the day, with what is open in it now. */
async function latestShopDays(client: pg.ClientBase, day: string): Promise<Map<string, OwnerShopDay>> {
  const result = await client.query<{ shop_id: string; report: ShopDay }>(
    `SELECT DISTINCT ON (shop_id) shop_id::text AS shop_id, report FROM ledger.shop_days
     WHERE report IS NOT NULL AND first_day <= $1::date AND last_day >= $1::date
     ORDER BY shop_id, run_at DESC, number DESC`,
    [day],
  );
  const found = new Map<string, OwnerShopDay>();
  for (const { shop_id: shopId, report } of result.rows) {
    const now = withResolutions(
      report,
      await shopResolutions(
        client,
        report.rows.map((row) => row.key),
        shopId,
      ),
    );
    found.set(shopId, {
      number: now.number,
      firstDay: now.firstDay,
      lastDay: now.lastDay,
      runAt: now.runAt,
      result: now.result,
      open: now.exceptions.filter((exception) => exception.resolution === null),
    });
  }
  return found;
}
