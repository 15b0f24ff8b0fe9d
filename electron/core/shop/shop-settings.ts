import pg from 'pg';
import { z } from 'zod';
import { type Pricing, PricingSchema } from '../../../shared/domain/pricing';
import { EndOfDaySettingsSchema } from '../../../shared/domain/shift';
import type { ShopSettingsView } from '../../../shared/domain/shop-settings';
import { CurrencySchema, MinorUnitsSchema } from '../../../shared/money-schema';
import type { Db } from '../journal/database';
import { writeTransaction } from '../journal/journal-write';
import type { SettingsTable } from '../journal/settings-table';
import { writeAudit } from '../journal/state-rows';
import type { Logger } from '../log';
import { PosFailure } from '../pos/failure';
import type { EndOfDaySettingsStore } from '../shifts/end-of-day-settings';
import type { ExchangeRates } from '../shifts/exchange-rates';
import {
  addShopSettings,
  type LedgerShopSettings,
  newestShopSettings,
  type ShopSettingsPart,
  StaleShopSettings,
} from './shop-settings-ledger';

/**
 * One price list, one rate and one set of end-of-day rules per shop, versioned in the ledger.
 *
 * - A manager's change at any counter is the shop's next version, added in the ledger first (as the
 *   counter's role, for its own shop only), then kept here.
 * - Each counter keeps the version it last saw in its journal's settings, where the sale path has
 *   always read its prices, rate and rules: a sale never waits for the ledger, and with the ledger
 *   down the counter sells from its last version.
 * - `refresh` brings a newer version in, whenever the shop's changes are heard of (shop-watch.ts:
 *   topic `settings`, and each time the counter hears the ledger again).
 * - `view` says which version the counter sells from, and whether it knows the shop has none newer:
 *   it does while it hears the shop's changes and its last read went through.
 */

/** A rate as the shop keeps it: the newest per pair of currencies, for the business day it was set on. */
const ShopRateSchema = z.object({
  base: CurrencySchema,
  quote: CurrencySchema,
  buyPer100: MinorUnitsSchema,
  sellPer100: MinorUnitsSchema,
  businessDay: z.string(),
  setBy: z.string().nullable(),
});

/** The whole set one version holds. */
export const ShopSettingsSetSchema = z.object({
  prices: PricingSchema,
  rates: z.array(ShopRateSchema),
  end_of_day: EndOfDaySettingsSchema,
});
export type ShopSettingsSet = z.infer<typeof ShopSettingsSetSchema>;

/** The version this counter sells from, in its journal's settings. */
const VERSION_KEY = 'shopSettings.version';
/** Who `first` versions name: the counter's own settings, which a shop without any starts from. */
const FIRST_MANAGER = 'the first counter';

interface SeenVersion {
  readonly version: number;
  readonly at: string;
}

export interface ShopSettingsDeps {
  readonly db: Db;
  readonly settings: SettingsTable;
  readonly endOfDay: EndOfDaySettingsStore;
  readonly rates: ExchangeRates;
  readonly pricing: () => Pricing;
  /** Whether this counter is in a shop ledger now. */
  readonly inShop: () => boolean;
  /** Whether it hears its shop's changes now (ShopLedger.hearing). */
  readonly hearing: () => boolean;
  /** Runs `work` on a connection logged in as this counter (ShopLedger.withClient). */
  readonly withLedger: <T>(work: (client: pg.Client) => Promise<T>) => Promise<T>;
  /**
   * The manager who approved a change (a cashier's id; null: the manager PIN) as the shop's staff in
   * the ledger know them, on the connection the change is made on (ShopStaff.approverIn).
   */
  readonly approverIn: (client: pg.ClientBase, managerId: string | null) => Promise<string | null>;
  /** Whether a cashier of that id is in this counter's journal (a rate names who set it). */
  readonly isCashier: (id: string) => boolean;
  readonly now: () => Date;
  readonly log: Logger;
  /** Told after a version is kept here: the screens show its prices, rate and rules at once. */
  readonly applied: (set: ShopSettingsSet) => void;
  /** Told when the view changes (the status bar and the confirm step read it). */
  readonly changed: () => void;
}

/** A journal's end of day with no shop around it (benchmarks, tests of the day alone): each change kept here only. */
export const ON_ITS_OWN: Pick<ShopSettings, 'change'> = {
  change: async (_part, _manager, _next, keep) => keep(),
};

export class ShopSettings {
  /**
   * When the ledger last answered a read (every minute at least while the counter hears it), and
   * whether the latest read failed.
   */
  private answeredAt: Date | null = null;
  private failing = false;
  /** A newer version the ledger holds that this counter cannot read. */
  private unreadable: number | null = null;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly deps: ShopSettingsDeps) {}

  /** The version this counter sells from (0: its own settings, before the shop has any). */
  version(): number {
    return this.deps.settings.get<SeenVersion>(VERSION_KEY)?.version ?? 0;
  }

  view(): ShopSettingsView | null {
    if (!this.deps.inShop()) return null;
    const version = this.version();
    const answeredAt = this.answeredAt;
    const known = answeredAt !== null && !this.failing && this.deps.hearing();
    const newer = this.unreadable !== null && this.unreadable > version ? this.unreadable : null;
    return {
      version,
      state: newer !== null ? 'shop_newer' : known ? 'current' : 'unknown',
      shopVersion: newer,
      checkedAt: answeredAt?.toISOString() ?? null,
    };
  }

  /**
   * Asks the ledger for the shop's newest version and keeps it when it is newer than this counter's.
   * Never throws: a ledger that does not answer leaves the counter on its version, and the view says
   * the counter cannot know. One refresh runs at a time; a call while one runs waits for it.
   */
  refreshNow(): Promise<void> {
    if (!this.deps.inShop()) return Promise.resolve();
    this.refreshing ??= this.deps
      .withLedger((client) => this.refresh(client))
      .catch((error: unknown) => this.failed(error))
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /**
   * As `refreshNow`, on a connection the caller holds (logged in as this counter). A shop whose
   * ledger holds no version yet starts from this counter's own settings (the first counter's).
   */
  async refresh(client: pg.ClientBase): Promise<void> {
    let newest = await newestShopSettings(client);
    if (newest === null) {
      await this.sendFirst(client);
      newest = await newestShopSettings(client);
    }
    this.answered();
    if (newest) this.take(newest);
  }

  /**
   * A manager's change of one part of the shop's settings (the caller has checked the manager's PIN;
   * `manager` is their id, null for the manager PIN). The ledger checks that they are an active
   * manager of this counter's shop, and refuses the change otherwise.
   * - In a shop: the ledger is brought in first, `next` makes the part from the shop's newest set,
   *   the ledger adds it as the next version, and then `keep` writes it here with its own record,
   *   in one transaction with the version. A ledger out of reach refuses the change: the shop keeps
   *   one version for every counter.
   * - On its own: `keep` alone, as before.
   */
  async change<P extends Exclude<ShopSettingsPart, 'first'>, R>(
    part: P,
    manager: string | null,
    next: (current: ShopSettingsSet) => ShopSettingsSet[P],
    keep: () => R,
  ): Promise<R> {
    if (!this.deps.inShop()) return keep();
    return this.deps.withLedger(async (client) => {
      try {
        return await this.changeOn(client, part, await this.deps.approverIn(client, manager), next, keep);
      } catch (error) {
        if (error instanceof pg.DatabaseError && error.code === '42501') {
          throw new PosFailure(
            'PIN_INVALID',
            "The shop's settings change only with the approval of one of its managers.",
            { approval: 'manager' },
          );
        }
        if (error instanceof PosFailure || error instanceof pg.DatabaseError) throw error;
        throw new PosFailure(
          'SHOP_LEDGER_UNREACHABLE',
          `The shop's settings cannot be changed while the shop ledger cannot be reached: ${String(error)}`,
        );
      }
    });
  }

  private async changeOn<P extends Exclude<ShopSettingsPart, 'first'>, R>(
    client: pg.ClientBase,
    part: P,
    manager: string | null,
    next: (current: ShopSettingsSet) => ShopSettingsSet[P],
    keep: () => R,
  ): Promise<R> {
    for (let tries = 0; ; tries += 1) {
      await this.refresh(client);
      if (this.unreadable !== null) {
        throw new PosFailure(
          'INVALID_STATE',
          "The shop's settings were changed by a newer version of the app: update this counter before changing them.",
        );
      }
      const current = this.local();
      const set = ShopSettingsSetSchema.parse({ ...current, [part]: next(current) });
      try {
        const version = await addShopSettings(client, {
          after: this.version(),
          part,
          settings: set,
          manager,
        });
        return this.keep(version, part, set, keep);
      } catch (error) {
        // Another manager's change arrived first: make this one again on top of theirs.
        if (!(error instanceof StaleShopSettings) || tries >= 2) throw error;
      }
    }
  }

  /** The counter's set as its journal holds it now. */
  local(): ShopSettingsSet {
    return {
      prices: this.deps.pricing(),
      rates: this.deps.rates.newest().map((rate) => ({
        base: rate.base,
        quote: rate.quote,
        buyPer100: rate.buyPer100,
        sellPer100: rate.sellPer100,
        businessDay: rate.businessDay,
        setBy: rate.setBy,
      })),
      end_of_day: this.deps.endOfDay.get(),
    };
  }

  private async sendFirst(client: pg.ClientBase): Promise<void> {
    try {
      const version = await addShopSettings(client, {
        after: 0,
        part: 'first',
        settings: this.local(),
        manager: FIRST_MANAGER,
      });
      this.keep(version, 'first', this.local(), () => undefined);
    } catch (error) {
      // Another counter of the shop sent its own first: this one takes it.
      if (!(error instanceof StaleShopSettings)) throw error;
    }
  }

  private take(newest: LedgerShopSettings): void {
    if (newest.version <= this.version()) {
      this.unreadable = null;
      return;
    }
    const parsed = ShopSettingsSetSchema.safeParse(newest.settings);
    if (!parsed.success) {
      if (this.unreadable !== newest.version) {
        this.deps.log.warn("the shop's newest settings cannot be read by this version of the app", {
          version: newest.version,
        });
        this.unreadable = newest.version;
        this.deps.changed();
      }
      return;
    }
    this.unreadable = null;
    this.keep(newest.version, newest.part, parsed.data, () => undefined);
  }

  /** Writes a version here, with `alsoKeep`'s own writes, in one transaction; tells the screens. */
  private keep<R>(version: number, part: ShopSettingsPart, set: ShopSettingsSet, alsoKeep: () => R): R {
    const { db, settings, endOfDay, rates, now } = this.deps;
    const at = now().toISOString();
    const result = writeTransaction(db, () => {
      const kept = alsoKeep();
      settings.set('pricing', set.prices);
      endOfDay.update(set.end_of_day);
      for (const rate of set.rates) {
        const held = rates.latest(rate.base, rate.quote);
        if (
          held?.buyPer100 === rate.buyPer100 &&
          held.sellPer100 === rate.sellPer100 &&
          held.businessDay === rate.businessDay
        ) {
          continue;
        }
        const setBy = rate.setBy !== null && this.deps.isCashier(rate.setBy) ? rate.setBy : null;
        rates.set({ ...rate, setBy }, at);
      }
      settings.set(VERSION_KEY, { version, at } satisfies SeenVersion);
      writeAudit(db, at, 'shop_settings.kept', String(version), { part });
      return kept;
    });
    this.deps.applied(set);
    this.deps.changed();
    return result;
  }

  private answered(): void {
    const wasKnown = this.view()?.state === 'current';
    this.answeredAt = this.deps.now();
    this.failing = false;
    if (!wasKnown) this.deps.changed();
  }

  private failed(error: unknown): void {
    const wasFailing = this.failing;
    this.failing = true;
    if (!wasFailing) {
      this.deps.log.warn("the shop's settings could not be read from the ledger", { error: String(error) });
      this.deps.changed();
    }
  }
}
